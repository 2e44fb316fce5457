// What every step of an operation is given, as pkg/resource/deploy/deployment.go Deployment holds it: the host, the
// state, whether anything may change, the run's options, and the list of steps; and how a step's event shows a resource.
import { ProviderHost, ResourceRef } from "../host/provider-host";
import { SnapshotManager } from "../state/snapshot";
import { ResourceState } from "../state/state-file";
import { nameOf } from "../state/urns";
import { StepSlots } from "./step-slots";
import { Targets, UrnTargets } from "./targets";
import { shownProperties, shownValue } from "../values/display-values";
import { ShownResource, StepOp, StepResult } from "../types";
import { ResourceHooks } from "./resource-hooks";

export interface StepContext {
    host: ProviderHost;
    state: SnapshotManager;
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
    return {
        op,
        urn: resource.urn,
        type: resource.type,
        name: nameOf(resource.urn),
        ...(resource.id ? { id: resource.id } : {}),
    };
}

/** A resource as the engine's step events show it; `provider` is the reference of a custom resource's provider. */
export function shownResource(
    resource: ResourceState,
    provider: string | undefined,
    extra: Partial<ShownResource> = {},
): ShownResource {
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
        ...(resource.replacementTrigger !== undefined
            ? { replacementTrigger: shownValue(resource.replacementTrigger) }
            : {}),
        ...extra,
    };
}

export function errorMessage(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
}

/** The provider reference of a step on this resource (a component has none). */
export function providerOf(context: StepContext, resource: Pick<ResourceState, "custom">): { provider?: string } {
    return resource.custom ? { provider: context.providerRef } : {};
}
