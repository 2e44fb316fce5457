// The default provider's own step, as the Go engine makes it (step_generator.go GenerateSteps for the registration
// source_eval.go newRegisterDefaultProviderEvent sends) and its events carry it: internal, so the CLI's display,
// `preview --json` and the change summary leave it out (update.go isInternalStep, display.go ShowEvents).
import { strict as assert } from "assert";
import { PROVIDER_URN } from "./conformance/runner";
import { runEvents, diffDisplay } from "../display/run-events";
import { previewDigest } from "../display/digest";
import { LifecycleResult, StepResult } from "../types";
import { UNKNOWN } from "../values/property-values";
import { freshProgramPerTest, only } from "./test-program";

const spec = { things: [{ name: "a" }] };

function providerStep(result: LifecycleResult): StepResult {
    return only(
        result.steps.filter((step) => step.urn === PROVIDER_URN),
        `the default provider's step in\n${result.log}`,
    );
}

/** The provider's step is in the engine's events, marked internal, and nowhere the CLI shows a run. */
function internalOnly(result: LifecycleResult): void {
    const events = runEvents(result, 0, []).filter(
        (event) => "metadata" in event && event.metadata.urn === PROVIDER_URN,
    );
    assert.deepEqual(
        events.map((event) => [event.type, "internal" in event && event.internal]),
        [
            ["resource-pre", true],
            ["resource-outputs", true],
        ],
    );
    assert.equal(
        previewDigest(result, 0).steps?.some((step) => step.urn === PROVIDER_URN),
        false,
        "preview --json shows no default provider",
    );
    assert.doesNotMatch(diffDisplay(result, 0, []).stdout, /pulumi:providers/);
    assert.equal(
        result.summary.create ?? 0,
        result.steps.filter((step) => step.op === "create" && step.urn !== PROVIDER_URN).length,
    );
}

describe("engine double: the default provider's step", function () {
    this.timeout(120_000);
    const testProgram = freshProgramPerTest();

    it("step_generator.go GenerateSteps: the default provider's registration is a create, then a same, an update when the config changed, and its deletion a delete, all internal events", async () => {
        const program = testProgram();
        const preview = await program.run("preview", spec, { config: { region: "eu" } });
        assert.equal(preview.ok, true, preview.log);
        assert.equal(providerStep(preview).op, "create");
        assert.equal(providerStep(preview).done?.id, UNKNOWN, "Registry.Create answers UnknownID in a preview");
        internalOnly(preview);

        const created = await program.run("up", spec, { config: { region: "eu" } });
        assert.equal(created.ok, true, created.log);
        const create = providerStep(created);
        assert.deepEqual([create.op, create.old, create.new?.inputs["enginetest:region"]], ["create", undefined, "eu"]);
        const recorded = only(
            program.state().resources.filter((resource) => resource.urn === PROVIDER_URN),
            "the recorded provider",
        );
        assert.equal(create.done?.id, recorded.id);
        const thingStep = created.steps.findIndex((step) => step.name === "a");
        assert.ok(
            created.steps.indexOf(create) < thingStep,
            "the provider's step comes before the steps of the resources that use it",
        );
        internalOnly(created);

        const same = await program.run("up", spec, { config: { region: "eu" } });
        assert.equal(providerStep(same).op, "same", same.log);
        const updated = await program.run("up", spec, { config: { region: "us" } });
        const update = providerStep(updated);
        assert.deepEqual(
            [update.op, update.old?.inputs["enginetest:region"], update.new?.inputs["enginetest:region"]],
            ["update", "eu", "us"],
            updated.log,
        );
        internalOnly(updated);

        const destroyed = await program.run("destroy", undefined, { config: { region: "us" } });
        assert.equal(destroyed.ok, true, destroyed.log);
        assert.equal(providerStep(destroyed).op, "delete");
        assert.equal(destroyed.steps.at(-1)?.urn, PROVIDER_URN, "the provider goes after the resources that use it");
        internalOnly(destroyed);
    });

    it("step_generator.go GenerateDeletes: a preview of a program that no longer declares a resource shows the provider's delete too", async () => {
        const program = testProgram();
        assert.equal((await program.run("up", spec)).ok, true);
        const preview = await program.run("preview", { things: [] });
        assert.equal(preview.ok, true, preview.log);
        assert.equal(providerStep(preview).op, "delete");
        assert.equal(
            program.state().resources.some((resource) => resource.urn === PROVIDER_URN),
            true,
            "a preview deletes nothing",
        );
        internalOnly(preview);
    });
});
