// End to end, through the real Pulumi CLI, against the emulator's real profile: a
// program of links with every kind of input (the UTM fields by name and the preview image among them) through preview,
// up, a no-change preview, an update of one field (the service then holds every other field as declared: its update
// replaces), refresh after changes by hand, up, destroy.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { getLinkStatistics, listLinks } from "../../provider";
import { readState } from "../support/pulumi";
import { changes, idOf, stepOf, useStack, type Declared } from "../support/stack";

const PASSWORD = "sale-door-7Qx";

/** The program: a domain, a campaign, a pixel, a link with every input, a link with a random alias, and what refers to them. */
function program(sale: Record<string, unknown> = {}, randomTitle = "Newsletter"): Declared[] {
    return [
        { kind: "Domain", name: "brand", args: { domain: "https://go.example.com" } },
        { kind: "Campaign", name: "autumn", args: { name: "Autumn launch" } },
        { kind: "Pixel", name: "analytics", args: { type: "analyticspixel", name: "Site analytics", tag: "G-1" } },
        { kind: "Channel", name: "newsletter", args: { name: "Newsletter" } },
        {
            kind: "Link",
            name: "sale",
            args: {
                url: "https://shop.example.com/autumn?from=go",
                alias: "autumn-sale",
                domain: { $ref: "brand.domain" },
                title: "Autumn sale",
                description: "Everything at half price",
                password: PASSWORD,
                expiry: "2030-01-31",
                redirect: "frame",
                geoTargets: [{ location: "Canada", url: "https://shop.example.com/ca" }],
                deviceTargets: [{ device: "iPhone", url: "https://shop.example.com/ios" }],
                languageTargets: [{ language: "fr", url: "https://shop.example.com/fr" }],
                parameters: { utm_source: "newsletter", ref: "go" },
                utm: { source: "newsletter", medium: "email", campaign: "autumn", term: "coats", content: "header" },
                image: "https://shop.example.com/autumn.png",
                pixels: [{ $ref: "analytics.id" }],
                campaign: { $ref: "autumn.id" },
                deepLink: { apple: "shop://autumn", google: "shop://autumn" },
                ...sale,
            },
            options: { secretArgs: ["password"] },
        },
        { kind: "Link", name: "random", args: { url: "https://www.example.com/newsletter", title: randomTitle } },
        {
            kind: "CampaignLink",
            name: "random-in-autumn",
            args: { campaignId: { $ref: "autumn.id" }, linkId: { $ref: "random.id" } },
        },
        {
            kind: "ChannelItem",
            name: "random-in-newsletter",
            args: { channelId: { $ref: "newsletter.id" }, type: "links", itemId: { $ref: "random.id" } },
        },
        { kind: "QrCode", name: "sale-qr", args: { type: "link", data: { $ref: "sale.shortUrl" } } },
    ];
}

/** The fields of the sale link the API never returns, as the program declares them, in the emulator's record. */
const hiddenAsDeclared = (pixelId: number) => ({
    password: PASSWORD,
    type: "frame",
    pixels: [pixelId],
    parameters: [
        { name: "ref", value: "go" },
        { name: "utm_campaign", value: "autumn" },
        { name: "utm_content", value: "header" },
        { name: "utm_medium", value: "email" },
        { name: "utm_source", value: "newsletter" },
        { name: "utm_term", value: "coats" },
    ],
    metaimage: "https://shop.example.com/autumn.png",
    geotarget: [{ location: "Canada", link: "https://shop.example.com/ca" }],
    devicetarget: [{ device: "iPhone", link: "https://shop.example.com/ios" }],
    languagetarget: [{ language: "fr", link: "https://shop.example.com/fr" }],
    deeplink: { apple: "shop://autumn", google: "shop://autumn" },
    public: false,
    note: "",
    expiry: "2030-01-31 00:00:00",
});

