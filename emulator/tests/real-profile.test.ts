// The real-service profile, fact by fact, over plain HTTP; each fact is checked against the spec profile too, so
// a test shows the two differ where the real service does.
import assert from "node:assert/strict";
import { call, useEmulator } from "./harness";
import { RunningEmulator } from "../index";

describe("emulator: the real-service profile", () => {
    const real = useEmulator({ profile: "real" });
    const spec = useEmulator({ profile: "spec" });

    async function ok(emulator: RunningEmulator, method: string, path: string, body?: unknown) {
        const response = await call(emulator, method, path, { body });
        assert.equal(response.json?.error, 0, response.text);
        return response.json;
    }
    const stored = async (emulator: RunningEmulator, kind: Parameters<RunningEmulator["admin"]["list"]>[0]) =>
        (await emulator.admin.list(kind)) as Record<string, any>[];

    it("says which profile it is", () => {
        assert.equal(real().profile, "real");
        assert.equal(spec().profile, "spec");
    });

    it("cleans every text input: tags and <script> blocks removed, & \" ' < > escaped", async () => {
        const name = `R&D "lab" <b>x</b> it's a < b <script>alert(1)</script>`;
        for (const [emulator, expected] of [
            [real(), "R&amp;D &quot;lab&quot; x it&#039;s a &lt; b "],
            [spec(), name],
        ] as const) {
            await ok(emulator, "POST", "/api/channel/add", { name, description: name });
            await ok(emulator, "POST", "/api/pixel/add", { type: "forum", name, tag: name });
            const [channel] = await stored(emulator, "channels");
            const [pixel] = await stored(emulator, "pixels");
            assert.deepEqual(
                [channel.name, channel.description, pixel.name, pixel.tag],
                [expected, expected, expected, expected],
            );
        }
    });

    it("upper-cases a campaign name's first letter on create and update, a channel's on update only", async () => {
        const created = await ok(real(), "POST", "/api/campaign/add", { name: "spring sale" });
        assert.equal(created.campaign, "Spring sale", "the real service answers the name under campaign");
        const updated = await ok(real(), "PUT", `/api/campaign/${created.id}/update`, { name: "autumn sale" });
        assert.equal(updated.campaign, "Autumn sale");
        const channel = await ok(real(), "POST", "/api/channel/add", { name: "news" });
        assert.equal((await stored(real(), "channels"))[0].name, "news");
        const answer = await ok(real(), "PUT", `/api/channel/${channel.id}/update`, { name: "weekly" });
        assert.deepEqual(
            [answer.name, answer.id],
            ["Weekly", String(channel.id)],
            "a channel update answers with the channel",
        );
        const specCampaign = await ok(spec(), "POST", "/api/campaign/add", { name: "spring sale" });
        assert.equal(specCampaign.domain, "spring sale");
    });

    it("gives a channel without a colour a random one and a campaign without a slug a random slug", async () => {
        await ok(real(), "POST", "/api/channel/add", { name: "No colour" });
        await ok(real(), "POST", "/api/campaign/add", { name: "No slug" });
        assert.match((await stored(real(), "channels"))[0].color, /^#[0-9a-f]{6}$/);
        assert.match((await stored(real(), "campaigns"))[0].slug, /^[a-z0-9]{6}$/);
        await ok(spec(), "POST", "/api/channel/add", { name: "No colour" });
        assert.equal((await stored(spec(), "channels"))[0].color, "");
    });

    it("cuts colours to 7 characters and reads booleans as PHP does", async () => {
        await ok(real(), "POST", "/api/channel/add", { name: "Cut", color: "#ABCDEF99", starred: "0" });
        await ok(real(), "POST", "/api/channel/add", { name: "Truthy", starred: "false" });
        const [cut, truthy] = await stored(real(), "channels");
        assert.deepEqual([cut.color, cut.starred, truthy.starred], ["#ABCDEF", false, true]);
        const refused = await call(spec(), "POST", "/api/channel/add", { body: { name: "Strict", starred: "0" } });
        assert.equal(refused.json.error, 1);
    });

    it("answers QR data it cannot read with an HTML 500, storing nothing", async () => {
        const response = await call(real(), "POST", "/api/qr/add", {
            body: { type: "phone", data: { phone: "+15550100" } },
        });
        assert.equal(response.status, 500);
        assert.match(response.contentType, /text\/html/);
        assert.deepEqual(await stored(real(), "qrcodes"), []);
        const specAnswer = await call(spec(), "POST", "/api/qr/add", {
            body: { type: "phone", data: { phone: "+15550100" } },
        });
        assert.deepEqual([specAnswer.status, specAnswer.json.error], [200, 1]);
    });

    it("refuses a campaign's own slug on update, and ignores an empty one", async () => {
        const created = await ok(real(), "POST", "/api/campaign/add", { name: "Rotating", slug: "own-slug" });
        const again = await call(real(), "PUT", `/api/campaign/${created.id}/update`, {
            body: { name: "Rotating", slug: "own-slug" },
        });
        assert.deepEqual([again.json.error, again.json.message], [1, "This slug is currently not available"]);
        await ok(real(), "PUT", `/api/campaign/${created.id}/update`, { name: "Rotating", slug: "" });
        assert.equal((await stored(real(), "campaigns"))[0].slug, "own-slug");
        const specCreated = await ok(spec(), "POST", "/api/campaign/add", { name: "Rotating", slug: "own-slug" });
        await ok(spec(), "PUT", `/api/campaign/${specCreated.id}/update`, { name: "Rotating", slug: "own-slug" });
    });

    it("lists a campaign without a slug with list: false", async () => {
        await real().admin.seed("campaigns", { name: "Hand made", slug: "" });
        const list = await call(real(), "GET", "/api/campaigns");
        assert.equal(list.json.data.campaigns[0].list, false);
    });

    it('refuses to clear a domain redirect: "" gets an empty 200, null "No data sent"', async () => {
        const created = await ok(real(), "POST", "/api/domain/add", {
            domain: "https://go.example.com",
            redirectroot: "https://example.com",
        });
        const empty = await call(real(), "PUT", `/api/domain/${created.id}/update`, { body: { redirectroot: "" } });
        assert.deepEqual([empty.status, empty.text], [200, ""]);
        const nothing = await call(real(), "PUT", `/api/domain/${created.id}/update`, { body: { redirectroot: null } });
        assert.equal(nothing.json.message, "No data sent");
        assert.equal((await stored(real(), "domains"))[0].redirectroot, "https://example.com");
    });

    it("answers an update of a deleted domain or pixel with an empty 200", async () => {
        for (const path of ["/api/domain/999/update", "/api/pixel/999/update"]) {
            const response = await call(real(), "PUT", path, {
                body: { redirectroot: "https://example.com", tag: "T" },
            });
            assert.deepEqual([response.status, response.text], [200, ""], path);
            const specResponse = await call(spec(), "PUT", path, {
                body: { redirectroot: "https://example.com", tag: "T" },
            });
            assert.match(specResponse.json.message, /does not exist/);
        }
    });

    it("lists overlays under overlay, not cta", async () => {
        await real().admin.seed("overlays", { name: "Contact" });
        const list = await call(real(), "GET", "/api/overlay");
        assert.deepEqual(
            list.json.data.overlay.map((overlay: { name: string }) => overlay.name),
            ["Contact"],
        );
        assert.equal(list.json.data.cta, undefined);
    });

    it("refuses to assign an item already in the channel, or a link already in the campaign", async () => {
        for (const [emulator, refused] of [
            [real(), true],
            [spec(), false],
        ] as const) {
            const channel = await ok(emulator, "POST", "/api/channel/add", { name: "News", color: "#123456" });
            const campaign = await ok(emulator, "POST", "/api/campaign/add", { name: "Launch", slug: "launch" });
            const link = await emulator.admin.seed("links", { url: "https://example.com" });
            for (const path of [
                `/api/channel/${channel.id}/assign/links/${link.id}`,
                `/api/campaign/${campaign.id}/assign/${link.id}`,
            ]) {
                await ok(emulator, "POST", path);
                const again = await call(emulator, "POST", path);
                if (refused) assert.match(again.json.message, /already added/, path);
                else assert.equal(again.json.error, 0, path);
            }
            assert.equal((await stored(emulator, "channels"))[0].items.length, 1, "one entry either way");
        }
    });

    it("gives text, sms and wifi codes no short link and no statistics", async () => {
        const text = await ok(real(), "POST", "/api/qr/add", { type: "text", data: "Hello" });
        const link = await ok(real(), "POST", "/api/qr/add", { type: "link", data: "https://example.com" });
        assert.equal(text.link, null);
        assert.match(link.link, /\/q\//);
        const details = await ok(real(), "GET", `/api/qr/${text.id}`);
        assert.equal("data" in details, false);
        assert.ok("data" in (await ok(real(), "GET", `/api/qr/${link.id}`)));
    });
});
