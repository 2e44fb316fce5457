import http from "http";
import https from "https";
import { setTimeout as sleep } from "timers/promises";
import fetch from "node-fetch";
import { ShortenerApiError } from "./errors";
import { gateFor, RateGate, SendTicket } from "./rate-gate";
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
    /** Values of the body that must never reach an error message (passwords). */
    secrets?: string[];
}

// A refused request was not applied, so resending is safe; this only bounds a service that never lets us through.
const MAX_RATE_LIMIT_REFUSALS = 20;
const RETRY_BASE_MS = 250;
const RETRY_CAP_MS = 8000;
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

    constructor(private readonly options: TransportOptions) {
        this.baseUrl = options.baseUrl.replace(/\/+$/, "");
        this.gate = gateFor(this.baseUrl, options.apiKey);
    }

    async call(call: ApiCall): Promise<ApiAnswer> {
        let failures = 0;
        let refusals = 0;
        for (;;) {
            const result = await this.attempt(call, refusals > 0);
            if (result.outcome === "ok") return { status: result.status, body: result.body };
            if (result.outcome === "rate-limited") {
                refusals++;
                if (refusals >= MAX_RATE_LIMIT_REFUSALS) {
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
            if (call.method !== "GET" || !result.error.retryable || failures >= this.options.maxRetries) throw result.error;
            failures++;
            const waitMs = backoffMs(failures);
            this.notify("retry", waitMs, call.operation);
            await sleep(waitMs);
        }
    }

    private async attempt(call: ApiCall, resend: boolean): Promise<Interpretation> {
        const ticket = await this.gate.acquire({ resend, onDelay: (waitMs) => this.notify("rate-limit", waitMs, call.operation) });
        const redact = redactor([this.options.apiKey, ...(call.secrets ?? [])]);
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
            text = await response.text();
        } catch (cause) {
            this.gate.release(ticket, undefined);
            return { outcome: "failed", error: this.lostResponse(call, cause, controller.signal.aborted, redact) };
        } finally {
            clearTimeout(timer);
        }
        return this.settle(call, ticket, interpretResponse({ operation: call.operation, status, headers, text, redact }), headers);
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

    private lostResponse(call: ApiCall, cause: unknown, timedOut: boolean, redact: (text: string) => string): ShortenerApiError {
        const mayBeApplied = call.method === "GET" ? "" : "; the change may have been applied, check before repeating it";
        const reason = timedOut
            ? `no response within ${this.options.timeoutMs} ms${mayBeApplied}`
            : `the connection failed before a response arrived (${redact(describeCause(cause))})${mayBeApplied}`;
        return new ShortenerApiError({ operation: call.operation, kind: timedOut ? "timeout" : "network", reason, retryable: true });
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
        const headers: Record<string, string> = { Authorization: `Bearer ${this.options.apiKey}`, Accept: "application/json" };
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
    const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (failures - 1));
    return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

function describeCause(cause: unknown): string {
    if (!(cause instanceof Error)) return String(cause);
    const code = (cause as { code?: unknown }).code;
    return typeof code === "string" ? code : cause.message;
}

function redactor(secrets: string[]): (text: string) => string {
    const present = secrets.filter((secret) => secret !== "");
    return (text) => present.reduce((clean, secret) => clean.split(secret).join("[redacted]"), text);
}
