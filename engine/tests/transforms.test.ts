// Transforms call back into the program as under the Go engine (pkg/resource/deploy/source_eval.go RegisterResource,
// RegisterStackTransform): for each registration the resource's own transforms run first, then its ancestors', then the
// stack's, each seeing what the one before it left, and the goal is what the last one left, options included.
import { strict as assert } from "assert";
import { freshProgramPerTest, type ProgramSpec } from "./test-program";

const TRANSFORMED: ProgramSpec = {
    groups: [{ name: "g", options: { transformed: { suffix: "/group" } } }],
    things: [
        { name: "a", inputs: { size: 1 }, options: { parent: "g", transformed: { suffix: "/own" } } },
        { name: "b", inputs: { size: 1 }, options: { parent: "g" } },
        { name: "c", inputs: { size: 1 } },
    ],
    stackTransform: { suffix: "+stack", protect: true },
};

describe("engine double: transforms", function () {
    // A program and a provider host per run, on a machine that may be busy.
    this.timeout(120_000);
    const testProgram = freshProgramPerTest();

    it("runs a resource's own transforms, then its ancestors', then the stack's, and registers what they leave", async () => {
        const program = testProgram();
        const result = await program.run("up", TRANSFORMED);
        assert.equal(result.ok, true, result.log);
        const labels = Object.fromEntries(
            program.managed().map((resource) => [resource.urn.split("::").pop(), resource.inputs.label]),
        );
        assert.deepEqual(labels, { a: "a/own/group+stack", b: "b/group+stack", c: "c+stack" });
        // The stack transform's options reach the goal: every thing is protected.
        assert.deepEqual(
            program.managed().map((resource) => resource.protect),
            [true, true, true],
        );
        const checked = program
            .takeCalls()
            .filter((call) => call.call === "create")
            .map((call) => call.label)
            .sort();
        assert.deepEqual(checked, ["a/own/group+stack", "b/group+stack", "c+stack"]);
    });

    it("transforms the preview's registrations alike, so a preview after the up proposes no change", async () => {
        const program = testProgram();
        assert.equal((await program.run("up", TRANSFORMED)).ok, true);
        const preview = await program.run("preview", TRANSFORMED);
        assert.equal(preview.ok, true, preview.log);
        assert.deepEqual(
            preview.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.name}`),
            [],
        );
    });

    it("with a stack transform, a resource transform and a replacementTrigger, registers what the transforms leave and replaces when the trigger changes", async () => {
        const program = testProgram();
        const spec = (replacementTrigger: string): ProgramSpec => ({
            things: [
                { name: "a", inputs: { size: 1 }, options: { transformed: { suffix: "/own" }, replacementTrigger } },
            ],
            stackTransform: { suffix: "+stack" },
        });
        const first = await program.run("up", spec("v1"));
        assert.equal(first.ok, true, first.log);
        assert.deepEqual(
            program.managed().map((resource) => [resource.inputs.label, resource.replacementTrigger]),
            [["a/own+stack", "v1"]],
        );
        const same = await program.run("up", spec("v1"));
        assert.deepEqual(
            same.steps.filter((step) => step.name === "a").map((step) => step.op),
            ["same"],
            same.log,
        );
        const replaced = await program.run("up", spec("v2"));
        assert.equal(replaced.ok, true, replaced.log);
        assert.deepEqual(
            replaced.steps.filter((step) => step.name === "a").map((step) => step.op),
            ["replace"],
            replaced.log,
        );
        assert.deepEqual(
            program.managed().map((resource) => [resource.inputs.label, resource.replacementTrigger]),
            [["a/own+stack", "v2"]],
        );
    });
});
