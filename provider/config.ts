// Where the provider finds the service and its credentials: stack config first, then the environment.
// The API key is read at call time inside the provider process and never becomes an input, an output
// or a part of the serialized provider. (Pulumi itself records the whole stack config, secrets encrypted,
// as its default provider's inputs: see docs/configuration.md.)
import { BOUNDS, SETTING_NAMES, type SettingName } from "./bounds";
import { createShortenerClient, type ShortenerClient, type WaitEvent } from "./client";
import { shownBaseUrl } from "./client/redact";

export const CONFIG_KEYS = {
    apiKey: "shortener:apiKey",
    baseUrl: "shortener:baseUrl",
    ...settingsBy("config"),
};

export const ENV_KEYS = {
    apiKey: "SHORTENER_API_KEY",
    baseUrl: "SHORTENER_BASE_URL",
    ...settingsBy("env"),
    /** The folder of the create journal (provider/resources/create-journal.ts). */
    createJournalDir: "SHORTENER_CREATE_JOURNAL_DIR",
} as const;

/** Each bound that stack config and the environment set, with its config key or its environment variable. */
function settingsBy<Where extends "config" | "env">(
    where: Where,
): { readonly [K in SettingName]: (typeof BOUNDS)[K][Where] } {
    return Object.fromEntries(SETTING_NAMES.map((name) => [name, BOUNDS[name][where]])) as {
        [K in SettingName]: (typeof BOUNDS)[K][Where];
    };
}

/** Anything that answers config look-ups by their fully namespaced key ("shortener:apiKey"). */
export interface ConfigSource {
    get(key: string): string | undefined;
}

export interface Credentials {
    baseUrl: string;
    apiKey: string;
}

/** Credentials plus the bounds stack config and the environment set; the client's defaults (provider/bounds.ts) where unset. */
export type Settings = Credentials & { [K in SettingName]?: number };

export class ConfigurationError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "ConfigurationError";
    }
}

function firstNonEmpty(...values: (string | undefined)[]): string | undefined {
    return values.find((value) => value !== undefined && value.trim() !== "")?.trim();
}

/**
 * The account the provider, the data functions and shortener-import act for, as configured and not yet checked:
 * each of the base URL and the key is the first non-empty of the explicit value, stack config and the environment.
 * An empty config value falls back to the environment, so everything that tells accounts apart sees the account
 * the client will use. Each of them resolves it once, and checks and keys what it found (checkedCredentials,
 * accountKey).
 */
export function resolveAccount(
    config: ConfigSource | undefined,
    env: NodeJS.ProcessEnv = process.env,
    explicit: Partial<Credentials> = {},
): Partial<Credentials> {
    return {
        baseUrl: firstNonEmpty(explicit.baseUrl, config?.get(CONFIG_KEYS.baseUrl), env[ENV_KEYS.baseUrl]),
        apiKey: firstNonEmpty(explicit.apiKey, config?.get(CONFIG_KEYS.apiKey), env[ENV_KEYS.apiKey]),
    };
}

/** The account's credentials, each set, the base URL an http(s) URL: or an error saying how to set what is missing. */
export function checkedCredentials({ apiKey, baseUrl }: Partial<Credentials>): Credentials {
    if (!apiKey) {
        throw new ConfigurationError(
            `No API key for the shortener service: run \`pulumi config set ${CONFIG_KEYS.apiKey} --secret\` ` +
                `or set the ${ENV_KEYS.apiKey} environment variable.`,
        );
    }
    if (!baseUrl) {
        throw new ConfigurationError(
            `No base URL for the shortener service: run \`pulumi config set ${CONFIG_KEYS.baseUrl} https://<your-service>\` ` +
                `or set the ${ENV_KEYS.baseUrl} environment variable.`,
        );
    }
    return { baseUrl: checkedBaseUrl(baseUrl, [apiKey]), apiKey };
}

/** The base URL without trailing slashes, or an error naming its key (with `secrets`, such as the key, redacted). */
export function checkedBaseUrl(baseUrl: string, secrets: readonly string[]): string {
    if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) {
        throw new ConfigurationError(
            `${CONFIG_KEYS.baseUrl} must be an http(s) URL such as https://short.example; got "${shownBaseUrl(baseUrl, secrets)}".`,
        );
    }
    return baseUrl.replace(/\/+$/, "");
}

/** The account's checked credentials plus the bounds set in config (`shortener:<name>`, then the environment). */
export function settingsOf(
    account: Partial<Credentials>,
    config: ConfigSource | undefined,
    env: NodeJS.ProcessEnv = process.env,
): Settings {
    return { ...checkedCredentials(account), ...resolveBounds(config, env) };
}

/** The settings of the account config, the environment and the explicit values name. */
export function resolveSettings(
    config: ConfigSource | undefined,
    env: NodeJS.ProcessEnv = process.env,
    explicit: Partial<Credentials> = {},
): Settings {
    return settingsOf(resolveAccount(config, env, explicit), config, env);
}

/** The API client of these settings: the one place where the settings' names become the client's options. */
export function clientOf(
    { requestTimeoutMs, ...settings }: Settings,
    onWait: (event: WaitEvent) => void,
): ShortenerClient {
    return createShortenerClient({ ...settings, timeoutMs: requestTimeoutMs, onWait });
}

/** The bounds set in config (`shortener:<name>`, then the environment): positive whole numbers, or an error naming the key. */
export function resolveBounds(
    config: ConfigSource | undefined,
    env: NodeJS.ProcessEnv = process.env,
): { [K in SettingName]?: number } {
    const bounds: { [K in SettingName]?: number } = {};
    for (const name of SETTING_NAMES) {
        const { config: key, env: variable, unit } = BOUNDS[name];
        const raw = firstNonEmpty(config?.get(key), env[variable]);
        if (raw === undefined) continue;
        const value = Number(raw);
        if (!Number.isSafeInteger(value) || value <= 0) {
            throw new ConfigurationError(`${key} must be a positive whole number of ${unit}; got "${raw}".`);
        }
        bounds[name] = value;
    }
    return bounds;
}
