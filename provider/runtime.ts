// The entry the serialized provider stub requires inside the dynamic-provider host (package export "./runtime").
// Every resource of a run shares one context per account (resources/context.ts), so one rate limiter and one list
// cache. `bindProvider` is part of the state format: keep its name and meaning stable across versions.
import type { ConfigSource } from "./config";
import { contextFor, toldSecrets } from "./resources/context";
import { providerMethods } from "./resources/provider-methods";
import { definitions } from "./resources/registry";
import { endWhenStderrFails } from "./terminal";

/**
 * A kind's methods for the account `config` names. `secrets`: values a caller knows to be secret beyond those the kind
 * declares (the plugin is told which values arrived secret), kept out of every call's errors as the kind's own are.
 */
export function bindProvider(kind: string, config: ConfigSource | undefined, secrets: readonly string[] = []) {
    endWhenStderrFails();
    const definition = definitions[kind];
    if (!definition) {
        throw new Error(
            `This state holds a shortener resource of kind "${kind}", which this version of pulumi-shortener does not know; ` +
                `install the version that wrote it, or a later one.`,
        );
    }
    return providerMethods(definition, toldSecrets(contextFor(config), secrets));
}
