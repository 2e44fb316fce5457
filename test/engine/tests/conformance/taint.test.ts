// The Go engine's taint_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing, taint } from "./runner";

describeGoFile("taint_test.go", [
    {
        go: "TestTaintReplacement",
        runs: [
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, before: taint("resA"), ok: true, steps: ["replace resA"], deletes: ["resA"], state: ["resA"], taint: [] },
        ],
    },
    {
        go: "TestTaintMultipleResources",
        runs: [
            {
                operation: "up",
                spec: { things: ["resA", "resB", "resC"].map((name) => thing(name, {}, { name })) },
                ok: true,
                steps: ["create resA", "create resB", "create resC"],
                state: ["resA", "resB", "resC"],
            },
            {
                operation: "up",
                spec: { things: ["resA", "resB", "resC"].map((name) => thing(name, {}, { name })) },
                before: taint("resA", "resC"),
                ok: true,
                steps: ["replace resA", "replace resC", "same resB"],
                deletes: ["resA", "resC"],
                state: ["resA", "resB", "resC"],
                taint: [],
            },
        ],
    },
    {
        go: "TestTaintNoChanges",
        runs: [
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, ok: true, steps: ["same resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, before: taint("resA"), ok: true, steps: ["replace resA"], deletes: ["resA"], state: ["resA"], taint: [] },
        ],
    },
]);
