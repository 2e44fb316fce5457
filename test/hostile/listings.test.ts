// A listing is complete or it is an error: against a service whose pages never end, skip, repeat, miscount or list
// an object twice, the client functions and the data functions fail with a message naming the page, in a few
// requests, and never return a list that lacks what the service holds.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { listChannelItems, listPixels } from "../../provider";
import { collect, createShortenerClient, DEFAULT_MAX_LIST_PAGES } from "../../provider/client";
import { startEmulator } from "../emulator";
import { LISTINGS, pageOf, pixelPage, useHostileService, type Script } from "./hostile-service";
import { failureWithin } from "./support";

// Each test gets its own key: the rate gate is shared per service and key in the process, and a port may come again.
let KEY = "";
beforeEach(() => {
    KEY = `hostile-listing-${randomUUID()}`;
});

describe("hostile service: listings", () => {
    const service = useHostileService();
    const client = (config: { maxListPages?: number } = {}) => createShortenerClient({ baseUrl: service().baseUrl, apiKey: KEY, maxRetries: 0, ...config });
    const data = () => ({ baseUrl: service().baseUrl, apiKey: KEY });

    describe("an endless listing is refused within the page bound", () => {
        it("maxpage 1e9: refused on page 1, naming the page and the bound, after one request", async () => {
            service().script(LISTINGS.endless());
            const error = await failureWithin(5_000, collect(client().pixels.all()));
            assert.equal(error.kind, "bad-response");
            assert.match(error.message, new RegExp(`page 1 says the listing has 1000000000 pages, more than the bound of ${DEFAULT_MAX_LIST_PAGES} \\(setting maxListPages\\)`));
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
            service().script((request) => pixelPage({ page: pageOf(request), nextpage: pageOf(request) + 1, maxpage: 5, ids: [pageOf(request)] }));
            process.env.SHORTENER_MAX_LIST_PAGES = "3";
            try {
                const bounded = await failureWithin(5_000, listPixels(data()));
                assert.match(bounded.message, /the listing has 5 pages, more than the bound of 3/);
            } finally {
                delete process.env.SHORTENER_MAX_LIST_PAGES;
            }
        });

        it("a lower bound given to the client refuses a longer listing before reading past page 1", async () => {
            service().script((request) => pixelPage({ page: pageOf(request), nextpage: pageOf(request) + 1, maxpage: 4, ids: [pageOf(request)] }));
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
            ["a result count that disagrees with the items", () => LISTINGS.resultMismatch(9), /page 1 counts 2 items in "result" but lists 1/],
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
                return pixelPage({ page, nextpage: page < 3 ? page + 1 : null, maxpage: 3, ids: page === 3 ? [5, 6] : [] });
            });
            assert.deepEqual(
                (await listPixels(data())).map((pixel) => pixel.id),
                [5, 6],
            );
            assert.equal(service().requests.length, 3);
        });

        it("whatever the pages hold, a listing returns exactly the service's objects or fails; one corruption always fails", async () => {
            const corruptions = ["none", "early-end", "skip", "repeat", "result", "duplicate", "maxpage"] as const;
            await fc.assert(
                fc.asyncProperty(
                    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
                    fc.constantFrom(...corruptions),
                    fc.nat(),
                    async (sizes, corruption, where) => {
                        const pages = numberedPages(sizes);
                        const maxpage = pages.length;
                        const at = 1 + (where % maxpage);
                        const corrupted = corruption !== "none" && effective(corruption, at, pages);
                        service().script((request) => {
                            const asked = pageOf(request);
                            const answer = { page: asked, nextpage: asked < maxpage ? asked + 1 : null, maxpage, ids: pages[asked - 1] ?? [] };
                            if (asked !== at || !corrupted) return pixelPage(answer);
                            if (corruption === "early-end") return pixelPage({ ...answer, nextpage: null });
                            if (corruption === "skip") return pixelPage({ ...answer, nextpage: at + 2 });
                            if (corruption === "repeat") return pixelPage({ ...answer, page: at - 1 });
                            if (corruption === "result") return pixelPage({ ...answer, result: answer.ids.length + 1 });
                            if (corruption === "duplicate") return pixelPage({ ...answer, ids: [...answer.ids, 1] });
                            return pixelPage({ ...answer, maxpage: maxpage + 1 });
                        });
                        const outcome = await collect(client().pixels.all()).then(
                            (items) => items.map((pixel) => pixel.id),
                            (error: Error) => error,
                        );
                        if (corrupted) assert.ok(outcome instanceof Error, `${corruption} on page ${at} of ${maxpage} was taken for a listing: ${outcome}`);
                        else assert.deepEqual(outcome, pages.flat());
                    },
                ),
                { numRuns: 120 },
            );
        });
    });
});

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
    return true;
}

describe("hostile service: the real service's empty item pages", () => {
    it("listChannelItems walks through a page whose items were all deleted and returns those on page 2", async () => {
        const emulator = await startEmulator({ profile: "real", rateLimit: { limit: 10_000, windowMs: 60_000 } });
        try {
            const links: number[] = [];
            for (let index = 0; index < 102; index++) links.push((await emulator.admin.seed("links", { url: `https://example.com/${index}` })).id);
            const items = links.map((id) => ({ type: "links", id, date: "2024-01-01 00:00:00" }));
            const channel = await emulator.admin.seed("channels", { name: "Big", description: "", color: "#000000", starred: false, items });
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
