// What every operation shares: the host, the state, whether anything may change, and the list of steps.
import { ProviderHost, ResourceRef } from "../host/provider-host";
import { LiveState } from "../state/live-state";
import { ResourceState } from "../state/state-file";
import { nameOf } from "../state/urns";
import { deleteInDependencyOrder } from "./delete-order";
import { isProvider } from "../state/default-provider";
import { StepSlots } from "./step-slots";
import { Targets, UrnTargets } from "./targets";
import { shownProperties } from "../values/display-values";
import { ShownResource, StepOp, StepResult } from "../types";

export interface StepContext {
    host: ProviderHost;
    state: LiveState;
    preview: boolean;
    steps: StepResult[];
    /** At most `--parallel` steps in flight. */
    slots: StepSlots;
    /** `--target` / `--target-dependents`, `--exclude` / `--exclude-dependents`. */
    targets: Targets;
    /** `--replace` and `--target-replace`: resources replaced whatever their inputs (isTargetedReplace). */
    replaceTargets: UrnTargets;
    /** `--continue-on-error` (deployment_executor.go, step_executor.go cancelDueToError). */
    continueOnError: boolean;
    /** Warnings for the person running the engine (the CLI prints them as diagnostics). */
    warn(message: string): void;
    /** The default provider's reference, `<URN>::<id>` (the id unknown in a preview that creates the provider). */
    providerRef: string;
    /** The steps of the refresh that `--refresh` runs first, by URN: the program's registration gives them its goal. */
    refreshed: Map<string, StepResult>;
}

export function refOf(resource: { urn: string; type: string }): ResourceRef {
    return { urn: resource.urn, type: resource.type, name: nameOf(resource.urn) };
}

export function newStep(op: StepOp, resource: { urn: string; type: string; id?: string }): StepResult {
    return { op, urn: resource.urn, type: resource.type, name: nameOf(resource.urn), ...(resource.id ? { id: resource.id } : {}) };
}

/** A resource as the engine's step events show it; `provider` is the reference of a custom resource's provider. */
export function shownResource(resource: ResourceState, provider: string | undefined, extra: Partial<ShownResource> = {}): ShownResource {
    return {
        urn: resource.urn,
        type: resource.type,
        custom: resource.custom,
        ...(resource.pendingDelete ? { delete: true } : {}),
        ...(resource.id ? { id: resource.id } : {}),
        ...(resource.parent ? { parent: resource.parent } : {}),
        dependencies: resource.dependencies,
        inputs: shownProperties(resource.inputs, resource.secretKeys),
        outputs: shownProperties(resource.outputs, resource.secretKeys),
        ...(resource.protect ? { protect: true } : {}),
        ...(resource.initErrors?.length ? { initErrors: resource.initErrors } : {}),
        ...(resource.custom && provider ? { provider } : {}),
        ...(resource.retainOnDelete ? { retainOnDelete: true } : {}),
        ...(resource.deletedWith ? { deletedWith: resource.deletedWith } : {}),
        ...extra,
    };
}

export function errorMessage(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}

/**
 * Deletes the resources in reverse dependency order, each removed from the state as soon as it is gone.
 * Those in `quiet` are replaced resources whose deletion belongs to their replace step: they get a
 * step of their own only if the deletion fails. Providers go last, once nothing uses them; like the CLI's
 * display, which hides default providers, they get no step.
 * DeleteStep.Apply: a protected resource is refused (unless it is a replaced one, whose protect was checked by the
 * replace), and the refusal stops only what it depends on, as each refusal is its own failed step; a retained one, or
 * one whose deletedWith resource is deleted in the same run (isDeletedWith), leaves the state without a Delete call.
 * With --continue-on-error a failed delete is treated as a refusal.
 */
export async function deleteResources(
    context: StepContext,
    resources: readonly ResourceState[],
    quiet: ReadonlySet<ResourceState> = new Set(),
): Promise<void> {
    const deleting = new Set(resources.map((resource) => resource.urn));
    const failures: Error[] = [];
    await deleteInDependencyOrder(resources.filter((resource) => !isProvider(resource)), (resource) =>
        context.slots.run(async () => {
            const step = { ...newStep("delete", resource), ...providerOf(context, resource), old: shownResource(resource, context.providerRef) };
            if (resource.protect && !quiet.has(resource)) {
                const refusal = protectedDeleteError(resource);
                step.error = refusal.message;
                context.steps.push(step);
                failures.push(refusal);
                return false;
            }
            try {
                if (!context.preview) {
                    const deletedWith = resource.deletedWith !== undefined && deleting.has(resource.deletedWith);
                    if (resource.custom && resource.id && !resource.retainOnDelete && !deletedWith) {
                        await context.host.delete(refOf(resource), resource.id, resource.outputs, resource.inputs);
                    }
                    context.state.remove(resource);
                }
            } catch (error) {
                step.error = errorMessage(error);
                context.steps.push(step);
                if (context.continueOnError) {
                    // step_executor.go cancelDueToError: the failure is recorded and the deletes that do not wait on
                    // this one go on; what it depends on stays.
                    failures.push(error instanceof Error ? error : new Error(String(error)));
                    return false;
                }
                throw error;
            }
            if (!quiet.has(resource)) {
                context.steps.push(step);
            }
            return true;
        }),
    );
    if (!context.preview) {
        resources.filter(isProvider).forEach((provider) => context.state.remove(provider));
    }
    if (failures.length > 0) {
        throw failures[0];
    }
}

/** The provider reference of a step on this resource (a component has none). */
export function providerOf(context: StepContext, resource: Pick<ResourceState, "custom">): { provider?: string } {
    return resource.custom ? { provider: context.providerRef } : {};
}

/** step.go, deleteProtectedError. */
function protectedDeleteError(resource: ResourceState): Error {
    return new Error(
        `resource "${resource.urn}" cannot be deleted because it is protected; remove the protect option from the resource ` +
            "in the program and run up first",
    );
}
