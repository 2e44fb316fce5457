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
        const labels = Object.fromEntries(program.managed().map((resource) => [resource.urn.split("::").pop(), resource.inputs.label]));
        assert.deepEqual(labels, { a: "a/own/group+stack", b: "b/group+stack", c: "c+stack" });
        // The stack transform's options reach the goal: every thing is protected.
        assert.deepEqual(program.managed().map((resource) => resource.protect), [true, true, true]);
        const checked = program.takeCalls().filter((call) => call.call === "create").map((call) => call.label).sort();
        assert.deepEqual(checked, ["a/own/group+stack", "b/group+stack", "c+stack"]);
    });

    it("transforms the preview's registrations alike, so a preview after the up proposes no change", async () => {
        const program = testProgram();
        assert.equal((await program.run("up", TRANSFORMED)).ok, true);
        const preview = await program.run("preview", TRANSFORMED);
        assert.equal(preview.ok, true, preview.log);
        assert.deepEqual(preview.steps.filter((step) => step.op !== "same").map((step) => `${step.op} ${step.name}`), []);
    });

    it("with a stack transform, a resource transform and a replacementTrigger, fails naming the Go code replacementTrigger needs", async () => {
        const program = testProgram();
        const result = await program.run("up", {
            things: [{ name: "a", inputs: { size: 1 }, options: { transformed: { suffix: "/own" }, replacementTrigger: "v1" } }],
            stackTransform: { suffix: "+stack" },
        });
        assert.equal(result.ok, false, result.log);
        assert.match(result.error ?? "", /the replacementTrigger option .*step_generator\.go generateStepsFromDiff, shouldTriggerReplace/);
        assert.match(result.error ?? "", /which the engine double does not follow/);
        assert.deepEqual(program.managed(), []);
    });
});
