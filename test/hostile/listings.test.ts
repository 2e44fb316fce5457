// A listing is complete or it is an error: against a service whose pages never end, skip, repeat, miscount or list
// an object twice, the client functions and the data functions fail with a message naming the page, in a few
// requests, and never return a list that lacks what the service holds.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { listChannelItems, listPixels } from "../../provider";
import { BOUNDS } from "../../provider/bounds";
import { MIB } from "../../common/bounds";
import { collect, createShortenerClient } from "../../provider/client";
import { startEmulator } from "../../emulator";
import {
    corruptedListing,
    CORRUPTIONS,
    honestPage,
    LISTINGS,
    pageOf,
    pixelPage,
    RESULT_READINGS,
    useHostileService,
    type Corruption,
    type ResultReading,
    type Script,
} from "./hostile-service";
import { failureWithin } from "./support";

// Each test gets its own key: the rate gate is shared per service and key in the process, and a port may come again.
let KEY = "";
beforeEach(() => {
    KEY = `hostile-listing-${randomUUID()}`;
});

describe("hostile service: listings", () => {
    const service = useHostileService();
    const client = (config: { maxListPages?: number; maxListingBytes?: number } = {}) =>
        createShortenerClient({ baseUrl: service().baseUrl, apiKey: KEY, maxRetries: 0, ...config });
    const data = () => ({ baseUrl: service().baseUrl, apiKey: KEY });

    describe("a listing of many large pages is refused within the byte bound", () => {
        const PAGES = 30;
        // 100 pixels of about 2 KB each: some 200 KB a page, each well within the size of an answer.
        const largePage: Script = (request) => {
            const page = pageOf(request);
            const answer = pixelPage(
                honestPage(
                    "page",
                    [...Array(PAGES * 100).keys()].map((id) => id + 1),
                    100,
                    page,
                ),
            );
            const data = (answer as { body: { data: { pixels: { name: string }[] } } }).body.data;
            for (const pixel of data.pixels) pixel.name = `${pixel.name} ${"x".repeat(2000)}`;
            return answer;
        };

        it("is refused at the page that passes the bound, naming it, and asks for no page after it", async () => {
            service().script(largePage);
            const error = await failureWithin(10_000, collect(client({ maxListingBytes: MIB }).pixels.all()));
            assert.equal(error.kind, "bad-response");
            assert.match(
                error.message,
                new RegExp(
                    `by page 6 of ${PAGES} the listing holds \\d+ bytes, more than the bound of ${MIB} \\(setting maxListingBytes\\)`,
                ),
            );
            assert.equal(service().requests.length, 6);
        });

        it("is read whole when it fits the bound", async () => {
            service().script(largePage);
            const pixels = await collect(client({ maxListingBytes: 64 * MIB }).pixels.all());
            assert.equal(pixels.length, PAGES * 100);
        });
    });

    describe("an endless listing is refused within the page bound", () => {
        it("maxpage 1e9: refused on page 1, naming the page and the bound, after one request", async () => {
            service().script(LISTINGS.endless());
            const error = await failureWithin(5_000, collect(client().pixels.all()));
            assert.equal(error.kind, "bad-response");
            assert.match(
                error.message,
                new RegExp(
                    `page 1 says the listing has 1000000000 pages, more than the bound of ${BOUNDS.maxListPages.default} \\(setting maxListPages\\)`,
                ),
            );
            assert.equal(service().requests.length, 1);
        });

        it("maxpage growing with every page: refused on page 2, where the listing contradicts page 1", async () => {
            service().script(LISTINGS.endlessGrowing());
            const error = await failureWithin(5_000, collect(client().pixels.all()));
            assert.match(error.message, /page 1 said the listing has 2 pages, page 2 says 3/);
            assert.equal(service().requests.length, 2);
        });

        it("the data functions are bounded the same way, and read the bound from the environment", async () => {
            service().script(LISTINGS.endless());
            const error = await failureWithin(5_000, listPixels(data()));
            assert.match(error.message, /^pixels\.all failed: page 1 says the listing has 1000000000 pages/);
            service().script((request) =>
                pixelPage({ page: pageOf(request), nextpage: pageOf(request) + 1, maxpage: 5, ids: [pageOf(request)] }),
            );
            process.env.SHORTENER_MAX_LIST_PAGES = "3";
            try {
                const bounded = await failureWithin(5_000, listPixels(data()));
                assert.match(bounded.message, /the listing has 5 pages, more than the bound of 3/);
            } finally {
                delete process.env.SHORTENER_MAX_LIST_PAGES;
            }
        });

        it("a lower bound given to the client refuses a longer listing before reading past page 1", async () => {
            service().script((request) =>
                pixelPage({ page: pageOf(request), nextpage: pageOf(request) + 1, maxpage: 4, ids: [pageOf(request)] }),
            );
            const error = await failureWithin(5_000, collect(client({ maxListPages: 3 }).pixels.all()));
            assert.match(error.message, /page 1 says the listing has 4 pages, more than the bound of 3/);
            assert.equal(service().requests.length, 1);
        });
    });

    describe("an inconsistent listing is an error, never a shorter list", () => {
        const cases: [string, () => Script, RegExp][] = [
            ["a page that ends the listing early", () => LISTINGS.earlyEnd(9), /page 1 of 2 says it is the last one/],
            ["a skipped page", () => LISTINGS.skippedPage(9), /page 1 of 3 names page 3 as the next one/],
            ["a repeated page", () => LISTINGS.repeatedPage(), /asked for page 2, the service answered with page 1/],
            [
                "a result count that disagrees with the items",
                () => LISTINGS.resultMismatch(9),
                /page 1 counts 2 items in "result", which is neither the page's count \(it lists 1\) nor the listing's total/,
            ],
            ["a duplicate id", () => LISTINGS.duplicateId(), /item 2 is listed twice \(again on page 2\)/],
        ];
        for (const [what, listing, message] of cases) {
            it(`${what}: the client and the data function fail, naming the page`, async () => {
                service().script(listing());
                const error = await failureWithin(5_000, collect(client().pixels.all()));
                assert.equal(error.kind, "bad-response");
                assert.match(error.message, message);
                assert.match((await failureWithin(5_000, listPixels(data()))).message, message);
            });
        }

        it("an empty page while the envelope says more follow is walked through", async () => {
            service().script((request) => {
                const page = pageOf(request);
                return pixelPage({
                    page,
                    nextpage: page < 3 ? page + 1 : null,
                    maxpage: 3,
                    ids: page === 3 ? [5, 6] : [],
                });
            });
            assert.deepEqual(
                (await listPixels(data())).map((pixel) => pixel.id),
                [5, 6],
            );
            assert.equal(service().requests.length, 3);
        });

        it("whatever the pages hold and however `result` is read, a listing returns exactly the service's objects or fails; one corruption always fails", async () => {
            const corruptions = [
                "none",
                "early-end",
                "skip",
                "repeat",
                "result",
                "duplicate",
                "maxpage",
                "short",
            ] as const;
            // The page reading may list any number on a page; the total reading fills every page but the last.
            const byPage = fc
                .array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 })
                .map((sizes) => ({ reading: "page" as const, pages: numberedPages(sizes), perpage: 100 }));
            const byTotal = fc
                .record({ count: fc.nat(10), perpage: fc.integer({ min: 1, max: 4 }) })
                .map(({ count, perpage }) => ({
                    reading: "total" as const,
                    pages: chunks(numberedPages([count]).flat(), perpage),
                    perpage,
                }));
            await fc.assert(
                fc.asyncProperty(
                    fc.oneof(byPage, byTotal),
                    fc.constantFrom(...corruptions),
                    fc.nat(),
                    async ({ reading, pages, perpage }, corruption, where) => {
                        const ids = pages.flat();
                        const maxpage = pages.length;
                        const at = 1 + (where % Math.max(1, maxpage));
                        const corrupted = corruption !== "none" && effective(corruption, at, pages);
                        service().script((request) => {
                            const asked = pageOf(request);
                            const onPage = pages[asked - 1] ?? [];
                            const answer = {
                                page: asked,
                                nextpage: asked < maxpage ? asked + 1 : null,
                                maxpage,
                                ids: onPage,
                                perpage,
                                result: reading === "total" ? ids.length : onPage.length,
                            };
                            if (asked !== at || !corrupted) return pixelPage(answer);
                            if (corruption === "early-end") return pixelPage({ ...answer, nextpage: null });
                            if (corruption === "skip") return pixelPage({ ...answer, nextpage: at + 2 });
                            if (corruption === "repeat") return pixelPage({ ...answer, page: at - 1 });
                            if (corruption === "result") return pixelPage({ ...answer, result: answer.result + 1 });
                            if (corruption === "duplicate")
                                return pixelPage({
                                    ...answer,
                                    ids: [...answer.ids, 1],
                                    result: answer.result + (reading === "page" ? 1 : 0),
                                });
                            if (corruption === "short") return pixelPage({ ...answer, ids: answer.ids.slice(1) });
                            return pixelPage({ ...answer, maxpage: maxpage + 1 });
                        });
                        const outcome = await collect(client().pixels.all()).then(
                            (items) => items.map((pixel) => pixel.id),
                            (error: Error) => error,
                        );
                        if (corrupted)
                            assert.ok(
                                outcome instanceof Error,
                                `${corruption} on page ${at} of ${maxpage} (${reading} reading) was taken for a listing: ${outcome}`,
                            );
                        else assert.deepEqual(outcome, ids);
                    },
                ),
                { numRuns: 200 },
            );
        });
    });

    describe("the first round's hostile listings are refused under either reading of `result`", () => {
        // Ids 1 to 5 at 2 a page: a corruption of page 1 hides pages 2 and 3, one of page 2 hides id 3 or 4.
        const where: Record<Corruption, { at: number; message: (reading: ResultReading) => RegExp }> = {
            "ends early": { at: 1, message: () => /page 1 of 3 says it is the last one/ },
            "skips a page": { at: 1, message: () => /page 1 of 3 names page 3 as the next one/ },
            "changes its result": {
                at: 2,
                message: (reading) =>
                    new RegExp(`page 2 counts \\d+ items in "result", which is not ${READING_NAMES[reading]}`),
            },
            "ends before its total": {
                at: 2,
                message: (reading) =>
                    new RegExp(`page 2 counts \\d+ items in "result", which is not ${READING_NAMES[reading]}`),
            },
        };
        it("a total that grows between pages is named with both figures (docs/troubleshooting.md quotes this message)", async () => {
            const ids = Array.from({ length: 120 }, (_, index) => index + 1);
            service().script((request) => {
                const fields = honestPage("total", ids, 100, pageOf(request));
                return pixelPage(fields.page === 2 ? { ...fields, result: 121 } : fields);
            });
            const error = await failureWithin(5_000, listPixels(data()));
            assert.equal(
                error.message,
                `pixels.all failed: page 2 counts 121 items in "result", which is not the listing's total (page 1 gave the total as 120), the only reading the earlier pages fit`,
            );
        });
        for (const reading of RESULT_READINGS) {
            it(`an honest listing read by ${reading}: every object, each page asked for once`, async () => {
                service().script((request) => pixelPage(honestPage(reading, [1, 2, 3, 4, 5], 2, pageOf(request))));
                assert.deepEqual(
                    (await listPixels(data())).map((pixel) => pixel.id),
                    [1, 2, 3, 4, 5],
                );
                assert.equal(service().requests.length, 3);
            });
            for (const corruption of Object.keys(CORRUPTIONS) as Corruption[]) {
                it(`read by ${reading}, a listing that ${corruption} fails the client and the data function, naming the page`, async () => {
                    const { at, message } = where[corruption];
                    service().script(corruptedListing(reading, [1, 2, 3, 4, 5], corruption, at));
                    const error = await failureWithin(5_000, collect(client().pixels.all()));
                    assert.equal(error.kind, "bad-response");
                    assert.match(error.message, message(reading));
                    assert.match((await failureWithin(5_000, listPixels(data()))).message, message(reading));
                });
            }
        }
    });
});