describe("Link: a program of links through its whole lifecycle (real profile)", function () {
    this.timeout(300_000);
    const stack = useStack({ profile: "real" });
    const ids: Record<string, number> = {};
    const record = async (name: string) => await stack().emulator.admin.get("links", ids[name]);
    const expectHidden = async () => {
        const sale = await record("sale");
        for (const [field, value] of Object.entries(hiddenAsDeclared(ids.analytics)))
            assert.deepEqual(sale[field], value, field);
        assert.equal(sale.campaignId, ids.autumn);
        assert.equal(sale.domain, "https://go.example.com");
    };

    it("previews the creates, then makes every resource with every input as declared", async () => {
        const preview = await stack().expectOk("preview", program());
        assert.ok(changes(preview).includes("create sale") && changes(preview).includes("create random"), preview.log);
        const up = await stack().expectOk("up", program());
        for (const name of ["sale", "random", "analytics", "autumn"]) ids[name] = Number(idOf(up, name));
        await expectHidden();
        const sale = await record("sale");
        assert.equal(sale.custom, "autumn-sale");
        assert.equal(sale.title, "Autumn sale");
        assert.equal((await record("random")).campaignId, ids.autumn);
        const state = readState(stack().stateFile).resources.find((r) => r.urn.endsWith("::sale"))!;
        assert.equal(state.outputs.shortUrl, "https://go.example.com/autumn-sale");
        assert.equal(state.outputs.storedAlias, "autumn-sale");
        assert.ok(
            !readFileSync(stack().stateFile, "utf8").includes(PASSWORD),
            "the password is in the state in plain text",
        );
        assert.ok(!up.log.includes(PASSWORD), "the password is in the log");
    });

    it("previews the unchanged program as no change", async () => {
        assert.deepEqual(changes(await stack().expectOk("preview", program())), []);
    });

    it("updates the title alone, and the service holds every other field as declared", async () => {
        const changed = program({ title: "Autumn sale: last days" }, "Monthly newsletter");
        // The QR code's data is the sale's short URL, which a preview of the sale's update cannot know yet.
        assert.deepEqual(changes(await stack().expectOk("preview", changed)), [
            "update random",
            "update sale",
            "update sale-qr",
        ]);
        await stack().expectOk("up", changed);
        assert.equal((await record("sale")).title, "Autumn sale: last days");
        await expectHidden();
        // The random link's campaign came from a CampaignLink: its update keeps it.
        assert.equal((await record("random")).campaignId, ids.autumn);
        assert.deepEqual(changes(await stack().expectOk("preview", changed)), []);
    });

    it("reports each visible property changed by hand at refresh, and up puts them back", async () => {
        const declared = program({ title: "Autumn sale: last days" }, "Monthly newsletter");
        const other = await stack().emulator.admin.seed("campaigns", {
            name: "Other campaign",
            slug: "",
            public: false,
        });
        await stack().emulator.admin.seed("domains", { domain: "https://other.example.com" });
        await stack().emulator.admin.patch("links", ids.sale, {
            url: "https://evil.example.net/",
            custom: "hijacked",
            domain: "https://other.example.com",
            title: "Changed title",
            description: "Changed description",
            campaignId: other.id,
        });
        const refresh = await stack().expectOk("refresh", declared);
        const diffs = (stepOf(refresh, "sale").diffs ?? []).map((diff) => diff.property);
        for (const property of ["url", "alias", "domain", "title", "description", "campaign"])
            assert.ok(diffs.includes(property), `${property}: ${refresh.log}`);
        const preview = await stack().expectOk("preview", declared);
        assert.deepEqual(
            changes(preview),
            ["update sale", "update sale-qr"],
            JSON.stringify(preview.steps.map((s) => [s.name, s.diffs])),
        );
        await stack().expectOk("up", declared);
        const sale = await record("sale");
        assert.deepEqual(
            [sale.url, sale.custom, sale.domain, sale.title, sale.description, sale.campaignId],
            [
                "https://shop.example.com/autumn?from=go",
                "autumn-sale",
                "https://go.example.com",
                "Autumn sale: last days",
                "Everything at half price",
                ids.autumn,
            ],
        );
        await expectHidden();
        assert.deepEqual(changes(await stack().expectOk("preview", declared)), []);
    });

    it("destroys every link", async () => {
        await stack().expectOk("destroy", program({ title: "Autumn sale: last days" }, "Monthly newsletter"));
        assert.deepEqual(await stack().emulator.admin.list("links"), []);
    });
});

