// Pulumi keeps a config value set without `--secret` as plain text, in the stack's config file and in the state (as
// the default provider's inputs). The provider process cannot tell: the dynamic-provider host unwraps secrets before
// `configure`. The program can, since the engine tells it which config keys are secret, so the warning is given
// here, once per program run, when the first resource is declared.
import * as log from "@pulumi/pulumi/log";
import * as runtimeConfig from "@pulumi/pulumi/runtime/config";
import { CONFIG_KEYS, ENV_KEYS } from "../config";

export const PLAIN_KEY_WARNING =
    `${CONFIG_KEYS.apiKey} is plain (non-secret) stack config, so Pulumi stores the API key as plain text in the stack's ` +
    `config file and state. Set it again with \`pulumi config set ${CONFIG_KEYS.apiKey} --secret\`, or use the ` +
    `${ENV_KEYS.apiKey} environment variable.`;

/** The SDK's own test of a config key's secrecy (from PULUMI_CONFIG_SECRET_KEYS, which the engine sets); it is marked
 *  internal in the SDK's types, so an SDK without it is taken as unable to tell, and nothing is said. */
const runtime = runtimeConfig as typeof runtimeConfig & { isConfigSecret?: (key: string) => boolean };

let checked = false;

export function warnOnceIfApiKeyIsPlain(): void {
    if (checked || typeof runtime.isConfigSecret !== "function") return;
    checked = true;
    if (runtime.getConfig(CONFIG_KEYS.apiKey) !== undefined && !runtime.isConfigSecret(CONFIG_KEYS.apiKey)) {
        void log.warn(PLAIN_KEY_WARNING);
    }
}
