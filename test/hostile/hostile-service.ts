// A small server on 127.0.0.1 that answers as a hostile or broken service would: listings that never end, skip,
// repeat or miscount, rate limits that ask for hours or years, bodies of hundreds of megabytes, errors that echo
// the request. With an upstream (the emulator), whatever the current script leaves alone is passed through, so a
// stack can be set up honestly and then read through the hostile answers.
import assert from "node:assert/strict";
import { createServer, request as httpRequest, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { listenLocally, ROOMY_RATE_LIMIT } from "../support/client-harness";

export type HostileAnswer =
    | { status?: number; headers?: OutgoingHttpHeaders; body: unknown }
    /** `bytes` of JSON-looking filler, written as fast as the client reads, until it has all gone or the client left. */
    | { stream: { bytes: number; announce: boolean } };

/**
 * What to answer to one request; undefined passes it to the upstream (or answers an HTML 404 without one). A script
 * may first do something else (another client's change to the upstream) and answer once that is done.
 */
export type Script = (request: ReceivedRequest) => HostileAnswer | undefined | Promise<HostileAnswer | undefined>;

export interface ReceivedRequest {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: IncomingMessage["headers"];
    body: string;
}

export interface HostileService {
    baseUrl: string;
    /** Every request received, in order, as "METHOD /path?query". */
    requests: string[];
    /** Bytes of streamed bodies actually written to the socket so far. */
    streamedBytes(): number;
    script(answer: Script): void;
    close(): Promise<void>;
}

const CHUNK = Buffer.alloc(1 << 16, "x");

export async function startHostileService(upstream?: string): Promise<HostileService> {
    const requests: string[] = [];
    let current: Script = () => undefined;
    let streamed = 0;

    const answer = async (req: IncomingMessage, res: ServerResponse, body: string) => {
        const url = new URL(req.url ?? "/", "http://hostile");
        const scripted = await current({
            method: req.method ?? "GET",
            path: url.pathname,
            query: url.searchParams,
            headers: req.headers,
            body,
        });
        if (scripted === undefined)
            return upstream
                ? forward(upstream, req, res, body)
                : res.writeHead(404, { "Content-Type": "text/html" }).end("<html>no</html>");
        if ("stream" in scripted) return stream(res, scripted.stream);
        const text = typeof scripted.body === "string" ? scripted.body : JSON.stringify(scripted.body);
        res.writeHead(scripted.status ?? 200, { "Content-Type": "application/json", ...scripted.headers });
        res.end(text);
    };

    const stream = (res: ServerResponse, { bytes, announce }: { bytes: number; announce: boolean }) => {
        res.writeHead(200, {
            "Content-Type": "application/json",
            ...(announce ? { "Content-Length": String(bytes) } : {}),
        });
        let left = bytes;
        const pump = () => {
            while (left > 0 && !res.destroyed) {
                const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, left));
                left -= chunk.length;
                streamed += chunk.length;
                if (!res.write(chunk)) return void res.once("drain", pump);
            }
            if (left <= 0) res.end();
        };
        res.on("error", () => undefined);
        pump();
    };

    const server = createServer((req, res) => {
        requests.push(`${req.method} ${req.url}`);
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => void answer(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => res.destroy()));
    });
    return {
        requests,
        streamedBytes: () => streamed,
        script: (next) => {
            current = next;
        },
        ...(await listenLocally(server)),
    };
}

function forward(upstream: string, req: IncomingMessage, res: ServerResponse, body: string): void {
    const target = new URL(req.url ?? "/", upstream);
    const outgoing = httpRequest(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
        },
    );
    outgoing.on("error", () => res.destroy());
    outgoing.end(body);
}

/**
 * Starts, before each test of the enclosing suite, a fresh emulator of the service's real behaviour and a hostile
 * service in front of it (a fresh base URL, so a fresh provider context), and closes both after.
 */
export function useHostileFront(): { emulator(): RunningEmulator; service(): HostileService } {
    let running: { emulator: RunningEmulator; service: HostileService } | undefined;
    beforeEach(async () => {
        const emulator = await startEmulator({ profile: "real", rateLimit: ROOMY_RATE_LIMIT });
        running = { emulator, service: await startHostileService(emulator.baseUrl) };
    });
    afterEach(async () => {
        await running?.service.close();
        await running?.emulator.close();
        running = undefined;
    });
    const started = () => {
        assert.ok(running, "the hostile front only runs inside a test");
        return running;
    };
    return { emulator: () => started().emulator, service: () => started().service };
}

/** Starts a hostile service before each test of the enclosing suite and closes it after. */
export function useHostileService(): () => HostileService {
    let running: HostileService | undefined;
    beforeEach(async () => {
        running = await startHostileService();
    });
    afterEach(async () => {
        await running?.close();
        running = undefined;
    });
    return () => {
        assert.ok(running, "the hostile service only runs inside a test");
        return running;
    };
}

export interface PixelPageFields {
    page: number;
    nextpage: number | null;
    maxpage: number;
    ids: number[];
    /** The number of ids when unset. */
    result?: number;
    /** 100 when unset. */
    perpage?: number;
}

