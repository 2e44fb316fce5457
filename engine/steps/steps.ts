// What every operation shares: the host, the state, whether anything may change, and the list of steps.
import { ProviderHost, ResourceRef } from "../host/provider-host";
import { LiveState } from "../state/live-state";
import { PendingOperation, ResourceState } from "../state/state-file";
import { nameOf } from "../state/urns";
import { deleteInDependencyOrder } from "./delete-order";
import { isProvider, usesDefaultProvider } from "../state/default-provider";
import { StepSlots } from "./step-slots";
import { Targets, UrnTargets } from "./targets";
import { shownProperties, shownValue } from "../values/display-values";
import { ShownResource, StepOp, StepResult } from "../types";
import { HookCall, ResourceHooks, hookCall, resourceOptionsOf } from "./resource-hooks";

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
    /** `--ignore-protect`: protected resources are deleted and replaced as if unprotected (engine UpdateOptions.IgnoreProtect). */
    ignoreProtect: boolean;
    /** Warnings for the person running the engine (the CLI prints them as diagnostics). */
    warn(message: string): void;
    /** Information for the person running the engine (the CLI prints info diagnostics as they are). */
    info(message: string): void;
    /** The default provider's reference, `<URN>::<id>` (the id unknown in a preview that creates the provider). */
    providerRef: string;
    /** The steps of the refresh that `--refresh` runs first, by URN: the program's registration gives them its goal. */
    refreshed: Map<string, StepResult>;
    /** The program's resource hooks and error hooks (none when the program does not run). */
    hooks: ResourceHooks;
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
        inputs: shownProperties(resource.inputs),
        outputs: shownProperties(resource.outputs),
        ...(resource.protect ? { protect: true } : {}),
        ...(resource.external ? { external: true } : {}),
        ...(resource.initErrors?.length ? { initErrors: resource.initErrors } : {}),
        ...(resource.custom && provider ? { provider } : {}),
        ...(resource.retainOnDelete ? { retainOnDelete: true } : {}),
        ...(resource.deletedWith ? { deletedWith: resource.deletedWith } : {}),
        ...(resource.replaceWith?.length ? { replaceWith: resource.replaceWith } : {}),
        ...(resource.replacementTrigger !== undefined ? { replacementTrigger: shownValue(resource.replacementTrigger) } : {}),
        ...extra,
    };
}

export function errorMessage(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}

/**
 * Deletes the resources in reverse dependency order, each removed from the state as soon as it is gone.
 * Those in `quiet` are replaced resources whose deletion belongs to their replace step: they get a
 * step of their own only if the deletion fails. A resource a delete-before-replace deleted, whose replacement the
 * program no longer declares, leaves the state without a call or a step (RemovePendingReplaceStep). The default provider
 * goes last, once no resource left in the state uses it (in a preview: none but those this preview deletes).
 * With --continue-on-error a failed delete is treated as a refusal: what it depends on stays, the rest goes on.
 */
export async function deleteResources(
    context: StepContext,
    resources: readonly ResourceState[],
    quiet: ReadonlySet<ResourceState> = new Set(),
    deletedAlongside: ReadonlySet<string> = new Set(),
): Promise<void> {
    const deleting = new Set([...resources.map((resource) => resource.urn), ...deletedAlongside]);
    const failures: Error[] = [];
    const failed = (error: unknown): false => {
        if (!context.continueOnError) {
            throw error;
        }
        // step_executor.go cancelDueToError: the failure is recorded and the deletes that do not wait on this one go on.
        failures.push(error instanceof Error ? error : new Error(String(error)));
        return false;
    };
    const gone = new Set<ResourceState>();
    await deleteInDependencyOrder(resources.filter((resource) => !isProvider(resource)), (resource) =>
        context.slots.run(async () => {
            if (resource.pendingReplacement) {
                removeFromState(context, resource);
                gone.add(resource);
                return true;
            }
            const step = { ...newStep("delete", resource), ...providerOf(context, resource), old: shownResource(resource, context.providerRef) };
            const stepFailure = await deleteStep(context, resource, deleting, quiet.has(resource));
            if (stepFailure) {
                step.error = errorMessage(stepFailure);
                context.steps.push(step);
                if (stepFailure instanceof ProtectedDelete) {
                    failures.push(stepFailure);
                    return false;
                }
                return failed(stepFailure);
            }
            if (!quiet.has(resource)) {
                context.steps.push(step);
            }
            gone.add(resource);
            // An after-delete hook's failure: the resource is gone, the deployment fails (RecordPostStepError).
            const afterFailure = await context.hooks.runAfter(resource.resourceHooks, "AfterDelete", deleteHookCall(context, resource));
            if (afterFailure) {
                failed(afterFailure);
            }
            return true;
        }),
    );
    const deleted = (resource: ResourceState) => context.preview && gone.has(resource);
    if (!context.state.resources.some((resource) => usesDefaultProvider(resource) && !deleted(resource))) {
        for (const provider of resources.filter(isProvider)) {
            context.steps.push({ ...newStep("delete", provider), old: shownResource(provider, undefined) });
            if (!context.preview) context.state.remove(provider);
        }
    }
    if (failures.length > 0) {
        throw failures[0];
    }
}

