import assert from "node:assert/strict";
import { collect, rejection, useEmulator } from "../support/client-harness";

describe("client: campaigns", () => {
    const { emulator, client } = useEmulator();

    it("create reads the name from `domain`, the rotator URL from a slug, and the list URL", async () => {
        const campaign = await client().campaigns.create({ name: "Spring sale", slug: "spring", public: true });
        const [account] = await emulator().admin.list("accounts");
        assert.deepEqual(campaign, {
            id: campaign.id,
            name: "Spring sale",
            public: true,
            rotatorUrl: `${emulator().baseUrl}/r/spring`,
            listUrl: `${emulator().baseUrl}/u/${account.username}/c/${campaign.id}`,
        });
        assert.equal(typeof campaign.id, "number");
    });

    it("rotator false becomes rotatorUrl null", async () => {
        const campaign = await client().campaigns.create({ name: "No rotator" });
        assert.equal(campaign.rotatorUrl, null);
        assert.equal(campaign.public, false);
    });

    it("the list gives every campaign its name, the first one's included (sent under `domain`)", async () => {
        const first = await client().campaigns.create({ name: "First" });
        const second = await client().campaigns.create({ name: "Second", slug: "second" });
        const page = await client().campaigns.list();
        assert.deepEqual(
            page.items.map((campaign) => [campaign.id, campaign.name, campaign.rotatorUrl]),
            [
                [first.id, "First", null],
                [second.id, "Second", `${emulator().baseUrl}/r/second`],
            ],
        );
        assert.deepEqual(await collect(client().campaigns.all()), page.items);
    });

    it("update returns the changed campaign; a taken slug fails as validation", async () => {
        const campaign = await client().campaigns.create({ name: "Before" });
        const updated = await client().campaigns.update(campaign.id, { name: "After", slug: "after", public: true });
        assert.equal(updated.id, campaign.id);
        assert.equal(updated.name, "After");
        assert.equal(updated.rotatorUrl, `${emulator().baseUrl}/r/after`);
        assert.equal(updated.public, true);

        const other = await client().campaigns.create({ name: "Other" });
        const error = await rejection(client().campaigns.update(other.id, { name: "Other", slug: "after" }));
        assert.equal(error.kind, "validation");
        assert.match(error.serviceMessage ?? "", /slug/i);
    });

    it("assignLink stores the link in the campaign; an unknown link fails", async () => {
        const campaign = await client().campaigns.create({ name: "With links" });
        const link = await emulator().admin.seed("links", { title: "A link" });
        await client().campaigns.assignLink(campaign.id, link.id);
        const [stored] = await emulator().admin.list("links");
        assert.equal(stored.campaignId, campaign.id);

        const error = await rejection(client().campaigns.assignLink(campaign.id, link.id + 100));
        assert.equal(error.kind, "not-found");
    });

    it("delete removes it; deleting again is not-found", async () => {
        const campaign = await client().campaigns.create({ name: "Short-lived" });
        await client().campaigns.delete(campaign.id);
        assert.deepEqual(await emulator().admin.list("campaigns"), []);
        assert.equal((await rejection(client().campaigns.delete(campaign.id))).notFound, true);
    });
});

describe("client: campaigns when the service names the campaign `campaign`", () => {
    const { client } = useEmulator({ campaignNameKey: "campaign" });

    it("create and update still read the name", async () => {
        const campaign = await client().campaigns.create({ name: "Under campaign" });
        assert.equal(campaign.name, "Under campaign");
        assert.equal((await client().campaigns.update(campaign.id, { name: "Renamed" })).name, "Renamed");
    });
});

