// List calls of a refresh (its preview first, as `pulumi refresh` runs it) under the engine's --parallel: 24 pixels over 3 listing pages of a slow, rate-limited
// service, at most 8 steps in flight. Reads queue behind the first listing, which takes longer than the 10 s a listing
// was once kept; when that time counted from the request, the queued reads found it stale on arrival and listed again
// (an earlier run measured 9 pages). A listing now lasts the run (provider/resources/list-cache.ts): each page once.
import { mkdtempSync, rmSync } from "node:fs";
import * as http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { runOperation, type LifecycleResult, type Operation } from "../test/support/pulumi";
import { startEmulator, type RunningEmulator } from "../emulator";
import { DECLARED_PROGRAM, type Declared } from "../test/support/stack";
import { Benchmark, Figure } from "./figure";

const PIXELS = 24;
/** The page size the service grants, whatever the client asks for: 24 pixels make 3 pages. */
const SERVED_PAGE_SIZE = 8;
const PAGES = Math.ceil(PIXELS / SERVED_PAGE_SIZE);
const PARALLEL = 8;
/** One request per 6 s: the 3 pages of one listing take over 12 s, longer than the 10 s a listing was once kept. */
const SLOW_WINDOW = { limit: 1, windowMs: 6000 };
const UNLIMITED = { limit: 100_000, windowMs: 1000 };

const DECLARED: Declared[] = Array.from({ length: PIXELS }, (_, index) => ({
    kind: "Pixel",
    name: `pixel-${index}`,
    args: { type: "adspixel", name: `Pixel ${index}`, tag: `T-${index}` },
}));

/** A service in front of the emulator that serves at most SERVED_PAGE_SIZE items per page, as real services cap `limit`. */
async function startPageCap(emulator: RunningEmulator): Promise<{ baseUrl: string; close(): Promise<void> }> {
    const target = new URL(emulator.baseUrl);
    const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? "/", target);
        if (url.searchParams.has("limit")) {
            url.searchParams.set("limit", String(Math.min(Number(url.searchParams.get("limit")), SERVED_PAGE_SIZE)));
        }
        const forwarded = http.request(
            url,
            { method: req.method, headers: { ...req.headers, host: target.host } },
            (answer) => {
                res.writeHead(answer.statusCode ?? 502, answer.headers);
                answer.pipe(res);
            },
        );
        forwarded.on("error", () => res.destroy());
        req.pipe(forwarded);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
        baseUrl: `http://127.0.0.1:${port}`,
        close: () => new Promise((resolve) => server.close(() => resolve())),
    };
}

export const listFreshnessBench: Benchmark = {
    title: `provider: refresh of ${PIXELS} pixels over ${PAGES} pages, at most ${PARALLEL} steps in flight, ${SLOW_WINDOW.limit} request per ${SLOW_WINDOW.windowMs} ms`,
    async run({ profile }): Promise<Figure[]> {
        const emulator = await startEmulator({ profile, rateLimit: UNLIMITED });
        const service = await startPageCap(emulator);
        const stateDir = mkdtempSync(join(tmpdir(), "list-freshness-"));
        const run = (operation: Operation, previewOnly = false): Promise<LifecycleResult> =>
            runOperation(operation, {
                previewOnly,
                programDir: DECLARED_PROGRAM,
                stateFile: join(stateDir, "state.json"),
                config: { "declared:resources": JSON.stringify(DECLARED), "shortener:baseUrl": service.baseUrl },
                secretConfig: { "shortener:apiKey": emulator.apiKey },
                env: { PULUMI_CONFIG_PASSPHRASE: "bench" },
                parallel: PARALLEL,
            });
        const expectOk = (result: LifecycleResult) => {
            if (!result.ok) throw new Error(`list freshness bench: ${result.operation} failed:\n${result.log}`);
            return result;
        };
        try {
            expectOk(await run("up"));
            await emulator.admin.setRateLimit(SLOW_WINDOW);
            await emulator.admin.clearRequests();
            const started = Date.now();
            // As `pulumi refresh` runs it: a preview that reads every resource, then the refresh (PreviewThenPromptThenExecute).
            expectOk(await run("refresh", true));
            expectOk(await run("refresh"));
            const wallMs = Date.now() - started;
            const served = (await emulator.admin.requests()).filter(
                (request) => request.method === "GET" && request.path === "/api/pixels" && !request.rateLimited,
            );
            return [
                // Each of the two runs (its own provider process) lists each page once.
                {
                    name: `provider: list calls, refresh (preview, then refresh) of ${PIXELS} pixels on ${PAGES} pages, parallel ${PARALLEL}`,
                    value: served.length,
                    bound: 2 * PAGES,
                    unit: "requests",
                    goal: "max",
                },
                // Bound: the least any client needs to fetch the pages twice at this window, plus one window of slack.
                {
                    name: `provider: refresh (preview, then refresh) wall time, ${PAGES} pages at ${SLOW_WINDOW.limit}/${SLOW_WINDOW.windowMs} ms`,
                    value: wallMs,
                    bound: 2 * PAGES * SLOW_WINDOW.windowMs,
                    unit: "ms",
                    goal: "max",
                },
            ];
        } finally {
            await service.close();
            await emulator.close();
            rmSync(stateDir, { recursive: true, force: true });
        }
    },
};
