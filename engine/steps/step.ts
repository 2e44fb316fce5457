// The steps, as pkg/resource/deploy/step.go has them: each kind is made by the step generator with everything it needs
// and applies itself (Apply): hooks, the provider's call, and the state it leaves. A step does not decide what to do;
// the step generator (step-generator.ts) did, and the step executor (step-executor.ts) runs it and records its event.
import { ResourceInitError } from "../host/provider-host";
import { PendingOperation, ResourceState } from "../state/state-file";
import { createdNow, keptTimes, modifiedNow, readTimes } from "../state/timestamps";
import { propertyDiffs } from "../values/display-values";
import { sameValue, withSecretOutputs } from "../values/property-values";
import { StepResult } from "../types";
import { StepContext, refOf } from "./deployment";
import { Goal } from "./source-eval";
import { HookCall, hookCall, resourceOptionsOf } from "./resource-hooks";

/** What a step applies with: the deployment, and what becomes of what its hooks do after the step succeeded. */
export interface Applying {
    context: StepContext;
    /** deployment.go RecordPostStepError: an after hook failed once its step succeeded, so the deployment fails. */
    recordPostStepError(error: Error): void;
    /** A component this run creates: its after-create hooks wait for its outputs (executeRegisterResourceOutputs). */
    awaitOutputs(urn: string): void;
}

/** Where a step puts the state it made: recorded, or in the place of the resource it replaces. */
export type Place = (state: ResourceState) => void;

/**
 * step_executor.go executeStep: the state a step leaves has its additionalSecretOutputs, and each output whose input is
 * a secret, made secret.
 */
export function settled(resource: ResourceState): ResourceState {
    return {
        ...resource,
        outputs: withSecretOutputs(resource.outputs, resource.inputs, resource.additionalSecretOutputs ?? []),
    };
}

/**
 * backend/snapshot.go doCreate, doUpdate, doDelete, doRead: the operation is in the state's pending operations while
 * the provider works on it (written at once), so that a run killed meanwhile leaves it behind. A preview writes none.
 */
