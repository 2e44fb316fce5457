// The Go engine's lifecycle behaviours of steps and state (pulumi/pulumi pkg/engine/lifecycletest and the functions of
// pkg/resource/deploy and pkg/backend/snapshot.go they pin), each run through the double with the spec program. A test
// transcribed from a Go test begins with its name; one that pins a rule no Go test isolates begins with the Go function.
import { strict as assert } from "assert";
import * as fs from "fs";
import { editStateFile } from "../state/state-edit";
import { shownSteps } from "../state/default-provider";
import { readState, writeStoredState } from "../state/state-file";
import { LifecycleResult, RunOptions } from "../types";
import { ProgramSpec, TestProgram, ThingSpec, freshProgramPerTest, only } from "./test-program";
import { sampleTests } from "../../test/support/depth";

const THING = "pulumi-nodejs:dynamic/test:Thing";
const urnOf = (name: string, parentType?: string) =>
    `urn:pulumi:dev::enginetest::${parentType ? `${parentType}$` : ""}${THING}::${name}`;
const nameOf = (urn: string) => urn.split("::").pop() ?? "";

/** The steps of a run but the stack's and the default provider's, as "op name" (" failed" appended), sorted. */
function stepsOf(result: LifecycleResult): string[] {
    return shownSteps(result.steps)
        .filter((step) => step.type !== "pulumi:pulumi:Stack")
        .map((step) => `${step.op} ${step.name}${step.error ? " failed" : ""}`)
        .sort();
}

/** The labels of the provider's calls of this kind since the last take, in the order they started. */
function labelsOf(program: TestProgram, call: string): string[] {
    return program
        .takeCalls()
        .filter((made) => made.call === call)
        .sort((left, right) => left.start - right.start)
        .map((made) => made.label ?? "");
}

async function up(
    program: TestProgram,
    things: ThingSpec[],
    extras: Partial<RunOptions> & { groups?: ProgramSpec["groups"] } = {},
): Promise<LifecycleResult> {
    const { groups, ...options } = extras;
    program.takeCalls();
    return program.run("up", { ...(groups ? { groups } : {}), things }, options);
}

function assertOk(result: LifecycleResult): void {
    assert.equal(result.ok, true, result.log);
}

/** The state's resources, as names with " (delete)" or " (pending replacement)" appended, in the state's order. */
function stateOrder(program: TestProgram): string[] {
    return program
        .state()
        .resources.map(
            (resource) =>
                `${nameOf(resource.urn)}${resource.pendingDelete ? " (delete)" : ""}${resource.pendingReplacement ? " (pending replacement)" : ""}`,
        );
}

