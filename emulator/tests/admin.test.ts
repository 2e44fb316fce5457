import assert from "node:assert/strict";
import { KINDS } from "../store/records";
import { call, useEmulator } from "./harness";

describe("emulator: admin surface", () => {
    const emulator = useEmulator();

    it("refuses calls without the right X-Admin-Token", async () => {
        const attempts: Record<string, string>[] = [
            {},
            { "X-Admin-Token": "wrong" },
            { "X-Admin-Token": emulator().apiKey },
        ];
        for (const headers of attempts) {
            const response = await fetch(`${emulator().baseUrl}/__admin/store`, { headers });
            assert.equal(response.status, 403);
            await response.text();
        }
    });

    it("createAccount makes a separate account with its own key", async () => {
        const created = await emulator().admin.createAccount({ username: "third" });
        assert.notEqual(created.apiKey, emulator().apiKey);
        assert.notEqual(created.userId, emulator().userId);
        const accounts = await emulator().admin.list("accounts");
        assert.deepEqual(accounts.map((account) => account.username).sort(), ["demo", "third"]);
        assert.deepEqual(
            (await emulator().admin.list("accounts", { userId: created.userId })).map((account) => account.id),
            [created.userId],
        );
    });

    it("seed stores every kind with an owner (user 1 by default) and a creation date", async () => {
        const other = await emulator().admin.createAccount();
        for (const kind of KINDS) {
            const mine = await emulator().admin.seed(kind, {});
            const theirs = await emulator().admin.seed(kind, {}, { userId: other.userId });
            const [stored] = await emulator().admin.list(kind, { userId: emulator().userId });
            assert.equal(stored.id, mine.id, kind);
            assert.equal(typeof stored.date, "string", kind);
            const [storedTheirs] = await emulator().admin.list(kind, { userId: other.userId });
            assert.equal(storedTheirs.id, theirs.id, kind);
        }
    });

    it("seed keeps the fields given, but never a caller-chosen id or owner", async () => {
        const { id } = await emulator().admin.seed("links", {
            title: "Chosen",
            id: 777,
            userId: 99,
            date: "2020-01-02 03:04:05",
        });
        const [stored] = await emulator().admin.list("links");
        assert.equal(stored.id, id);
        assert.notEqual(id, 777);
        assert.equal(stored.userId, emulator().userId);
        assert.equal(stored.title, "Chosen");
        assert.equal(stored.date, "2020-01-02 03:04:05");
    });

    it("seed refuses an unknown kind or owner", async () => {
        await assert.rejects(
            emulator().admin.seed("widgets" as "links", {}),
            /unknown kind "widgets": the kinds are domains, campaigns, channels, pixels, qrcodes, links, bio, overlays, splash$/,
        );
        await assert.rejects(emulator().admin.seed("links", {}, { userId: 424242 }), /userId/);
    });

    it("patch drifts an object behind the client's back, visible through the API", async () => {
        const { id } = await emulator().admin.seed("domains", { domain: "https://drift.example.com" });
        await emulator().admin.patch("domains", id, { redirectroot: "https://elsewhere.example.com" });
        const list = await call(emulator(), "GET", "/api/domains");
        assert.equal(list.json.data.domains[0].redirectroot, "https://elsewhere.example.com");
        await emulator().admin.patch("accounts", emulator().userId, { email: "drifted@example.com" });
        assert.equal((await call(emulator(), "GET", "/api/account")).json.data.email, "drifted@example.com");
    });

    it("patch refuses an unknown id, an unknown kind and a change of id", async () => {
        await assert.rejects(emulator().admin.patch("pixels", 424242, { name: "x" }), /does not exist/);
        await assert.rejects(
            emulator().admin.patch("gadgets" as "pixels", 1, {}),
            /unknown kind "gadgets": the kinds are domains, .*, splash, accounts$/,
        );
        const { id } = await emulator().admin.seed("pixels", {});
        await assert.rejects(emulator().admin.patch("pixels", id, { id: 5 }), /id/);
    });

    it("remove deletes an object behind the client's back", async () => {
        const { id } = await emulator().admin.seed("pixels", {});
        await emulator().admin.remove("pixels", id);
        const update = await call(emulator(), "PUT", `/api/pixel/${id}/update`, { body: { tag: "t" } });
        assert.deepEqual(update.json, { error: 1, message: "Pixel does not exist." });
        await assert.rejects(emulator().admin.remove("pixels", id), /does not exist/);
    });

    it("store shows every kind, the accounts and the assignments", async () => {
        const { id: campaignId } = await emulator().admin.seed("campaigns", {});
        const { id: linkId } = await emulator().admin.seed("links", {});
        await call(emulator(), "POST", `/api/campaign/${campaignId}/assign/${linkId}`);
        const store = (await emulator().admin.store()) as Record<string, unknown[]>;
        for (const kind of [...KINDS, "accounts"]) assert.ok(Array.isArray(store[kind]), kind);
        assert.equal((store.links[0] as { campaignId: number }).campaignId, campaignId);
    });

    it("requests() logs API calls with method, path, query, status and user, but no admin call and never the key", async () => {
        await emulator().admin.clearRequests();
        await call(emulator(), "GET", `/api/pixels?limit=2&page=1&key=${emulator().apiKey}`);
        await call(emulator(), "GET", "/api/account", { key: null });
        await emulator().admin.list("pixels");
        const log = await emulator().admin.requests();
        assert.equal(log.length, 2);
        const [listed, anonymous] = log;
        assert.equal(listed.method, "GET");
        assert.equal(listed.path, "/api/pixels");
        assert.equal(listed.query.limit, "2");
        assert.equal(listed.query.page, "1");
        assert.equal(listed.status, 200);
        assert.equal(listed.userId, emulator().userId);
        assert.equal(listed.rateLimited, false);
        assert.equal(typeof listed.time, "number");
        assert.equal(anonymous.status, 403);
        assert.equal(anonymous.userId, null);
        assert.ok(!JSON.stringify(log).includes(emulator().apiKey), "the request log contains the API key");
        await emulator().admin.clearRequests();
        assert.deepEqual(await emulator().admin.requests(), []);
    });

    it("reset empties the store but keeps the ready account and its key", async () => {
        const other = await emulator().admin.createAccount();
        await emulator().admin.seed("domains", {});
        await emulator().admin.patch("accounts", emulator().userId, { email: "changed@example.com" });
        await emulator().admin.injectFault({ mode: "error500" });
        await emulator().admin.reset();
        for (const kind of KINDS) assert.deepEqual(await emulator().admin.list(kind), [], kind);
        const account = await call(emulator(), "GET", "/api/account");
        assert.equal(account.status, 200);
        assert.equal(account.json.data.id, emulator().userId);
        assert.notEqual(account.json.data.email, "changed@example.com");
        assert.equal((await call(emulator(), "GET", "/api/account", { key: other.apiKey })).status, 403);
    });
});
