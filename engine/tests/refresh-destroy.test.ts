// refresh reads every resource back (drift updates the state, an empty id removes it); destroy deletes
// everything in reverse dependency order.
import { strict as assert } from "assert";
import { sampleTests } from "../../test/support/depth";
import { freshProgramPerTest, only } from "./test-program";

describe("engine double: refresh and destroy", function () {
    const testProgram = freshProgramPerTest();

    function stateOf(name: string) {
        return testProgram()
            .state()
            .resources.find((resource) => resource.urn.endsWith(`::${name}`));
    }

    it("refresh records drift, takes the inputs the provider read, and the next up puts it back", async () => {
        const program = testProgram();
        const spec = { things: [{ name: "a", inputs: { value: "desired" } }] };
        await program.run("up", spec);
        const id = stateOf("a")?.id as string;
        program.editCloud((cloud) => {
            cloud[id].value = "changed outside";
        });
        program.takeCalls();

        const refreshed = await program.run("refresh");
        assert.equal(refreshed.ok, true, refreshed.log);
        const step = only(refreshed.steps, "refresh step");
        assert.equal(step.op, "refresh");
        assert.deepEqual(step.diffs, [{ property: "value", old: "desired", new: "changed outside" }]);
        assert.match(refreshed.log, /~ +refresh .* a\n +value: "desired" → "changed outside"/);
        // The engine asks the provider's Diff whether the refreshed state differs from the inputs (RefreshStep).
        assert.deepEqual(
            program
                .takeCalls()
                .map((call) => call.call)
                .filter((call) => call !== "configure"),
            ["read", "diff"],
        );
        assert.equal(stateOf("a")?.outputs.value, "changed outside");
        assert.equal(stateOf("a")?.inputs.value, "changed outside");

        const corrected = await program.run("up", spec);
        const update = only(
            corrected.steps.filter((candidate) => candidate.name === "a"),
            "step for a",
        );
        assert.equal(update.op, "update");
        assert.deepEqual(update.diffs, [{ property: "value", old: "changed outside", new: "desired" }]);
        assert.equal(program.cloud()[id]?.value, "desired");
    });

    it("refresh removes from the state a resource that is gone (empty id) and keeps the rest", async () => {
        const program = testProgram();
        await program.run("up", { things: [{ name: "a" }, { name: "b" }] });
        const goneId = stateOf("a")?.id as string;
        program.editCloud((cloud) => {
            delete cloud[goneId];
        });

        const refreshed = await program.run("refresh");
        assert.equal(refreshed.ok, true, refreshed.log);
        assert.equal(
            only(
                refreshed.steps.filter((step) => step.name === "a"),
                "step for a",
            ).op,
            "read-gone",
        );
        assert.equal(
            only(
                refreshed.steps.filter((step) => step.name === "b"),
                "step for b",
            ).op,
            "same",
        );
        assert.equal(stateOf("a"), undefined);
        assert.ok(stateOf("b")?.id);
    });

    it("destroy deletes everything, each resource only after those that depend on it", async () => {
        const program = testProgram();
        await program.run("up", {
            things: [
                { name: "root" },
                { name: "middle", refs: { target: "root.url" } },
                { name: "leaf", dependsOn: ["middle"] },
                { name: "loner" },
            ],
        });
        program.takeCalls();

        const result = await program.run("destroy");
        assert.equal(result.ok, true, result.log);
        assert.deepEqual(result.summary, { delete: 5 });
        const deletes = program.takeCalls().filter((call) => call.call === "delete");
        const byLabel = (label: string) =>
            only(
                deletes.filter((call) => call.label === label),
                `delete of ${label}`,
            );
        assert.ok(byLabel("leaf").end <= byLabel("middle").start, "leaf before middle");
        assert.ok(byLabel("middle").end <= byLabel("root").start, "middle before root");
        assert.equal(deletes.length, 4);
        assert.deepEqual(program.state().resources, []);
        assert.deepEqual(program.cloud(), {});
    });

    sampleTests(this, 2);
});
