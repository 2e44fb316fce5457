// The default provider's own steps. The engine registers the default provider as it registers a resource of the
// program (source_eval.go defaultProviders.newRegisterDefaultProviderEvent) and its step generator makes its step like
// any other (step_generator.go generateSteps): a create when the stack has none, a same when the recorded config is the
// current one, an update when it changed (the dynamic provider does not implement DiffConfig, so a changed config is
// DiffSome, not a replace: providers/registry.go Diff). Its events are internal (state/default-provider.ts shownSteps).
import { ResourceState } from "../state/state-file";
import { UNKNOWN, sameValue } from "../values/property-values";
import { StepResult } from "../types";
import { newStep, shownResource } from "./deployment";

/** The step of the default provider's registration; in a preview a new provider's id is unknown (Registry.Create). */
export function registrationStep(
    old: ResourceState | undefined,
    provider: ResourceState,
    preview: boolean,
): StepResult {
    const op = !old ? "create" : sameValue(old.inputs, provider.inputs) ? "same" : "update";
    const done = preview && !old ? { ...provider, id: UNKNOWN } : provider;
    const { id: _id, outputs: _outputs, ...goal } = shownResource(provider, undefined);
    return {
        ...newStep(op, done),
        ...(old ? { old: shownResource(old, undefined) } : {}),
        new: goal,
        done: shownResource(done, undefined),
    };
}
