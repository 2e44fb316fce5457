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

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_USER_AGENT = "pulumi-shortener wiki-query-lint (paraminfo catalogue fetch)";
// A core wiki's reply is about 200 kB; large extension sets stay well below this.
const MAX_REPLY_BYTES = 32 * 1024 * 1024;

function paraminfoUrl(apiUrl: string): URL {
    let url: URL;
    try {
        url = new URL(apiUrl);
    } catch {
        throw new CatalogueError("catalogue URL", "not a valid URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new CatalogueError("catalogue URL", "must be http or https");
    url.searchParams.set("action", "paraminfo");
    url.searchParams.set("modules", "query|query+*");
    url.searchParams.set("format", "json");
    url.searchParams.set("formatversion", "2");
    return url;
}

/** The address as errors name it: without credentials or query string, which may hold secrets. */
function describeUrl(url: URL): string {
    return `${url.origin}${url.pathname}`;
}

function describeFailure(error: unknown): string {
    const { code, type } = error as { code?: unknown; type?: unknown };
    if (type === "max-size") return `answer larger than ${MAX_REPLY_BYTES} bytes`;
    return typeof code === "string" ? code : "network error";
}

export async function fetchCatalogue(apiUrl: string, options: FetchCatalogueOptions = {}): Promise<Catalogue> {
    const url = paraminfoUrl(apiUrl);
    const source = describeUrl(url);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
        const response = await fetch(url.href, {
            headers: { "User-Agent": options.userAgent ?? DEFAULT_USER_AGENT, Accept: "application/json" },
            signal: controller.signal,
            size: MAX_REPLY_BYTES,
        });
        if (!response.ok) throw new CatalogueError(source, `answered HTTP ${response.status} instead of paraminfo`);
        return parseCatalogue(parseJsonText(await response.text(), source), source);
    } catch (error) {
        if (error instanceof CatalogueError) throw error;
        if (controller.signal.aborted) throw new CatalogueError(source, `no complete answer within ${timeoutMs} ms`);
        throw new CatalogueError(source, `request failed (${describeFailure(error)})`);
    } finally {
        clearTimeout(timer);
    }
}
