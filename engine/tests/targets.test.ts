// `--target URN`, `--target-dependents` and `--continue-on-error`, given as on the command line (parseCommand) and run
// through the double as the Go engine runs them (step_generator.go isTargetedForUpdate, validateSteps, GenerateDeletes;
// deployment_executor.go checkTargets, handleSingleEvent; step_executor.go cancelDueToError). Each test fails on a
// double that did not know the flag (parseCommand: unknown option).
import { strict as assert } from "assert";
import { parseCommand } from "../cli";
import { ProgramSpec, TestProgram, freshProgramPerTest } from "./test-program";
import { LifecycleResult, Operation } from "../types";
import { sampleTests } from "../../test/support/depth";

const THING_TYPE = "pulumi-nodejs:dynamic/test:Thing";
const urnOf = (name: string) => `urn:pulumi:dev::enginetest::${THING_TYPE}::${name}`;

/** Runs the operation with these command-line flags, as `engine <operation> <programDir> ...flags` would. */
function runWithFlags(
    program: TestProgram,
    operation: Operation,
    spec: ProgramSpec | undefined,
    flags: string[],
): Promise<LifecycleResult> {
    const {
        programDir: _dir,
        stateFile: _state,
        config: _config,
        secretConfig: _secrets,
        ...chosen
    } = parseCommand([operation, program.dir, ...flags]).options;
    return program.run(operation, spec, chosen);
}

function stepsOf(result: LifecycleResult): string[] {
    return result.steps
        .filter((step) => step.type === THING_TYPE)
        .map((step) => `${step.op} ${step.name}${step.error ? " failed" : ""}`)
        .sort();
}

function labelsInCloud(program: TestProgram): string[] {
    return Object.values(program.cloud())
        .map((object) => String(object.label))
        .sort();
}

function colourOf(program: TestProgram, label: string): unknown {
    return Object.values(program.cloud()).find((object) => object.label === label)?.colour;
}

async function expectOk(
    program: TestProgram,
    operation: Operation,
    spec?: ProgramSpec,
    flags: string[] = [],
): Promise<LifecycleResult> {
    const result = await runWithFlags(program, operation, spec, flags);
    assert.equal(result.ok, true, result.log + (result.diagnostics ?? []).join("\n"));
    return result;
}

