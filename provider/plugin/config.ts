// The plugin's config: what the engine sends to CheckConfig, DiffConfig and Configure (the stack's `shortener:*`
// config for the default provider, or an explicit provider's inputs), read into the ConfigSource the dynamic
// resources read Pulumi's stack config through. So both doors resolve the account, the key and the bounds alike
// (config.ts), the environment included.
import { checkedBaseUrl, ConfigurationError, resolveBounds, type ConfigSource } from "../config";
import { closestName, didYouMean } from "../../common/text/suggest";
import type { Failure, Props } from "../resources/lifecycle";
import { PACKAGE_NAME } from "../resources/type-token";
import { configName } from "../schema";

/** The config the schema declares, by name within the package (`apiKey`). */
export type ConfigNames = readonly string[];

/** Inputs the engine itself may add to a provider's (the plugin's version, where to download it). */
const ENGINE_INPUTS = ["version", "pluginDownloadURL"];

/** The provider's inputs, plain, as the ConfigSource of `shortener:<name>` keys. */
export function configSource(inputs: Props): ConfigSource {
    return {
        get(key) {
            const value = inputs[configName(key)];
            if (value === undefined || value === null) return undefined;
            return typeof value === "string" ? value : JSON.stringify(value);
        },
    };
}

/**
 * What is wrong with the provider's inputs, each named by its `shortener:` key: a key the package does not have (with
 * the nearest it has), a bound that is not a positive whole number, a base URL that is not an http(s) URL. The key and
 * the URL may still come from the environment when the provider runs, so neither is required here.
 */
export function configFailures(inputs: Props, names: ConfigNames): Failure[] {
    const unknown = Object.keys(inputs).filter((key) => !names.includes(key) && !ENGINE_INPUTS.includes(key));
    const failures: Failure[] = unknown.map((key) => ({
        property: key,
        reason: `${PACKAGE_NAME}:${key} is not a setting of the shortener provider${didYouMean(closestName(key, names), " (did you mean", "?)")}`,
    }));
    const source = configSource(inputs);
    try {
        resolveBounds(source, {});
        const baseUrl = source.get(`${PACKAGE_NAME}:baseUrl`);
        const apiKey = source.get(`${PACKAGE_NAME}:apiKey`);
        if (baseUrl !== undefined) checkedBaseUrl(baseUrl, apiKey === undefined ? [] : [apiKey]);
    } catch (error) {
        if (!(error instanceof ConfigurationError)) throw error;
        const key = /^shortener:(\w+)/.exec(error.message)?.[1] ?? "baseUrl";
        failures.push({ property: key, reason: error.message });
    }
    return failures;
}
