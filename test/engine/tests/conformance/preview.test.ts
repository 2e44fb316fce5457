// The Go engine's preview_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { UNKNOWN } from "../../values/property-values";
import { Seen, describeGoFile, thing } from "./runner";

const previewed =
    (expected: Record<string, unknown>) =>
    ({ result, where }: Seen) =>
        assert.deepEqual(result.stackOutputs, expected, where);

describeGoFile("preview_test.go", [
    {
        go: "TestPreviewStackOutputs (the stack outputs a preview carries: a changed one, then an unknown one; its display is not transcribed)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("a", {}, { value: "abc" }), thing("b", {}, { value: "def" })], exports: { first: "a.value", second: "b.value" } },
                ok: true,
                steps: ["create a", "create b"],
                state: ["a", "b"],
            },
            {
                operation: "preview",
                spec: { things: [thing("a", {}, { value: "step 1" }), thing("b", {}, { value: "def" })], exports: { first: "a.value", second: "b.value" } },
                ok: true,
                steps: ["same b", "update a"],
                state: ["a", "b"],
                check: previewed({ first: "step 1", second: "def" }),
            },
            {
                operation: "preview",
                spec: { things: [thing("a"), thing("b", {}, { value: "def" }), thing("c")], exports: { first: "c.url", second: "b.value" } },
                ok: true,
                steps: ["create c", "same b", "update a"].sort(),
                state: ["a", "b"],
                check: previewed({ first: UNKNOWN, second: "def" }),
            },
        ],
    },
]);
