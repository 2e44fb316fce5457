// The Go engine's update_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing } from "./runner";

/** A component resA and its child, replaced when its slug changes and failing its deletes. */
const parentAndChild = (slug: string) => ({ groups: [{ name: "resA" }], things: [thing("childA", { parent: "resA" }, { slug, failDelete: "can't delete" })] });

describeGoFile("update_test.go", [
    {
        go: "TestUpdateWithTargetedParentChildMarkedAsDelete (an up that drops a targeted parent whose child waits for its deletion)",
        runs: [
            { operation: "up", spec: parentAndChild("1"), ok: true, steps: ["create childA", "create resA"], state: ["childA", "resA"] },
            {
                operation: "up",
                spec: parentAndChild("2"),
                ok: false,
                error: /can't delete/,
                steps: ["delete childA failed", "replace childA", "same resA"],
                deletes: ["childA"],
                state: ["childA", "childA", "resA"],
                pendingDelete: ["childA"],
            },
            {
                operation: "up",
                spec: { things: [] },
                flags: { targets: ["urn:pulumi:dev::enginetest::enginetest:index:Group::resA"] },
                ok: false,
                error: /Resource 'urn:pulumi:dev::enginetest::enginetest:index:Group\$pulumi-nodejs:dynamic\/test:Thing::childA' will be destroyed but was not specified in --target list/,
                steps: [],
                state: ["childA", "childA", "resA"],
            },
        ],
    },
]);
