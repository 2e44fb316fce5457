// Reads a live wiki's catalogue: GET <api.php>?action=paraminfo&modules=query|query+*&format=json&formatversion=2.
// Every request is bounded (answer size, deadline) and follows a redirect only within the wiki: the same origin, or
// from http to https of the same host. Another host, or https to http, is followed only when the caller allows it.
import type { Readable } from "node:stream";
import fetch, { type Response } from "node-fetch";
import { WIKI_BOUNDS } from "../bounds";
import { CatalogueError } from "./errors";
import { parseCatalogue, parseJsonText } from "./load";
import { Catalogue } from "./model";

export interface FetchCatalogueOptions {
    /** Deadline for each request, body included (default: its bound). */
    timeoutMs?: number;
    /** Wikis such as Wikimedia's refuse requests without a descriptive User-Agent. */
    userAgent?: string;
    /** Follow a redirect to another host or from https to http (default: refused, naming where it led). */
    allowRedirects?: boolean;
}

/** The bounds of one request, and what its error says when one is passed. */
export interface RequestBounds {
    maxBytes: number;
    timeoutMs: number;
    tooLarge: string;
    tooSlow: string;
}

const DEFAULT_USER_AGENT = "pulumi-shortener wiki-query-lint (paraminfo catalogue fetch)";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The address as errors name it: without credentials or query string, which may hold secrets. */
export function describeUrl(url: URL): string {
    return `${url.origin}${url.pathname}`;
}

/** One request's own bounds: the answer's size and the per-request deadline. */
export function requestBounds(options: FetchCatalogueOptions): RequestBounds {
    const timeoutMs = options.timeoutMs ?? WIKI_BOUNDS.catalogueRequestTimeoutMs.default;
    const maxBytes = WIKI_BOUNDS.maxCatalogueAnswerBytes.default;
    return {
        maxBytes,
        timeoutMs,
        tooLarge: `answer larger than ${maxBytes} bytes`,
        tooSlow: `no complete answer within ${timeoutMs} ms`,
    };
}

function describeFailure(error: unknown, bounds: RequestBounds): string {
    const { code, type } = error as { code?: unknown; type?: unknown };
    if (type === "max-size") return bounds.tooLarge;
    return typeof code === "string" ? code : "network error";
}

/** Why a redirect from `from` to `to` leaves the wiki, if it does. */
function leavesWiki(from: URL, to: URL): string | undefined {
    if (to.origin === from.origin) return undefined;
    if (from.protocol === "https:" && to.protocol === "http:") return "from https to http";
    if (from.protocol === "http:" && to.protocol === "https:" && to.hostname === from.hostname) return undefined;
    return "to another host";
}

function checkRedirect(from: URL, to: URL, source: string, options: FetchCatalogueOptions): void {
    if (to.protocol !== "http:" && to.protocol !== "https:")
        throw new CatalogueError(source, `redirected to a ${to.protocol} address, which is never followed`);
    const away = leavesWiki(from, to);
    if (away !== undefined && !options.allowRedirects)
        throw new CatalogueError(
            source,
            `redirected ${away} (${describeUrl(to)}); pass --allow-redirects to follow it`,
        );
}

/** GETs `url`, following redirects as the options allow; the answer returned is not a redirect. */
async function getFollowing(
    url: URL,
    source: string,
    options: FetchCatalogueOptions,
    bounds: RequestBounds,
    signal: AbortSignal,
): Promise<Response> {
    const headers = { "User-Agent": options.userAgent ?? DEFAULT_USER_AGENT, Accept: "application/json" };
    let current = url;
    for (let redirects = 0; ; redirects++) {
        const response = await fetch(current.href, { headers, signal, size: bounds.maxBytes, redirect: "manual" });
        const location = response.headers.get("location");
        if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
        // The redirect's own body is never read.
        (response.body as Readable).destroy();
        if (redirects >= WIKI_BOUNDS.maxRedirects.default)
            throw new CatalogueError(source, `more than ${WIKI_BOUNDS.maxRedirects.default} redirects`);
        const next = new URL(location, current);
        checkRedirect(current, next, source, options);
        current = next;
    }
}

/** GET one api.php URL and its JSON, within `bounds` (default: one request's own); `source` names it in errors,
 *  `expected` what the answer should have been ("paraminfo"). Returns the JSON and the answer's size in bytes. */
export async function fetchApiJson(
    url: URL,
    source: string,
    expected: string,
    options: FetchCatalogueOptions = {},
    bounds = requestBounds(options),
): Promise<{ json: unknown; bytes: number }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), bounds.timeoutMs);
    let response: Response | undefined;
    try {
        response = await getFollowing(url, source, options, bounds, controller.signal);
        if (!response.ok) throw new CatalogueError(source, `answered HTTP ${response.status} instead of ${expected}`);
        const body = await response.buffer();
        return { json: parseJsonText(body.toString("utf8"), source), bytes: body.length };
    } catch (error) {
        if (error instanceof CatalogueError) throw error;
        if (controller.signal.aborted) throw new CatalogueError(source, bounds.tooSlow);
        throw new CatalogueError(source, `request failed (${describeFailure(error, bounds)})`);
    } finally {
        clearTimeout(timer);
        // A body not read to its end (an error status, one past the size bound) would hold the connection, and the
        // process, open for as long as the wiki keeps sending. Aborting destroys the request and its socket (node-fetch's
        // finalize); the body it then fails has no reader left, so its error is caught here. After a whole answer the
        // abort does nothing: node-fetch stopped listening at the body's end.
        (response?.body as Readable | undefined)?.on("error", () => undefined);
        controller.abort();
    }
}

/** A wiki's api.php URL, checked; `params` are set on a copy. */
export function apiRequestUrl(apiUrl: string, params: Record<string, string>): URL {
    let url: URL;
    try {
        url = new URL(apiUrl);
    } catch {
        throw new CatalogueError("catalogue URL", "not a valid URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
        throw new CatalogueError("catalogue URL", "must be http or https");
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
}

export async function fetchCatalogue(apiUrl: string, options: FetchCatalogueOptions = {}): Promise<Catalogue> {
    const url = apiRequestUrl(apiUrl, {
        action: "paraminfo",
        modules: "query|query+*",
        format: "json",
        formatversion: "2",
    });
    const source = describeUrl(url);
    return parseCatalogue((await fetchApiJson(url, source, "paraminfo", options)).json, source);
}
