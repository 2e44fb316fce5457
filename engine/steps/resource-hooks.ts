// Resource hooks and error hooks: functions of the program that the engine calls back around a step's provider call.
// The program registers each by name (source_eval.go RegisterResourceHook, RegisterErrorHook: resource_hooks.go
// ResourceHooks); a registration binds names to a hook type, and the state keeps the names (resource.State
// ResourceHooks), so that a resource the program no longer declares is deleted with its delete hooks. Running them
// follows deployment.go RunHooks and RunErrorHooks; the retries of a failed provider call, retries.go withRetries.
import * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { PropertyMap } from "../values/property-values";
import { ResourceState } from "../state/state-file";
import { nameOf } from "../state/urns";

export const HOOK_TYPES = [
    "BeforeCreate",
    "AfterCreate",
    "BeforeUpdate",
    "AfterUpdate",
    "BeforeDelete",
    "AfterDelete",
    "OnError",
] as const;
export type HookType = (typeof HOOK_TYPES)[number];
/** The hook names bound to a resource, by type (resource.State ResourceHooks). */
export type HookBindings = Partial<Record<HookType, string[]>>;

/** What a hook is told of the resource (ResourceHookRequest, ErrorHookRequest). */
export interface HookCall {
    urn: string;
    id: string;
    name: string;
    type: string;
    oldOptions?: resproto.ResourceOptions;
    newOptions?: resproto.ResourceOptions;
    newInputs?: PropertyMap;
    oldInputs?: PropertyMap;
    newOutputs?: PropertyMap;
    oldOutputs?: PropertyMap;
}

export interface ResourceHook {
    name: string;
    /** Rejects with the hook's error. */
    callback: (call: HookCall) => Promise<void>;
    onDryRun: boolean;
    ignoreErrors: boolean;
}

export interface ErrorHook {
    name: string;
    /** Whether the hook asks for the operation to be retried. */
    callback: (call: HookCall, failedOperation: string, errors: string[]) => Promise<boolean>;
}

/** What the program may do with the registry. */
export type HookRegistrar = Pick<ResourceHooks, "registerResourceHook" | "registerErrorHook">;

/** retries.go maxErrorHookRetries: the provider is called at most this many times for one step. */
export const MAX_ERROR_HOOK_RETRIES = 100;

export type Diagnose = (severity: "warning" | "error", urn: string, message: string) => void;

export class ResourceHooks {
    private readonly resourceHooks = new Map<string, ResourceHook>();
    private readonly errorHooks = new Map<string, ErrorHook>();

    constructor(
        private readonly dryRun: boolean,
        private readonly diagnose: Diagnose,
    ) {}

    /** resource_hooks.go RegisterResourceHook: one name, one hook of either kind. */
    registerResourceHook(hook: ResourceHook): void {
        this.checkNew(hook.name);
        this.resourceHooks.set(hook.name, hook);
    }

    /** resource_hooks.go RegisterErrorHook. */
    registerErrorHook(hook: ErrorHook): void {
        this.checkNew(hook.name);
        this.errorHooks.set(hook.name, hook);
    }

    /**
     * deployment.go RunHooks: each hook in turn (in a preview only those registered onDryRun); a failure fails the
     * step, or, for a hook registered ignoreErrors, is a warning.
     */
    async run(bindings: HookBindings | undefined, type: HookType, call: HookCall): Promise<void> {
        for (const name of bindings?.[type] ?? []) {
            const hook = this.resourceHooks.get(name);
            if (!hook) {
                throw new Error(`hook "${name}" was not registered`);
            }
            if (this.dryRun && !hook.onDryRun) {
                continue;
            }
            try {
                await hook.callback(call);
            } catch (error) {
                if (hook.ignoreErrors) {
                    this.diagnose("warning", call.urn, `${type} hook "${name}" failed: ${messageOf(error)}`);
                    continue;
                }
                throw new Error(
                    `${type.startsWith("Before") ? "before" : "after"} hook "${name}" failed: ${messageOf(error)}`,
                    { cause: error },
                );
            }
        }
    }

    /**
     * An after hook (step.go CreateStep, UpdateStep and DeleteStep Apply): the step itself succeeded, so a failure is
     * an error diagnostic of the resource and fails the deployment (RecordPostStepError), which the caller is given.
     */
    async runAfter(bindings: HookBindings | undefined, type: HookType, call: HookCall): Promise<Error | undefined> {
        try {
            await this.run(bindings, type, call);
            return undefined;
        } catch (error) {
            this.diagnose("error", call.urn, messageOf(error));
            return error as Error;
        }
    }

