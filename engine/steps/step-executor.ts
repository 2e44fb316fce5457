// The step executor, as pkg/resource/deploy/step_executor.go has it: it runs the steps the step generator makes, each as
// soon as a step slot is free (--parallel), records each step's event, remembers the first failure (cancelDueToError,
// which stops the deployment unless --continue-on-error), and records the program's outputs of its components and
// its stack (executeRegisterResourceOutputs). Deletes run last, dependents first (deleteResources).
import { WireProperties } from "../host/protocol";
import { isProvider, usesDefaultProvider } from "../state/default-provider";
import { ResourceState } from "../state/state-file";
import { isRootStack } from "../state/urns";
import { PropertyMap } from "../values/property-values";
import { StepResult } from "../types";
import { StepContext, errorMessage, newStep, providerOf, shownResource } from "./deployment";
import { deleteInDependencyOrder } from "./delete-order";
import { hookCall, resourceOptionsOf } from "./resource-hooks";
import { Applying, DeleteStep, ProtectedDelete } from "./step";

export class StepExecutor implements Applying {
    private readonly inFlight = new Set<Promise<unknown>>();
    /** The stack's outputs as the program registered them, recorded at the end of the deployment. */
    private stackOutputs?: { urn: string; outputs: WireProperties };
    /** The stack's outputs before this deployment, kept where a failed one registered none again. */
    private readonly oldStackOutputs = new Map<string, PropertyMap>();
    /** The components this run created: their after-create hooks run when the program registers their outputs. */
    private readonly createdComponents = new Set<string>();
    /** deployment_executor.go skipped: with --continue-on-error, the failed resources and those depending on them. */
    private readonly skipped = new Set<string>();
    private firstError?: Error;
    private announceFailure!: (error: Error) => void;
    /** Resolves with the first failed step's error (never with --continue-on-error, which waits for the program). */
    readonly failed = new Promise<Error>((resolve) => (this.announceFailure = resolve));

    constructor(readonly context: StepContext) {}

    /** step_executor.go Errored: the first failure of the deployment. */
    get error(): Error | undefined {
        return this.firstError;
    }

    /** Tracks a registration's work, so that the deployment can wait for every step to end (WaitForCompletion). */
    track<T>(work: Promise<T>): Promise<T> {
        this.inFlight.add(work);
        const forget = () => this.inFlight.delete(work);
        work.then(forget, forget);
        return work;
    }

    /** step_executor.go WaitForCompletion: waits until no step is running. */
    async idle(): Promise<void> {
        while (this.inFlight.size > 0) {
            await Promise.allSettled([...this.inFlight]);
        }
    }

    /** step_executor.go cancelDueToError: the first failure is the deployment's, and stops it unless --continue-on-error. */
    fail(error: unknown): Error {
        const failure = error instanceof Error ? error : new Error(String(error));
        if (!this.firstError) {
            this.firstError = failure;
            if (!this.context.continueOnError) {
                this.announceFailure(failure);
            }
        }
        return failure;
    }

    recordPostStepError(error: Error): void {
        this.fail(error);
    }

    awaitOutputs(urn: string): void {
        this.createdComponents.add(urn);
    }

    /** step_executor.go executeStep's failure: the step's event is recorded with its error, its resource skipped. */
    failStep(event: StepResult, error: unknown): Error {
        event.error = errorMessage(error);
        this.context.steps.push(event);
        return this.skip(event.urn, error);
    }

    /** A registration that failed without a step of its own: what depends on it is skipped. */
    skip(urn: string, error: unknown): Error {
        this.skipped.add(urn);
        return this.fail(error);
    }

    /** deployment_executor.go doesStepDependOn: the first dependency skipped in this run, if any. */
    skippedDependency(urn: string, dependencies: readonly string[]): string | undefined {
        const failed = dependencies.find((dependency) => this.skipped.has(dependency));
        if (failed) this.skipped.add(urn);
        return failed;
    }

    /** The stack's outputs before this deployment, for a failed deployment to keep. */
    keepOldStackOutputs(old: ResourceState): void {
        this.oldStackOutputs.set(old.urn, old.outputs);
    }

