import assert from "node:assert/strict";
import { call, DATE_ONLY, useEmulator } from "./harness";

describe("emulator: channels", () => {
    const emulator = useEmulator();

    async function addChannel(body: Record<string, unknown>) {
        const response = await call(emulator(), "POST", "/api/channel/add", { body });
        assert.equal(response.json.error, 0, response.json.message);
        return response.json;
    }

    it("add answers {error,id,name,description,color,starred} and keeps the colour's case", async () => {
        const created = await addChannel({ name: "News", description: "Daily news", color: "#aB12eF", starred: true });
        assert.deepEqual(Object.keys(created).sort(), ["color", "description", "error", "id", "name", "starred"]);
        assert.ok(Number.isInteger(created.id));
        assert.equal(created.name, "News");
        assert.equal(created.description, "Daily news");
        assert.equal(created.color, "#aB12eF");
        assert.equal(created.starred, true);
    });

    it("lists channels with string ids and the spec's fields", async () => {
        const created = await addChannel({ name: "Listed", color: "#000000" });
        const list = await call(emulator(), "GET", "/api/channels");
        assert.equal(list.json.error, "0");
        assert.deepEqual(list.json.data.channels, [
            { id: String(created.id), name: "Listed", description: "", color: "#000000", starred: false },
        ]);
    });

    for (const [body, field] of [
        [{}, "name"],
        [{ description: "no name" }, "name"],
        [{ name: "Bad colour", color: "red" }, "color"],
        [{ name: "Short colour", color: "#FFF" }, "color"],
        [{ name: "Starred text", starred: "yes" }, "starred"],
    ] as const) {
        it(`add refuses ${JSON.stringify(body)} naming ${field}, storing nothing`, async () => {
            const response = await call(emulator(), "POST", "/api/channel/add", { body });
            assert.equal(response.json.error, 1);
            assert.match(response.json.message, new RegExp(field));
            assert.deepEqual(await emulator().admin.list("channels"), []);
        });
    }

    it("update changes the fields sent and silently keeps a name or description of two characters or fewer", async () => {
        const created = await addChannel({ name: "Original", description: "Original text", color: "#111111" });
        const short = await call(emulator(), "PUT", `/api/channel/${created.id}/update`, {
            body: { name: "ab", description: "cd", starred: true },
        });
        assert.deepEqual(Object.keys(short.json).sort(), ["error", "message"]);
        assert.equal(short.json.error, 0);
        let [stored] = await emulator().admin.list("channels");
        assert.equal(stored.name, "Original");
        assert.equal(stored.description, "Original text");
        assert.equal(stored.starred, true);

        await call(emulator(), "PUT", `/api/channel/${created.id}/update`, {
            body: { name: "Renamed", description: "New text", color: "#222222" },
        });
        [stored] = await emulator().admin.list("channels");
        assert.equal(stored.name, "Renamed");
        assert.equal(stored.description, "New text");
        assert.equal(stored.color, "#222222");
    });

    it("update refuses a bad colour, changing nothing", async () => {
        const created = await addChannel({ name: "Keep", color: "#333333" });
        const response = await call(emulator(), "PUT", `/api/channel/${created.id}/update`, {
            body: { name: "Changed", color: "333333" },
        });
        assert.equal(response.json.error, 1);
        assert.match(response.json.message, /color/);
        const [stored] = await emulator().admin.list("channels");
        assert.equal(stored.name, "Keep");
    });

    it("assigns links, bio pages and QR codes and lists them as items with date only", async () => {
        const channel = await addChannel({ name: "Mixed" });
        const link = await emulator().admin.seed("links", {
            title: "My link",
            url: "https://example.com/long",
            alias: "mylink",
        });
        const bio = await emulator().admin.seed("bio", { name: "My bio", alias: "mybio" });
        const qr = await emulator().admin.seed("qrcodes", { name: "My QR" });
        for (const [type, id] of [
            ["links", link.id],
            ["bio", bio.id],
            ["qr", qr.id],
        ] as const) {
            const response = await call(emulator(), "POST", `/api/channel/${channel.id}/assign/${type}/${id}`);
            assert.deepEqual(Object.keys(response.json).sort(), ["error", "message"]);
            assert.equal(response.json.error, 0);
        }
        const items = await call(emulator(), "GET", `/api/channel/${channel.id}`);
        assert.equal(items.json.error, "0");
        assert.equal(items.json.data.result, 3);
        const listed = items.json.data.items;
        assert.deepEqual(
            listed.map((item: { type: string; id: number }) => [item.type, item.id]),
            [
                ["links", link.id],
                ["bio", bio.id],
                ["qr", qr.id],
            ],
        );
        for (const item of listed) {
            assert.deepEqual(Object.keys(item).sort(), ["date", "id", "link", "preview", "title", "type"]);
            assert.match(item.date, DATE_ONLY);
        }
        assert.equal(listed[0].title, "My link");
        assert.equal(listed[0].preview, "https://example.com/long");
        assert.equal(listed[0].link, `${emulator().baseUrl}/mylink`);
        assert.equal(listed[1].title, "My bio");
        assert.equal(listed[2].title, "My QR");

        const [stored] = await emulator().admin.list("channels");
        assert.deepEqual(
            (stored.items as { type: string; id: number }[]).map((item) => [item.type, item.id]),
            [
                ["links", link.id],
                ["bio", bio.id],
                ["qr", qr.id],
            ],
        );
    });

    it("assigning the same item twice lists it once", async () => {
        const channel = await addChannel({ name: "Once" });
        const link = await emulator().admin.seed("links", {});
        await call(emulator(), "POST", `/api/channel/${channel.id}/assign/links/${link.id}`);
        await call(emulator(), "POST", `/api/channel/${channel.id}/assign/links/${link.id}`);
        assert.equal((await call(emulator(), "GET", `/api/channel/${channel.id}`)).json.data.result, 1);
    });

    it("assign refuses an unknown type, channel or item", async () => {
        const channel = await addChannel({ name: "Strict" });
        const link = await emulator().admin.seed("links", {});
        const badType = await call(emulator(), "POST", `/api/channel/${channel.id}/assign/pages/${link.id}`);
        assert.equal(badType.json.error, 1);
        assert.match(badType.json.message, /type/);
        assert.deepEqual((await call(emulator(), "POST", `/api/channel/999999/assign/links/${link.id}`)).json, {
            error: 1,
            message: "Channel does not exist.",
        });
        for (const [type, thing] of [
            ["links", "Link"],
            ["bio", "Bio page"],
            ["qr", "QR code"],
        ]) {
            const response = await call(emulator(), "POST", `/api/channel/${channel.id}/assign/${type}/999999`);
            assert.deepEqual(response.json, { error: 1, message: `${thing} does not exist.` });
        }
        const [stored] = await emulator().admin.list("channels");
        assert.deepEqual(stored.items, []);
    });

    it("deleting a channel unassigns its items; the items themselves remain", async () => {
        const channel = await addChannel({ name: "Doomed" });
        const link = await emulator().admin.seed("links", {});
        await call(emulator(), "POST", `/api/channel/${channel.id}/assign/links/${link.id}`);
        const removed = await call(emulator(), "DELETE", `/api/channel/${channel.id}/delete`);
        assert.equal(removed.json.error, 0);
        assert.deepEqual(await emulator().admin.list("channels"), []);
        assert.equal((await emulator().admin.list("links")).length, 1);
        const items = await call(emulator(), "GET", `/api/channel/${channel.id}`);
        assert.deepEqual(items.json, { error: 1, message: "Channel does not exist." });
    });

    it("an item removed behind the API's back leaves the channel", async () => {
        const channel = await addChannel({ name: "Drift" });
        const link = await emulator().admin.seed("links", {});
        await call(emulator(), "POST", `/api/channel/${channel.id}/assign/links/${link.id}`);
        await emulator().admin.remove("links", link.id);
        assert.equal((await call(emulator(), "GET", `/api/channel/${channel.id}`)).json.data.result, 0);
    });
});
