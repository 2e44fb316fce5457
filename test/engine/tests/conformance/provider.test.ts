// The Go engine's provider_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing } from "./runner";

describeGoFile("provider_test.go", [
    {
        go: "TestDeletedWithOptionInheritance",
        runs: [
            {
                operation: "up",
                spec: { groups: [{ name: "deletable" }], things: [thing("resA", { deletedWith: "deletable" }), thing("resB", { parent: "resA" })] },
                ok: true,
                steps: ["create deletable", "create resA", "create resB"],
                state: ["deletable", "resA", "resB"],
                deletedWith: { resA: "deletable", resB: "deletable" },
            },
        ],
    },
]);
