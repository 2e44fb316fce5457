import http from "http";
import https from "https";
import { setTimeout as sleep } from "timers/promises";
import fetch from "node-fetch";
import { BOUNDS } from "../bounds";
import { ShortenerApiError } from "./errors";
import { gateFor, RateGate, RateWaitTooLong, SendTicket } from "./rate-gate";
import { redactor } from "./redact";
import { Interpretation, interpretResponse, readRateWindow } from "./response";

export interface WaitEvent {
    reason: "rate-limit" | "retry";
    waitMs: number;
    operation: string;
}

export interface TransportOptions {
    baseUrl: string;
    apiKey: string;
    timeoutMs: number;
    /** How many times a read is sent again after a transient failure. */
    maxRetries: number;
    /** The longest the service may make a call wait for its rate limit; a longer wait fails the call at once. */
    maxRateLimitWaitMs: number;
    /** The largest answer read; a larger one is cut off unread and fails the call without a retry. */
    maxResponseBytes: number;
    onWait?: (event: WaitEvent) => void;
}

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiCall {
    /** Name of the client function, e.g. "domains.create"; every error carries it. */
    operation: string;
    method: HttpMethod;
    /** Starts with /api. */
    path: string;
    query?: Record<string, number | undefined>;
    body?: Record<string, unknown>;
    /** Values that must never reach an error message: a password of the body, or of the operation the call serves. */
    secrets?: readonly string[];
}

const FALLBACK_RETRY_AFTER_MS = 1000;

// No keep-alive: a pooled socket that the server closes just as a write reuses it fails like a lost response,
// and writes are never resent, so each request gets a fresh connection (the rate limit keeps their number small).
const agents = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };
const agentFor = (url: URL) => (url.protocol === "https:" ? agents.https : agents.http);

/** A successful answer: its HTTP status and its JSON body, whose "error" flag said success. */
export interface ApiAnswer {
    status: number;
    body: Record<string, unknown>;
}

/**
 * Sends API calls: authentication, pacing through the shared rate gate, a timeout per attempt, retries of
 * reads, and the turning of every failure into a ShortenerApiError.
 */
export class Transport {
    private readonly baseUrl: string;
    private readonly gate: RateGate;
    /** Removes the API key, in every form, from any text that goes into an error. */
    readonly redact: (text: string) => string;

    constructor(private readonly options: TransportOptions) {
        this.baseUrl = options.baseUrl.replace(/\/+$/, "");
        this.gate = gateFor(this.baseUrl, options.apiKey);
        this.redact = redactor([options.apiKey]);
    }

    async call(call: ApiCall): Promise<ApiAnswer> {
        let failures = 0;
        let refusals = 0;
        for (;;) {
            const result = await this.attempt(call, refusals > 0);
            if (result.outcome === "ok") return { status: result.status, body: result.body };
            if (result.outcome === "rate-limited") {
                refusals++;
                if (refusals >= BOUNDS.maxRateLimitRefusals.default) {
                    throw new ShortenerApiError({
                        operation: call.operation,
                        kind: "rate-limit",
                        reason: `the service refused the request for its rate limit ${refusals} times in a row`,
                        status: 429,
                        retryable: true,
                    });
                }
                continue;
            }
            // A write whose answer was lost may have been applied, so only reads are ever sent twice.
            if (call.method !== "GET" || !result.error.retryable || failures >= this.options.maxRetries)
                throw result.error;
            failures++;
            const waitMs = backoffMs(failures);
            this.notify("retry", waitMs, call.operation);
            await sleep(waitMs);
        }
    }

    private async attempt(call: ApiCall, resend: boolean): Promise<Interpretation> {
        let ticket: SendTicket;
        try {
            ticket = await this.gate.acquire({
                resend,
                onDelay: (waitMs) => this.notify("rate-limit", waitMs, call.operation),
                maxWaitMs: this.options.maxRateLimitWaitMs,
            });
        } catch (refusal) {
            if (!(refusal instanceof RateWaitTooLong)) throw refusal;
            return { outcome: "failed", error: this.waitTooLong(call, refusal.waitMs) };
        }
        const secrets = call.secrets?.filter((secret) => secret !== "") ?? [];
        const withoutSecrets = redactor(secrets);
        const redact = (text: string) => withoutSecrets(this.redact(text));
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
        let status: number;
        let headers: fetch.Headers;
        let text: string;
        try {
            const response = await fetch(this.url(call), {
                method: call.method,
                headers: this.headers(call),
                body: call.body === undefined ? undefined : JSON.stringify(call.body),
                signal: controller.signal,
                agent: agentFor,
            });
            status = response.status;
            headers = response.headers;
            text = await readBounded(response, this.options.maxResponseBytes, controller);
        } catch (cause) {
            this.gate.release(ticket, undefined);
            if (cause instanceof BodyTooLarge) return { outcome: "failed", error: this.tooLarge(call, cause) };
            return { outcome: "failed", error: this.lostResponse(call, cause, controller.signal.aborted, redact) };
        } finally {
            clearTimeout(timer);
        }
        return this.settle(
            call,
            ticket,
            interpretResponse({ operation: call.operation, status, headers, text, redact }),
            headers,
        );
    }

    private waitTooLong(call: ApiCall, waitMs: number): ShortenerApiError {
        const reason =
            `the service asks to wait ${describeWaitMs(waitMs)} for its rate limit, longer than the longest wait allowed ` +
            `(${describeWaitMs(this.options.maxRateLimitWaitMs)}, setting maxRateLimitWaitMs); nothing was sent`;
        // Asking again would only meet the same wait: not retried, by the client or by its callers.
        return new ShortenerApiError({
            operation: call.operation,
            kind: "rate-limit",
            reason,
            status: 429,
            retryable: false,
        });
    }

