// Reads a live wiki's catalogue: GET <api.php>?action=paraminfo&modules=query|query+*&format=json&formatversion=2.
import fetch from "node-fetch";
import { CatalogueError } from "./errors";
import { parseCatalogue, parseJsonText } from "./load";
import { Catalogue } from "./model";

export interface FetchCatalogueOptions {
    /** Deadline for the whole exchange, body included (default 30 s). */
    timeoutMs?: number;
    /** Wikis such as Wikimedia's refuse requests without a descriptive User-Agent. */
    userAgent?: string;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_USER_AGENT = "pulumi-shortener wiki-query-lint (paraminfo catalogue fetch)";
// A core wiki's reply is about 200 kB; large extension sets stay well below this.
const MAX_REPLY_BYTES = 32 * 1024 * 1024;

/** The address as errors name it: without credentials or query string, which may hold secrets. */
export function describeUrl(url: URL): string {
    return `${url.origin}${url.pathname}`;
}

function describeFailure(error: unknown): string {
    const { code, type } = error as { code?: unknown; type?: unknown };
    if (type === "max-size") return `answer larger than ${MAX_REPLY_BYTES} bytes`;
    return typeof code === "string" ? code : "network error";
}

/** GET one api.php URL and its JSON, within the deadline and the size bound; `source` names it in errors,
 *  `expected` what the answer should have been ("paraminfo"). */
export async function fetchApiJson(url: URL, source: string, expected: string, options: FetchCatalogueOptions = {}): Promise<unknown> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
        const response = await fetch(url.href, {
            headers: { "User-Agent": options.userAgent ?? DEFAULT_USER_AGENT, Accept: "application/json" },
            signal: controller.signal,
            size: MAX_REPLY_BYTES,
        });
        if (!response.ok) throw new CatalogueError(source, `answered HTTP ${response.status} instead of ${expected}`);
        return parseJsonText(await response.text(), source);
    } catch (error) {
        if (error instanceof CatalogueError) throw error;
        if (controller.signal.aborted) throw new CatalogueError(source, `no complete answer within ${timeoutMs} ms`);
        throw new CatalogueError(source, `request failed (${describeFailure(error)})`);
    } finally {
        clearTimeout(timer);
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
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new CatalogueError("catalogue URL", "must be http or https");
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
}

export async function fetchCatalogue(apiUrl: string, options: FetchCatalogueOptions = {}): Promise<Catalogue> {
    const url = apiRequestUrl(apiUrl, { action: "paraminfo", modules: "query|query+*", format: "json", formatversion: "2" });
    const source = describeUrl(url);
    return parseCatalogue(await fetchApiJson(url, source, "paraminfo", options), source);
}
