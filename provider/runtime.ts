// The entry the serialized provider stub requires inside the dynamic-provider host (package export "./runtime").
// Module state here is shared by every resource of a run: one context, so one rate limiter and one list cache,
// per account. `bindProvider` is part of the state format: keep its name and meaning stable across versions.
import { createHash } from "node:crypto";
import { resolveAccount, type ConfigSource } from "./config";
import { createResourceContext, type ResourceContext } from "./resources/context";
import { providerMethods } from "./resources/lifecycle";
import { definitions } from "./resources/registry";
import { endWhenStderrFails } from "./terminal";

const contexts = new Map<string, ResourceContext>();

export function bindProvider(kind: string, config: ConfigSource | undefined) {
    endWhenStderrFails();
    const definition = definitions[kind];
    if (!definition) {
        throw new Error(
            `This state holds a shortener resource of kind "${kind}", which this version of pulumi-shortener does not know; ` +
                `install the version that wrote it, or a later one.`,
        );
    }
    return providerMethods(definition, contextFor(config));
}

/** The context of the account `config` names, shared by every resource and look-up of the run that acts for it. */
export function contextFor(config: ConfigSource | undefined): ResourceContext {
    const { baseUrl = "", apiKey = "" } = resolveAccount(config);
    const account = `${baseUrl}\n${createHash("sha256").update(apiKey).digest("hex")}`;
    let context = contexts.get(account);
    if (!context) {
        context = createResourceContext(config, process.env, account);
        contexts.set(account, context);
    }
    return context;
}
