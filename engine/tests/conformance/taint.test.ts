// The Go engine's taint_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import * as fs from "fs";
import { TestProgram } from "../test-program";
import { describeGoFile, drift, taint, thing } from "./runner";

/** Both copies of resA, the live one and the one pending deletion, tainted by an edit of the state file. */
function taintBothCopies(program: TestProgram): void {
    const state = JSON.parse(fs.readFileSync(program.stateFile, "utf8"));
    state.resources
        .filter((resource: { urn: string }) => resource.urn.endsWith("::resA"))
        .forEach((resource: { taint?: boolean }) => (resource.taint = true));
    fs.writeFileSync(program.stateFile, JSON.stringify(state));
}

describeGoFile("taint_test.go", [
    {
        go: "TestTaintWithPendingDelete (the taint of a pending delete is ignored: it is deleted, the live copy replaced)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { slug: "1", failDelete: "can't delete" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { slug: "2", failDelete: "can't delete" })] },
                ok: false,
                error: /can't delete/,
                steps: ["delete resA failed", "replace resA"],
                deletes: ["resA"],
                state: ["resA", "resA"],
                pendingDelete: ["resA"],
            },
            {
                operation: "up",
                before: (program) => {
                    taintBothCopies(program);
                    drift({ failDelete: undefined }, "resA")(program);
                },
                spec: { things: [thing("resA", {}, { slug: "2", failDelete: "can't delete" })] },
                ok: true,
                steps: ["delete resA", "replace resA"],
                deletes: ["resA", "resA"],
                state: ["resA"],
                pendingDelete: [],
                taint: [],
            },
        ],
    },
    {
        go: "TestTaintReplacement",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "bar" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "bar" })] },
                before: taint("resA"),
                ok: true,
                steps: ["replace resA"],
                deletes: ["resA"],
                state: ["resA"],
                taint: [],
            },
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
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "bar" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "bar" })] },
                ok: true,
                steps: ["same resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "bar" })] },
                before: taint("resA"),
                ok: true,
                steps: ["replace resA"],
                deletes: ["resA"],
                state: ["resA"],
                taint: [],
            },
        ],
    },
]);
