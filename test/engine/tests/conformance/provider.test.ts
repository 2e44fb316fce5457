// The Go engine's provider_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { basicLifecycle, describeGoFile, thing } from "./runner";

describeGoFile("provider_test.go", [
    {
        go: "TestSingleResourceDefaultProviderLifecycle (the basic lifecycle of one resource; the count of provider starts is not transcribed)",
        runs: basicLifecycle({ things: [thing("resA")] }),
    },
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