    private tooLarge(call: ApiCall, cause: BodyTooLarge): ShortenerApiError {
        const size = cause.declaredBytes === undefined ? "" : ` (${cause.declaredBytes} bytes announced)`;
        const reason =
            `HTTP ${cause.status}: the answer is larger than the largest allowed, ${this.options.maxResponseBytes} bytes ` +
            `(setting maxResponseBytes)${size}; it was cut off unread and is not asked for again`;
        return new ShortenerApiError({
            operation: call.operation,
            kind: "bad-response",
            reason,
            status: cause.status,
            retryable: false,
            mayBeApplied: call.method !== "GET",
        });
    }

    private settle(call: ApiCall, ticket: SendTicket, result: Interpretation, headers: fetch.Headers): Interpretation {
        const now = Date.now();
        const report = readRateWindow(headers, now);
        if (result.outcome !== "rate-limited") {
            this.gate.release(ticket, report);
            return result;
        }
        // Retry-After counts from now, so it holds even when the service's clock and ours disagree; the reset header does not.
        const retryAtMs = now + (result.retryAfterMs ?? (report ? report.resetAtMs - now : FALLBACK_RETRY_AFTER_MS));
        this.gate.refused(ticket, report, retryAtMs);
        return result;
    }

    private lostResponse(
        call: ApiCall,
        cause: unknown,
        timedOut: boolean,
        redact: (text: string) => string,
    ): ShortenerApiError {
        const code = redact(describeCause(cause));
        const sent = timedOut || !NOT_SENT.has(code);
        const address = new URL(this.baseUrl).origin;
        const reason = timedOut
            ? `no response within ${this.options.timeoutMs} ms`
            : sent
              ? `the connection to ${address} failed before a response arrived (${code})`
              : `could not connect to ${address} (${code}): the request was not sent`;
        return new ShortenerApiError({
            operation: call.operation,
            kind: timedOut ? "timeout" : "network",
            reason,
            retryable: true,
            mayBeApplied: sent && call.method !== "GET",
        });
    }

    private url(call: ApiCall): string {
        const query = new URLSearchParams();
        for (const [name, value] of Object.entries(call.query ?? {})) {
            if (value !== undefined) query.set(name, String(value));
        }
        const search = query.toString();
        return `${this.baseUrl}${call.path}${search ? `?${search}` : ""}`;
    }

    private headers(call: ApiCall): Record<string, string> {
        const headers: Record<string, string> = {
            Authorization: `Bearer ${this.options.apiKey}`,
            Accept: "application/json",
        };
        if (call.body !== undefined) headers["Content-Type"] = "application/json";
        return headers;
    }

    private notify(reason: WaitEvent["reason"], waitMs: number, operation: string): void {
        try {
            this.options.onWait?.({ reason, waitMs: Math.round(waitMs), operation });
        } catch {
            // The hook only informs; a failing hook must not fail the call or stall the shared gate.
        }
    }
}

/** Exponential backoff with jitter, so that clients that failed together do not come back together. */
function backoffMs(failures: number): number {
    const ceiling = Math.min(BOUNDS.longestRetryWaitMs.default, BOUNDS.firstRetryWaitMs.default * 2 ** (failures - 1));
    return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/**
 * The failures that come before a request leaves this machine: no connection was made (refused, no route, a name
 * that does not resolve) or the service's certificate was refused. A write that failed so cannot have been applied.
 */
const NOT_SENT: ReadonlySet<string> = new Set([
    "ECONNREFUSED",
    "ENOTFOUND",
    "EAI_AGAIN",
    "EHOSTUNREACH",
    "ENETUNREACH",
    "EADDRNOTAVAIL",
    "CERT_HAS_EXPIRED",
    "DEPTH_ZERO_SELF_SIGNED_CERT",
    "SELF_SIGNED_CERT_IN_CHAIN",
    "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
    "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function describeCause(cause: unknown): string {
    if (!(cause instanceof Error)) return String(cause);
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? code : cause.message;
}

/** A wait in the unit a person reads it in. */
export function describeWaitMs(waitMs: number): string {
    return waitMs < 1000 ? `${Math.ceil(waitMs)} ms` : `${Math.ceil(waitMs / 1000)} s`;
}

/** How the provider, the data functions and the import tell the person running them that a call waits. */
export function describeWait(event: WaitEvent): string {
    return `${event.reason === "rate-limit" ? "rate limit reached" : "retrying"}: waiting ${Math.ceil(event.waitMs / 1000)} s before ${event.operation}`;
}

class BodyTooLarge extends Error {
    constructor(
        readonly status: number,
        readonly declaredBytes: number | undefined,
    ) {
        super("the answer is too large");
    }
}

/**
 * The body as text, read as it streams in and abandoned (the connection closed) the moment it passes `maxBytes`,
 * or before it starts when Content-Length already says so: a huge answer is never downloaded, only refused.
 */
async function readBounded(response: fetch.Response, maxBytes: number, controller: AbortController): Promise<string> {
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > maxBytes) {
        controller.abort();
        throw new BodyTooLarge(response.status, declared);
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of response.body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        bytes += buffer.length;
        if (bytes > maxBytes) {
            controller.abort();
            throw new BodyTooLarge(response.status, undefined);
        }
        chunks.push(buffer);
    }
    return Buffer.concat(chunks, bytes).toString("utf8");
}
