// refresh: every resource is read back from the provider, at most --parallel at once. Drift updates the state (and
// the inputs, when the provider returns them); an empty id means the resource is gone. Whether a resource shows as
// changed is the provider's Diff of the refreshed state against the old inputs, as the engine's RefreshStep does
// (pkg/resource/deploy/step.go: diffResource(new inputs/outputs as olds, old inputs as news), then inverted): outputs
// the service computes (counters, timestamps) change the state without showing as drift. Creates an interrupted run
// left pending are cleared or imported first, as `pulumi refresh --clear-pending-creates / --import-pending-creates`.
// With --target or --exclude only the resources they choose are read (deployment_executor.go refresh).
import { isProvider } from "../state/default-provider";
import { StepContext, errorMessage, newStep, providerOf, shownResource } from "./deployment";
import { RefreshStep } from "./step";
import { dependenciesOf } from "./targets";
import { rebuildBaseState } from "./rebuild-base-state";
import { RunOptions } from "../types";

export interface RefreshChoices extends Pick<RunOptions, "clearPendingCreates" | "importPendingCreates"> {
    /** The refresh `--refresh` runs before the program: its steps wait for the program's goal (StepContext.refreshed). */
    beforeProgram?: boolean;
    /** Resources not to read: those `refresh --run-program` read as the program registered them (GenerateRefreshes). */
    done?: ReadonlySet<string>;
}

export async function refreshResources(context: StepContext, choices: RefreshChoices = {}): Promise<void> {
    const { state, steps } = context;
    if (!context.preview) {
        settlePendingCreates(context, choices);
    }
    context.targets.check((urn) => state.resources.some((resource) => resource.urn === urn));
    const readable = state.resources.filter(
        // RefreshStep.Apply: a resource pending deletion is read too; one a delete-before-replace deleted is not.
        (resource) =>
            resource.custom &&
            resource.id &&
            !resource.pendingReplacement &&
            !isProvider(resource) &&
            !choices.done?.has(resource.urn) &&
            context.targets.includes(resource.urn, dependenciesOf(resource)),
    );
    const failures: unknown[] = [];
    await Promise.all(
        readable.map((resource) =>
            context.slots.run(async () => {
                const step = {
                    ...newStep("same", resource),
                    ...providerOf(context, resource),
                    old: shownResource(resource, context.providerRef),
                };
                if (choices.beforeProgram) {
                    step.refresh = true;
                    context.refreshed.set(resource.urn, step);
                }
                try {
                    await new RefreshStep({ context }, step, resource).apply();
                } catch (error) {
                    step.error = errorMessage(error);
                    failures.push(error);
                }
                steps.push(step);
            }),
        ),
    );
    // deployment_executor.go refresh: the base state is rebuilt whether or not a read failed.
    state.rewrite(rebuildBaseState);
    if (failures.length > 0) {
        throw failures[0];
    }
}

export function settlePendingCreates(context: StepContext, choices: RefreshChoices): void {
    const { state } = context;
    const creates = state.pendingOperations.filter((operation) => operation.type === "creating");
    const imports = { ...choices.importPendingCreates };
    for (const operation of creates) {
        const id = imports[operation.resource.urn];
        if (id !== undefined) {
            delete imports[operation.resource.urn];
            if (state.live(operation.resource.urn)) {
                throw new Error(
                    `--import-pending-creates: ${operation.resource.urn} is already in the state with id ${state.live(operation.resource.urn)?.id}; ` +
                        "clear the pending create instead",
                );
            }
            state.removePending([operation]);
            // The import completes the create: the resource is read below like any other.
            state.upsert({ ...operation.resource, id });
        } else if (choices.clearPendingCreates) {
            state.removePending([operation]);
        }
    }
    for (const urn of Object.keys(imports)) {
        context.warn(`--import-pending-creates: "${urn}" did not correspond to a pending create`);
    }
}