    /**
     * retries.go withRetries with the resource's error hooks deciding (the Apply of CreateStep, UpdateStep and
     * DeleteStep): after each failure, the failures so far, newest first, go to every error hook; the operation is
     * tried again if any asks for it, at most MAX_ERROR_HOOK_RETRIES times in all.
     */
    async retrying<T>(
        bindings: HookBindings | undefined,
        call: HookCall,
        failedOperation: "create" | "update" | "delete",
        operation: () => Promise<T>,
    ): Promise<T> {
        const failures: string[] = [];
        for (;;) {
            try {
                return await operation();
            } catch (error) {
                failures.unshift(messageOf(error));
                if (failures.length >= MAX_ERROR_HOOK_RETRIES) {
                    this.diagnose(
                        "warning",
                        call.urn,
                        `maximum number of error hook retries (${MAX_ERROR_HOOK_RETRIES}) reached`,
                    );
                    throw new Error("maximum number of error hook retries reached", { cause: error });
                }
                if (!(await this.shouldRetry(bindings, call, failedOperation, failures))) {
                    throw error;
                }
                this.diagnose(
                    "warning",
                    call.urn,
                    `retrying ${failedOperation} due to on-error hook request (${failures.length}/${MAX_ERROR_HOOK_RETRIES})`,
                );
            }
        }
    }

    /** deployment.go RunErrorHooks: every hook is called; any asking for a retry gets one. */
    private async shouldRetry(
        bindings: HookBindings | undefined,
        call: HookCall,
        failedOperation: string,
        failures: string[],
    ): Promise<boolean> {
        let retry = false;
        for (const name of bindings?.OnError ?? []) {
            const hook = this.errorHooks.get(name);
            if (!hook) {
                throw new Error(`error hooks execution failed: error hook "${name}" was not registered`);
            }
            try {
                retry = (await hook.callback(call, failedOperation, [...failures])) || retry;
            } catch (error) {
                throw new Error(`error hooks execution failed: error hook "${name}" failed: ${messageOf(error)}`, {
                    cause: error,
                });
            }
        }
        return retry;
    }

    private checkNew(name: string): void {
        if (name === "") {
            throw new Error("resource hook name cannot be empty");
        }
        if (this.resourceHooks.has(name) || this.errorHooks.has(name)) {
            throw new Error(`resource hook already registered for name "${name}"`);
        }
    }
}

/** The delete hooks bound to the resources, by URN (destroy.go getDeleteHooks). */
export function deleteHooksOf(resources: readonly ResourceState[]): Map<string, string[]> {
    const hooks = new Map<string, string[]>();
    for (const resource of resources) {
        const names = [...(resource.resourceHooks?.BeforeDelete ?? []), ...(resource.resourceHooks?.AfterDelete ?? [])];
        if (names.length > 0) hooks.set(resource.urn, names);
    }
    return hooks;
}

/** The hook bindings of a registration's options, by type; undefined when there are none. */
export function bindingsOf(
    binding: resproto.RegisterResourceRequest.ResourceHooksBinding | undefined,
): HookBindings | undefined {
    if (!binding) return undefined;
    const lists: Record<HookType, string[]> = {
        BeforeCreate: binding.getBeforeCreateList(),
        AfterCreate: binding.getAfterCreateList(),
        BeforeUpdate: binding.getBeforeUpdateList(),
        AfterUpdate: binding.getAfterUpdateList(),
        BeforeDelete: binding.getBeforeDeleteList(),
        AfterDelete: binding.getAfterDeleteList(),
        OnError: binding.getOnErrorList(),
    };
    const given = Object.entries(lists).filter(([, names]) => names.length > 0);
    return given.length > 0 ? Object.fromEntries(given) : undefined;
}

/**
 * resource_options.go resourceOptionsFromState: the options a hook is told of, from a resource's state (the double
 * records no aliases, custom timeouts, import id or hidden diffs in it, so none are told).
 */
export function resourceOptionsOf(
    state: Omit<ResourceState, "id" | "outputs">,
    provider: string,
): resproto.ResourceOptions {
    const hooks = state.resourceHooks;
    const options = new resproto.ResourceOptions()
        .setDependsOnList(state.dependencies)
        .setIgnoreChangesList(state.ignoreChanges ?? [])
        .setReplaceOnChangesList(state.replaceOnChanges ?? [])
        .setProvider(state.custom ? provider : "")
        .setDeletedWith(state.deletedWith ?? "")
        .setParent(state.parent ?? "")
        .setAdditionalSecretOutputsList(state.additionalSecretOutputs ?? [])
        .setProtect(state.protect === true)
        .setRetainOnDelete(state.retainOnDelete === true);
    if (hooks) {
        const binding = new resproto.RegisterResourceRequest.ResourceHooksBinding()
            .setBeforeCreateList(hooks.BeforeCreate ?? [])
            .setAfterCreateList(hooks.AfterCreate ?? [])
            .setBeforeUpdateList(hooks.BeforeUpdate ?? [])
            .setAfterUpdateList(hooks.AfterUpdate ?? [])
            .setBeforeDeleteList(hooks.BeforeDelete ?? [])
            .setAfterDeleteList(hooks.AfterDelete ?? [])
            .setOnErrorList(hooks.OnError ?? []);
        options.setHooks(binding);
    }
    return options;
}

/** A hook's call about a resource: its URN, id, name and type, and what the step adds. */
export function hookCall(
    state: Pick<ResourceState, "urn" | "type" | "id">,
    extra: Omit<HookCall, "urn" | "id" | "name" | "type">,
): HookCall {
    return { urn: state.urn, id: state.id ?? "", name: nameOf(state.urn), type: state.type, ...extra };
}

function messageOf(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}
