// The Go engine's update_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { STACK_URN, Seen, checkIntegrity, describeGoFile, thing } from "./runner";

/** A component resA and its child, replaced when its slug changes and failing its deletes. */
const parentAndChild = (slug: string) => ({
    groups: [{ name: "resA" }],
    things: [thing("childA", { parent: "resA" }, { slug, failDelete: "can't delete" })],
});

/** The component "test" of this type, aliased to the old one's, and the policy read under it. */
const componentAndRead = (type: string, aliased?: string) => ({
    groups: [{ name: "test", type, ...(aliased ? { options: { aliases: [{ type: aliased }] } } : {}) }],
    things: [{ name: "policy", get: "policy-arn", options: { parent: "test" } }],
});

/** The read's parent is the component, by its URN of this type. */
const readUnder =
    (type: string) =>
    ({ resources, where }: Seen) => {
        const component = `urn:pulumi:dev::enginetest::${type}::test`;
        assert.deepEqual(
            resources.map((resource) => [resource.urn, resource.parent]),
            [
                [component, STACK_URN],
                [`urn:pulumi:dev::enginetest::${type}$pulumi-nodejs:dynamic/test:Thing::policy`, component],
            ],
            where,
        );
    };

describeGoFile("update_test.go", [
    {
        go: "TestComponentResourceTypeAliasWithReadResource",
        runs: [
            {
                operation: "up",
                spec: componentAndRead("enginetest:index:Repro"),
                ok: true,
                steps: ["create test", "read policy"],
                state: ["policy", "test"],
                check: readUnder("enginetest:index:Repro"),
            },
            {
                operation: "up",
                spec: componentAndRead("enginetest:typA:Repro", "enginetest:index:Repro"),
                ok: true,
                steps: ["read policy", "same test"],
                state: ["policy", "test"],
                check: readUnder("enginetest:typA:Repro"),
            },
        ],
    },
    {
        go: "TestUpdateWithTargetedParentChildMarkedAsDelete (an up that drops a targeted parent whose child waits for its deletion)",
        runs: [
            {
                operation: "up",
                spec: parentAndChild("1"),
                ok: true,
                steps: ["create childA", "create resA"],
                state: ["childA", "resA"],
            },
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
    {
        go: "TestPendingReplacementUpdateSnapshotIntegrity (up --refresh --run-program of a resource pending replacement; the default provider stands for the Go test's explicit one)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", { deleteBeforeReplace: true }, { slug: "1" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resA", { deleteBeforeReplace: true }, { slug: "2", failCreate: "interrupt replace" }),
                    ],
                },
                ok: false,
                error: /interrupt replace/,
                steps: ["replace resA failed"],
                deletes: ["resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", { deleteBeforeReplace: true }, { slug: "1" })] },
                flags: { refresh: true, runProgram: true },
                ok: true,
                steps: ["replace resA", "same resA"],
                calls: { create: ["resA"], read: [] },
                state: ["resA"],
                check: checkIntegrity,
            },
        ],
    },
]);