describe("Link: reads, adoption and the data functions (real profile)", function () {
    this.timeout(300_000);
    const stack = useStack({ profile: "real" }, { emptyEach: true });
    const admin = () => stack().emulator.admin;

    it("refresh reads every link from the listing in ceil(N / 100) requests, however many Link resources", async () => {
        const seeded: number[] = [];
        for (let index = 0; index < 150; index++)
            seeded.push((await admin().seed("links", { url: `https://example.com/${index}` })).id);
        const declared = [0, 75, 149].map((index) => ({
            kind: "Link",
            name: `link-${index}`,
            args: { url: `https://example.com/${index}`, adopt: seeded[index] },
        }));
        await stack().expectOk("up", declared);
        await admin().clearRequests();
        await stack().expectOk("refresh", declared);
        assert.equal((await admin().requestCounts())["GET /api/urls"], Math.ceil(150 / 100));
    });

    it("Link.get shows an existing link's visible properties without changing it", async () => {
        const { id } = await admin().seed("links", {
            url: "https://example.com/seen",
            custom: "seen-it",
            domain: "https://sho.rt",
            title: "Seen",
        });
        const up = await stack().expectOk("up", [
            { kind: "Link", name: "seen", args: {}, options: { getId: String(id) } },
        ]);
        const state = readState(stack().stateFile).resources.find((r) => r.urn.endsWith("::seen"))!;
        assert.equal(idOf(up, "seen"), String(id));
        assert.deepEqual(
            [state.outputs.url, state.outputs.alias, state.outputs.shortUrl, state.outputs.title],
            ["https://example.com/seen", "seen-it", "https://sho.rt/seen-it", "Seen"],
        );
        assert.ok((await admin().requests()).every((request) => request.method === "GET"));
    });

    it("adopts a link by its domain and alias, and changes nothing when it is declared as it is", async () => {
        const { id } = await admin().seed("links", {
            url: "https://example.com/promo",
            custom: "promo",
            domain: "https://sho.rt",
            title: "Promo",
        });
        const declared = [
            {
                kind: "Link",
                name: "promo",
                args: {
                    url: "https://example.com/promo",
                    alias: "promo",
                    domain: "https://sho.rt",
                    title: "Promo",
                    adopt: true,
                },
            },
        ];
        await admin().clearRequests();
        const up = await stack().expectOk("up", declared);
        assert.equal(idOf(up, "promo"), String(id));
        assert.ok((await admin().requests()).every((request) => request.method === "GET"));
        assert.deepEqual(changes(await stack().expectOk("preview", declared)), []);
    });

    it("an adopt that changes the alias judges it as a new alias before anything is sent: spring_ is not sent to become spring", async () => {
        const seeded = { url: "https://example.com/kept", custom: "kept-link", domain: "https://sho.rt" };
        const { id } = await admin().seed("links", seeded);
        const declared = (alias: string) => [
            { kind: "Link", name: "taken", args: { url: "https://evil.example/", alias, adopt: id } },
        ];
        // The check cannot know the adopted link's alias, which may be one made before the service's rules.
        assert.deepEqual(changes(await stack().expectOk("preview", declared("spring_"))), ["create taken"]);
        await admin().clearRequests();
        const up = await stack().run("up", declared("spring_"));
        assert.equal(up.ok, false, up.log);
        assert.match(
            stepOf(up, "taken").error ?? up.log,
            new RegExp(`adopt: nothing was sent to the existing link ${id}.*: alias: would be stored as "spring"`),
        );
        assert.ok(
            (await admin().requests()).every((request) => request.method === "GET"),
            "nothing was sent",
        );
        const [held] = await admin().list("links");
        assert.deepEqual([held.url, held.custom], [seeded.url, seeded.custom]);
        assert.deepEqual(
            readState(stack().stateFile).resources.filter((r) => r.urn.endsWith("::taken")),
            [],
        );
    });

    it("listLinks lists the account's links and getLinkStatistics takes link.id's string", async () => {
        const credentials = { baseUrl: stack().emulator.baseUrl, apiKey: stack().emulator.apiKey };
        const { id } = await admin().seed("links", {
            url: "https://example.com/counted",
            custom: "counted",
            domain: "https://sho.rt",
        });
        await admin().patch("links", id, {
            stats: {
                clicks: 7,
                uniqueClicks: 5,
                topCountries: { Canada: 7 },
                topReferrers: {},
                topBrowsers: {},
                topOs: {},
                socialCount: {},
            },
        });
        const listed = await listLinks(credentials);
        assert.deepEqual(
            listed.map((l) => [l.id, l.shortUrl, l.longUrl]),
            [[id, "https://sho.rt/counted", "https://example.com/counted"]],
        );
        const statistics = await getLinkStatistics(String(id), credentials);
        assert.deepEqual([statistics.clicks, statistics.uniqueClicks, statistics.topCountries], [7, 5, { Canada: 7 }]);
    });
});
