// The replacementTrigger resource option, as the Go engine follows it (pkg/resource/deploy/step_generator.go
// generateStepsFromDiff, shouldTriggerReplace; the state as pkg/resource/stack/deployment.go serializes it), transcribed
// from pkg/engine/lifecycletest/replacement_trigger_test.go with the spec program: each test begins with its Go name.
import { strict as assert } from "assert";
import { previewDigest } from "../display/digest";
import { LifecycleResult } from "../types";
import { TestProgram, ThingSpec, freshProgramPerTest } from "./test-program";
import { sampleTests } from "../../test/support/depth";

const URN = "urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::resA";

/** The program of every Go test: resA with inputs { foo: "bar" } and the trigger given. */
const resA = (replacementTrigger: unknown): ThingSpec[] => [
    { name: "resA", inputs: { foo: "bar" }, options: { replacementTrigger } },
];

async function run(
    program: TestProgram,
    operation: "up" | "preview",
    replacementTrigger: unknown,
): Promise<LifecycleResult> {
    program.takeCalls();
    return program.run(operation, { things: resA(replacementTrigger) });
}

async function upOk(program: TestProgram, replacementTrigger: unknown): Promise<LifecycleResult> {
    const result = await run(program, "up", replacementTrigger);
    assert.equal(result.ok, true, result.log);
    assert.deepEqual(
        program.managed().map((resource) => resource.urn),
        [URN],
    );
    return result;
}

/** The ops of resA's steps in a run. */
const opsOf = (result: LifecycleResult) => result.steps.filter((step) => step.urn === URN).map((step) => step.op);

describe("engine double: replacementTrigger (replacement_trigger_test.go)", function () {
    this.timeout(240_000);
    const testProgram = freshProgramPerTest();

    it("TestReplacementTrigger: the same trigger is a same step; a changed one replaces the resource without asking Diff", async () => {
        const program = testProgram();
        await upOk(program, "first");
        assert.deepEqual(opsOf(await upOk(program, "first")), ["same"]);
        const replaced = await upOk(program, "second");
        assert.deepEqual(opsOf(replaced), ["replace"]);
        const calls = program.takeCalls().map((call) => call.call);
        assert.ok(!calls.includes("diff"), `a changed trigger replaces without Diff: ${calls.join(", ")}`);
        assert.ok(calls.includes("create") && calls.includes("delete"), calls.join(", "));
        assert.deepEqual(replaced.steps.find((step) => step.urn === URN)?.replaces, []);
    });

    it("TestReplacementTriggerWithSecret: making the trigger secret is no change", async () => {
        const program = testProgram();
        await upOk(program, "first");
        assert.deepEqual(opsOf(await upOk(program, { $secret: "first" })), ["same"]);
    });

    it("TestReplacementTriggerWithDeepSecret: making a value inside the trigger secret is no change", async () => {
        const program = testProgram();
        await upOk(program, ["first"]);
        assert.deepEqual(opsOf(await upOk(program, [{ $secret: "first" }])), ["same"]);
    });

    it("TestReplacementTriggerWithOutput: a known output is no change; an unknown one replaces in preview and fails an update", async () => {
        const program = testProgram();
        await upOk(program, { $output: "first" });
        assert.deepEqual(opsOf(await upOk(program, { $output: "first" })), ["same"]);
        await assertUnknownReplacesInPreviewAndFailsUp(program);
    });

    it("TestReplacementTriggerWithComputed: a resource created with an unknown trigger is replaced in preview, and an update fails", async () => {
        const program = testProgram();
        // No old state to compare with: the create goes ahead.
        await upOk(program, { $unknown: true });
        await assertUnknownReplacesInPreviewAndFailsUp(program);
    });

    it("TestReplacementTriggerOutputWrappedPlainValue: the state keeps the plain value; the same value in an output is no change, another replaces", async () => {
        const program = testProgram();
        await upOk(program, "first");
        assert.equal(program.managed()[0]?.replacementTrigger, "first");
        assert.deepEqual(opsOf(await upOk(program, { $output: "first" })), ["same"]);
        assert.deepEqual(opsOf(await upOk(program, { $output: "second" })), ["replace"]);
    });

    it("SerializePropertyValue: a secret inside the trigger is encrypted where it is in the state, and read back as it was", async () => {
        const program = testProgram();
        await upOk(program, ["plain", { $secret: "hidden-trigger" }]);
        const stored = program.managed()[0]?.replacementTrigger as unknown[];
        assert.equal(stored[0], "plain");
        assert.equal(typeof (stored[1] as { ciphertext?: unknown }).ciphertext, "string", JSON.stringify(stored));
        // (The spec program's config, which names it, is in the state too, in plain text as config is.)
        assert.ok(!JSON.stringify(program.managed()[0]).includes("hidden-trigger"), JSON.stringify(stored));
        assert.deepEqual(opsOf(await upOk(program, ["plain", "hidden-trigger"])), ["same"]);
        assert.deepEqual(opsOf(await upOk(program, ["plain", "shown-trigger"])), ["replace"]);
    });

    it("ShowPreviewDigest: the digest's state holds the trigger; a secret one is refused, as Go's PanicCrypter panics on it", async () => {
        const program = testProgram();
        await upOk(program, "first");
        const changed = await run(program, "preview", "second");
        const step = previewDigest(changed, 0).steps?.find((shown) => shown.urn === URN);
        assert.deepEqual(
            [step?.op, step?.oldState?.replacementTrigger, step?.newState?.replacementTrigger],
            ["replace", "first", "second"],
            changed.log,
        );
        const secret = await run(program, "preview", { $secret: "second" });
        assert.throws(
            () => previewDigest(secret, 0),
            /a secret replacementTrigger, .*json\.go ShowPreviewDigest: PanicCrypter/,
        );
    });

    sampleTests(this, 2);
});

/**
 * shouldTriggerReplace: an unknown trigger is a change, so a preview replaces; generateStepsFromDiff: an update fails
 * with "replacement trigger contains unknowns for <urn>", and the resource stays as it was.
 */
async function assertUnknownReplacesInPreviewAndFailsUp(program: TestProgram): Promise<void> {
    const preview = await run(program, "preview", { $unknown: true });
    assert.equal(preview.ok, true, preview.log);
    assert.ok(opsOf(preview).includes("replace"), preview.log);
    const before = program.managed();
    const failed = await run(program, "up", { $unknown: true });
    assert.equal(failed.ok, false, failed.log);
    assert.match(
        `${failed.error ?? ""}\n${failed.log}`,
        new RegExp(`replacement trigger contains unknowns for ${URN.replace(/[$]/g, "\\$")}`),
    );
    assert.deepEqual(program.managed(), before);
}
