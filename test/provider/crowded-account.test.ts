// An account with more than one listing page of every listed kind, against the real service's list answers: `result`
// is the listing's total, `error` the integer 0. Through the real Pulumi CLI, the
// whole lifecycle (preview, up, refresh, up after a change made by hand, destroy) and the data functions walk every
// page, and the objects made in the dashboard are neither taken nor touched.
import { strict as assert } from "node:assert";
import {
    getQrCodeStatistics,
    listCampaigns,
    listChannelItems,
    listChannels,
    listDomains,
    listPixels,
    listQrCodes,
} from "../../provider";
import type { RunningEmulator } from "../../emulator";
import { changes, idOf, useStack, type Declared, type TestStack } from "../support/stack";

/** More than the 100 a page the provider asks for, so that every listing has two pages. */
const CROWD = 105;
/** A channel's links, of which DELETED_LINKS are deleted in the dashboard: still counted by the service, not listed. */
const CHANNEL_LINKS = 104;
const DELETED_LINKS = 3;
const FIRST_ROOT = "https://www.brand.example/";

interface Crowd {
    channel: number;
    /** Two links in no channel and no campaign, for the stack to assign. */
    free: number[];
}

async function seedCrowd(emulator: RunningEmulator): Promise<Crowd> {
    const { admin } = emulator;
    for (let i = 1; i <= CROWD; i++) {
        await admin.seed("domains", { domain: `https://dashboard${i}.example`, redirectroot: "", redirect404: "" });
        await admin.seed("campaigns", { name: `Dashboard campaign ${i}`, slug: `dash-${i}`, public: false });
        await admin.seed("channels", {
            name: `Dashboard channel ${i}`,
            description: "",
            color: "#000000",
            starred: false,
        });
        await admin.seed("pixels", { type: "qapixel", name: `Dashboard pixel ${i}`, tag: `DASH-${i}` });
        await admin.seed("qrcodes", { type: "text", data: `dashboard ${i}`, name: `Dashboard QR ${i}` });
    }
    const links: number[] = [];
    for (let i = 0; i < CHANNEL_LINKS; i++)
        links.push((await admin.seed("links", { url: `https://www.example.com/post-${i}` })).id);
    const items = links.map((id) => ({ type: "links", id, date: "2024-01-01 00:00:00" }));
    const { id: channel } = await admin.seed("channels", {
        name: "Crowded channel",
        description: "",
        color: "#123456",
        starred: false,
        items,
    });
    for (const id of links.slice(0, DELETED_LINKS)) await admin.remove("links", id);
    const free = [
        (await admin.seed("links", { url: "https://www.brand.example/a" })).id,
        (await admin.seed("links", { url: "https://www.brand.example/b" })).id,
    ];
    return { channel, free };
}