const READING_NAMES: Record<ResultReading, string> = { page: "the page's count", total: "the listing's total" };

/** `ids` cut into pages of `size`. */
function chunks(ids: number[], size: number): number[][] {
    return Array.from({ length: Math.ceil(ids.length / size) }, (_, index) =>
        ids.slice(index * size, (index + 1) * size),
    );
}

/** Pages of the given sizes holding ids 1, 2, 3, ... in order (page 1 always holds id 1 when it holds anything). */
function numberedPages(sizes: number[]): number[][] {
    let next = 1;
    return sizes.map((size) => Array.from({ length: size }, () => next++));
}

/** Whether a corruption can apply where it was placed (a repeat needs a page before, a skip a page after). */
function effective(corruption: string, at: number, pages: number[][]): boolean {
    if (corruption === "early-end" || corruption === "skip") return at < pages.length;
    if (corruption === "repeat" || corruption === "maxpage") return at > 1;
    // Id 1 listed again: a duplicate only when some page holds it already.
    if (corruption === "duplicate") return at > 1 && pages.flat().length > 0;
    if (corruption === "short") return (pages[at - 1] ?? []).length > 0;
    return true;
}

describe("hostile service: the real service's empty item pages", () => {
    it("listChannelItems walks through a page whose items were all deleted and returns those on page 2", async () => {
        const emulator = await startEmulator({ profile: "real", rateLimit: { limit: 10_000, windowMs: 60_000 } });
        try {
            const links: number[] = [];
            for (let index = 0; index < 102; index++)
                links.push((await emulator.admin.seed("links", { url: `https://example.com/${index}` })).id);
            const items = links.map((id) => ({ type: "links", id, date: "2024-01-01 00:00:00" }));
            const channel = await emulator.admin.seed("channels", {
                name: "Big",
                description: "",
                color: "#000000",
                starred: false,
                items,
            });
            for (const id of links.slice(0, 100)) await emulator.admin.remove("links", id);
            const listed = await listChannelItems(channel.id, { baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
            assert.deepEqual(
                listed.map((item) => item.id),
                links.slice(100),
            );
            const pages = (await emulator.admin.requests()).map((entry) => entry.query.page);
            assert.deepEqual(pages, ["1", "2"]);
        } finally {
            await emulator.close();
        }
    });
});
