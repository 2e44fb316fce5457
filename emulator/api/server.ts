import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { ApiHandler, ApiRoute, ApiSettings } from "./context";
import { ApiFailure, RawAnswer } from "./answers";
import { FaultMode, FaultQueue } from "../http/faults";
import { parseJsonObject, queryObject, readBody, sendEmpty, sendHtml, sendJson } from "../http/messages";
import { FixedWindowRateLimiter, RateDecision } from "../http/rate-limiter";
import { RequestLog } from "../http/request-log";
import { matchRoute, RouteMatch } from "../http/router";
import { Store } from "../store/store";

export type RateLimitStyle = "body" | "status";

export interface ApiServerState {
    store: Store;
    limiter: FixedWindowRateLimiter;
    faults: FaultQueue;
    log: RequestLog;
    settings: ApiSettings;
    routes: ApiRoute[];
    rateLimitStyle: RateLimitStyle;
}

type Reply = { kind: "json"; status: number; body: object } | { kind: "html" | "empty"; status: number };

/** Path parameters that name a type rather than an id; every other parameter must be digits. */
const TEXT_PARAMS = new Set(["type"]);

function bearerToken(header: string | undefined): string | undefined {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
    return match?.[1];
}

function rateHeaders(decision: RateDecision): OutgoingHttpHeaders {
    return {
        "X-RateLimit-Limit": String(decision.limit),
        "X-RateLimit-Remaining": String(decision.remaining),
        "X-RateLimit-Reset": String(decision.resetAt),
    };
}

function failure(message: string): object {
    return { error: 1, message };
}

/** Routing, authentication and the handler: everything that decides the answer once limits and faults let it through. */
function answer(
    state: ApiServerState,
    match: RouteMatch<ApiHandler>,
    url: URL,
    token: string | undefined,
    bodyText: string,
): Reply {
    if (match.outcome === "not-found") return { kind: "html", status: 404 };
    if (match.outcome === "method-not-allowed") return { kind: "html", status: 405 };
    const ids: Record<string, number> = {};
    for (const [name, value] of Object.entries(match.params)) {
        if (TEXT_PARAMS.has(name)) continue;
        if (!/^\d+$/.test(value)) return { kind: "html", status: 500 };
        ids[name] = Number(value);
    }
    if (!token)
        return { kind: "json", status: 403, body: failure("An API key is required (Authorization: Bearer <key>).") };
    const user = state.store.accountByKey(token);
    if (!user) return { kind: "json", status: 403, body: failure("The API key is not valid.") };
    const body = parseJsonObject(bodyText);
    if (!body.ok) return { kind: "json", status: 200, body: failure("The request body must be a JSON object.") };
    try {
        const result = match.route.handler({
            store: state.store,
            user,
            ids,
            params: match.params,
            query: queryObject(url.searchParams),
            body: body.value,
            settings: state.settings,
        });
        return { kind: "json", status: 200, body: result };
    } catch (error) {
        if (error instanceof ApiFailure) return { kind: "json", status: 200, body: failure(error.message) };
        if (error instanceof RawAnswer) return { kind: error.body, status: error.status };
        throw error;
    }
}

function sendFaultReply(res: ServerResponse, fault: FaultMode, headers: OutgoingHttpHeaders): number {
    if (fault === "error500") {
        sendHtml(res, 500, headers);
        return 500;
    }
    if (fault === "html") sendHtml(res, 200, headers);
    else sendEmpty(res, 200, headers);
    return 200;
}

export function createApiHandler(state: ApiServerState): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
    return async (req, res) => {
        const method = (req.method ?? "GET").toUpperCase();
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const bodyText = await readBody(req);
        const token = bearerToken(req.headers.authorization);
        const query = queryObject(url.searchParams);
        for (const [name, value] of Object.entries(query)) {
            // A key sent in the query string must not end up in the request log either.
            if (value === token || state.store.accountByKey(value)) query[name] = "[redacted]";
        }
        const match = matchRoute(state.routes, method, url.pathname);
        const entry = {
            time: Date.now(),
            method,
            path: url.pathname,
            route: match.outcome === "matched" ? match.route.pattern : null,
            query,
            userId: (token && state.store.accountByKey(token)?.id) || null,
            rateLimited: false,
        };

        const decision = state.limiter.hit(token ?? "");
        const headers = rateHeaders(decision);
        if (decision.limited) {
            const body = { error: 429, message: "Too Many API Requests.", "Retry-After": decision.retryAfter };
            const status = state.rateLimitStyle === "status" ? 429 : 200;
            const extra = status === 429 ? { "Retry-After": String(decision.retryAfter) } : {};
            sendJson(res, status, body, { ...headers, ...extra });
            state.log.record({ ...entry, status, rateLimited: true });
            return;
        }

        const taken = state.faults.take(method, url.pathname);
        const fault = taken?.mode;
        // A slow request is applied when its time is up, as a server that goes on after the client gave up.
        if (fault === "slow") await new Promise((resolve) => setTimeout(resolve, taken!.delayMs));
        if (fault === "hang") {
            // Never answered: the socket stays open until the client gives up or the emulator closes.
            state.log.record({ ...entry, status: 0, fault });
            return;
        }
        if (fault && fault !== "drop-after-apply" && fault !== "slow") {
            state.log.record({ ...entry, status: sendFaultReply(res, fault, headers), fault });
            return;
        }

        let reply: Reply;
        try {
            reply = answer(state, match, url, token, bodyText);
        } catch (error) {
            console.error("shortener emulator: unexpected error in", method, url.pathname, error);
            reply = { kind: "html", status: 500 };
        }
        if (fault === "drop-after-apply") {
            req.socket.destroy();
            state.log.record({ ...entry, status: 0, fault });
            return;
        }
        if (reply.kind === "json") sendJson(res, reply.status, reply.body, headers);
        else if (reply.kind === "empty") sendEmpty(res, reply.status, headers);
        else sendHtml(res, reply.status, headers);
        state.log.record({ ...entry, status: reply.status });
    };
}
