// How a run ends when something fails: a Check failure, a provider error, a resource that was created
// but failed to initialise, and the program's own errors. The state keeps what was done.
import { strict as assert } from "assert";
import { freshProgramPerTest, only } from "./test-program";
import { sampleTests } from "../../test/support/depth";

describe("engine double: failures", function () {
    const testProgram = freshProgramPerTest();

    it("stops on a Check failure, names the property and reason, and creates nothing after it", async () => {
        const program = testProgram();
        const result = await program.run("up", {
            things: [
                { name: "a", inputs: { size: 0 } },
                { name: "b", refs: { target: "a.url" } },
            ],
        });
        assert.equal(result.ok, false);
        assert.match(result.error ?? "", /'a' has a problem: size: must be a positive number/);
        const step = only(
            result.steps.filter((candidate) => candidate.name === "a"),
            "step for a",
        );
        assert.deepEqual(step.failures, [{ property: "size", reason: "must be a positive number" }]);
        assert.match(result.log, /size: must be a positive number/);
        assert.deepEqual(
            program.takeCalls().filter((call) => call.call === "create"),
            [],
        );
        assert.deepEqual(program.managed(), []);
    });

    it("reports an error thrown by the provider's create and keeps nothing for it", async () => {
        const program = testProgram();
        const result = await program.run("up", {
            things: [{ name: "a", inputs: { failCreate: "quota exceeded for things" } }],
        });
        assert.equal(result.ok, false);
        assert.match(result.error ?? "", /Create failed: quota exceeded for things/);
        assert.equal(
            only(
                result.steps.filter((step) => step.name === "a"),
                "step for a",
            ).error,
            result.error,
        );
        assert.deepEqual(program.managed(), []);
    });

    it("keeps a resource that was created but failed to initialise, with its id and reasons", async () => {
        const program = testProgram();
        const result = await program.run("up", {
            things: [{ name: "a", inputs: { failInit: "health check failed" } }],
        });
        assert.equal(result.ok, false);
        assert.match(result.error ?? "", /a did not start/);
        const [cloudId] = Object.keys(program.cloud());
        const kept = only(program.managed(), "kept resource");
        assert.equal(kept.id, cloudId);
        assert.deepEqual(kept.initErrors, ["health check failed"]);
        assert.equal(kept.outputs.url, `https://things.test/${cloudId}`);
    });

    it("ends with the program's error when it throws, keeping what was already created", async () => {
        const program = testProgram();
        const result = await program.run("up", { things: [{ name: "a" }, { name: "b" }], fail: "after" });
        assert.equal(result.ok, false);
        assert.match(result.error ?? "", /^the program failed: .*failed on purpose after creating its things/);
        const kept = program.managed().map((resource) => resource.id);
        assert.deepEqual(kept.sort(), Object.keys(program.cloud()).sort());
        assert.equal(kept.length, 2);
    });

    for (const [fail, message] of [
        ["throw", /^the program failed: .*the spec program failed on purpose/],
        ["reject", /^the program failed: .*the spec program rejected on purpose/],
    ] as const) {
        it(`ends with a clear message when the program fails with ${fail === "throw" ? "an exception" : "an unhandled rejection"}`, async () => {
            const program = testProgram();
            const result = await program.run("up", { things: [{ name: "a" }], fail });
            assert.equal(result.ok, false);
            assert.match(result.error ?? "", message);
            assert.match(result.log, /error: the program failed/);
        });
    }

    sampleTests(this, 2);
});
