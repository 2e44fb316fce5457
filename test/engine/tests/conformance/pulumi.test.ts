// The Go engine's pulumi_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing } from "./runner";

describeGoFile("pulumi_test.go", [
    {
        go: "TestDeletedWith",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { slug: "1" }), thing("resB", { deletedWith: "resA" }, { slug: "1" }), thing("resC", { deletedWith: "resB" }, { slug: "1" })] },
                ok: true,
                steps: ["create resA", "create resB", "create resC"],
                state: ["resA", "resB", "resC"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { slug: "2" }), thing("resB", { deletedWith: "resA" }, { slug: "2" }), thing("resC", { deletedWith: "resB" }, { slug: "2" })] },
                ok: true,
                steps: ["replace resA", "replace resB", "replace resC"],
                deletes: ["resA"],
                state: ["resA", "resB", "resC"],
            },
            { operation: "up", spec: { things: [] }, ok: true, steps: ["delete resA", "delete resB", "delete resC"], deletes: ["resA"], state: [] },
        ],
    },
]);
