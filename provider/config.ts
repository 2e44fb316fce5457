// Where the provider finds the service and its credentials: stack config first, then the environment.
// The API key is read at call time inside the provider process and never becomes an input, an output
// or a part of the serialized provider. (Pulumi itself records the whole stack config, secrets encrypted,
// as its default provider's inputs: see docs/configuration.md.)
import { shownBaseUrl } from "./client/redact";

export const CONFIG_KEYS = {
    apiKey: "shortener:apiKey",
    baseUrl: "shortener:baseUrl",
    requestTimeoutMs: "shortener:requestTimeoutMs",
    maxRateLimitWaitMs: "shortener:maxRateLimitWaitMs",
    maxResponseBytes: "shortener:maxResponseBytes",
    maxListPages: "shortener:maxListPages",
} as const;

export const ENV_KEYS = {
    apiKey: "SHORTENER_API_KEY",
    baseUrl: "SHORTENER_BASE_URL",
    requestTimeoutMs: "SHORTENER_REQUEST_TIMEOUT_MS",
    maxRateLimitWaitMs: "SHORTENER_MAX_RATE_LIMIT_WAIT_MS",
    maxResponseBytes: "SHORTENER_MAX_RESPONSE_BYTES",
    maxListPages: "SHORTENER_MAX_LIST_PAGES",
    /** The folder of the QR create journal (provider/resources/create-journal.ts). */
    createJournalDir: "SHORTENER_CREATE_JOURNAL_DIR",
} as const;

/** Anything that answers config look-ups by their fully namespaced key ("shortener:apiKey"). */
export interface ConfigSource {
    get(key: string): string | undefined;
}

export interface Credentials {
    baseUrl: string;
    apiKey: string;
}

/** The bounds on what the service may make the client do; the client's defaults when unset (docs/security.md). */
export interface Bounds {
    /** The longest wait for the service's rate limit before a call fails instead. */
    maxRateLimitWaitMs?: number;
    /** The largest answer read, in bytes. */
    maxResponseBytes?: number;
    /** The most pages a listing may have. */
    maxListPages?: number;
}

export interface Settings extends Credentials, Bounds {
    /** How long one request may take before it counts as lost; the client's default when unset. */
    requestTimeoutMs?: number;
}

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
 * the client will use.
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

export function resolveCredentials(
    config: ConfigSource | undefined,
    env: NodeJS.ProcessEnv = process.env,
    explicit: Partial<Credentials> = {},
): Credentials {
    const { apiKey, baseUrl } = resolveAccount(config, env, explicit);
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
    if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) {
        throw new ConfigurationError(
            `${CONFIG_KEYS.baseUrl} must be an http(s) URL such as https://short.example; got "${shownBaseUrl(baseUrl, [apiKey])}".`,
        );
    }
    return { baseUrl: baseUrl.replace(/\/+$/, ""), apiKey };
}

type Setting = Exclude<keyof Settings, keyof Credentials>;

/** What each numeric setting counts, for its error message. */
const SETTING_UNITS: Record<Setting, string> = {
    requestTimeoutMs: "milliseconds",
    maxRateLimitWaitMs: "milliseconds",
    maxResponseBytes: "bytes",
    maxListPages: "pages",
};

/** Credentials plus the optional request timeout and bounds (config `shortener:<name>`, then the environment; whole numbers). */
export function resolveSettings(
    config: ConfigSource | undefined,
    env: NodeJS.ProcessEnv = process.env,
    explicit: Partial<Credentials> = {},
): Settings {
    const settings: Settings = resolveCredentials(config, env, explicit);
    for (const [name, unit] of Object.entries(SETTING_UNITS) as [Setting, string][]) {
        const raw = firstNonEmpty(config?.get(CONFIG_KEYS[name]), env[ENV_KEYS[name]]);
        if (raw === undefined) continue;
        const value = Number(raw);
        if (!Number.isSafeInteger(value) || value <= 0) {
            throw new ConfigurationError(`${CONFIG_KEYS[name]} must be a positive whole number of ${unit}; got "${raw}".`);
        }
        settings[name] = value;
    }
    return settings;
}
