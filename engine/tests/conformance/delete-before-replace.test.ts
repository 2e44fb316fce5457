// The Go engine's delete_before_replace_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts. Its other tests
// are transcribed in lifecycle-behaviours.test.ts.
import { strict as assert } from "assert";
import { Seen, describeGoFile, thing } from "./runner";

const SLOW_MS = 500;
const dbr = (slug: string) => ({ slug, deleteBeforeReplace: true, slowMs: SLOW_MS });

/**
 * resB's delete started before resA's ended: the Go test's provider holds resA's delete until resB's starts; here each
 * delete takes SLOW_MS, so that one run after the other fails this.
 */
function dependentDeletedFirst({ calls, where }: Seen): void {
    const deleteOf = (label: string) => calls.find((call) => call.call === "delete" && call.label === label);
    const [a, b] = [deleteOf("resA"), deleteOf("resB")];
    assert.ok(a && b && b.start < a.end, `resB's delete starts before resA's ends; ${where}`);
    const createOfB = calls.find((call) => call.call === "create" && call.label === "resB");
    assert.ok(createOfB && b.end <= createOfB.start, `resB is created again after its delete; ${where}`);
}

/** resA, replaced delete-before-replace on a change of its slug, and resB, replaced on a change of its value, resA's slug. */
const replacedOnChanges = (slug: string) => ({
    things: [
        thing("resA", {}, { slug, deleteBeforeReplace: true }),
        {
            name: "resB",
            inputs: { diffUnknown: true },
            refs: { value: "resA.slug" },
            options: { replaceOnChanges: ["value"] },
        },
    ],
});

/** resB, a dependent the delete-before-replace replaces, finished its delete before resA's finished. */
function dependentDeletedBeforeRoot({ calls, where }: Seen): void {
    const deleteOf = (label: string) => calls.find((call) => call.call === "delete" && call.label === label);
    const [a, b] = [deleteOf("resA"), deleteOf("resB")];
    assert.ok(a && b && b.end <= a.end, `resB's delete ends before resA's; ${where}`);
}

describeGoFile("delete_before_replace_test.go", [
    {
        go: "TestDBRParallel (its two orders of the diffs' answers are not forced: the dynamic provider's diffs are not held)",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resA", {}, dbr("foo")),
                        { name: "resB", inputs: dbr("foo"), refs: { slug: "resA.slug" }, dependsOn: ["resA"] },
                    ],
                },
                flags: { parallel: 2 },
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, dbr("bar")), thing("resB", {}, dbr("bar"))] },
                flags: { parallel: 2 },
                ok: true,
                steps: ["replace resA", "replace resB"],
                deletes: ["resA", "resB"],
                calls: { create: ["resA", "resB"] },
                state: ["resA", "resB"],
                cloud: 2,
                check: dependentDeletedFirst,
            },
        ],
    },
    {
        go: "TestDBRReplaceOnChanges (resB's provider leaves its diff unknown, as the Go test's answers resB with an empty diff)",
        runs: [
            {
                operation: "up",
                spec: replacedOnChanges("foo"),
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: replacedOnChanges("bar"),
                ok: true,
                steps: ["replace resA", "replace resB"],
                deletes: ["resA", "resB"],
                state: ["resA", "resB"],
                check: dependentDeletedBeforeRoot,
            },
        ],
    },
]);