describe("engine double: --target, --target-dependents, --continue-on-error", function () {
    // Each case runs the program and the provider host two or three times; a busy machine takes tens of seconds a run.
    this.timeout(240_000);
    const testProgram = freshProgramPerTest();

    describe("--target (isTargetedForUpdate)", () => {
        it("updates only the target; another changed resource keeps its old state and a new untargeted one is not created", async () => {
            const program = testProgram();
            await expectOk(program, "up", {
                things: [
                    { name: "a", inputs: { colour: "red" } },
                    { name: "b", inputs: { colour: "red" } },
                ],
            });
            const changed: ProgramSpec = {
                things: [
                    { name: "a", inputs: { colour: "blue" } },
                    { name: "b", inputs: { colour: "blue" } },
                    { name: "c" },
                ],
            };
            const result = await expectOk(program, "up", changed, ["--target", urnOf("a")]);
            assert.deepEqual(stepsOf(result), ["same b", "same c", "update a"]);
            assert.equal(colourOf(program, "a"), "blue");
            assert.equal(colourOf(program, "b"), "red");
            assert.deepEqual(labelsInCloud(program), ["a", "b"]);
            const b = program.state().resources.find((resource) => resource.urn === urnOf("b"));
            assert.equal(b?.inputs.colour, "red", "the untargeted resource's state took the program's inputs");
            assert.equal(
                program.state().resources.some((resource) => resource.urn === urnOf("c")),
                false,
            );
        });

        it("refuses a targeted new resource that depends on an untargeted new one, and creates neither", async () => {
            const program = testProgram();
            const spec: ProgramSpec = { things: [{ name: "c" }, { name: "d", dependsOn: ["c"] }] };
            const result = await runWithFlags(program, "up", spec, ["--target", urnOf("d")]);
            assert.equal(result.ok, false, result.log);
            assert.equal(
                result.error,
                `Resource '${urnOf("d")}' depends on '${urnOf("c")}' which was was not specified in --target list.`,
            );
            assert.deepEqual(labelsInCloud(program), []);
        });

        it("takes a URN with a `*` as a glob in --target and --replace (UrnTargets), never literally", async () => {
            const program = testProgram();
            const spec: ProgramSpec = {
                things: [
                    { name: "a", inputs: { colour: "red" } },
                    { name: "b", inputs: { colour: "red" } },
                ],
            };
            await expectOk(program, "up", spec);
            const replaced = await expectOk(program, "up", spec, ["--replace", "**::a"]);
            assert.deepEqual(stepsOf(replaced), ["replace a", "same b"]);
            const recoloured: ProgramSpec = {
                things: spec.things.map((thing) => ({ ...thing, inputs: { colour: "blue" } })),
            };
            const targeted = await expectOk(program, "up", recoloured, [
                "--target",
                "urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/*:Thing::b",
            ]);
            assert.deepEqual(stepsOf(targeted), ["same a", "update b"]);
            assert.deepEqual([colourOf(program, "a"), colourOf(program, "b")], ["red", "blue"]);
        });

        it("fails a target that names nothing in the stack (checkTargets), and deletes nothing", async () => {
            const program = testProgram();
            await expectOk(program, "up", { things: [{ name: "a" }] });
            const result = await runWithFlags(program, "destroy", undefined, ["--target", urnOf("nothing")]);
            assert.equal(result.ok, false, result.log);
            assert.match(result.error ?? "", /Target '.*::nothing' could not be found in the stack/);
            assert.deepEqual(labelsInCloud(program), ["a"]);
        });

        it("refresh reads only the target", async () => {
            const program = testProgram();
            await expectOk(program, "up", { things: [{ name: "a" }, { name: "b" }] });
            program.takeCalls();
            const result = await expectOk(program, "refresh", undefined, ["--target", urnOf("b")]);
            assert.deepEqual(stepsOf(result), ["same b"]);
            assert.deepEqual(
                program
                    .takeCalls()
                    .filter((call) => call.call === "read")
                    .map((call) => call.label),
                ["b"],
            );
        });
    });

    describe("--target-dependents (isTargetedForUpdate, getTargetDependents)", () => {
        const chain = (colour: string): ProgramSpec => ({
            things: [
                { name: "a", inputs: { colour } },
                { name: "b", inputs: { colour }, dependsOn: ["a"] },
                { name: "other", inputs: { colour } },
            ],
        });

        it("up: a resource depending on the target is updated with it; without the flag it keeps its old state", async () => {
            const program = testProgram();
            await expectOk(program, "up", chain("red"));
            const alone = await expectOk(program, "up", chain("blue"), ["--target", urnOf("a")]);
            assert.deepEqual(stepsOf(alone), ["same b", "same other", "update a"]);
            const withDependents = await expectOk(program, "up", chain("green"), [
                "--target",
                urnOf("a"),
                "--target-dependents",
            ]);
            assert.deepEqual(stepsOf(withDependents), ["same other", "update a", "update b"]);
            assert.equal(colourOf(program, "b"), "green");
            assert.equal(colourOf(program, "other"), "red");
        });

        it("destroy: a dependent of the target is an error without the flag, and is destroyed with it", async () => {
            const program = testProgram();
            await expectOk(program, "up", chain("red"));
            const refused = await runWithFlags(program, "destroy", undefined, ["--target", urnOf("a")]);
            assert.equal(refused.ok, false, refused.log);
            assert.match(
                refused.error ?? "",
                /Resource '.*::b' will be destroyed but was not specified in --target list/,
            );
            assert.deepEqual(labelsInCloud(program), ["a", "b", "other"]);
            const result = await expectOk(program, "destroy", undefined, [
                "--target",
                urnOf("a"),
                "--target-dependents",
            ]);
            assert.deepEqual(stepsOf(result), ["delete a", "delete b"]);
            assert.deepEqual(labelsInCloud(program), ["other"]);
        });
    });

    describe("--continue-on-error (deployment_executor.go, step_executor.go cancelDueToError)", () => {
        it("up: a failed create does not stop independent resources; its dependents are skipped; the run fails", async () => {
            // "late" registers only once "slow" exists, well after "bad" failed: the first failure stops it, unless
            // --continue-on-error.
            const spec: ProgramSpec = {
                things: [
                    { name: "bad", inputs: { failCreate: "refused on purpose" } },
                    { name: "dependent", dependsOn: ["bad"] },
                    { name: "slow", inputs: { slowMs: 1500 } },
                    { name: "late", dependsOn: ["slow"] },
                ],
            };
            const program = testProgram();
            const stopped = await runWithFlags(program, "up", spec, []);
            assert.equal(stopped.ok, false, stopped.log);
            assert.deepEqual(labelsInCloud(program), ["slow"]);
            program.takeCalls();
            const result = await runWithFlags(program, "up", spec, ["--continue-on-error"]);
            assert.equal(result.ok, false, result.log);
            assert.match(result.error ?? "", /refused on purpose/);
            assert.deepEqual(labelsInCloud(program), ["late", "slow"]);
            assert.ok(stepsOf(result).includes("create bad failed"), result.log);
            assert.equal(
                program.takeCalls().some((call) => call.call === "create" && call.label === "dependent"),
                false,
            );
        });

        it("destroy: a failed delete does not stop the others; what it depends on stays; the run fails", async () => {
            const program = testProgram();
            const spec: ProgramSpec = {
                things: [
                    { name: "base" },
                    { name: "stuck", inputs: { failDelete: "cannot delete on purpose" }, dependsOn: ["base"] },
                    { name: "free" },
                ],
            };
            await expectOk(program, "up", spec);
            const result = await runWithFlags(program, "destroy", undefined, ["--continue-on-error"]);
            assert.equal(result.ok, false, result.log);
            assert.match(result.error ?? "", /cannot delete on purpose/);
            assert.deepEqual(stepsOf(result), ["delete free", "delete stuck failed"]);
            assert.deepEqual(labelsInCloud(program), ["base", "stuck"]);
        });

        it("is refused on preview and refresh, as the CLI has it on up and destroy only", () => {
            assert.throws(
                () => parseCommand(["preview", "prog", "--continue-on-error"]),
                /--continue-on-error: only for up and destroy/,
            );
            assert.throws(
                () => parseCommand(["refresh", "prog", "--continue-on-error"]),
                /--continue-on-error: only for up and destroy/,
            );
        });
    });

    sampleTests(this, 2);
});
