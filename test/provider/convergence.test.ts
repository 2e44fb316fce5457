// Faults users meet in normal operation, each through the real dynamic-provider host against the emulator: an
// assignment that is already there (made by hand, or by a run whose answer was lost), a key rotated in the middle of
// an up, URLs whose path matters, read-only views of existing objects, and what an up of many objects costs.
import { strict as assert } from "node:assert";
import { readState } from "../support/pulumi";
import type { ProfileName } from "../../emulator";
import { sampleBlocks } from "../support/depth";
import { changes, startStack, useStack, type Declared, type TestStack } from "../support/stack";

type Stored = Record<string, unknown> & { id: number };

const writesOf = async (stack: TestStack) =>
    (await stack.emulator.admin.requests()).filter((request) => request.method !== "GET");
const list = async (stack: TestStack, kind: Parameters<TestStack["emulator"]["admin"]["list"]>[0]) =>
    (await stack.emulator.admin.list(kind)) as Stored[];
/** The outputs the state holds for a declared resource. */
const outputsOf = (stack: TestStack, name: string) =>
    readState(stack.stateFile).resources.find((resource) => resource.urn.endsWith(`::${name}`))?.outputs;
const stateIdsOf = (stack: TestStack, kind: string) =>
    readState(stack.stateFile)
        .resources.filter((resource) => resource.type.endsWith(`:${kind}`))
        .map((resource) => String(resource.id))
        .sort();

/** What the service's API shows, read over plain HTTP with the stack's key: `data[arrayKey]` of a listing, or `data`. */
async function shown(stack: TestStack, path: string, arrayKey?: string): Promise<Record<string, unknown>[]> {
    const response = await fetch(`${stack.emulator.baseUrl}${path}`, {
        headers: { Authorization: `Bearer ${stack.emulator.apiKey}` },
    });
    const body = (await response.json()) as { data: Record<string, unknown> };
    return arrayKey ? (body.data[arrayKey] as Record<string, unknown>[]) : [body.data];
}

