// The Go engine's preview_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { UNKNOWN } from "../../values/property-values";
import { Seen, describeGoFile, drift, thing } from "./runner";

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
                spec: {
                    things: [thing("a", {}, { value: "abc" }), thing("b", {}, { value: "def" })],
                    exports: { first: "a.value", second: "b.value" },
                },
                ok: true,
                steps: ["create a", "create b"],
                state: ["a", "b"],
            },
            {
                operation: "preview",
                spec: {
                    things: [thing("a", {}, { value: "step 1" }), thing("b", {}, { value: "def" })],
                    exports: { first: "a.value", second: "b.value" },
                },
                ok: true,
                steps: ["same b", "update a"],
                state: ["a", "b"],
                check: previewed({ first: "step 1", second: "def" }),
            },
            {
                operation: "preview",
                spec: {
                    things: [thing("a"), thing("b", {}, { value: "def" }), thing("c")],
                    exports: { first: "c.url", second: "b.value" },
                },
                ok: true,
                steps: ["create c", "same b", "update a"].sort(),
                state: ["a", "b"],
                check: previewed({ first: UNKNOWN, second: "def" }),
            },
        ],
    },
    {
        go:
            "TestPreviewRefreshWithProgram (preview --refresh --run-program: resA read as it registers, by the provider the program " +
            "registers, with the key changed since the up; its update planned from what was read)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { colour: "red" })], exports: { colour: "resA.colour" } },
                flags: { secretConfig: { apiKey: "refused" } },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "preview",
                spec: { things: [thing("resA", {}, { colour: "green" })], exports: { colour: "resA.colour" } },
                flags: { refresh: true, runProgram: true, secretConfig: { apiKey: "key-B" } },
                before: drift({ colour: "blue" }, "resA"),
                ok: true,
                steps: ["refresh resA", "update resA"],
                calls: { read: ["resA"], create: [], update: [] },
                state: ["resA"],
                check: (seen) => {
                    previewed({ colour: "green" })(seen);
                    const update = seen.result.steps.find((step) => step.op === "update" && step.name === "resA");
                    assert.equal(update?.old?.outputs?.colour, "blue", seen.where);
                    assert.equal(seen.resources[0]?.outputs.colour, "red", `nothing written, ${seen.where}`);
                },
            },
        ],
    },
]);
