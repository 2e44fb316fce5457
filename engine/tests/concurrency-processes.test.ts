// Independent resources are created and deleted concurrently, as the engine does; and no run leaves
// a process behind. Overlap is judged from the provider's recorded start/end times: the test provider
// holds each call until the expected number are in flight together, so a serial engine shows none.
import { strict as assert } from "assert";
import { sampleTests } from "../../test/support/depth";
import { ProviderCall, freshProgramPerTest, isRunning, only } from "./test-program";

function overlap(first: ProviderCall, second: ProviderCall): boolean {
    return first.start < second.end && second.start < first.end;
}

describe("engine double: concurrency and processes", function () {
    const testProgram = freshProgramPerTest();

    it("creates and deletes independent resources concurrently", async () => {
        const program = testProgram();
        const created = await program.run("up", {
            things: [
                { name: "left", inputs: { overlap: 2 } },
                { name: "right", inputs: { overlap: 2 } },
            ],
        });
        assert.equal(created.ok, true, created.log);
        const creates = program.takeCalls().filter((call) => call.call === "create");
        assert.equal(creates.length, 2);
        assert.ok(overlap(creates[0], creates[1]), "the two creates did not overlap");

        const destroyed = await program.run("destroy");
        assert.equal(destroyed.ok, true, destroyed.log);
        const deletes = program.takeCalls().filter((call) => call.call === "delete");
        assert.equal(deletes.length, 2);
        assert.ok(overlap(deletes[0], deletes[1]), "the two deletes did not overlap");
    });

    it("stops the provider host and the program before the run resolves", async () => {
        const program = testProgram();
        const result = await program.run("up", { things: [{ name: "a" }], exportPid: true });
        assert.equal(result.ok, true, result.log);
        const hostPid = only(
            program.takeCalls().filter((call) => call.call === "configure"),
            "configure call",
        ).pid;
        const programPid = Number(result.outputs.programPid);
        assert.ok(programPid > 0 && programPid !== process.pid && hostPid !== programPid);
        assert.equal(isRunning(hostPid), false, "the provider host is still running");
        assert.equal(isRunning(programPid), false, "the program is still running");
    });

    it("stops the provider host when the run fails", async () => {
        const program = testProgram();
        const result = await program.run("up", { things: [{ name: "a", inputs: { size: -1 } }] });
        assert.equal(result.ok, false);
        const hostPid = only(
            program.takeCalls().filter((call) => call.call === "configure"),
            "configure call",
        ).pid;
        assert.equal(isRunning(hostPid), false, "the provider host is still running");
    });

    sampleTests(this, 2);
});
