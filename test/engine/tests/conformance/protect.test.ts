// The Go engine's protect_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing } from "./runner";

describeGoFile("protect_test.go", [
    {
        go: "TestMultipleProtectedDeletes",
        runs: [
            { operation: "up", spec: { things: [thing("resA", { protect: true }), thing("resB", { protect: true })] }, ok: true, steps: ["create resA", "create resB"], state: ["resA", "resB"] },
            {
                operation: "up",
                spec: { things: [] },
                ok: false,
                error: /"urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic\/test:Thing::res[AB]" cannot be deleted because it is protected/,
                steps: ["delete resA failed", "delete resB failed"],
                state: ["resA", "resB"],
                protect: ["resA", "resB"],
            },
        ],
    },
    {
        go: "TestProtectInheritance",
        runs: [
            {
                operation: "up",
                spec: { groups: [{ name: "parent", options: { protect: true } }], things: [thing("child", { parent: "parent" })] },
                ok: true,
                steps: ["create child", "create parent"],
                state: ["child", "parent"],
                protect: ["child", "parent"],
            },
        ],
    },
]);