describe("engine double: the Go engine's lifecycle behaviours of steps and state", function () {
    this.timeout(240_000);
    const testProgram = freshProgramPerTest();

    describe("property dependencies (source_eval.go RegisterResource)", () => {
        it("TestPropertyDependenciesAdapter: the state records each input's dependencies as the program registered them", async () => {
            const program = testProgram();
            const result = await up(program, [
                { name: "A" },
                { name: "B" },
                { name: "C", refs: { colour: "A.label", note: "B.label" }, dependsOn: ["B"] },
            ]);
            assertOk(result);
            const recorded = (name: string) =>
                program.state().resources.find((resource) => resource.urn === urnOf(name))?.propertyDependencies;
            assert.deepEqual(recorded("A")?.label, []);
            const c = recorded("C");
            assert.deepEqual(c?.colour, [urnOf("A")]);
            assert.deepEqual(c?.note, [urnOf("B")]);
            assert.deepEqual(
                c?.label,
                [],
                "a property given as a plain value depends on nothing, whatever dependsOn says",
            );
        });

        it("TestAliasesInPropertyDependenciesAreNormalized: an aliased resource's new URN replaces the old one in others' property dependencies", async () => {
            const program = testProgram();
            const groups = [{ name: "res0" }];
            assertOk(
                await up(
                    program,
                    [
                        { name: "res1" },
                        { name: "res2", options: { parent: "res1" } },
                        { name: "res3", refs: { colour: "res2.label" } },
                    ],
                    { groups },
                ),
            );
            const movedUrn = urnOf("res2", "enginetest:index:Group");
            // res3 is left out by --target, so its old state, naming res2's old URN, is what the state keeps.
            const moved = await up(
                program,
                [
                    { name: "res1" },
                    { name: "res2", options: { parent: "res0", aliases: [{ parent: "res1" }] } },
                    { name: "res3", refs: { colour: "res2.label" } },
                ],
                { groups, targets: [movedUrn] },
            );
            assertOk(moved);
            const res3 = program.state().resources.find((resource) => resource.urn === urnOf("res3"));
            assert.deepEqual(res3?.propertyDependencies?.colour, [movedUrn]);
            assert.deepEqual(res3?.dependencies, [movedUrn]);
        });
    });

    describe("delete-before-replace with dependents (step_generator.go calculateDependentReplacements)", () => {
        // resB's slug is resA's label: a value that never changes, but that depends on resA.
        const things = (
            slug: string,
            options: ThingSpec["options"] = {},
            inputs: Record<string, unknown> = {},
        ): ThingSpec[] => [
            { name: "resA", inputs: { slug, ...inputs }, options },
            { name: "resB", refs: { slug: "resA.label" } },
        ];

        it("TestExplicitDeleteBeforeReplace: a dependent whose replace-key input comes from the replaced resource is deleted first and created after it", async () => {
            const program = testProgram();
            assertOk(await up(program, things("0")));

            const createFirst = await up(program, things("1"));
            assertOk(createFirst);
            assert.deepEqual(stepsOf(createFirst), ["replace resA", "same resB"]);

            const byOption = await up(program, things("2", { deleteBeforeReplace: true }));
            assertOk(byOption);
            assert.deepEqual(stepsOf(byOption), ["replace resA", "replace resB"]);
            const calls = program.takeCalls().sort((left, right) => left.start - right.start);
            const mutating = calls
                .filter((call) => call.call === "delete" || call.call === "create")
                .map((call) => `${call.call} ${call.label}`);
            assert.deepEqual(mutating, ["delete resB", "delete resA", "create resA", "create resB"]);

            const withoutOption = await up(program, things("3"));
            assertOk(withoutOption);
            assert.deepEqual(stepsOf(withoutOption), ["replace resA", "same resB"]);

            const byProvider = await up(program, things("4", {}, { deleteBeforeReplace: true }));
            assertOk(byProvider);
            assert.deepEqual(stepsOf(byProvider), ["replace resA", "replace resB"]);
            assert.deepEqual(labelsOf(program, "delete"), ["resB", "resA"]);

            const optionRefuses = await up(
                program,
                things("5", { deleteBeforeReplace: false }, { deleteBeforeReplace: true }),
            );
            assertOk(optionRefuses);
            assert.deepEqual(stepsOf(optionRefuses), ["replace resA", "same resB"]);
            assert.deepEqual(stateOrder(program).slice(-2), ["resA", "resB"]);
        });

        it("calculateDependentReplacements: dependents are found through one another; a dependsOn edge or a changed key that replaces nothing spares one", async () => {
            const program = testProgram();
            const chain = (slug: string): ThingSpec[] => [
                { name: "A", inputs: { slug }, options: { deleteBeforeReplace: true } },
                { name: "B", refs: { slug: "A.label" } },
                { name: "C", dependsOn: ["A"] },
                { name: "D", refs: { slug: "B.label" } },
                { name: "E", refs: { colour: "A.label" } },
            ];
            assertOk(await up(program, chain("1")));
            const replaced = await up(program, chain("2"));
            assertOk(replaced);
            assert.deepEqual(stepsOf(replaced), ["replace A", "replace B", "replace D", "same C", "same E"]);
            assert.deepEqual(labelsOf(program, "delete"), ["D", "B", "A"]);
        });

        it("continueStepsFromImport (recreating): a dependent deleted early is checked with no old inputs, once, and not diffed", async () => {
            const program = testProgram();
            assertOk(await up(program, things("1")));
            assertOk(await up(program, things("2", { deleteBeforeReplace: true })));
            const calls = program.takeCalls();
            // One Diff of resB: the one that found it a dependent replacement, before anything was deleted.
            assert.deepEqual(
                calls
                    .filter((call) => call.label === "resB" && call.call !== "delete")
                    .map((call) => `${call.call}${call.olds ? " with olds" : ""}`)
                    .sort(),
                ["check", "create", "diff"],
            );
        });

        it("TestDependencyChangeDBR: a dependent registered before the replace no longer depends on it and stays", async () => {
            const program = testProgram();
            assertOk(await up(program, things("1")));
            const result = await up(program, [
                { name: "resB", inputs: { slug: "resA" } },
                { name: "resA", inputs: { slug: "2" }, options: { deleteBeforeReplace: true } },
            ]);
            assertOk(result);
            assert.deepEqual(stepsOf(result), ["replace resA", "same resB"]);
            assert.deepEqual(labelsOf(program, "delete"), ["resA"]);
        });

        it("TestDBRProtect: a protected dependent refuses the replacement before anything is deleted; unprotected, it goes through", async () => {
            const program = testProgram();
            const protectedB = (slug: string): ThingSpec[] => [
                { name: "resA", inputs: { slug }, options: { deleteBeforeReplace: true } },
                { name: "resB", refs: { slug: "resA.label" }, options: { protect: true } },
            ];
            assertOk(await up(program, protectedB("1")));
            const refused = await up(program, protectedB("2"));
            assert.equal(refused.ok, false, refused.log);
            assert.match(
                refused.error ?? "",
                new RegExp(
                    `unable to replace resource "${urnOf("resB").replace(/[$]/g, "\\$")}" as part of replacing "${urnOf("resA")}" as it is currently marked for protection`,
                ),
            );
            assert.deepEqual(labelsOf(program, "delete"), []);
            editStateFile(program.stateFile, {
                edit: "unprotect",
                urns: [urnOf("resB")],
                all: false,
                force: false,
                targetDependents: false,
            });
            const retried = await up(program, protectedB("2"));
            assertOk(retried);
            assert.deepEqual(stepsOf(retried), ["replace resA", "replace resB"]);
            assert.equal(program.managed().length, 2);
        });
    });

    describe("pending replacement (step.go DeleteStep.Apply, backend/snapshot.go createSnapshotMutation)", () => {
        it("TestPendingReplaceResumeWithSameGoals: a failed create keeps the deleted resource pending replacement; the next up creates without deleting again", async () => {
            const program = testProgram();
            const resA = (inputs: Record<string, unknown>): ThingSpec[] => [
                { name: "resA", inputs, options: { deleteBeforeReplace: true } },
            ];
            assertOk(await up(program, resA({ slug: "1" })));
            const failed = await up(program, resA({ slug: "2", failCreate: "interrupt replace" }));
            assert.equal(failed.ok, false, failed.log);
            assert.match(failed.error ?? "", /interrupt replace/);
            assert.deepEqual(labelsOf(program, "delete"), ["resA"]);
            assert.deepEqual(stateOrder(program).slice(-1), ["resA (pending replacement)"]);

            const resumed = await up(program, resA({ slug: "2" }));
            assertOk(resumed);
            assert.deepEqual(stepsOf(resumed), ["replace resA"]);
            const calls = program.takeCalls();
            assert.deepEqual(
                calls.filter((call) => call.call === "delete"),
                [],
                "no second Delete of what is already deleted",
            );
            assert.equal(calls.filter((call) => call.call === "create").length, 1);
            assert.deepEqual(stateOrder(program).slice(-1), ["resA"]);
            assert.equal(Object.keys(program.cloud()).length, 1);
        });

        it("TestPendingReplaceFailureDoesNotViolateSnapshotIntegrity: a failed delete leaves the resource as it was, and a retry replaces it", async () => {
            const program = testProgram();
            const spec = (inputs: Record<string, unknown>): ThingSpec[] => [
                { name: "resA", inputs, options: { deleteBeforeReplace: true } },
                { name: "resB", dependsOn: ["resA"] },
            ];
            assertOk(await up(program, spec({ slug: "1", failDelete: "interrupt replace" })));
            assert.deepEqual(stateOrder(program).slice(1), ["default", "resA", "resB"]);

            const failed = await up(program, spec({ slug: "2" }));
            assert.equal(failed.ok, false, failed.log);
            assert.match(failed.error ?? "", /interrupt replace/);
            assert.deepEqual(
                stateOrder(program).slice(1),
                ["default", "resA", "resB"],
                "not pending replacement after a failed delete",
            );

            // The provider deletes it this time (the Go test swaps the provider; here its state stops asking to fail).
            const stored = readState(program.stateFile);
            const a = only(
                stored.resources.filter((resource) => resource.urn === urnOf("resA")),
                "resA",
            );
            delete a.outputs.failDelete;
            writeStoredState(program.stateFile, stored);
            // The provider's Delete reads the thing's value in its "cloud" first, as a real service holds it.
            program.editCloud((cloud) => delete cloud[a.id as string]?.failDelete);
            const retried = await up(program, spec({ slug: "2" }));
            assertOk(retried);
            assert.deepEqual(labelsOf(program, "delete"), ["resA"]);
            assert.deepEqual(stateOrder(program).slice(1), ["default", "resA", "resB"]);
        });
    });

    describe("pending deletes (step_generator.go GenerateDeletes)", () => {
        /** resA, and beside it an older object of the same URN waiting for its deletion, as a crashed replace leaves. */
        async function withPendingDelete(program: TestProgram): Promise<string[]> {
            assertOk(await up(program, [{ name: "resA" }]));
            const stored = readState(program.stateFile);
            const live = only(
                stored.resources.filter((resource) => resource.urn === urnOf("resA")),
                "resA",
            );
            const older = { ...live, id: "resA-older", pendingDelete: true };
            stored.resources.splice(stored.resources.indexOf(live) + 1, 0, older);
            writeStoredState(program.stateFile, stored);
            program.editCloud((cloud) => {
                cloud["resA-older"] = { label: "resA", url: "https://things.test/resA-older" };
            });
            return [live.id as string, "resA-older"].sort();
        }

        const deletedIds = (program: TestProgram) =>
            program
                .takeCalls()
                .filter((call) => call.call === "delete")
                .map((call) => call.id ?? "")
                .sort();

        it("TestDestroyWithPendingDelete: an up of a program without the resource deletes both the live object and the pending delete", async () => {
            const program = testProgram();
            const ids = await withPendingDelete(program);
            assertOk(await up(program, []));
            assert.deepEqual(deletedIds(program), ids);
            assert.deepEqual(program.managed(), []);
        });

        it("TestUpdateWithPendingDelete: a destroy deletes both the live object and the pending delete", async () => {
            const program = testProgram();
            const ids = await withPendingDelete(program);
            program.takeCalls();
            assertOk(await program.run("destroy"));
            assert.deepEqual(deletedIds(program), ids);
            assert.deepEqual(program.state().resources, []);
        });
    });

    it("SnapshotManager.Snap: a replacement is written beside the resource it replaces, ahead of those not yet reached", async () => {
        const program = testProgram();
        assertOk(
            await up(program, [
                { name: "a", inputs: { slug: "1" } },
                { name: "b", refs: { colour: "a.url" } },
            ]),
        );
        // b's Check fails once a is replaced: b is never reached, so the run stops with a's old object waiting.
        const failed = await up(program, [
            { name: "a", inputs: { slug: "2" } },
            { name: "b", inputs: { size: -1 }, refs: { colour: "a.url" } },
        ]);
        assert.equal(failed.ok, false, failed.log);
        assert.deepEqual(stateOrder(program).slice(1), ["default", "a", "a (delete)", "b"]);
    });

    it("DeleteStep.Apply (deleteProtectedError): a refused protected delete keeps the default provider, which the resource still uses", async () => {
        const program = testProgram();
        assertOk(await up(program, [{ name: "kept", options: { protect: true } }]));
        const refused = await up(program, []);
        assert.equal(refused.ok, false, refused.log);
        assert.match(refused.error ?? "", /cannot be deleted because it is protected/);
        assert.deepEqual(stateOrder(program).slice(1), ["default", "kept"]);
    });

    describe("resources read by Kind.get are External (step.go ReadStep, RefreshStep)", () => {
        const existing = (program: TestProgram, colour: string) =>
            program.editCloud((cloud) => {
                cloud["resA-some-id"] = { label: "resA", colour, url: "https://things.test/resA-some-id" };
            });

        it("TestExternalRefresh: a read resource is recorded External, and a refresh keeps it so", async () => {
            const program = testProgram();
            existing(program, "red");
            assertOk(await up(program, [{ name: "resA", get: "resA-some-id" }]));
            const read = () => only(program.managed(), "resA");
            assert.equal(read().external, true);
            const refreshed = await program.run("refresh");
            assertOk(refreshed);
            assert.equal(read().external, true);
            assert.equal(read().id, "resA-some-id");
        });

        it("TestExternalRefreshDoesNotCallDiff: a refresh diffs an External resource's outputs only, never calling Diff", async () => {
            const program = testProgram();
            existing(program, "red");
            assertOk(await up(program, [{ name: "resA", get: "resA-some-id" }]));
            program.takeCalls();
            const unchanged = await program.run("refresh");
            assertOk(unchanged);
            assert.deepEqual(stepsOf(unchanged), ["same resA"]);
            existing(program, "blue");
            const drifted = await program.run("refresh");
            assertOk(drifted);
            assert.deepEqual(stepsOf(drifted), ["refresh resA"]);
            assert.deepEqual(
                program.takeCalls().filter((call) => call.call === "diff"),
                [],
            );
        });

        it('TestInvalidGetIDReportsUserError: Kind.get with an id that resolves to "" fails the run, and nothing is read', async () => {
            const program = testProgram();
            const result = await up(program, [{ name: "resA", get: "" }]);
            assert.equal(result.ok, false);
            assert.match(result.log, /Expected an ID for urn:pulumi:[^\s]*::resA/);
            assert.deepEqual(program.managed(), []);
            assert.deepEqual(
                program.takeCalls().filter((call) => call.call === "read"),
                [],
            );
        });

        it("continueStepsFromImport: importing over a read resource (an import-replacement) is refused, naming NewImportReplacementStep", async () => {
            const program = testProgram();
            existing(program, "red");
            assertOk(await up(program, [{ name: "resA", get: "resA-some-id" }]));
            const refused = await up(program, [{ name: "resA", options: { import: "resA-some-id" } }]);
            assert.equal(refused.ok, false, refused.log);
            assert.match(
                refused.error ?? "",
                /import-replacement, step_generator.go NewImportReplacementStep\) is not followed/,
            );
            assert.equal(only(program.managed(), "resA").external, true);
        });

        it("ReadStep.Apply: the read keeps the id it asked for when the provider answers none", async () => {
            const program = testProgram();
            const result = await up(program, [{ name: "gone", get: "no-such-thing" }]);
            assertOk(result);
            assert.equal(only(program.managed(), "gone").id, "no-such-thing");
        });
    });

    describe("pending operations (backend/snapshot.go doUpdate, doDelete; deployment_executor.go printPendingOperationsWarning)", () => {
        /** Runs the operation and returns the pending operations the state file held while it ran. */
        async function pendingWhile(program: TestProgram, run: () => Promise<LifecycleResult>): Promise<string[]> {
            const seen = new Set<string>();
            let running = true;
            const watching = (async () => {
                // Bounded by the run: it stops as soon as the run ends.
                while (running) {
                    if (fs.existsSync(program.stateFile)) {
                        for (const operation of program.state().pendingOperations ?? [])
                            seen.add(`${operation.type} ${nameOf(operation.resource.urn)}`);
                    }
                    await new Promise((resolve) => setTimeout(resolve, 25));
                }
            })();
            const result = await run();
            running = false;
            await watching;
            assertOk(result);
            return [...seen].sort();
        }

        it("doUpdate, doDelete: an update and a delete are pending operations in the state while the provider works, and gone after", async () => {
            const program = testProgram();
            assertOk(await up(program, [{ name: "slow", inputs: { slowMs: 1500, colour: "red" } }]));
            assert.deepEqual(
                await pendingWhile(program, () =>
                    up(program, [{ name: "slow", inputs: { slowMs: 1500, colour: "blue" } }]),
                ),
                ["updating slow"],
            );
            assert.deepEqual(await pendingWhile(program, () => program.run("destroy")), ["deleting slow"]);
            assert.equal(program.state().pendingOperations, undefined);
        });

        it("printPendingOperationsWarning: up warns of an interrupted update only without --refresh, and the next state drops it", async () => {
            const program = testProgram();
            assertOk(await up(program, [{ name: "a" }]));
            const stored = readState(program.stateFile);
            writeStoredState(program.stateFile, {
                ...stored,
                pendingOperations: [
                    {
                        type: "updating",
                        resource: only(
                            stored.resources.filter((resource) => resource.urn === urnOf("a")),
                            "a",
                        ),
                    },
                ],
            });
            const refreshed = await up(program, [{ name: "a" }], { refresh: true });
            assertOk(refreshed);
            assert.doesNotMatch((refreshed.diagnostics ?? []).join("\n"), /pending operations/);
            writeStoredState(program.stateFile, {
                ...readState(program.stateFile),
                pendingOperations: [
                    {
                        type: "updating",
                        resource: only(
                            stored.resources.filter((resource) => resource.urn === urnOf("a")),
                            "a",
                        ),
                    },
                ],
            });
            const warned = await up(program, [{ name: "a" }]);
            assertOk(warned);
            assert.match(
                (warned.diagnostics ?? []).join("\n"),
                new RegExp(
                    `with 1 pending operations from previous deployment[^]*${urnOf("a").replace(/[$]/g, "\\$")}, interrupted while updating`,
                ),
            );
            assert.equal(program.state().pendingOperations, undefined);
        });
    });

    it("OnResourceStepPost (StatusPartialFailure): an update that fails to initialise keeps the old inputs with the new outputs", async () => {
        const program = testProgram();
        assertOk(await up(program, [{ name: "a", inputs: { colour: "red" } }]));
        const failed = await up(program, [{ name: "a", inputs: { colour: "blue", failUpdateInit: "not ready" } }]);
        assert.equal(failed.ok, false, failed.log);
        const a = only(program.managed(), "a");
        assert.equal(a.inputs.colour, "red");
        assert.equal(a.inputs.failUpdateInit, undefined);
        assert.equal(a.outputs.colour, "blue");
        assert.deepEqual(a.initErrors, ["not ready"]);
    });

    // Each test starts from an empty stack of its own.
    sampleTests(this, 3);
});
