// The Go engine's pending_replace_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts. The Go tests' provider
// that fails a create with "interrupt replace" is the test provider's failCreate input.
import { strict as assert } from "assert";
import { Run, STACK_URN, Seen, describeGoFile, nameOf, thing } from "./runner";

const INTERRUPT = "interrupt replace";
const resA = (inputs: Record<string, unknown>) => thing("resA", { deleteBeforeReplace: true }, inputs);

/** The up that creates resA, then the one whose delete-before-replace deletes it and fails to create it again. */
const interrupted: Run[] = [
    { operation: "up", spec: { things: [resA({ slug: "1" })] }, ok: true, steps: ["create resA"], state: ["resA"] },
    {
        operation: "up",
        spec: { things: [resA({ slug: "2", failCreate: INTERRUPT })] },
        ok: false,
        error: new RegExp(INTERRUPT),
        steps: ["replace resA failed"],
        deletes: ["resA"],
        state: ["resA"],
        check: pendingReplacement(["resA"]),
    },
];

/** The resources pending replacement, by name. */
function pendingReplacement(expected: string[]): (seen: Seen) => void {
    return ({ resources, where }) =>
        assert.deepEqual(
            resources.filter((resource) => resource.pendingReplacement).map((resource) => nameOf(resource.urn)),
            expected,
            `pending replacement, ${where}`,
        );
}

describeGoFile("pending_replace_test.go", [
    {
        go: "TestPendingReplaceResumeWithDeletedGoals (a pending replacement the program no longer declares leaves the state without a Delete or a Create)",
        runs: [
            ...interrupted,
            {
                operation: "up",
                spec: { things: [] },
                ok: true,
                steps: [],
                calls: { create: [] },
                state: [],
                check: ({ program, where }) =>
                    assert.deepEqual(
                        program.state().resources.map((resource) => resource.urn),
                        [STACK_URN],
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestPendingReplaceResumeWithUpdatedGoals (a pending replacement declared again, its Diff asking no replace, is created without a second Delete)",
        runs: [
            ...interrupted,
            {
                operation: "up",
                spec: { things: [resA({ slug: "1", colour: "blue" })] },
                ok: true,
                steps: ["replace resA"],
                calls: { create: ["resA"] },
                state: ["resA"],
                check: pendingReplacement([]),
            },
        ],
    },
    {
        go: "TestInteruptedPendingReplace (a dependent beside a delete-before-replace whose create fails twice, then succeeds)",
        runs: [
            {
                operation: "up",
                spec: { things: [resA({ slug: "1" }), { name: "resB", dependsOn: ["resA"] }] },
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            // The second failure deletes nothing: resA is already deleted.
            ...[["resA"], []].map((deletes): Run => ({
                operation: "up",
                spec: { things: [resA({ slug: "2", failCreate: INTERRUPT }), { name: "resB", dependsOn: ["resA"] }] },
                ok: false,
                error: new RegExp(INTERRUPT),
                steps: ["replace resA failed"],
                deletes,
                state: ["resA", "resB"],
                check: (seen) => {
                    pendingReplacement(["resA"])(seen);
                    assert.deepEqual(
                        seen.resources.map((resource) => nameOf(resource.urn)),
                        ["resA", "resB"],
                        seen.where,
                    );
                },
            })),
            {
                operation: "up",
                spec: { things: [resA({ slug: "2" }), { name: "resB", dependsOn: ["resA"] }] },
                ok: true,
                steps: ["replace resA", "same resB"],
                state: ["resA", "resB"],
                check: (seen) => {
                    pendingReplacement([])(seen);
                    assert.deepEqual(
                        seen.resources.map((resource) => nameOf(resource.urn)),
                        ["resA", "resB"],
                        seen.where,
                    );
                },
            },
        ],
    },
    {
        go: "TestPendingReplaceResumeWithSameGoalsRefreshRunProgram (up --refresh --run-program: the pending replacement is not read, and is created without a second Delete)",
        runs: [
            ...interrupted,
            {
                operation: "up",
                spec: { things: [resA({ slug: "2" })] },
                flags: { refresh: true, runProgram: true },
                ok: true,
                steps: ["replace resA", "same resA"],
                calls: { create: ["resA"], read: [] },
                state: ["resA"],
                check: pendingReplacement([]),
            },
        ],
    },
]);
