// The Go engine's pending_delete_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts. The state of two
// copies of a resource, one waiting for its deletion, is made as a user meets it: a replace whose delete failed.
import { GoCase, Run, describeGoFile, drift, thing, urnOf } from "./runner";

/** resA, replaced when its slug changes; its deletes fail until the test lets them succeed. */
const resA = (slug: string) => thing("resA", {}, { slug, failDelete: "can't delete" });

/** Two copies of resA (the live one, and one pending deletion), then the deletes allowed. */
const withPendingDelete = (others: string[] = []): Run[] => [
    {
        operation: "up",
        spec: { things: [resA("1"), ...others.map((name) => thing(name))] },
        ok: true,
        steps: ["create resA", ...others.map((name) => `create ${name}`)],
        state: ["resA", ...others],
    },
    {
        operation: "up",
        spec: { things: [resA("2"), ...others.map((name) => thing(name))] },
        ok: false,
        error: /can't delete/,
        steps: ["delete resA failed", "replace resA", ...others.map((name) => `same ${name}`)],
        deletes: ["resA"],
        state: ["resA", "resA", ...others].sort(),
        pendingDelete: ["resA"],
    },
];
const allowDeletes = drift({ failDelete: undefined }, "resA");

const deletesBoth = (go: string, last: Run): GoCase => ({
    go,
    runs: [...withPendingDelete(), { ...last, before: allowDeletes }],
});

describeGoFile("pending_delete_test.go", [
    deletesBoth("TestDestroyWithPendingDelete (an up of an empty program deletes both copies)", {
        operation: "up",
        spec: { things: [] },
        ok: true,
        steps: ["delete resA", "delete resA"],
        deletes: ["resA", "resA"],
        state: [],
    }),
    deletesBoth("TestUpdateWithPendingDelete (a destroy deletes both copies)", {
        operation: "destroy",
        ok: true,
        steps: ["delete resA", "delete resA"],
        deletes: ["resA", "resA"],
        state: [],
    }),
    {
        go: "TestDestroyWithUntargetedPendingDelete (destroy --target of the other resource leaves the pending delete)",
        runs: [
            ...withPendingDelete(["resB"]),
            {
                operation: "destroy",
                before: allowDeletes,
                flags: { targets: [urnOf("resB")] },
                ok: true,
                steps: ["delete resB"],
                deletes: ["resB"],
                state: ["resA", "resA"],
                pendingDelete: ["resA"],
            },
        ],
    },
]);
