import { BOUNDS } from "../bounds";
import { ShortenerApiError } from "./errors";
import { RateWindowReport } from "./rate-gate";

/** The part of a fetch Headers object this module reads. */
export interface HeaderSource {
    get(name: string): string | null;
}

export type Interpretation =
    | { outcome: "ok"; status: number; body: Record<string, unknown> }
    | { outcome: "rate-limited"; retryAfterMs: number | undefined }
    | { outcome: "failed"; error: ShortenerApiError };

/** Everything interpretResponse needs to know about one answer. */
export interface Answer {
    operation: string;
    status: number;
    headers: HeaderSource;
    text: string;
    /** Removes secrets from any text the service sent back before it goes into an error. */
    redact: (text: string) => string;
}

// The service reports success and failure in the body with several spellings of the same flag.
const SUCCESS_FLAGS: unknown[] = [0, "0", false];
const FAILURE_FLAGS: unknown[] = [1, "1", true];
const RATE_LIMIT_FLAGS: unknown[] = [429, "429"];
const NOT_FOUND_MESSAGE = /does not exist|not found/i;

export function interpretResponse(answer: Answer): Interpretation {
    const { operation, status, headers, text, redact } = answer;
    const json = parseJson(text);
    const body = isRecord(json) ? json : undefined;
    if (status === 429 || RATE_LIMIT_FLAGS.includes(body?.error)) {
        return {
            outcome: "rate-limited",
            retryAfterMs: readRetryAfterMs(body?.["Retry-After"] ?? headers.get("retry-after")),
        };
    }
    const serviceMessage = typeof body?.message === "string" ? cut(redact(body.message)) : undefined;
    const said = serviceMessage ? `: ${serviceMessage}` : "";
    const fail = (kind: ShortenerApiError["kind"], reason: string, retryable: boolean): Interpretation => ({
        outcome: "failed",
        error: new ShortenerApiError({ operation, kind, reason, status, serviceMessage, retryable }),
    });

    if (status === 401 || status === 403)
        return fail("auth", `the service refused the API key (HTTP ${status}${said})`, false);
    if (status >= 500) return fail("server", `the service failed with HTTP ${status}${said}`, true);
    if (text.trim() === "") return fail("bad-response", `HTTP ${status} with an empty body instead of JSON`, false);
    if (json === undefined) {
        const what = /^\s*</.test(text) ? "an HTML page" : "a body that is not JSON";
        const hint = status === 404 || status === 405 ? " (is the base URL that of the service's API?)" : "";
        return fail("bad-response", `HTTP ${status} with ${what} instead of JSON${hint}`, false);
    }
    if (!body) return fail("bad-response", `HTTP ${status} with JSON that is not an object`, false);
    if (FAILURE_FLAGS.includes(body.error)) {
        const notFound = serviceMessage !== undefined && NOT_FOUND_MESSAGE.test(serviceMessage);
        return fail(
            notFound ? "not-found" : "validation",
            `the service rejected the request${said || " without a message"}`,
            false,
        );
    }
    if (SUCCESS_FLAGS.includes(body.error) && status >= 200 && status < 300) return { outcome: "ok", status, body };
    return fail(
        "bad-response",
        `HTTP ${status} whose "error" field is ${JSON.stringify(body.error) ?? "missing"}, neither success nor failure`,
        false,
    );
}

/** The X-RateLimit-* headers as a window report, or undefined when any of them is missing or unreadable. */
export function readRateWindow(headers: HeaderSource, now: number): RateWindowReport | undefined {
    const limit = readInteger(headers.get("x-ratelimit-limit"));
    const remaining = readInteger(headers.get("x-ratelimit-remaining"));
    const reset = readInteger(headers.get("x-ratelimit-reset"));
    if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
    return { limit, remaining, resetAtMs: resetToEpochMs(reset, now) };
}

// The documented form is absolute Unix seconds; milliseconds and a relative count of seconds are read too,
// because the spec leaves the format open and a misread would stall the client for years or not at all.
function resetToEpochMs(reset: number, now: number): number {
    if (reset >= 1e11) return reset;
    if (reset >= 1e9) return reset * 1000;
    return now + reset * 1000;
}

function readRetryAfterMs(value: unknown): number | undefined {
    if (typeof value === "number" && Number.isFinite(value)) return Math.max(0, value * 1000);
    if (typeof value !== "string" || value.trim() === "") return undefined;
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(value);
    return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function readInteger(value: string | null): number | undefined {
    if (value === null || !/^\s*-?\d+\s*$/.test(value)) return undefined;
    return Number(value);
}

// A message is for a person; a service that sends megabytes of it (an echoed request) is cut, after redaction.
function cut(message: string): string {
    const max = BOUNDS.maxServiceMessageChars.default;
    return message.length <= max ? message : `${message.slice(0, max)}... (${message.length} characters)`;
}

function parseJson(text: string): unknown {
    try {
        return JSON.parse(text);
    } catch {
        return undefined;
    }
}

function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
