// The Go engine's provider_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { basicLifecycle, describeGoFile, drift, thing } from "./runner";

describeGoFile("provider_test.go", [
    {
        go: "TestMissingIDRefresh (a Read answering an empty id, with inputs and outputs all the same, is a delete)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "bar" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "refresh",
                before: drift({ readsAs: "" }, "resA"),
                ok: true,
                steps: ["read-gone resA"],
                calls: { read: ["resA"] },
                state: [],
            },
        ],
    },
    {
        go: "TestSingleResourceDefaultProviderLifecycle (the basic lifecycle of one resource; the count of provider starts is not transcribed)",
        runs: basicLifecycle({ things: [thing("resA")] }),
    },
    {
        go: "TestDeletedWithOptionInheritance",
        runs: [
            {
                operation: "up",
                spec: {
                    groups: [{ name: "deletable" }],
                    things: [thing("resA", { deletedWith: "deletable" }), thing("resB", { parent: "resA" })],
                },
                ok: true,
                steps: ["create deletable", "create resA", "create resB"],
                state: ["deletable", "resA", "resB"],
                deletedWith: { resA: "deletable", resB: "deletable" },
            },
        ],
    },
]);