describe("client: channels", () => {
    const { emulator, client } = useEmulator();

    it("create returns the channel; the list's string ids become numbers", async () => {
        const channel = await client().channels.create({
            name: "Launch",
            description: "Launch week",
            color: "#1A2B3C",
            starred: true,
        });
        assert.deepEqual(channel, {
            id: channel.id,
            name: "Launch",
            description: "Launch week",
            color: "#1A2B3C",
            starred: true,
        });
        const page = await client().channels.list();
        assert.deepEqual(page.items, [channel]);
        assert.equal(typeof page.items[0].id, "number");
    });

    it("a missing name and a malformed colour fail as validation, nothing stored", async () => {
        const noName = await rejection(client().channels.create({ name: "" }));
        assert.match(noName.serviceMessage ?? "", /name/);
        const badColour = await rejection(client().channels.create({ name: "Colours", color: "blue" }));
        assert.equal(badColour.kind, "validation");
        assert.match(badColour.serviceMessage ?? "", /colou?r/i);
        assert.deepEqual(await emulator().admin.list("channels"), []);
    });

    it("update changes only the fields sent", async () => {
        const channel = await client().channels.create({ name: "Old name", description: "Kept description" });
        await client().channels.update(channel.id, { name: "New name", starred: true });
        const [stored] = await emulator().admin.list("channels");
        assert.equal(stored.name, "New name");
        assert.equal(stored.starred, true);
        assert.equal(stored.description, "Kept description");
    });

    it("assignItem adds links, bio pages and QR codes; items and allItems list them", async () => {
        const channel = await client().channels.create({ name: "Everything" });
        const link = await emulator().admin.seed("links", { title: "Link title" });
        const bio = await emulator().admin.seed("bio", { name: "Bio page" });
        const qr = await client().qrCodes.create({ type: "text", data: "hello" });
        await client().channels.assignItem(channel.id, "links", link.id);
        await client().channels.assignItem(channel.id, "bio", bio.id);
        await client().channels.assignItem(channel.id, "qr", qr.id);

        const page = await client().channels.items(channel.id, { limit: 2 });
        assert.equal(page.items.length, 2);
        assert.equal(page.nextPage, 2);
        const all = await collect(client().channels.allItems(channel.id, { limit: 2 }));
        assert.deepEqual(
            all.map((item) => [item.type, item.id]),
            [
                ["links", link.id],
                ["bio", bio.id],
                ["qr", qr.id],
            ],
        );
        assert.equal(all[0].title, "Link title");
        assert.match(all[0].date, /^\d{4}-\d\d-\d\d$/);
    });

    it("assigning an unknown item or to an unknown channel fails; items of an unknown channel is not-found", async () => {
        const channel = await client().channels.create({ name: "Strict" });
        assert.equal((await rejection(client().channels.assignItem(channel.id, "links", 4242))).kind, "not-found");
        assert.equal((await rejection(client().channels.assignItem(channel.id + 1, "bio", 1))).kind, "not-found");
        assert.equal((await rejection(client().channels.items(channel.id + 1))).notFound, true);
    });

    it("delete removes the channel but not the items that were in it", async () => {
        const channel = await client().channels.create({ name: "Gone soon" });
        const link = await emulator().admin.seed("links", {});
        await client().channels.assignItem(channel.id, "links", link.id);
        await client().channels.delete(channel.id);
        assert.deepEqual(await emulator().admin.list("channels"), []);
        assert.equal((await emulator().admin.list("links")).length, 1, "the link itself stays");
    });

    it("tenant isolation: another account's channel cannot be read, changed or deleted", async () => {
        const other = await emulator().admin.createAccount();
        const theirs = await client({ apiKey: other.apiKey }).channels.create({ name: "Theirs" });
        assert.deepEqual((await client().channels.list()).items, []);
        for (const attempt of [
            client().channels.items(theirs.id),
            client().channels.update(theirs.id, { name: "Mine now" }),
            client().channels.delete(theirs.id),
        ]) {
            assert.equal((await rejection(attempt)).notFound, true);
        }
        const [stored] = await emulator().admin.list("channels", { userId: other.userId });
        assert.equal(stored.name, "Theirs");
    });
});
