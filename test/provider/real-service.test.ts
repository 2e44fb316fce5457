// What a user met with the real service, each through the real dynamic-provider host against the emulator's
// real-service profile: stored-value rewriting, the service's request dialect and its answer shapes.
import { strict as assert } from "node:assert";
import { getQrCodeStatistics, listOverlays } from "../../provider";
import { changes, idOf, useStack, type Declared, type TestStack } from "../support/stack";
import { sampleTests } from "../support/depth";

type Stored = Record<string, unknown> & { id: number };

describe("Against the real service's behaviour", function () {
    const started = useStack({ profile: "real" }, { emptyEach: true });
    let stack: TestStack;
    beforeEach(() => (stack = started()));

    const list = async (kind: Parameters<TestStack["emulator"]["admin"]["list"]>[0]) =>
        (await stack.emulator.admin.list(kind)) as Stored[];
    /** The R&D channel: the engine creates the two channels in parallel, so the listing's order is not theirs. */
    const rndChannel = async () =>
        (await list("channels")).find((channel) => String(channel.description).startsWith("a &lt;")) ??
        assert.fail("no R&D channel");
    const writes = async () => (await stack.emulator.admin.requests()).filter((request) => request.method !== "GET");

    describe("no perpetual diff after a refresh", () => {
        const texts: Declared[] = [
            { kind: "Channel", name: "rnd", args: { name: "R&D", description: "a < b > c" } },
            { kind: "Channel", name: "picks", args: { name: "Editor's picks", color: "#1A73E8" } },
            { kind: "Campaign", name: "cafe", args: { name: "Café & co" } },
            { kind: "Campaign", name: "sale", args: { name: "spring sale" } },
            {
                kind: "Pixel",
                name: "quote",
                args: { type: "analyticspixel", name: 'The "main" site', tag: "G-1 & 2 < 3" },
            },
        ];

        it("escaped and capitalised names, descriptions and tags count as declared: refresh then preview shows no change", async () => {
            await stack.expectOk("up", texts);
            const rnd = await rndChannel();
            assert.equal(rnd.name, "R&amp;D", "the service stores the escaped form");
            assert.equal(rnd.description, "a &lt; b &gt; c");
            assert.ok((await list("campaigns")).some((campaign) => campaign.name === "Spring sale"));
            assert.deepEqual(changes(await stack.expectOk("refresh", texts)), []);
            assert.deepEqual(changes(await stack.expectOk("preview", texts)), []);
        });

        it("a channel declared without a colour: the colour the service picked is an output, and preview neither fails nor changes", async () => {
            const declared: Declared[] = [{ kind: "Channel", name: "plain", args: { name: "Plain channel" } }];
            await stack.expectOk("up", declared);
            const [channel] = await list("channels");
            assert.match(String(channel.color), /^#[0-9a-f]{6}$/, "the service picked a colour");
            assert.deepEqual(changes(await stack.expectOk("refresh", declared)), []);
            const preview = await stack.expectOk("preview", declared);
            assert.deepEqual(changes(preview), []);
        });

        it("a really different name made by hand is still drift, and up puts it back", async () => {
            await stack.expectOk("up", texts);
            const rnd = await rndChannel();
            await stack.emulator.admin.patch("channels", rnd.id, { name: "Research" });
            assert.deepEqual(changes(await stack.expectOk("refresh", texts)), ["refresh rnd"]);
            await stack.expectOk("up", texts);
            assert.match(String((await rndChannel()).name), /^R&amp;D$/);
            assert.deepEqual(changes(await stack.expectOk("preview", texts)), []);
        });

        it("text the service would strip (HTML tags) is refused at preview, saying what would be stored", async () => {
            const preview = await stack.run("preview", [
                { kind: "Channel", name: "tags", args: { name: "<b>Bold</b> news" } },
            ]);
            assert.equal(preview.ok, false);
            const failure = preview.steps.flatMap((step) => step.failures ?? []).find((f) => f.property === "name");
            assert.match(failure?.reason ?? preview.log, /would be stored as "Bold news"/);
        });
    });

    describe("declared QR data reaches the service", () => {
        const codes: [string, Record<string, unknown>, string][] = [
            ["wifi", { ssid: "Guest", pass: "guest-pass", encryption: "wpa" }, "WIFI:T:WPA;S:Guest;P:guest-pass;;"],
            ["wifi", { ssid: "Legacy", password: "old-name", encryption: "wpa" }, "WIFI:T:WPA;S:Legacy;P:old-name;;"],
            [
                "vcard",
                { fname: "Ada", lname: "Lovelace", org: "Engines & co", site: "https://ada.example.com" },
                "BEGIN:VCARD\nFNAME:Ada\nLNAME:Lovelace\nORG:Engines &amp; co\nSITE:https://ada.example.com\nEND:VCARD",
            ],
            [
                "vcard",
                { firstname: "Grace", company: "Navy", website: "https://grace.example.com" },
                "BEGIN:VCARD\nFNAME:Grace\nORG:Navy\nSITE:https://grace.example.com\nEND:VCARD",
            ],
            ["phone", "+15550100" as unknown as Record<string, unknown>, "tel:+15550100"],
            ["phone", { phone: "+15550101" }, "tel:+15550101"],
        ];

        it("wifi passwords, vCard fields and phone numbers are encoded as declared (0.1.0 names too)", async () => {
            const declared = codes.map(([type, data], index) => ({
                kind: "QrCode",
                name: `qr${index}`,
                args: { type, data },
            }));
            await stack.expectOk("up", declared);
            const stored = await list("qrcodes");
            assert.deepEqual(stored.map((code) => code.content).sort(), codes.map(([, , content]) => content).sort());
            assert.deepEqual(changes(await stack.expectOk("preview", declared)), []);
        });

        it("a wifi password without encryption is refused at preview: the service would encode an open network", async () => {
            const preview = await stack.run("preview", [
                { kind: "QrCode", name: "open", args: { type: "wifi", data: { ssid: "Cafe", pass: "secret" } } },
            ]);
            assert.equal(preview.ok, false);
            assert.match(preview.log, /open network/);
        });
    });

    describe("updates that the service can do", () => {
        it("a campaign with a slug can be made public, renamed, and put back after drift", async () => {
            const named = (name: string, isPublic: boolean): Declared[] => [
                { kind: "Campaign", name: "c", args: { name, slug: "autumn-rotator", public: isPublic } },
            ];
            await stack.expectOk("up", named("Autumn", false));
            await stack.expectOk("up", named("Autumn", true));
            await stack.expectOk("up", named("Autumn deals", true));
            const [campaign] = await list("campaigns");
            assert.deepEqual([campaign.name, campaign.public, campaign.slug], ["Autumn deals", true, "autumn-rotator"]);
            await stack.emulator.admin.patch("campaigns", campaign.id, { name: "Renamed by hand", public: false });
            await stack.expectOk("refresh", named("Autumn deals", true));
            await stack.expectOk("up", named("Autumn deals", true));
            const [after] = await list("campaigns");
            assert.deepEqual([after.name, after.public, after.slug], ["Autumn deals", true, "autumn-rotator"]);
        });

        it("a slug-less campaign in the account breaks neither a create nor a refresh", async () => {
            await stack.emulator.admin.seed("campaigns", { name: "Made by hand", slug: "" });
            const declared: Declared[] = [{ kind: "Campaign", name: "c", args: { name: "Winter" } }];
            const up = await stack.expectOk("up", declared);
            assert.ok(idOf(up, "c"));
            assert.deepEqual(changes(await stack.expectOk("refresh", declared)), []);
        });
    });

    describe("answers that say what happened", () => {
        it("three 500s to a QR create say the service answered with an error, and what it usually means", async () => {
            await stack.emulator.admin.injectFault({
                method: "POST",
                path: "^/api/qr/add$",
                mode: "error500",
                count: 3,
            });
            const up = await stack.run("up", [{ kind: "QrCode", name: "q", args: { type: "text", data: "Hello" } }]);
            assert.equal(up.ok, false);
            assert.match(
                up.log,
                /failed 3 times and nothing was created: the service answered with an error each time/,
            );
            assert.match(up.log, /HTTP 500/);
            assert.match(up.log, /QR data it cannot read/);
            assert.doesNotMatch(up.log, /without an answer/);
            assert.deepEqual(await list("qrcodes"), []);
        });

        for (const [kind, store, args, changed] of [
            ["Pixel", "pixels", { type: "analyticspixel", name: "Site", tag: "G-GONE" }, { name: "Site renamed" }],
            ["Domain", "domains", { domain: "https://gone.example.com" }, { redirectRoot: "https://example.com/" }],
        ] as const) {
            it(`updating a ${kind.toLowerCase()} deleted by hand says it is gone, not "HTTP 200 with an empty body"`, async () => {
                await stack.expectOk("up", [{ kind, name: "gone", args }]);
                const [record] = await list(store);
                await stack.emulator.admin.remove(store, record.id);
                const up = await stack.run("up", [{ kind, name: "gone", args: { ...args, ...changed } }]);
                assert.equal(up.ok, false);
                assert.match(
                    up.log,
                    new RegExp(`the ${kind.toLowerCase()} ${record.id} no longer exists on the service`),
                );
                assert.doesNotMatch(up.log, /empty body/);
            });
        }

        it("overlays are listed and a text QR code's statistics are null, not a failure", async () => {
            await stack.emulator.admin.seed("overlays", { name: "Contact us" });
            const credentials = { baseUrl: stack.emulator.baseUrl, apiKey: stack.emulator.apiKey };
            assert.deepEqual(
                (await listOverlays(credentials)).map((overlay) => overlay.name),
                ["Contact us"],
            );
            await stack.expectOk("up", [{ kind: "QrCode", name: "t", args: { type: "text", data: "No short link" } }]);
            const [code] = await list("qrcodes");
            assert.equal(await getQrCodeStatistics(code.id, credentials), null);
        });
    });

    describe("matching what the service stored", () => {
        it("adopting a channel by its declared name finds it under the escaped name, without a write", async () => {
            await stack.emulator.admin.seed("channels", { name: "R&amp;D links", color: "#1a73e8" });
            await stack.emulator.admin.clearRequests();
            const declared: Declared[] = [
                { kind: "Channel", name: "adopted", args: { name: "R&D links", color: "#1A73E8", adopt: true } },
            ];
            await stack.expectOk("up", declared);
            assert.deepEqual(await writes(), []);
            assert.deepEqual(changes(await stack.expectOk("preview", declared)), []);
        });

        it("a lost create of a channel with an escaped name is recognised: no duplicate, no orphan", async () => {
            await stack.emulator.admin.injectFault({
                method: "POST",
                path: "^/api/channel/add$",
                mode: "drop-after-apply",
            });
            const declared: Declared[] = [{ kind: "Channel", name: "lost", args: { name: "R&D links" } }];
            const up = await stack.expectOk("up", declared);
            const channels = await list("channels");
            assert.equal(channels.length, 1);
            assert.equal(idOf(up, "lost"), String(channels[0].id));
        });

        it("a create that times out and lands later is taken, not made again (1.5 s time limit, 4 s server delay)", async () => {
            const delayMs = 4_000;
            await stack.emulator.admin.injectFault({ method: "POST", path: "^/api/pixel/add$", mode: "slow", delayMs });
            const declared: Declared[] = [
                { kind: "Pixel", name: "late", args: { type: "forum", name: "Forum", tag: "F-LATE" } },
            ];
            const up = await stack.run("up", declared, { SHORTENER_REQUEST_TIMEOUT_MS: "1500" });
            assert.ok(up.ok, up.log);
            // The slow create was sent before up ended, so it has surely landed this long after.
            await new Promise((resolve) => setTimeout(resolve, delayMs + 500));
            const pixels = await list("pixels");
            assert.equal(pixels.length, 1, "exactly one pixel: the late one was taken");
            assert.equal(idOf(up, "late"), String(pixels[0].id));
        });
    });

    sampleTests(this, 4);
});
