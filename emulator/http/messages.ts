import { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
        ...headers,
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
}

const STATUS_TITLES: Record<number, string> = {
    200: "Service notice",
    404: "404 Not Found",
    405: "405 Method Not Allowed",
    500: "500 Internal Server Error",
};

/** The kind of page a web server or framework answers with when the JSON API is not what handled the request. */
export function sendHtml(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
    const title = STATUS_TITLES[status] ?? `${status}`;
    const text = `<!DOCTYPE html>\n<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`;
    res.writeHead(status, {
        ...headers,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": Buffer.byteLength(text),
    });
    res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void {
    res.writeHead(status, { ...headers, "Content-Length": 0 });
    res.end();
}

export function readBody(req: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        req.on("error", reject);
    });
}

export type ParsedBody = { ok: true; value: Record<string, unknown> } | { ok: false };

/** An empty body counts as an empty object: DELETE and assign calls carry none. */
export function parseJsonObject(text: string): ParsedBody {
    if (text.trim() === "") return { ok: true, value: {} };
    try {
        const value: unknown = JSON.parse(text);
        if (typeof value === "object" && value !== null && !Array.isArray(value)) {
            return { ok: true, value: value as Record<string, unknown> };
        }
    } catch {
        // reported below like any other body that is not an object
    }
    return { ok: false };
}

export function queryObject(params: URLSearchParams): Record<string, string> {
    return Object.fromEntries(params.entries());
}