/**
 * step.go DeleteStep.Apply up to the after-delete hooks, answering why the step failed, if it did: the before-delete
 * hooks run first; a protected resource is refused (unless it is a replaced one, whose protect was checked by the
 * replace, or --ignore-protect), and the refusal stops only what it depends on, as each refusal is its own failed step; a retained or
 * external one, or one whose deletedWith resource is deleted in the same run (isDeletedWith), leaves the state without a
 * Delete call, which is a pending operation of the state while it runs (backend/snapshot.go doDelete).
 */
async function deleteStep(context: StepContext, resource: ResourceState, deleting: ReadonlySet<string>, replaced: boolean): Promise<unknown> {
    const call = deleteHookCall(context, resource);
    try {
        await context.hooks.run(resource.resourceHooks, "BeforeDelete", call);
        if (resource.protect && !replaced && !context.ignoreProtect) {
            return new ProtectedDelete(resource);
        }
        if (context.preview) {
            return undefined;
        }
        const deletedWith = resource.deletedWith !== undefined && deleting.has(resource.deletedWith);
        if (resource.custom && resource.id && !resource.retainOnDelete && !resource.external && !deletedWith) {
            await providerDelete(context, resource, call);
        }
        context.state.remove(resource);
        return undefined;
    } catch (error) {
        return error;
    }
}

/** What a delete step's hooks are told: the old state's options, inputs and outputs. */
export function deleteHookCall(context: StepContext, resource: ResourceState): HookCall {
    return hookCall(resource, { oldOptions: resourceOptionsOf(resource, context.providerRef), oldInputs: resource.inputs, oldOutputs: resource.outputs });
}

/** The provider's Delete, retried as the resource's error hooks ask (DeleteStep.Apply). */
export async function providerDelete(context: StepContext, resource: ResourceState, call: HookCall): Promise<void> {
    await whilePending(context, { type: "deleting", resource }, () =>
        context.hooks.retrying(resource.resourceHooks, call, "delete", () => context.host.delete(refOf(resource), resource.id ?? "", resource.outputs, resource.inputs)),
    );
}

/**
 * backend/snapshot.go doCreate, doUpdate, doDelete, doRead: the operation is in the state's pending operations while
 * the provider works on it (written at once), so that a run killed meanwhile leaves it behind. A preview writes none.
 */
export async function whilePending<T>(context: StepContext, operation: PendingOperation, work: () => Promise<T>): Promise<T> {
    if (context.preview) {
        return work();
    }
    context.state.begin(operation);
    try {
        return await work();
    } finally {
        context.state.end(operation);
    }
}

function removeFromState(context: StepContext, resource: ResourceState): void {
    if (!context.preview) {
        context.state.remove(resource);
    }
}

/** The provider reference of a step on this resource (a component has none). */
export function providerOf(context: StepContext, resource: Pick<ResourceState, "custom">): { provider?: string } {
    return resource.custom ? { provider: context.providerRef } : {};
}

/** step.go, deleteProtectedError. */
class ProtectedDelete extends Error {
    constructor(resource: ResourceState) {
        super(
            `resource "${resource.urn}" cannot be deleted because it is protected; remove the protect option from the resource ` +
                "in the program and run up first",
        );
    }
}
