// The Go engine's retain_on_delete_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing } from "./runner";

describeGoFile("retain_on_delete_test.go", [
    {
        go: "TestRetainOnDelete",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", { retainOnDelete: true }, { slug: "1" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", { retainOnDelete: true }, { slug: "2" })] },
                ok: true,
                steps: ["replace resA"],
                state: ["resA"],
                cloud: 2,
            },
            { operation: "up", spec: { things: [] }, ok: true, steps: ["delete resA"], state: [], cloud: 2 },
        ],
    },
]);
