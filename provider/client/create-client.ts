// The client made from its config: the base URL and the key checked, and each bound as given or its default, within
// the range the bounds table (provider/bounds.ts) allows; a config out of range is a validation error naming the
// option, before anything is sent.
import { BOUNDS } from "../bounds";
import { clientOver } from "./api";
import { Endpoints } from "./endpoints";
import { ShortenerApiError } from "./errors";
import { shownBaseUrl } from "./redact";
import type { ShortenerClient } from "./shortener-client";
import { Transport, type WaitEvent } from "./transport";

export interface ClientConfig {
    baseUrl: string;
    apiKey: string;
    // Each bound's default and range are in provider/bounds.ts (CLIENT_BOUNDS names which).
    /** Per attempt. */
    timeoutMs?: number;
    /** How many times a read is sent again after a 5xx, a dropped connection or a timeout. */
    maxRetries?: number;
    /** The longest wait for the service's rate limit before the call fails instead. */
    maxRateLimitWaitMs?: number;
    /** The largest answer read, in bytes. */
    maxResponseBytes?: number;
    /** The most pages a listing may have. */
    maxListPages?: number;
    /** The most bytes the items of one listing may hold, as JSON. */
    maxListingBytes?: number;
    onWait?: (event: WaitEvent) => void;
}

/** The bound each of the client's options sets, in the order they are checked. */
const CLIENT_BOUNDS = {
    timeoutMs: "requestTimeoutMs",
    maxRetries: "maxRetries",
    maxRateLimitWaitMs: "maxRateLimitWaitMs",
    maxResponseBytes: "maxResponseBytes",
    maxListPages: "maxListPages",
    maxListingBytes: "maxListingBytes",
} as const;

export function createShortenerClient(config: ClientConfig): ShortenerClient {
    const baseUrl = checkBaseUrl(config.baseUrl, config.apiKey);
    const apiKey = checkApiKey(config.apiKey);
    const { maxListPages, maxListingBytes, ...transportBounds } = checkedBounds(config);
    const api = new Endpoints(
        new Transport({ baseUrl, apiKey, ...transportBounds, onWait: config.onWait }),
        { maxPages: maxListPages, maxBytes: maxListingBytes },
        [],
    );
    return clientOver(api);
}

/** Each of the client's bounds as given, or its default, within the range the bounds table allows. */
function checkedBounds(config: ClientConfig): Record<keyof typeof CLIENT_BOUNDS, number> {
    const checked = Object.entries(CLIENT_BOUNDS).map(([field, name]) => {
        const bound = BOUNDS[name];
        const given = config[field as keyof typeof CLIENT_BOUNDS];
        return [
            field,
            checkCount(field, given ?? bound.default, bound.lowest, "highest" in bound ? bound.highest : undefined),
        ];
    });
    return Object.fromEntries(checked) as Record<keyof typeof CLIENT_BOUNDS, number>;
}

function checkBaseUrl(baseUrl: string, apiKey: string): string {
    if (typeof baseUrl === "string" && /^https?:\/\/[^\s/]+/i.test(baseUrl)) return baseUrl;
    const shown =
        typeof baseUrl === "string"
            ? JSON.stringify(
                  shownBaseUrl(
                      baseUrl,
                      [apiKey].filter((key) => typeof key === "string"),
                  ),
              )
            : typeof baseUrl;
    throw configError(`baseUrl must be an http(s) URL such as https://short.example, got ${shown}`);
}

function checkApiKey(apiKey: string): string {
    if (typeof apiKey === "string" && apiKey.trim() !== "") return apiKey;
    throw configError("apiKey is missing or empty");
}

function checkCount(field: string, value: number, minimum: number, maximum = Number.MAX_SAFE_INTEGER): number {
    if (Number.isSafeInteger(value) && value >= minimum && value <= maximum) return value;
    const range = maximum === Number.MAX_SAFE_INTEGER ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`;
    throw configError(`${field} must be an integer ${range}, got ${JSON.stringify(value)}`);
}

function configError(reason: string): ShortenerApiError {
    return new ShortenerApiError({ operation: "createShortenerClient", kind: "validation", reason, retryable: false });
}
