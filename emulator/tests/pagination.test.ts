import assert from "node:assert/strict";
import { Kind } from "../index";
import { call, DATE_TIME, useEmulator } from "./harness";

// Every list endpoint, the kind it lists and the key of its array.
const LISTS: { path: string; kind: Kind; key: string }[] = [
    { path: "/api/domains", kind: "domains", key: "domains" },
    { path: "/api/overlay", kind: "overlays", key: "cta" },
    { path: "/api/campaigns", kind: "campaigns", key: "campaigns" },
    { path: "/api/channels", kind: "channels", key: "channels" },
    { path: "/api/splash", kind: "splash", key: "splash" },
    { path: "/api/pixels", kind: "pixels", key: "pixels" },
    { path: "/api/qr", kind: "qrcodes", key: "qrs" },
];

function ownEntries(entries: { id: unknown }[]) {
    return entries.filter((entry) => entry.id !== null);
}

describe("emulator: list pagination", () => {
    const emulator = useEmulator();

    async function seedMany(kind: Kind, count: number): Promise<number[]> {
        const ids: number[] = [];
        for (let i = 0; i < count; i++) ids.push((await emulator().admin.seed(kind, {})).id);
        return ids;
    }

    for (const { path, kind, key } of LISTS) {
        it(`${path}: walks 7 objects in pages of 3 (3, 3, 1) and past the end`, async () => {
            const ids = await seedMany(kind, 7);
            const seen: unknown[] = [];
            const expected = [
                { page: 1, result: 3, nextpage: 2 },
                { page: 2, result: 3, nextpage: 3 },
                { page: 3, result: 1, nextpage: null },
            ];
            for (const { page, result, nextpage } of expected) {
                const response = await call(emulator(), "GET", `${path}?limit=3&page=${page}`);
                assert.equal(response.json.error, "0");
                const data = response.json.data;
                assert.deepEqual(
                    {
                        result: data.result,
                        perpage: data.perpage,
                        currentpage: data.currentpage,
                        nextpage: data.nextpage,
                        maxpage: data.maxpage,
                    },
                    { result, perpage: 3, currentpage: page, nextpage, maxpage: 3 },
                );
                const entries = ownEntries(data[key]);
                assert.equal(entries.length, result);
                seen.push(...entries.map((entry) => Number(entry.id)));
            }
            assert.deepEqual(seen, ids);

            const past = await call(emulator(), "GET", `${path}?limit=3&page=4`);
            assert.equal(past.json.error, "0");
            assert.equal(past.json.data.result, 0);
            assert.equal(past.json.data.nextpage, null);
            assert.deepEqual(ownEntries(past.json.data[key]), []);
        });

        it(`${path}: an empty list has maxpage 0, nextpage null and an empty array`, async () => {
            const response = await call(emulator(), "GET", path);
            assert.equal(response.json.error, "0");
            const data = response.json.data;
            assert.equal(data.result, 0);
            assert.equal(data.maxpage, 0);
            assert.equal(data.nextpage, null);
            assert.equal(data.currentpage, 1);
            assert.deepEqual(ownEntries(data[key]), []);
        });
    }

    it("defaults to 15 per page and page 1, with no maximum limit", async () => {
        await seedMany("pixels", 17);
        const first = await call(emulator(), "GET", "/api/pixels");
        assert.equal(first.json.data.perpage, 15);
        assert.equal(first.json.data.currentpage, 1);
        assert.equal(first.json.data.result, 15);
        assert.equal(first.json.data.nextpage, 2);
        const all = await call(emulator(), "GET", "/api/pixels?limit=1000");
        assert.equal(all.json.data.result, 17);
        assert.equal(all.json.data.maxpage, 1);
    });

    for (const query of ["limit=0", "limit=-1", "limit=abc", "limit=2.5", "page=0", "page=x"]) {
        it(`refuses ?${query} with error 1 naming the parameter`, async () => {
            const response = await call(emulator(), "GET", `/api/campaigns?${query}`);
            assert.equal(response.status, 200);
            assert.equal(response.json.error, 1);
            assert.match(response.json.message, new RegExp(query.split("=")[0]));
        });
    }

    it("/api/domains shows the system domain on every page, not counted in result", async () => {
        await seedMany("domains", 3);
        for (const page of [1, 2, 3]) {
            const response = await call(emulator(), "GET", `/api/domains?limit=2&page=${page}`);
            const system = response.json.data.domains.filter((entry: { id: unknown }) => entry.id === null);
            assert.deepEqual(system, [{ id: null, domain: "https://sho.rt", redirectroot: "", redirect404: "" }]);
            assert.equal(response.json.data.result, page === 1 ? 2 : page === 2 ? 1 : 0);
        }
    });

    it("overlays and splash pages list exactly the spec's fields with integer ids", async () => {
        const overlay = await emulator().admin.seed("overlays", { type: "contact", name: "Reach us" });
        const splash = await emulator().admin.seed("splash", { name: "Welcome" });
        const [listedOverlay] = (await call(emulator(), "GET", "/api/overlay")).json.data.cta;
        assert.deepEqual(Object.keys(listedOverlay).sort(), ["date", "id", "name", "type"]);
        assert.equal(listedOverlay.id, overlay.id);
        assert.equal(listedOverlay.type, "contact");
        assert.equal(listedOverlay.name, "Reach us");
        assert.match(listedOverlay.date, DATE_TIME);
        const [listedSplash] = (await call(emulator(), "GET", "/api/splash")).json.data.splash;
        assert.deepEqual(Object.keys(listedSplash).sort(), ["date", "id", "name"]);
        assert.equal(listedSplash.id, splash.id);
        assert.equal(listedSplash.name, "Welcome");
    });

    it("the items of a channel page like any list", async () => {
        const { id: channelId } = await emulator().admin.seed("channels", {});
        for (const linkId of await seedMany("links", 4)) {
            await call(emulator(), "POST", `/api/channel/${channelId}/assign/links/${linkId}`);
        }
        const second = await call(emulator(), "GET", `/api/channel/${channelId}?limit=3&page=2`);
        assert.equal(second.json.error, "0");
        assert.equal(second.json.data.result, 1);
        assert.equal(second.json.data.maxpage, 2);
        assert.equal(second.json.data.nextpage, null);
        assert.equal(second.json.data.items.length, 1);
    });
});
