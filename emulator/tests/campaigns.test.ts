import assert from "node:assert/strict";
import { call, useEmulator, withEmulator } from "./harness";

describe("emulator: campaigns", () => {
    const emulator = useEmulator();

    async function addCampaign(body: Record<string, unknown>) {
        const response = await call(emulator(), "POST", "/api/campaign/add", { body });
        assert.equal(response.json.error, 0, response.json.message);
        return response.json;
    }

    it("add answers {error,id,domain,public,rotator,list} with the name under domain and the rotator URL from the slug", async () => {
        const created = await addCampaign({ name: "Spring sale", slug: "spring-sale", public: true });
        assert.deepEqual(Object.keys(created).sort(), ["domain", "error", "id", "list", "public", "rotator"]);
        assert.equal(created.error, 0);
        assert.ok(Number.isInteger(created.id));
        assert.equal(created.domain, "Spring sale");
        assert.equal(created.public, true);
        assert.equal(created.rotator, `${emulator().baseUrl}/r/spring-sale`);
        const account = (await call(emulator(), "GET", "/api/account")).json.data;
        assert.equal(created.list, `${emulator().baseUrl}/u/${account.username}/c/${created.id}`);
    });

    it("a campaign without a slug has rotator false and is private by default", async () => {
        const created = await addCampaign({ name: "Plain" });
        assert.equal(created.rotator, false);
        assert.equal(created.public, false);
    });

    it("lists campaigns with integer ids; the first one carries its name under domain", async () => {
        const first = await addCampaign({ name: "First one", slug: "first" });
        const second = await addCampaign({ name: "Second one" });
        const list = await call(emulator(), "GET", "/api/campaigns");
        assert.equal(list.json.error, "0");
        const [a, b] = list.json.data.campaigns;
        assert.deepEqual(a, {
            id: first.id,
            domain: "First one",
            public: false,
            rotator: first.rotator,
            list: first.list,
        });
        assert.deepEqual(b, { id: second.id, name: "Second one", public: false, rotator: false, list: second.list });
    });

    it("slugs are unique across the whole service", async () => {
        const other = await emulator().admin.createAccount();
        await call(emulator(), "POST", "/api/campaign/add", {
            key: other.apiKey,
            body: { name: "Theirs", slug: "shared" },
        });
        const response = await call(emulator(), "POST", "/api/campaign/add", {
            body: { name: "Mine", slug: "shared" },
        });
        assert.equal(response.json.error, 1);
        assert.match(response.json.message, /slug/i);
        assert.deepEqual(await emulator().admin.list("campaigns", { userId: emulator().userId }), []);
    });

    it("refuses a slug with characters a URL path segment cannot hold, and a non-boolean public", async () => {
        for (const [body, field] of [
            [{ slug: "a b/c" }, "slug"],
            [{ public: "yes" }, "public"],
            [{ name: 5 }, "name"],
        ] as const) {
            const response = await call(emulator(), "POST", "/api/campaign/add", { body });
            assert.equal(response.json.error, 1);
            assert.match(response.json.message, new RegExp(field));
        }
        assert.deepEqual(await emulator().admin.list("campaigns"), []);
    });

    it("update answers like add, changes name, slug and public", async () => {
        const created = await addCampaign({ name: "Before", slug: "before" });
        const updated = await call(emulator(), "PUT", `/api/campaign/${created.id}/update`, {
            body: { name: "After", slug: "after", public: true },
        });
        assert.deepEqual(Object.keys(updated.json).sort(), ["domain", "error", "id", "list", "public", "rotator"]);
        assert.equal(updated.json.domain, "After");
        assert.equal(updated.json.public, true);
        assert.equal(updated.json.rotator, `${emulator().baseUrl}/r/after`);
        // The old slug is free again.
        assert.equal(
            (await call(emulator(), "POST", "/api/campaign/add", { body: { name: "Reuse", slug: "before" } })).json
                .error,
            0,
        );
    });

    it("update silently keeps a name of two characters or fewer and still answers success", async () => {
        const created = await addCampaign({ name: "Long name" });
        for (const name of ["ab", "x"]) {
            const response = await call(emulator(), "PUT", `/api/campaign/${created.id}/update`, { body: { name } });
            assert.equal(response.json.error, 0);
            assert.equal(response.json.domain, "Long name");
        }
        const [stored] = await emulator().admin.list("campaigns");
        assert.equal(stored.name, "Long name");
    });

    it("update needs a name and refuses a slug taken by another campaign", async () => {
        const created = await addCampaign({ name: "One", slug: "one" });
        await addCampaign({ name: "Two", slug: "two" });
        const missing = await call(emulator(), "PUT", `/api/campaign/${created.id}/update`, { body: { slug: "x1" } });
        assert.equal(missing.json.error, 1);
        assert.match(missing.json.message, /name/);
        const taken = await call(emulator(), "PUT", `/api/campaign/${created.id}/update`, {
            body: { name: "One!", slug: "two" },
        });
        assert.equal(taken.json.error, 1);
        const stored = (await emulator().admin.list("campaigns")).find((campaign) => campaign.id === created.id);
        assert.equal(stored?.slug, "one");
        assert.equal(stored?.name, "One");
    });

    it("assign stores the link in the campaign; delete unassigns it", async () => {
        const created = await addCampaign({ name: "Holder" });
        const link = await emulator().admin.seed("links", { title: "A link" });
        const assign = await call(emulator(), "POST", `/api/campaign/${created.id}/assign/${link.id}`);
        assert.deepEqual(Object.keys(assign.json).sort(), ["error", "message"]);
        assert.equal(assign.json.error, 0);
        let [storedLink] = await emulator().admin.list("links");
        assert.equal(storedLink.campaignId, created.id);

        const removed = await call(emulator(), "DELETE", `/api/campaign/${created.id}/delete`);
        assert.equal(removed.json.error, 0);
        assert.deepEqual(await emulator().admin.list("campaigns"), []);
        [storedLink] = await emulator().admin.list("links");
        assert.equal(storedLink.campaignId, null);
    });

    it("assign refuses an unknown campaign or link", async () => {
        const created = await addCampaign({ name: "Holder" });
        const link = await emulator().admin.seed("links", {});
        const noCampaign = await call(emulator(), "POST", `/api/campaign/999999/assign/${link.id}`);
        assert.deepEqual(noCampaign.json, { error: 1, message: "Campaign does not exist." });
        const noLink = await call(emulator(), "POST", `/api/campaign/${created.id}/assign/999999`);
        assert.deepEqual(noLink.json, { error: 1, message: "Link does not exist." });
        const [storedLink] = await emulator().admin.list("links");
        assert.equal(storedLink.campaignId, null);
    });
});

describe("emulator: campaign name key option", () => {
    it('with campaignNameKey "campaign" the name comes under campaign in create and update responses', async () => {
        await withEmulator({ campaignNameKey: "campaign" }, async (emulator) => {
            const created = await call(emulator, "POST", "/api/campaign/add", { body: { name: "Keyed" } });
            assert.equal(created.json.campaign, "Keyed");
            assert.equal("domain" in created.json, false);
            const updated = await call(emulator, "PUT", `/api/campaign/${created.json.id}/update`, {
                body: { name: "Keyed 2" },
            });
            assert.equal(updated.json.campaign, "Keyed 2");
        });
    });
});