export async function whilePending<T>(
    context: StepContext,
    operation: PendingOperation,
    work: () => Promise<T>,
): Promise<T> {
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

/** SameStep.Apply: the new state (the old one's id and outputs) recorded, its times kept. */
export class SameStep {
    readonly op = "same";
    constructor(
        private readonly applying: Applying,
        private readonly news: ResourceState,
        private readonly old: ResourceState,
    ) {}

    async apply(): Promise<ResourceState> {
        const same = keptTimes(this.news, this.old);
        this.applying.context.state.record(same);
        return same;
    }
}

/**
 * CreateStep.Apply (NewCreateStep, NewCreateReplacementStep): the before-create hooks (whose failure fails the step), the
 * provider's Create (retried as the error hooks ask; none in a preview), then the after-create hooks (whose failure
 * fails the deployment once the created resource is placed in the state). A component's Create calls no provider and
 * its after-create hooks wait for its outputs.
 */
export class CreateStep {
    readonly op = "create";
    constructor(
        private readonly applying: Applying,
        private readonly goal: Goal,
        private readonly place: Place,
    ) {}

    async apply(): Promise<ResourceState> {
        const { hooks, preview, providerRef } = this.applying.context;
        const { goal } = this;
        const newOptions = resourceOptionsOf(goal, providerRef);
        const call = hookCall(goal, { newOptions, newInputs: goal.inputs });
        await hooks.run(goal.resourceHooks, "BeforeCreate", call);
        if (!goal.custom) {
            this.applying.awaitOutputs(goal.urn);
            const component = createdNow({ ...goal, outputs: {} });
            this.place(component);
            return component;
        }
        const created = preview
            ? settled({ ...goal, outputs: goal.inputs })
            : keep(await this.provision(call), this.place);
        const failure = await hooks.runAfter(
            goal.resourceHooks,
            "AfterCreate",
            hookCall(created, { newOptions, newInputs: created.inputs, newOutputs: created.outputs }),
        );
        if (failure) this.applying.recordPostStepError(failure);
        return created;
    }

    /**
     * The provider's Create. One that the provider created but failed to initialise comes back with the error: it
     * exists, so it is kept in the state all the same.
     */
    private async provision(call: HookCall): Promise<Provisioned> {
        const { context } = this.applying;
        const { goal } = this;
        // Written before the provider is called: if the process dies before the answer, the next run finds it.
        try {
            const { id, outputs } = await whilePending(
                context,
                { type: "creating", resource: { ...goal, outputs: {} } },
                () =>
                    context.hooks.retrying(goal.resourceHooks, call, "create", () =>
                        context.host.create(refOf(goal), goal.inputs),
                    ),
            );
            return { created: createdNow(settled({ ...goal, id, outputs })) };
        } catch (error) {
            if (error instanceof ResourceInitError) {
                return {
                    created: createdNow(
                        settled({ ...goal, id: error.id, outputs: error.outputs, initErrors: error.reasons }),
                    ),
                    error,
                };
            }
            return { error };
        }
    }
}

interface Provisioned {
    created?: ResourceState;
    error?: unknown;
}

function keep(provisioned: Provisioned, place: Place): ResourceState {
    if (provisioned.created) {
        place(provisioned.created);
    }
    if (provisioned.error !== undefined || !provisioned.created) {
        throw provisioned.error;
    }
    return provisioned.created;
}

/**
 * UpdateStep.Apply: the goal's hooks run, not the old state's (s.new.ResourceHooks), around the provider's Update,
 * retried as the error hooks ask. An update that fails with init errors (StatusPartialFailure) keeps the old inputs with
 * the outputs the provider answered: the object was not updated with the new inputs (engine/update.go
 * OnResourceStepPost).
 */
export class UpdateStep {
    readonly op = "update";
    constructor(
        private readonly applying: Applying,
        private readonly goal: Goal,
        private readonly old: ResourceState,
    ) {}

    async apply(): Promise<ResourceState> {
        const { hooks, preview, providerRef } = this.applying.context;
        const { goal, old } = this;
        const options = {
            oldOptions: resourceOptionsOf(old, providerRef),
            newOptions: resourceOptionsOf(goal, providerRef),
        };
        const call = hookCall(
            { ...goal, id: old.id },
            { ...options, newInputs: goal.inputs, oldInputs: old.inputs, oldOutputs: old.outputs },
        );
        await hooks.run(goal.resourceHooks, "BeforeUpdate", call);
        const updated = preview
            ? settled({ ...goal, id: old.id, outputs: goal.inputs })
            : await this.providerUpdate(call);
        const failure = await hooks.runAfter(goal.resourceHooks, "AfterUpdate", {
            ...call,
            newOutputs: updated.outputs,
        });
        if (failure) this.applying.recordPostStepError(failure);
        return updated;
    }

    private async providerUpdate(call: HookCall): Promise<ResourceState> {
        const { context } = this.applying;
        const { goal, old } = this;
        try {
            const outputs = await whilePending(
                context,
                { type: "updating", resource: { ...goal, id: old.id, outputs: {} } },
                () =>
                    context.hooks.retrying(goal.resourceHooks, call, "update", () =>
                        context.host.update(refOf(goal), old.id ?? "", old.outputs, goal.inputs, old.inputs),
                    ),
            );
            const updated = modifiedNow(settled({ ...goal, id: old.id, outputs }), old);
            context.state.record(updated);
            return updated;
        } catch (error) {
            if (error instanceof ResourceInitError) {
                const partial = settled({
                    ...goal,
                    id: old.id,
                    inputs: old.inputs,
                    outputs: error.outputs,
                    initErrors: error.reasons,
                });
                context.state.record(modifiedNow(partial, old));
            }
            throw error;
        }
    }
}

/**
 * DeleteStep.Apply (NewDeleteStep, NewDeleteReplacementStep) up to the after-delete hooks: the before-delete hooks run
 * first; a protected resource is refused, unless it is being replaced (the replace checked its protect) or
 * --ignore-protect; a retained or external one, or one whose deletedWith resource is deleted in the same run
 * (isDeletedWith), leaves the state without a Delete call. A deleted resource leaves the state; a replaced one stays,
 * pending replacement, until it is created again. A preview deletes nothing.
 */
export class DeleteStep {
    readonly op = "delete";
    constructor(
        private readonly applying: Pick<Applying, "context">,
        readonly old: ResourceState,
        private readonly otherDeletions: ReadonlySet<string>,
        /** A replaced resource: its replace checked its protect. */
        private readonly replacing: boolean,
        /** A delete-before-replace: the resource stays in the state pending replacement (pendingReplace). */
        private readonly pendingReplace = false,
    ) {}

    async apply(): Promise<void> {
        const { context } = this.applying;
        const { old } = this;
        const call = deleteHookCall(context, old);
        await context.hooks.run(old.resourceHooks, "BeforeDelete", call);
        if (old.protect && !this.replacing && !context.ignoreProtect) {
            throw new ProtectedDelete(old);
        }
        if (context.preview) {
            return;
        }
        const deletedWith = old.deletedWith !== undefined && this.otherDeletions.has(old.deletedWith);
        // A resource deleted for good calls Delete only when it is a custom resource with an id; one a delete-before-replace deletes always.
        const calls = this.pendingReplace || (old.custom && old.id);
        if (calls && !old.retainOnDelete && !old.external && !deletedWith) {
            await providerDelete(context, old, call);
        }
        if (this.pendingReplace) {
            context.state.pendReplacement(old);
        } else {
            context.state.remove(old);
        }
    }

    /** The after-delete hooks, answering their failure: the resource is gone all the same (RecordPostStepError). */
    afterHooks(): Promise<Error | undefined> {
        const { context } = this.applying;
        return context.hooks.runAfter(this.old.resourceHooks, "AfterDelete", deleteHookCall(context, this.old));
    }
}

/** What a delete step's hooks are told: the old state's options, inputs and outputs. */
export function deleteHookCall(context: StepContext, resource: ResourceState): HookCall {
    return hookCall(resource, {
        oldOptions: resourceOptionsOf(resource, context.providerRef),
        oldInputs: resource.inputs,
        oldOutputs: resource.outputs,
    });
}

/** The provider's Delete, retried as the resource's error hooks ask (DeleteStep.Apply). */
async function providerDelete(context: StepContext, resource: ResourceState, call: HookCall): Promise<void> {
    await whilePending(context, { type: "deleting", resource }, () =>
        context.hooks.retrying(resource.resourceHooks, call, "delete", () =>
            context.host.delete(refOf(resource), resource.id ?? "", resource.outputs, resource.inputs),
        ),
    );
}

/** step.go, deleteProtectedError. */
export class ProtectedDelete extends Error {
    constructor(resource: ResourceState) {
        super(
            `resource "${resource.urn}" cannot be deleted because it is protected; remove the protect option from the resource ` +
                "in the program and run up first",
        );
    }
}

/**
 * ReadStep.Apply (`Kind.get(name, id)`): the engine sends the inputs as the state and the inputs, and takes whatever the
 * provider answers as the resource's state, keeping the id it asked for when the answer has none: the dynamic host
 * answers an object it cannot find with id "" and properties `{__provider}`, and that is a success. A provider that
 * wants `.get()` of a missing id to fail must throw itself. The resource is External: the stack records it but does not
 * own it, so leaving the stack never deletes it, and a refresh diffs only its outputs (RefreshStep.Apply). A preview
 * reads too, and records nothing.
 */
export class ReadStep {
    readonly op = "read";
    constructor(
        private readonly applying: Applying,
        private readonly goal: Goal,
        private readonly id: string,
        private readonly old: ResourceState | undefined,
        private readonly place: Place,
    ) {}

    async apply(): Promise<ResourceState> {
        const { context } = this.applying;
        const { goal, id } = this;
        const reading = { ...goal, id, outputs: {}, external: true };
        const found = await whilePending(context, { type: "reading", resource: reading }, () =>
            context.host.read(refOf(goal), id, goal.inputs, goal.inputs),
        );
        const read = readTimes(settled({ ...reading, id: found.id || id, outputs: found.outputs }), this.old);
        if (!context.preview) {
            this.place(read);
        }
        return read;
    }
}

/**
 * ImportStep.Apply: Read with the id alone (no inputs, no state); an id the provider does not find, or a read without
 * inputs, fails the import. What was read is placed in the state, and becomes the old state the program's inputs are compared
 * with. A preview reads too, as the engine does.
 */
export class ImportStep {
    readonly op = "import";
    constructor(
        private readonly applying: Applying,
        private readonly goal: Goal,
        private readonly id: string,
        private readonly place: Place,
    ) {}

    async apply(): Promise<ResourceState> {
        const { context } = this.applying;
        const found = await context.host.read(refOf(this.goal), this.id, {}, {});
        if (!found.id) {
            throw new Error(`resource '${this.id}' does not exist`);
        }
        if (!found.inputs) {
            throw new Error(
                "provider does not support importing resources; please try updating the 'pulumi-nodejs' plugin",
            );
        }
        const imported = createdNow(
            settled({ ...this.goal, id: found.id, inputs: found.inputs, outputs: found.outputs }),
        );
        this.place(imported);
        return imported;
    }
}

/**
 * RefreshStep.Apply: the resource read back from the provider; an empty id means it is gone, and it leaves the state.
 * Whether it shows as changed (its event's op) is the provider's Diff of what was read (showsAsChanged). Without a goal
 * (a refresh of the state) the read takes the resource's place, its init errors replaced by the read's (a successful
 * read has none); with the program's goal (`--run-program`) what was read is the goal with the read's id, inputs and
 * outputs, which the caller records. The step's event is the record it updates.
 */
export class RefreshStep {
    constructor(
        private readonly applying: Pick<Applying, "context">,
        private readonly event: StepResult,
        private readonly old: ResourceState,
        private readonly goal?: Goal,
    ) {}

    async apply(): Promise<ResourceState | undefined> {
        const { context } = this.applying;
        const { old, event } = this;
        const read = await context.host.read(refOf(this.goal ?? old), old.id ?? "", old.outputs, old.inputs);
        if (!read.id) {
            event.op = "read-gone";
            context.state.remove(old);
            return undefined;
        }
        const fromRead = { id: read.id, outputs: read.outputs, inputs: read.inputs ?? old.inputs };
        const { initErrors: _oldInitErrors, ...kept } = old;
        const refreshed = this.goal ? { ...this.goal, ...fromRead } : readTimes({ ...kept, ...fromRead }, old);
        if (await showsAsChanged(context, old, refreshed)) {
            event.op = "refresh";
            event.diffs = propertyDiffs(old.outputs, read.outputs);
        }
        if (!this.goal) {
            context.state.swap(old, refreshed);
        }
        return refreshed;
    }
}

/**
 * RefreshStep.ResultOp: the provider's Diff of the refreshed state against the old inputs; an external resource (read
 * by `Kind.get`) is not diffed, only its outputs compared (RefreshStep.Apply: "External resource; diffing outputs only").
 */
export async function showsAsChanged(
    context: StepContext,
    old: ResourceState,
    refreshed: ResourceState,
): Promise<boolean> {
    if (old.external) {
        return !sameValue(old.outputs, refreshed.outputs);
    }
    const diff = await context.host.diff(
        refOf(old),
        refreshed.id ?? "",
        refreshed.outputs,
        old.inputs,
        refreshed.inputs,
    );
    // DiffUnknown: the engine compares the inputs itself.
    return diff.changes === "some" || (diff.changes === "unknown" && !sameValue(refreshed.inputs, old.inputs));
}