/** One page of a pixel listing, with the envelope fields given (result defaults to the number of ids). */
export function pixelPage(fields: PixelPageFields): HostileAnswer {
    const pixels = fields.ids.map((id) => ({
        id,
        type: "qapixel",
        name: `Pixel ${id}`,
        tag: `T-${id}`,
        date: "2024-01-01 00:00:00",
    }));
    const { page, nextpage, maxpage } = fields;
    return {
        body: {
            error: "0",
            data: {
                result: fields.result ?? pixels.length,
                perpage: fields.perpage ?? 100,
                currentpage: page,
                nextpage,
                maxpage,
                pixels,
            },
        },
    };
}

/** How a listing fills `result`: each page's count, as the spec says, or the listing's total, as the service's source does. */
export type ResultReading = "page" | "total";
export const RESULT_READINGS: readonly ResultReading[] = ["page", "total"];

/** Page `page` of `ids` listed at `perpage` a page, answered honestly by a service of the given reading. */
export function honestPage(
    reading: ResultReading,
    ids: readonly number[],
    perpage: number,
    page: number,
): PixelPageFields {
    const maxpage = Math.ceil(ids.length / perpage);
    const onPage = ids.slice((page - 1) * perpage, page * perpage);
    return {
        page,
        nextpage: page < maxpage ? page + 1 : null,
        maxpage,
        ids: onPage,
        perpage,
        result: reading === "total" ? ids.length : onPage.length,
    };
}

/**
 * The first round's corruptions of one page of a listing, as a service of either reading would make them; each one
 * keeps an object the service holds out of the list unless the client notices.
 */
export const CORRUPTIONS = {
    "ends early": (fields: PixelPageFields): PixelPageFields => ({ ...fields, nextpage: null }),
    "skips a page": (fields: PixelPageFields): PixelPageFields => ({ ...fields, nextpage: fields.page + 2 }),
    "changes its result": (fields: PixelPageFields): PixelPageFields => ({
        ...fields,
        result: (fields.result ?? fields.ids.length) + 1,
    }),
    "ends before its total": (fields: PixelPageFields): PixelPageFields => ({ ...fields, ids: fields.ids.slice(1) }),
} as const;
export type Corruption = keyof typeof CORRUPTIONS;

/** A listing of `ids` at 2 a page, honest but for `corruption` applied to page `at`. */
export function corruptedListing(
    reading: ResultReading,
    ids: readonly number[],
    corruption: Corruption,
    at: number,
): Script {
    return (request) => {
        const fields = honestPage(reading, ids, 2, pageOf(request));
        return pixelPage(fields.page === at ? CORRUPTIONS[corruption](fields) : fields);
    };
}

/** The page a request asks for (1 when it names none). */
export const pageOf = (request: ReceivedRequest) => Number(request.query.get("page") ?? "1");

/**
 * The hostile listings, each as a script of /api/pixels (and, for the provider, the kind it refreshes). `present`
 * is an id the service holds: a listing that drops it must never be taken for "it is gone".
 */
export const LISTINGS = {
    /** Always one more page, with fresh ids: maxpage 1e9. */
    endless: (): Script => (request) => {
        const page = pageOf(request);
        return pixelPage({ page, nextpage: page + 1, maxpage: 1e9, ids: [page * 2 - 1, page * 2] });
    },
    /** Always one more page, and maxpage grows with it. */
    endlessGrowing: (): Script => (request) => {
        const page = pageOf(request);
        return pixelPage({ page, nextpage: page + 1, maxpage: page + 1, ids: [page * 2 - 1, page * 2] });
    },
    /** Page 1 says it is the last, while maxpage says 2; the present object is on page 2. */
    earlyEnd:
        (present: number): Script =>
        (request) =>
            pageOf(request) === 1
                ? pixelPage({ page: 1, nextpage: null, maxpage: 2, ids: [] })
                : pixelPage({ page: 2, nextpage: null, maxpage: 2, ids: [present] }),
    /** Page 1 is empty and names page 3 as the next; the present object is on page 2. */
    skippedPage:
        (present: number): Script =>
        (request) => {
            const page = pageOf(request);
            return pixelPage({
                page,
                nextpage: page < 3 ? page + 2 : null,
                maxpage: 3,
                ids: page === 2 ? [present] : [],
            });
        },
    /** Every page answered as page 1, whatever was asked. */
    repeatedPage: (): Script => () => pixelPage({ page: 1, nextpage: 2, maxpage: 2, ids: [1, 2] }),
    /** The only page counts two items in `result` but lists one, not the present one. */
    resultMismatch:
        (present: number): Script =>
        () =>
            pixelPage({ page: 1, nextpage: null, maxpage: 1, ids: [present + 1], result: 2 }),
    /** Page 2 lists an id page 1 listed already. */
    duplicateId: (): Script => (request) => {
        const page = pageOf(request);
        return pixelPage({ page, nextpage: page === 1 ? 2 : null, maxpage: 2, ids: page === 1 ? [1, 2] : [2, 3] });
    },
} as const;
