import assert from "node:assert/strict";
import { collect, rejection, useEmulator, useScriptedServer } from "../support/client-harness";
import { createShortenerClient } from "../../provider/client";

describe("client: pagination against the emulator", () => {
    const { emulator, client } = useEmulator();

    async function seedPixels(count: number): Promise<number[]> {
        const ids: number[] = [];
        for (let index = 0; index < count; index++)
            ids.push((await emulator().admin.seed("pixels", { name: `Pixel ${index}` })).id);
        return ids;
    }

    it("list reads one page with its pagination fields; a page past the end is empty", async () => {
        const ids = await seedPixels(10);
        const first = await client().pixels.list({ limit: 4 });
        assert.deepEqual(
            first.items.map((pixel) => pixel.id),
            ids.slice(0, 4),
        );
        assert.deepEqual(
            [first.result, first.perPage, first.currentPage, first.nextPage, first.maxPage],
            [4, 4, 1, 2, 3],
        );
        const last = await client().pixels.list({ limit: 4, page: 3 });
        assert.deepEqual(
            last.items.map((pixel) => pixel.id),
            ids.slice(8),
        );
        assert.equal(last.nextPage, null);
        assert.deepEqual((await client().pixels.list({ limit: 4, page: 4 })).items, []);
    });

    it("all walks every page in order and stops at the last one without asking past it", async () => {
        const ids = await seedPixels(10);
        await emulator().admin.clearRequests();
        const all = await collect(client().pixels.all({ limit: 4 }));
        assert.deepEqual(
            all.map((pixel) => pixel.id),
            ids,
        );
        const pages = (await emulator().admin.requests()).map((entry) => entry.query.page);
        assert.deepEqual(pages, ["1", "2", "3"]);
    });

    it("all asks for 100 per page by default", async () => {
        await seedPixels(3);
        await emulator().admin.clearRequests();
        assert.equal((await collect(client().pixels.all())).length, 3);
        const [entry] = await emulator().admin.requests();
        assert.equal(entry.query.limit, "100");
    });

    it("an empty list: list has no items and maxPage 0; all yields nothing after one request", async () => {
        const page = await client().campaigns.list();
        assert.deepEqual(page.items, []);
        assert.equal(page.maxPage, 0);
        await emulator().admin.clearRequests();
        assert.deepEqual(await collect(client().campaigns.all()), []);
        assert.equal((await emulator().admin.requests()).length, 1);
    });

    it("domains over several pages: the service's domain on every page is never taken for the account's", async () => {
        const ids: number[] = [];
        for (let index = 0; index < 5; index++)
            ids.push((await emulator().admin.seed("domains", { domain: `https://d${index}.example` })).id);
        const page = await client().domains.list({ limit: 2, page: 2 });
        assert.equal(page.systemDomains.length, 1);
        assert.equal(page.items.length, 2);
        const all = await collect(client().domains.all({ limit: 2 }));
        assert.deepEqual(
            all.map((domain) => domain.id),
            ids,
        );
    });

    it("a page number or limit below 1 is refused before anything is sent", async () => {
        await emulator().admin.clearRequests();
        const error = await rejection(client().pixels.list({ limit: 0 }));
        assert.equal(error.kind, "validation");
        assert.match(error.message, /limit must be a positive integer/);
        assert.match((await rejection(client().pixels.list({ page: -2 }))).message, /page must be a positive integer/);
        assert.deepEqual(await emulator().admin.requests(), []);
    });
});

describe("client: pagination of a misbehaving service", () => {
    const { server, script } = useScriptedServer();
    const client = () => createShortenerClient({ baseUrl: server().baseUrl, apiKey: "scripted-key", maxRetries: 0 });

    function pixelsPage(page: number, nextpage: number | null, maxpage: number, ids: number[]) {
        const pixels = ids.map((id) => ({
            id,
            type: "qapixel",
            name: `p${id}`,
            tag: "t",
            date: "2024-01-01 00:00:00",
        }));
        return { error: "0", data: { result: ids.length, perpage: 2, currentpage: page, nextpage, maxpage, pixels } };
    }

    it("fails as bad-response instead of looping when the next page points back", async () => {
        script((req) => {
            const page = Number(new URL(req.url ?? "", "http://x").searchParams.get("page"));
            return { body: pixelsPage(page, 1, 5, [page * 10 + 1, page * 10 + 2]) };
        });
        const seen: number[] = [];
        const error = await rejection(
            (async () => {
                for await (const pixel of client().pixels.all()) seen.push(pixel.id);
            })(),
        );
        assert.equal(error.kind, "bad-response");
        assert.match(error.message, /page 1 of 5 names page 1 as the next one/);
        assert.deepEqual(seen, [11, 12]);
        assert.equal(server().requests.length, 1);
    });

    it("fails when nextpage is null while maxpage says more pages follow: the listing ended early", async () => {
        script(() => ({ body: pixelsPage(1, null, 9, [1, 2]) }));
        const error = await rejection(collect(client().pixels.all()));
        assert.equal(error.kind, "bad-response");
        assert.match(error.message, /page 1 of 9 says it is the last one/);
        assert.equal(server().requests.length, 1);
    });

    it("walks through an empty page while the envelope says more pages follow", async () => {
        script((req) => {
            const page = Number(new URL(req.url ?? "", "http://x").searchParams.get("page"));
            return { body: page === 1 ? pixelsPage(1, 2, 2, []) : pixelsPage(2, null, 2, [7, 8]) };
        });
        assert.deepEqual(
            (await collect(client().pixels.all())).map((pixel) => pixel.id),
            [7, 8],
        );
        assert.equal(server().requests.length, 2);
    });

    it("stops when currentpage reaches maxpage, whatever nextpage says there", async () => {
        script((req) => {
            const page = Number(new URL(req.url ?? "", "http://x").searchParams.get("page"));
            return { body: pixelsPage(page, page + 1, 2, [page]) };
        });
        assert.deepEqual(
            (await collect(client().pixels.all())).map((pixel) => pixel.id),
            [1, 2],
        );
        assert.equal(server().requests.length, 2);
    });
});