describe("What users meet in normal operation, through the real host", function () {
    describe("Assignments are idempotent (real-service profile)", function () {
        // Several engine runs each, on a machine that may be busy.
        this.timeout(300_000);
        const started = useStack({ profile: "real" }, { emptyEach: true });
        let stack: TestStack;
        beforeEach(() => (stack = started()));

        it("a lost assign answer, then up converges without error, the item in the channel and the link in the campaign once", async () => {
            const { id: linkId } = await stack.emulator.admin.seed("links", { url: "https://example.com/landing" });
            const declared: Declared[] = [
                { kind: "Channel", name: "news", args: { name: "News", color: "#1A73E8" } },
                { kind: "Campaign", name: "launch", args: { name: "Launch", slug: "launch" } },
                {
                    kind: "ChannelItem",
                    name: "item",
                    args: { channelId: { $ref: "news.id" }, type: "links", itemId: linkId },
                },
                { kind: "CampaignLink", name: "member", args: { campaignId: { $ref: "launch.id" }, linkId } },
            ];
            // The service applies each assignment and the connection drops before its answer.
            await stack.emulator.admin.injectFault({
                method: "POST",
                path: "^/api/channel/\\d+/assign/",
                mode: "drop-after-apply",
            });
            await stack.emulator.admin.injectFault({
                method: "POST",
                path: "^/api/campaign/\\d+/assign/",
                mode: "drop-after-apply",
            });
            const first = await stack.run("up", declared);
            const second = await stack.run("up", declared);
            assert.ok(second.ok, `${second.error}\n${second.log}`);
            assert.ok(first.ok, `the up that lost the answers finds the assignments itself:\n${first.error}`);
            const [channel] = await list(stack, "channels");
            const [campaign] = await list(stack, "campaigns");
            assert.deepEqual(
                (channel.items as { type: string; id: number }[]).map((item) => [item.type, item.id]),
                [["links", linkId]],
            );
            assert.equal((await list(stack, "links")).find((link) => link.id === linkId)?.campaignId, campaign.id);
            await stack.emulator.admin.clearRequests();
            assert.deepEqual(changes(await stack.expectOk("up", declared)), []);
            assert.deepEqual(await writesOf(stack), []);
        });

        it("declaring an assignment that already exists succeeds with no write, without adopt", async () => {
            const { id: campaignId } = await stack.emulator.admin.seed("campaigns", {
                name: "Made by hand",
                slug: "by-hand",
            });
            const { id: linkId } = await stack.emulator.admin.seed("links", {
                url: "https://example.com/hand",
                campaignId,
            });
            const { id: channelId } = await stack.emulator.admin.seed("channels", {
                name: "Hand-made",
                color: "#123456",
                items: [{ type: "links", id: linkId, date: "2026-01-01 10:00:00" }],
            });
            await stack.emulator.admin.clearRequests();
            const declared: Declared[] = [
                { kind: "ChannelItem", name: "item", args: { channelId, type: "links", itemId: linkId } },
                { kind: "CampaignLink", name: "member", args: { campaignId, linkId } },
            ];
            const up = await stack.run("up", declared);
            assert.ok(up.ok, `${up.error}\n${up.log}`);
            assert.deepEqual(changes(up), ["create item", "create member"]);
            // The campaign's links are not listed by the API: its refusal of the repeated assignment is the only sign.
            assert.deepEqual(
                (await writesOf(stack)).map((request) => request.path),
                [`/api/campaign/${campaignId}/assign/${linkId}`],
            );
            assert.equal(((await list(stack, "channels"))[0].items as unknown[]).length, 1);
        });
    });

    describe("A key rotated in the middle of an up (real-service profile)", function () {
        // Several engine runs each, on a machine that may be busy.
        this.timeout(300_000);
        const started = useStack({ profile: "real" });
        let stack: TestStack;
        beforeEach(() => (stack = started()));

        it("leaves every created object in the state, and the next up with a valid key finishes without duplicates", async () => {
            const { admin, apiKey, userId } = stack.emulator;
            const declared: Declared[] = ["First", "Second", "Third"].map((name) => ({
                kind: "Channel",
                name: name.toLowerCase(),
                args: { name: `${name} channel` },
            }));
            // Every channel request takes 3 s before the service looks at it, so the key can be rotated between the answer
            // to the first create and whatever request follows it.
            await admin.injectFault({ path: "^/api/channel", mode: "slow", delayMs: 3_000, count: 20 });
            const running = stack.run("up", declared);
            const deadline = Date.now() + 120_000;
            while (
                !(await admin.requests()).some(
                    (request) => request.path === "/api/channel/add" && request.status === 200,
                )
            ) {
                assert.ok(Date.now() < deadline, "the first channel create never answered");
                await new Promise((resolve) => setTimeout(resolve, 25));
            }
            await admin.patch("accounts", userId, { apiKey: "rotated-key-0123456789" });
            const interrupted = await running;
            await admin.clearFaults();
            assert.equal(interrupted.ok, false, "the up after the rotation fails");
            const made = (await list(stack, "channels")).map((channel) => String(channel.id)).sort();
            assert.ok(made.length >= 1, "the first create reached the service");
            assert.deepEqual(stateIdsOf(stack, "Channel"), made, "the state holds every channel the service made");

            await admin.patch("accounts", userId, { apiKey });
            await stack.expectOk("up", declared);
            const channels = await list(stack, "channels");
            assert.deepEqual(channels.map((channel) => channel.name).sort(), [
                "First channel",
                "Second channel",
                "Third channel",
            ]);
            assert.deepEqual(stateIdsOf(stack, "Channel"), channels.map((channel) => String(channel.id)).sort());
        });
    });

    describe("URLs reach the service as declared (real-service profile)", function () {
        // Several engine runs each, on a machine that may be busy.
        this.timeout(300_000);
        const started = useStack({ profile: "real" });
        let stack: TestStack;
        beforeEach(() => (stack = started()));

        it("a QR code and a domain's redirects with a trailing slash and a mixed-case path are stored so, and preview as no change after a refresh", async () => {
            const declared: Declared[] = [
                {
                    kind: "QrCode",
                    name: "docs",
                    args: { type: "link", data: "https://www.example.com/Docs/Getting-Started/" },
                },
                {
                    kind: "Domain",
                    name: "brand",
                    args: {
                        domain: "https://go.example.com",
                        redirectRoot: "https://www.example.com/App/",
                        redirect404: "https://www.example.com/Not-Found/",
                    },
                },
            ];
            await stack.expectOk("up", declared);
            const [code] = await list(stack, "qrcodes");
            const [domain] = await list(stack, "domains");
            assert.deepEqual(
                [code.data, code.content],
                ["https://www.example.com/Docs/Getting-Started/", "https://www.example.com/Docs/Getting-Started/"],
            );
            assert.deepEqual(
                [domain.redirectroot, domain.redirect404],
                ["https://www.example.com/App/", "https://www.example.com/Not-Found/"],
            );
            assert.deepEqual(changes(await stack.expectOk("refresh", declared)), []);
            assert.deepEqual(changes(await stack.expectOk("preview", declared)), []);
        });
    });

    for (const profile of ["spec", "real"] as ProfileName[]) {
        describe(`Kind.get of an existing object outputs every value the service shows (${profile} profile)`, function () {
            this.timeout(300_000);
            let stack: TestStack;
            let ids: Record<string, string>;
            let log: string;

            before(async () => {
                stack = await startStack({ profile });
                const { admin } = stack.emulator;
                const campaign = await admin.seed("campaigns", { name: "Spring sale", slug: "spring", public: true });
                const link = await admin.seed("links", { url: "https://example.com/spring", campaignId: campaign.id });
                const channel = await admin.seed("channels", {
                    name: "Press",
                    description: "Press links",
                    color: "#abcdef",
                    starred: true,
                    items: [{ type: "links", id: link.id, date: "2026-01-01 10:00:00" }],
                });
                ids = {
                    Domain: String(
                        (
                            await admin.seed("domains", {
                                domain: "https://get.example.com",
                                redirectroot: "https://www.example.com/Home/",
                                redirect404: "https://www.example.com/404",
                            })
                        ).id,
                    ),
                    Campaign: String(campaign.id),
                    CampaignLink: `${campaign.id}/${link.id}`,
                    Channel: String(channel.id),
                    ChannelItem: `${channel.id}/links/${link.id}`,
                    Pixel: String((await admin.seed("pixels", { type: "forum", name: "Forum pixel", tag: "F-1" })).id),
                    QrCode: String(
                        (
                            await admin.seed("qrcodes", {
                                type: "link",
                                data: "https://example.com/q",
                                content: "https://example.com/q",
                                scans: 7,
                            })
                        ).id,
                    ),
                    AccountSettings: String(stack.emulator.userId),
                };
                const declared: Declared[] = Object.entries(ids).map(([kind, id]) => ({
                    kind,
                    name: `viewed-${kind}`,
                    args: {},
                    options: { getId: id },
                }));
                log = (await stack.run("up", declared)).log;
            });
            after(async () => stack?.close());

            const viewed = (kind: string) => {
                const outputs = outputsOf(stack, `viewed-${kind}`);
                assert.ok(outputs, `no ${kind} read into the state:\n${log}`);
                return outputs;
            };
            const pick = (props: Record<string, unknown>, keys: string[]) =>
                Object.fromEntries(keys.map((key) => [key, props[key]]));

            it("Domain", async () => {
                const [listed] = (await shown(stack, "/api/domains", "domains")).filter(
                    (domain) => String(domain.id) === ids.Domain,
                );
                assert.deepEqual(pick(viewed("Domain"), ["domain", "redirectRoot", "redirect404"]), {
                    domain: listed.domain,
                    redirectRoot: listed.redirectroot,
                    redirect404: listed.redirect404,
                });
            });

            it("Campaign", async () => {
                const [listed] = (await shown(stack, "/api/campaigns", "campaigns")).filter(
                    (campaign) => String(campaign.id) === ids.Campaign,
                );
                // The first campaign of an account is listed with its name under "domain"; no rotator or list is false.
                assert.deepEqual(pick(viewed("Campaign"), ["name", "public", "rotatorUrl", "listUrl"]), {
                    name: listed.name ?? listed.domain,
                    public: listed.public,
                    rotatorUrl: listed.rotator || null,
                    listUrl: listed.list || null,
                });
            });

            it("Channel, its colour included", async () => {
                const [listed] = (await shown(stack, "/api/channels", "channels")).filter(
                    (channel) => String(channel.id) === ids.Channel,
                );
                assert.equal(listed.color, "#abcdef");
                assert.deepEqual(
                    pick(viewed("Channel"), ["name", "description", "color", "effectiveColor", "starred"]),
                    {
                        name: listed.name,
                        description: listed.description,
                        color: "#ABCDEF",
                        effectiveColor: "#ABCDEF",
                        starred: listed.starred,
                    },
                );
            });

            it("Pixel", async () => {
                const [listed] = (await shown(stack, "/api/pixels", "pixels")).filter(
                    (pixel) => String(pixel.id) === ids.Pixel,
                );
                assert.deepEqual(pick(viewed("Pixel"), ["type", "name", "tag"]), pick(listed, ["type", "name", "tag"]));
            });

            it("QrCode", async () => {
                const [listed] = (await shown(stack, "/api/qr", "qrs")).filter(
                    (code) => String(code.id) === ids.QrCode,
                );
                assert.deepEqual(pick(viewed("QrCode"), ["link", "scans"]), {
                    link: listed.link,
                    scans: Number(listed.scans),
                });
            });

            it("CampaignLink", async () => {
                const [campaignId, linkId] = ids.CampaignLink.split("/").map(Number);
                assert.deepEqual(pick(viewed("CampaignLink"), ["campaignId", "linkId"]), { campaignId, linkId });
            });

            it("ChannelItem", async () => {
                const [item] = await shown(stack, `/api/channel/${ids.Channel}`, "items");
                assert.deepEqual(pick(viewed("ChannelItem"), ["channelId", "type", "itemId"]), {
                    channelId: Number(ids.Channel),
                    type: item.type,
                    itemId: Number(item.id),
                });
            });

            it("AccountSettings", async () => {
                const [account] = await shown(stack, "/api/account");
                assert.deepEqual(
                    pick(viewed("AccountSettings"), ["email", "username", "status"]),
                    pick(account, ["email", "username", "status"]),
                );
            });
        });
    }

    describe("Up costs writes plus one listing per kind (real-service profile)", function () {
        // Several engine runs each, on a machine that may be busy.
        this.timeout(300_000);
        const COUNT = 150;
        const PAGE = 100;
        const started = useStack({ profile: "real" });
        let stack: TestStack;
        beforeEach(() => (stack = started()));

        it(`an up of ${COUNT} channels without colours sends the creates and one listing, and outputs the colours the service picked`, async () => {
            const declared: Declared[] = Array.from({ length: COUNT }, (_, i) => ({
                kind: "Channel",
                name: `channel-${i}`,
                args: { name: `Channel ${i}` },
            }));
            await stack.emulator.admin.clearRequests();
            await stack.expectOk("up", declared);
            const requests = await stack.emulator.admin.requests();
            const writes = requests.filter((request) => request.method !== "GET").length;
            assert.equal(writes, COUNT);
            // The duplicate check's one snapshot of the kind, taken before the first create, is at most ceil(N / page) pages.
            assert.ok(
                requests.length <= writes + Math.ceil(COUNT / PAGE),
                `${requests.length} requests for ${writes} writes`,
            );
            const colours = new Map(
                (await list(stack, "channels")).map((channel) => [
                    String(channel.id),
                    String(channel.color).toUpperCase(),
                ]),
            );
            for (const resource of readState(stack.stateFile).resources.filter((r) => r.type.endsWith(":Channel"))) {
                assert.equal(
                    resource.outputs.effectiveColor,
                    colours.get(String(resource.id)),
                    `channel ${resource.id}'s effective colour`,
                );
            }
        });
    });

    describe("A kind's first listing that fails fails only the create that asked for it (spec profile)", function () {
        // Two engine runs through listing retries (about 4 s of back-off), on a machine that may be busy.
        this.timeout(180_000);
        const started = useStack({ profile: "spec" });
        let stack: TestStack;
        beforeEach(() => (stack = started()));

        it("the next create of the kind in the same run lists again and is made; the next up makes the other, with no duplicate", async () => {
            const declared: Declared[] = ["a", "b"].map((tag) => ({
                kind: "Pixel",
                name: `pixel-${tag}`,
                args: { type: "tagmanagerpixel", name: `Pixel ${tag}`, tag },
            }));
            // Every attempt of one listing (a read is sent 5 times), then none: the next listing is answered.
            await stack.emulator.admin.injectFault({
                method: "GET",
                path: "^/api/pixels$",
                mode: "error500",
                count: 5,
            });
            const first = await stack.run("up", declared);
            assert.equal(first.ok, false, first.log);
            assert.equal(stateIdsOf(stack, "Pixel").length, 1, `one pixel made and kept in the state:\n${first.log}`);
            await stack.expectOk("up", declared);
            assert.deepEqual(
                stateIdsOf(stack, "Pixel"),
                (await list(stack, "pixels")).map((pixel) => String(pixel.id)).sort(),
            );
            assert.equal((await list(stack, "pixels")).length, 2);
        });
    });

    // Each block has a stack of its own; npm test's quick depth runs half of them (test/support/depth.ts).
    sampleBlocks(this, 3);
});
