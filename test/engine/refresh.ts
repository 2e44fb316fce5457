// refresh: every resource is read back from the provider, concurrently. Drift updates the state (and
// the inputs, when the provider returns them); an empty id means the resource is gone.
import { propertyDiffs } from "./display-values";
import { StepContext, errorMessage, newStep, refOf } from "./steps";

export async function refreshResources(context: StepContext): Promise<void> {
    const { host, state, steps } = context;
    const readable = state.resources.filter((resource) => resource.custom && resource.id && !resource.pendingDelete);
    const failures: unknown[] = [];
    await Promise.all(
        readable.map(async (resource) => {
            const step = newStep("same", resource);
            try {
                const read = await host.read(refOf(resource), resource.id ?? "", resource.outputs, resource.inputs);
                if (!read.id) {
                    step.op = "read-gone";
                    state.remove(resource);
                } else {
                    const diffs = propertyDiffs(resource.outputs, read.outputs, resource.secretKeys);
                    if (diffs.length > 0) {
                        step.op = "refresh";
                        step.diffs = diffs;
                    }
                    state.upsert({ ...resource, id: read.id, outputs: read.outputs, inputs: read.inputs ?? resource.inputs });
                }
            } catch (error) {
                step.error = errorMessage(error);
                failures.push(error);
            }
            steps.push(step);
        }),
    );
    if (failures.length > 0) {
        throw failures[0];
    }
}
