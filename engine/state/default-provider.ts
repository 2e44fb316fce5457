// The default provider of dynamic resources, as the engine records it: a resource
// `pulumi:providers:pulumi-nodejs::default` whose inputs are the whole stack config, namespaced, secrets kept secret
// (pkg/resource/deploy/target.go, GetPackageConfig: "For dynamic providers, we always pass the full configuration").
// refresh and destroy configure the provider from these recorded inputs (the old provider state), not from the current
// config, unless the program runs (--run-program); an up, or a refresh or destroy with --run-program, records the
// current config again once the provider is configured, even when the run fails afterwards. A state without it (as the
// engine double wrote before 0.2.0) gets one made from the current config, as the engine's addDefaultProviders
// (pkg/resource/deploy/deployment.go) does for old snapshots.
import { randomUUID } from "crypto";
import { StackConfig } from "./project";
import { ResourceState } from "./state-file";
import { isSecretWrapper, markSecrets, sameValue, withoutSecrets } from "../values/property-values";
import { createdNow, keptTimes, modifiedNow } from "./timestamps";
import { nameOf, qualifiedTypeOf } from "./urns";

export const DEFAULT_PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";
const DYNAMIC_TYPE_PREFIX = "pulumi-nodejs:dynamic";

export function isProvider(resource: Pick<ResourceState, "type">): boolean {
    return resource.type.startsWith("pulumi:providers:");
}

/**
 * sdk/go/common/providers/reference.go IsDefaultProvider: a provider resource whose name starts with "default" (the
 * name is "default" or "default_<version>").
 */
export function isDefaultProvider(urn: string): boolean {
    return isProvider({ type: qualifiedTypeOf(urn) }) && nameOf(urn).startsWith("default");
}

/**
 * The steps the display shows and the change summary counts: all but the default provider's, whose events are internal
 * (update.go isInternalStep: isDefaultProviderStep). ShowEvents drops internal events after the event log took them
 * (pkg/backend/display/display.go), so the diff display, `preview --json`, the summary and --expect-no-changes
 * (HasChanges) leave them out.
 */
export function shownSteps<T extends { urn: string }>(steps: readonly T[]): T[] {
    return steps.filter((step) => !isDefaultProvider(step.urn));
}

export function usesDefaultProvider(resource: Pick<ResourceState, "type" | "custom">): boolean {
    return resource.custom && resource.type.startsWith(DYNAMIC_TYPE_PREFIX);
}

export function defaultProviderUrn(project: string, stack: string): string {
    return `urn:pulumi:${stack}::${project}::${DEFAULT_PROVIDER_TYPE}::default`;
}

export function recordedProvider(resources: readonly ResourceState[], urn: string): ResourceState | undefined {
    return resources.find((resource) => resource.urn === urn && !resource.pendingDelete);
}

/**
 * The provider's resource with these config values as its inputs; it keeps its id while it exists, and its times: a
 * new one is created, one whose config changed updated, one whose config is the same kept (step.go).
 */
export function providerState(urn: string, config: StackConfig, existing?: ResourceState): ResourceState {
    const provider: ResourceState = {
        urn,
        type: DEFAULT_PROVIDER_TYPE,
        custom: true,
        id: existing?.id ?? randomUUID(),
        dependencies: [],
        inputs: markSecrets(config.values, config.secretKeys),
        outputs: markSecrets(config.values, config.secretKeys),
    };
    if (!existing) {
        return createdNow(provider);
    }
    return sameValue(existing.inputs, provider.inputs)
        ? keptTimes(provider, existing)
        : modifiedNow(provider, existing);
}

/** The config a provider resource was configured with. */
export function configOf(provider: ResourceState): StackConfig {
    const entries = Object.entries(provider.inputs);
    const values = Object.fromEntries(entries.map(([key, value]) => [key, String(withoutSecrets(value))]));
    return {
        values,
        secretKeys: entries.filter(([, value]) => isSecretWrapper(value)).map(([key]) => key),
        warnings: [],
    };
}