describe("An account with more than one page of every listed kind, against the real service's list answers", function () {
    this.timeout(10 * 60_000);
    const started = useStack({ profile: "real" });
    let stack: TestStack;
    let crowd: Crowd;
    before(async () => {
        stack = started();
        crowd = await seedCrowd(stack.emulator);
    });

    const declared = (redirectRoot: string): Declared[] => [
        { kind: "Domain", name: "brand", args: { domain: "https://go.brand.example", redirectRoot } },
        { kind: "Campaign", name: "launch", args: { name: "Launch", slug: "launch" } },
        { kind: "Channel", name: "news", args: { name: "News", color: "#1A73E8" } },
        { kind: "Pixel", name: "site", args: { type: "analyticspixel", name: "Site", tag: "G-SITE" } },
        { kind: "QrCode", name: "poster", args: { type: "link", data: "https://www.brand.example/poster" } },
        {
            kind: "ChannelItem",
            name: "poster-in-crowd",
            args: { channelId: crowd.channel, type: "qr", itemId: { $ref: "poster.id" } },
        },
        {
            kind: "ChannelItem",
            name: "free-link",
            args: { channelId: crowd.channel, type: "links", itemId: crowd.free[0] },
        },
        {
            kind: "CampaignLink",
            name: "launch-link",
            args: { campaignId: { $ref: "launch.id" }, linkId: crowd.free[1] },
        },
    ];
    const pagesAsked = async (path: string) =>
        (await stack.emulator.admin.requests())
            .filter((entry) => entry.method === "GET" && entry.path === path)
            .map((entry) => entry.query.page);
    const counts = async () => ({
        domains: (await stack.emulator.admin.list("domains")).length,
        campaigns: (await stack.emulator.admin.list("campaigns")).length,
        channels: (await stack.emulator.admin.list("channels")).length,
        pixels: (await stack.emulator.admin.list("pixels")).length,
        qrcodes: (await stack.emulator.admin.list("qrcodes")).length,
    });

    it("the service answers as its source does: the total in result, an integer error, on every page", async () => {
        const answer = await fetch(`${stack.emulator.baseUrl}/api/pixels?limit=100&page=2`, {
            headers: { Authorization: `Bearer ${stack.emulator.apiKey}` },
        });
        const body = (await answer.json()) as {
            error: unknown;
            data: { result: number; pixels: unknown[]; maxpage: number };
        };
        assert.equal(body.error, 0);
        assert.deepEqual([body.data.result, body.data.pixels.length, body.data.maxpage], [CROWD, CROWD - 100, 2]);
    });

    it("preview plans the creates; up makes them, walking both pages of every kind it lists", async () => {
        assert.deepEqual(
            changes(await stack.expectOk("preview", declared(FIRST_ROOT))),
            declared(FIRST_ROOT)
                .map((resource) => `create ${resource.name}`)
                .sort(),
        );
        await stack.emulator.admin.clearRequests();
        await stack.expectOk("up", declared(FIRST_ROOT));
        for (const path of [
            "/api/domains",
            "/api/campaigns",
            "/api/channels",
            "/api/pixels",
            "/api/qr",
            `/api/channel/${crowd.channel}`,
        ]) {
            assert.deepEqual([...new Set(await pagesAsked(path))].sort(), ["1", "2"], `${path} was read page by page`);
        }
        assert.deepEqual(await counts(), {
            domains: CROWD + 1,
            campaigns: CROWD + 1,
            channels: CROWD + 2,
            pixels: CROWD + 1,
            qrcodes: CROWD + 1,
        });
    });

    it("refresh finds nothing changed, and preview after it plans nothing", async () => {
        assert.deepEqual(changes(await stack.expectOk("refresh", declared(FIRST_ROOT))), []);
        assert.deepEqual(changes(await stack.expectOk("preview", declared(FIRST_ROOT))), []);
    });

    it("a change made by hand on page 2 is found by refresh and put back by up", async () => {
        const ids = (await stack.expectOk("preview", declared(FIRST_ROOT))).outputs.ids as Record<string, string>;
        await stack.emulator.admin.patch("domains", Number(ids.brand), { redirectroot: "https://hand.example" });
        await stack.emulator.admin.patch("pixels", Number(ids.site), { tag: "G-HAND" });
        assert.deepEqual(changes(await stack.expectOk("refresh", declared(FIRST_ROOT))), [
            "refresh brand",
            "refresh site",
        ]);
        assert.deepEqual(changes(await stack.expectOk("up", declared(FIRST_ROOT))), ["update brand", "update site"]);
        const pixel = (await stack.emulator.admin.list("pixels")).find((entry) => String(entry.id) === ids.site);
        assert.equal(pixel?.tag, "G-SITE");
        assert.deepEqual(changes(await stack.expectOk("preview", declared(FIRST_ROOT))), []);
    });

    it("an update of a declared value is made; the data functions list every object of every kind and keep four social counters", async () => {
        const up = await stack.expectOk("up", declared("https://www.brand.example/new"));
        assert.deepEqual(changes(up), ["update brand"]);
        const options = { baseUrl: stack.emulator.baseUrl, apiKey: stack.emulator.apiKey };
        const listed = {
            domains: (await listDomains(options)).length,
            campaigns: (await listCampaigns(options)).length,
            channels: (await listChannels(options)).length,
            pixels: (await listPixels(options)).length,
            qrcodes: (await listQrCodes(options)).length,
        };
        assert.deepEqual(listed, await counts());
        const items = await listChannelItems(Number(crowd.channel), options);
        assert.equal(
            items.length,
            CHANNEL_LINKS - DELETED_LINKS + 2,
            "the crowded channel's links that exist, the declared link and QR code",
        );
        assert.ok(items.some((item) => item.type === "qr" && String(item.id) === idOf(up, "poster")));
        const statistics = await getQrCodeStatistics(Number(idOf(up, "poster")), options);
        assert.deepEqual(
            statistics?.socialCount,
            { facebook: 0, twitter: 0, reddit: 0, linkedin: 0 },
            "the fourth counter is kept",
        );
    });

    it("destroy removes what the stack made and nothing made in the dashboard", async () => {
        await stack.expectOk("destroy", []);
        assert.deepEqual(await counts(), {
            domains: CROWD,
            campaigns: CROWD,
            channels: CROWD + 1,
            pixels: CROWD,
            qrcodes: CROWD,
        });
        const items = await listChannelItems(Number(crowd.channel), {
            baseUrl: stack.emulator.baseUrl,
            apiKey: stack.emulator.apiKey,
        });
        // The service cannot take an item out of a channel (docs/resources.md): the declared link stays, the QR code is gone.
        assert.deepEqual(
            items.filter((item) => item.type !== "links"),
            [],
        );
        assert.equal(items.length, CHANNEL_LINKS - DELETED_LINKS + 1);
    });
});
