// The Go engine's alias_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing } from "./runner";

describeGoFile("alias_test.go", [
    {
        go: "TestAliases (a rename with an alias to the old name)",
        runs: [
            // The same inputs under both names (the test resource's label defaults to its name).
            { operation: "up", spec: { things: [thing("resA", {}, { label: "a" })] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resB", { aliases: [{ name: "resA" }] }, { label: "a" })] }, ok: true, steps: ["same resB"], state: ["resB"], cloud: 1 },
        ],
    },
    {
        go: "TestParentAlias (a resource moved under a component keeps its object)",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: { groups: [{ name: "comp" }], things: [thing("resA", { parent: "comp", aliases: [{ noParent: true }] })] },
                ok: true,
                steps: ["create comp", "same resA"],
                state: ["comp", "resA"],
                cloud: 1,
            },
        ],
    },
]);