    /**
     * executeRegisterResourceOutputs: a component's outputs are recorded, then, when this run created it, its
     * after-create hooks run (a custom resource's ran at the end of its step). The stack's outputs wait for the end of
     * the deployment.
     */
    async executeRegisterResourceOutputs(urn: string, outputs: WireProperties): Promise<void> {
        const { state, providerRef, hooks } = this.context;
        const resource = state.live(urn);
        if (!resource || resource.custom) {
            return;
        }
        if (isRootStack(resource.type)) {
            this.stackOutputs = { urn, outputs };
            return;
        }
        state.upsert({ ...resource, outputs });
        if (this.createdComponents.delete(urn)) {
            const newOptions = resourceOptionsOf(resource, providerRef);
            const failure = await hooks.runAfter(
                resource.resourceHooks,
                "AfterCreate",
                hookCall(resource, { newOptions, newInputs: resource.inputs, newOutputs: outputs }),
            );
            if (failure) this.recordPostStepError(failure);
        }
    }

    /**
     * executeRegisterResourceOutputs with finalizingStackOutputs: the stack's outputs as the program registered them;
     * after a failed deployment merged over the old ones, so that outputs not registered again are kept.
     */
    finalizeStackOutputs(errored: boolean): void {
        const registered = this.stackOutputs;
        const stack = registered && this.context.state.live(registered.urn);
        if (!registered || !stack) {
            return;
        }
        const old = this.oldStackOutputs.get(registered.urn);
        const outputs = errored && old ? { ...old, ...registered.outputs } : registered.outputs;
        this.context.state.upsert({ ...stack, outputs });
    }
}

/** The stack's outputs in the state: those of the root stack resource not pending deletion. */
export function stackOutputsOf(resources: readonly ResourceState[]): PropertyMap {
    const stack = resources.find((resource) => isRootStack(resource.type) && !resource.pendingDelete);
    return stack?.outputs ?? {};
}

/**
 * Deletes the resources in reverse dependency order (step_generator.go ScheduleDeletes), each removed from the state as
 * soon as it is gone. Those in `quiet` are replaced resources whose deletion belongs to their replace step: they get a
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
    await deleteInDependencyOrder(
        resources.filter((resource) => !isProvider(resource)),
        (resource) =>
            context.slots.run(async () => {
                if (resource.pendingReplacement) {
                    // RemovePendingReplaceStep.Apply.
                    if (!context.preview) context.state.remove(resource);
                    gone.add(resource);
                    return true;
                }
                const event = {
                    ...newStep("delete", resource),
                    ...providerOf(context, resource),
                    old: shownResource(resource, context.providerRef),
                };
                const step = new DeleteStep({ context }, resource, deleting, quiet.has(resource));
                const stepFailure = await step.apply().then(
                    () => undefined,
                    (error: unknown) => error,
                );
                if (stepFailure) {
                    event.error = errorMessage(stepFailure);
                    context.steps.push(event);
                    if (stepFailure instanceof ProtectedDelete) {
                        // Each refusal is its own failed step, and stops only what it depends on.
                        failures.push(stepFailure);
                        return false;
                    }
                    return failed(stepFailure);
                }
                if (!quiet.has(resource)) {
                    context.steps.push(event);
                }
                gone.add(resource);
                const afterFailure = await step.afterHooks();
                if (afterFailure) {
                    failed(afterFailure);
                }
                return true;
            }),
    );
    deleteDefaultProvider(context, resources, gone);
    if (failures.length > 0) {
        throw failures[0];
    }
}

/** The default provider's delete step, once no resource left in the state uses it. */
function deleteDefaultProvider(
    context: StepContext,
    resources: readonly ResourceState[],
    gone: ReadonlySet<ResourceState>,
): void {
    const deleted = (resource: ResourceState) => context.preview && gone.has(resource);
    if (context.state.resources.some((resource) => usesDefaultProvider(resource) && !deleted(resource))) {
        return;
    }
    for (const provider of resources.filter(isProvider)) {
        context.steps.push({ ...newStep("delete", provider), old: shownResource(provider, undefined) });
        if (!context.preview) context.state.remove(provider);
    }
}
