// The Links API, fact by fact as docs/service/links.md states them, in both profiles, over plain HTTP; hidden fields are read through the admin surface, as the dashboard would show them.
import assert from "node:assert/strict";
import { PROFILE_NAMES, RunningEmulator } from "../index";
import { ApiResponse, call, DATE_TIME, useEmulator } from "./harness";

const FAST = { limit: 10_000, windowMs: 1000 };
const NOT_FOLLOWED = /^emulator: .+ is not followed: /;

/** Helpers bound to one emulator of a describe block. */
function linksApi(emulator: () => RunningEmulator) {
    const send = (method: string, path: string, body?: unknown, key?: string): Promise<ApiResponse> =>
        call(emulator(), method, path, { body, key });
    async function ok(method: string, path: string, body?: unknown, key?: string) {
        const response = await send(method, path, body, key);
        // Lists answer error as the profile says ("0" or 0), everything else as 0.
        assert.equal(String(response.json?.error), "0", response.text);
        return response.json;
    }
    async function refused(method: string, path: string, body: unknown, message: string | RegExp) {
        const response = await send(method, path, body);
        assert.equal(response.json?.error, 1, response.text);
        if (typeof message === "string") assert.equal(response.json.message, message);
        else assert.match(response.json.message, message);
    }
    const add = (body: Record<string, unknown>, key?: string) => ok("POST", "/api/url/add", body, key);
    const stored = async (id: number) => (await emulator().admin.get("links", id)) as Record<string, any>;
    const seed = async (fields: Record<string, unknown>, userId?: number) =>
        (await emulator().admin.seed("links", fields, { userId })).id;
    return { send, ok, refused, add, stored, seed };
}

for (const profile of PROFILE_NAMES) {
    describe(`emulator: links (${profile} profile)`, () => {
        const emulator = useEmulator({ profile, rateLimit: FAST });
        const { send, ok, refused, add, stored, seed } = linksApi(emulator);
        const system = "https://sho.rt";

        describe("GET /api/urls", () => {
            it("pages by 15 by default, with no maximum; a limit of 0 or a non-number is 15", async () => {
                for (let i = 0; i < 20; i++) await seed({ url: `https://example.com/${i}` });
                for (const query of ["", "?limit=0", "?limit=abc"]) {
                    const { data } = await ok("GET", `/api/urls${query}`);
                    assert.deepEqual(
                        [data.perpage, data.urls.length, data.nextpage, data.maxpage],
                        [15, 15, 2, 2],
                        query,
                    );
                }
                const all = await ok("GET", "/api/urls?limit=500");
                assert.deepEqual([all.data.perpage, all.data.urls.length, all.data.nextpage], [500, 20, null]);
                const second = await ok("GET", "/api/urls?page=2");
                assert.deepEqual(
                    [second.data.currentpage, second.data.urls.length, second.data.nextpage],
                    [2, 5, null],
                );
            });

            it("answers the profile's envelope: error and result as its other lists", async () => {
                for (let i = 0; i < 3; i++) await seed({});
                const answer = await ok("GET", "/api/urls?limit=2&page=2");
                const channels = await ok("GET", "/api/channels");
                assert.equal(answer.error, channels.error, "error as the profile's lists answer it");
                assert.equal(answer.data.result, profile === "real" ? 3 : 1);
            });

            it("lists newest first, or by clicks with order=click", async () => {
                const old = await seed({ date: "2024-01-01 00:00:00", stats: { clicks: 9, uniqueClicks: 1 } });
                const newest = await seed({ date: "2026-01-01 00:00:00", stats: { clicks: 1, uniqueClicks: 1 } });
                const middle = await seed({ date: "2025-01-01 00:00:00", stats: { clicks: 5, uniqueClicks: 1 } });
                const ids = async (query: string) =>
                    (await ok("GET", `/api/urls${query}`)).data.urls.map((link: { id: number }) => link.id);
                assert.deepEqual(await ids(""), [newest, middle, old]);
                assert.deepEqual(await ids("?order=click"), [old, middle, newest]);
            });

            it("q finds a substring of the long URL, the alias or the title, whatever its case", async () => {
                const byUrl = await seed({ url: "https://shop.example/Spring" });
                const byAlias = await seed({ custom: "springtime" });
                const byTitle = await seed({ title: "A SPRING sale" });
                await seed({ url: "https://other.example/", title: "Autumn" });
                const found = (await ok("GET", "/api/urls?q=spring")).data.urls.map((link: { id: number }) => link.id);
                assert.deepEqual(found.sort(), [byUrl, byAlias, byTitle].sort());
            });

            it("lists each link's fields: integer id, clicks as strings, domain, campaign and channels", async () => {
                const campaign = (await emulator().admin.seed("campaigns", {})).id;
                const id = await seed({
                    custom: "listed",
                    domain: system,
                    campaignId: campaign,
                    title: "T",
                    description: "D",
                    stats: { clicks: 3, uniqueClicks: 2 },
                });
                const channel = (
                    await emulator().admin.seed("channels", {
                        items: [{ type: "links", id, date: "2026-01-01 00:00:00" }],
                    })
                ).id;
                const [item] = (await ok("GET", "/api/urls")).data.urls;
                assert.deepEqual(item, {
                    id,
                    alias: "listed",
                    shorturl: `${system}/listed`,
                    longurl: "https://example.com/",
                    title: "T",
                    description: "D",
                    clicks: "3",
                    uniqueclicks: "2",
                    date: item.date,
                    domain: system,
                    campaign,
                    channel: [channel],
                });
                assert.match(item.date, DATE_TIME);
            });

            it("lists neither another account's links nor those of QR codes and bio pages", async () => {
                const other = await emulator().admin.createAccount();
                await seed({}, other.userId);
                await seed({ qrId: 4 });
                await seed({ bioId: 5 });
                const own = await seed({});
                assert.deepEqual(
                    (await ok("GET", "/api/urls")).data.urls.map((link: { id: number }) => link.id),
                    [own],
                );
            });

            it("short= answers as GET /url/:id; another account's link and a non-URL are refused", async () => {
                const id = await seed({ custom: "Promo", domain: system });
                const single = await ok("GET", `/api/url/${id}`);
                assert.deepEqual(await ok("GET", `/api/urls?short=${encodeURIComponent(`${system}/Promo`)}`), single);
                assert.deepEqual(
                    await ok("GET", `/api/urls?short=${encodeURIComponent("https://SHO.RT/Promo")}`),
                    single,
                    "the host has no case",
                );
                await refused(
                    "GET",
                    `/api/urls?short=${encodeURIComponent(`${system}/promo`)}`,
                    undefined,
                    "Link does not exist.",
                );
                const other = await emulator().admin.createAccount();
                await seed({ custom: "Theirs", domain: system }, other.userId);
                await refused(
                    "GET",
                    `/api/urls?short=${encodeURIComponent(`${system}/Theirs`)}`,
                    undefined,
                    "You do not have the permission to access this short url.",
                );
                await refused("GET", "/api/urls?short=not-a-url", undefined, "Invalid short url. Please try again.");
            });
        });

        describe("GET /api/url/:id", () => {
            it("answers details and click counts, with no tables while nothing was clicked", async () => {
                const id = await seed({
                    custom: "one",
                    domain: system,
                    geotarget: [{ location: "Canada", link: "https://ca.example" }],
                    expiry: "2030-01-01 00:00:00",
                });
                const answer = await ok("GET", `/api/url/${id}`);
                assert.deepEqual(answer, {
                    error: 0,
                    id,
                    details: {
                        id,
                        alias: "one",
                        shorturl: `${system}/one`,
                        longurl: "https://example.com/",
                        title: "Seeded link",
                        description: "",
                        location: [{ location: "Canada", link: "https://ca.example" }],
                        device: null,
                        expiry: "2030-01-01 00:00:00",
                        date: answer.details.date,
                    },
                    data: { clicks: 0, uniqueClicks: 0 },
                });
            });

            it("adds the top tables and four social counters once there are clicks", async () => {
                const stats = {
                    clicks: 4,
                    uniqueClicks: 3,
                    topCountries: { Canada: 4 },
                    topBrowsers: { Firefox: 4 },
                    topOs: { Linux: 4 },
                    topReferrers: { direct: 4 },
                    socialCount: { twitter: 2 },
                };
                const id = await seed({ stats });
                const { data, details } = await ok("GET", `/api/url/${id}`);
                assert.equal(details.location, null, "no geo targets: location null");
                assert.deepEqual(data, {
                    clicks: 4,
                    uniqueClicks: 3,
                    topCountries: { Canada: "4" },
                    topBrowsers: { Firefox: "4" },
                    topOs: { Linux: "4" },
                    topReferrers: { direct: "4" },
                    socialCount: { facebook: 0, twitter: 2, instagram: 0, linkedin: 0 },
                });
            });

            it("answers an unknown or another account's id, on single, update and delete, with Link does not exist.", async () => {
                const other = await emulator().admin.createAccount();
                const theirs = await seed({ url: "https://theirs.example/" }, other.userId);
                for (const id of [theirs, 999_999]) {
                    await refused("GET", `/api/url/${id}`, undefined, "Link does not exist.");
                    await refused(
                        "PUT",
                        `/api/url/${id}/update`,
                        { url: "https://mine.example/" },
                        "Link does not exist.",
                    );
                    await refused("DELETE", `/api/url/${id}/delete`, undefined, "Link does not exist.");
                }
                assert.equal((await stored(theirs)).url, "https://theirs.example/");
            });
        });

        describe("POST /api/url/add", () => {
            it("requires a valid URL, adds https:// to one without a scheme and refuses its own host", async () => {
                await refused("POST", "/api/url/add", {}, "Missing required parameter: url");
                await refused("POST", "/api/url/add", { url: "https://exa mple.com" }, "Please enter a valid URL.");
                await refused(
                    "POST",
                    "/api/url/add",
                    { url: `${emulator().baseUrl}/x` },
                    "You cannot shorten URLs of this website.",
                );
                const created = await add({ url: "example.com/page" });
                assert.deepEqual(Object.keys(created).sort(), ["error", "id", "shorturl"]);
                assert.equal((await stored(created.id)).url, "https://example.com/page");
                assert.equal((await emulator().admin.list("links")).length, 1);
            });

            for (const [sent, slug] of [
                ["Summer Sale!", "Summer-Sale"],
                ["a/b_c|d+e", "a-b-c-d-e"],
                ["what?now", "whatnow"],
                ["--Big..Deal--", "Big-Deal"],
                ["x, y; z", "x-y-z"],
            ]) {
                it(`stores the custom alias ${JSON.stringify(sent)} as the slug ${slug}`, async () => {
                    const created = await add({ url: "https://example.com/", custom: sent });
                    assert.equal(created.shorturl, `${system}/${slug}`);
                    assert.deepEqual([(await stored(created.id)).custom, (await stored(created.id)).alias], [slug, ""]);
                });
            }

            it("refuses an alias under 3 characters, a reserved word in any case, and one taken on the domain by any account", async () => {
                await refused(
                    "POST",
                    "/api/url/add",
                    { url: "https://example.com/", custom: "ab!" },
                    "Custom alias must be at least 3 characters.",
                );
                for (const custom of ["api", "Login", "PRICING"]) {
                    await refused(
                        "POST",
                        "/api/url/add",
                        { url: "https://example.com/", custom },
                        "That alias is reserved. Please choose another one.",
                    );
                }
                const other = await emulator().admin.createAccount();
                await seed({ custom: "taken", domain: system }, other.userId);
                await refused(
                    "POST",
                    "/api/url/add",
                    { url: "https://example.com/", custom: "taken" },
                    "That alias is taken. Please choose another one.",
                );
                const domain = (await emulator().admin.seed("domains", { domain: "https://go.example.com" })).id;
                assert.ok(domain);
                const elsewhere = await add({
                    url: "https://example.com/",
                    custom: "taken",
                    domain: "https://go.example.com",
                });
                assert.equal(elsewhere.shorturl, "https://go.example.com/taken", "another domain's alias is free");
            });

            it("holds an alias taken on a domain however the domain is spelt: its host is compared, not its text", async () => {
                await emulator().admin.seed("domains", { domain: "https://go.example.com" });
                await add({ url: "https://example.com/", custom: "promo", domain: "https://go.example.com" });
                await refused(
                    "POST",
                    "/api/url/add",
                    { url: "https://example.com/other", custom: "promo", domain: "https://GO.EXAMPLE.COM" },
                    "That alias is taken. Please choose another one.",
                );
            });

            it("ignores the alias when the plan has no custom aliases, making a random one", async () => {
                await emulator().admin.setPlan({ customAlias: false });
                const created = await add({ url: "https://example.com/", custom: "wanted" });
                const link = await stored(created.id);
                assert.equal(link.custom, "");
                assert.match(link.alias, /^[a-z0-9]{6}$/);
                assert.equal(created.shorturl, `${system}/${link.alias}`);
            });

            it("keeps a domain of the account or a system domain (matched by host, stored as sent); anything else gets the default", async () => {
                await emulator().admin.seed("domains", { domain: "https://go.example.com" });
                const other = await emulator().admin.createAccount();
                await emulator().admin.seed(
                    "domains",
                    { domain: "https://theirs.example.com" },
                    { userId: other.userId },
                );
                const domainOf = async (domain: unknown) =>
                    (await stored((await add({ url: `https://example.com/${Math.random()}`, domain })).id)).domain;
                assert.equal(await domainOf("https://GO.example.com"), "https://GO.example.com");
                assert.equal(await domainOf(system), system);
                assert.equal(await domainOf("https://theirs.example.com"), system);
                assert.equal(await domainOf("https://nowhere.example"), system);
                assert.equal(await domainOf(undefined), system);
                await emulator().admin.patch("accounts", emulator().userId, {
                    defaultDomain: "https://go.example.com",
                });
                assert.equal(await domainOf(undefined), "https://go.example.com");
                await emulator().admin.patch("accounts", emulator().userId, { defaultDomain: "" });
                await emulator().admin.setPlan({ systemDomains: false });
                assert.equal(
                    await domainOf(system),
                    emulator().baseUrl,
                    "without system domains, the service's own address",
                );
            });

            it("stores an expiry as YYYY-MM-DD HH:MM:SS, refuses a past or impossible one, drops it without the plan", async () => {
                const created = await add({ url: "https://example.com/a", expiry: "2030-05-06" });
                assert.equal((await stored(created.id)).expiry, "2030-05-06 00:00:00");
                const single = await ok("GET", `/api/url/${created.id}`);
                assert.equal(single.details.expiry, "2030-05-06 00:00:00");
                for (const expiry of ["2020-01-01 10:00", "2030-13-01"]) {
                    await refused(
                        "POST",
                        "/api/url/add",
                        { url: "https://example.com/b", expiry },
                        "The expiry date must be later than today.",
                    );
                }
                await refused(
                    "POST",
                    "/api/url/add",
                    { url: "https://example.com/b", expiry: "next monday" },
                    NOT_FOLLOWED,
                );
                await emulator().admin.setPlan({ expiry: false });
                const dropped = await add({ url: "https://example.com/c", expiry: "2030-05-06 07:08:09" });
                assert.equal((await stored(dropped.id)).expiry, null);
            });

            it("stores the password, meta texts, meta image, note and public flag, none of which the API returns but title and description", async () => {
                const created = await add({
                    url: "https://example.com/",
                    password: "s3cret",
                    metatitle: "Title",
                    metadescription: "About",
                    metaimage: "https://img.example/p.png",
                    description: "a note",
                    status: "public",
                });
                const link = await stored(created.id);
                assert.deepEqual(
                    [link.password, link.title, link.description, link.metaimage, link.note, link.public],
                    ["s3cret", "Title", "About", "https://img.example/p.png", "a note", true],
                );
                const answer = await send("GET", `/api/url/${created.id}`);
                for (const secret of ["s3cret", "a note", "p.png"]) assert.ok(!answer.text.includes(secret), secret);
                assert.equal(
                    (await stored((await add({ url: "https://example.com/2", status: "private" })).id)).public,
                    false,
                );
            });

            it("reads the type: direct, frame, splash, an own splash page's id, overlay-<own id>; the default without the plan", async () => {
                const splash = (await emulator().admin.seed("splash", {})).id;
                const overlay = (await emulator().admin.seed("overlays", {})).id;
                const typeOf = async (type: unknown) =>
                    (await stored((await add({ url: `https://example.com/${Math.random()}`, type })).id)).type;
                assert.equal(await typeOf("frame"), "frame");
                assert.equal(await typeOf(String(splash)), String(splash));
                assert.equal(await typeOf(`overlay-${overlay}`), `overlay-${overlay}`);
                assert.equal(await typeOf(undefined), "direct");
                await refused(
                    "POST",
                    "/api/url/add",
                    { url: "https://example.com/x", type: "overlay-999999" },
                    NOT_FOLLOWED,
                );
                await emulator().admin.setPlan({ linkTypes: false });
                assert.equal(await typeOf("frame"), "direct");
            });

            it("keeps valid geo, device and language targets and parameters, cutting languages to 2 letters; drops each without the plan", async () => {
                const body = {
                    url: "https://example.com/",
                    geotarget: [
                        { location: "Canada", link: "https://ca.example" },
                        { location: "", link: "https://x.example" },
                        { location: "Peru", link: "not a url" },
                    ],
                    devicetarget: [{ device: "iPhone", link: "https://ios.example" }, { device: "Android" }],
                    languagetarget: [{ language: "french", link: "https://fr.example" }, "garbage"],
                    parameters: [
                        { name: "utm_source", value: "news" },
                        { name: "", value: "x" },
                    ],
                };
                const link = await stored((await add(body)).id);
                assert.deepEqual(link.geotarget, [{ location: "Canada", link: "https://ca.example" }]);
                assert.deepEqual(link.devicetarget, [{ device: "iPhone", link: "https://ios.example" }]);
                assert.deepEqual(link.languagetarget, [{ language: "fr", link: "https://fr.example" }]);
                assert.deepEqual(link.parameters, [{ name: "utm_source", value: "news" }]);
                await emulator().admin.setPlan({
                    geotarget: false,
                    devicetarget: false,
                    languagetarget: false,
                    parameters: false,
                });
                const bare = await stored((await add({ ...body, url: "https://example.com/other" })).id);
                assert.deepEqual(
                    [bare.geotarget, bare.devicetarget, bare.languagetarget, bare.parameters],
                    [[], [], [], []],
                );
            });

            it("keeps only the account's own pixels and campaign, and assigns the link to an own channel", async () => {
                const other = await emulator().admin.createAccount();
                const pixel = (await emulator().admin.seed("pixels", {})).id;
                const theirPixel = (await emulator().admin.seed("pixels", {}, { userId: other.userId })).id;
                const campaign = (await emulator().admin.seed("campaigns", {})).id;
                const theirCampaign = (await emulator().admin.seed("campaigns", {}, { userId: other.userId })).id;
                const channel = (await emulator().admin.seed("channels", {})).id;
                const own = await stored(
                    (await add({ url: "https://example.com/1", pixels: [pixel, theirPixel], campaign, channel })).id,
                );
                assert.deepEqual([own.pixels, own.campaignId], [[pixel], campaign]);
                const items = (await emulator().admin.get("channels", channel)).items as { type: string; id: number }[];
                assert.deepEqual(
                    items.map((item) => [item.type, item.id]),
                    [["links", own.id]],
                );
                const foreign = await stored((await add({ url: "https://example.com/2", campaign: theirCampaign })).id);
                assert.equal(foreign.campaignId, null);
            });

            it("stores a deep link, and none without the plan", async () => {
                const apps = await stored(
                    (
                        await add({
                            url: "https://example.com/1",
                            deeplink: { apple: "https://apps.apple.com/x", google: "https://play.google.com/y" },
                        })
                    ).id,
                );
                assert.deepEqual(apps.deeplink, {
                    apple: "https://apps.apple.com/x",
                    google: "https://play.google.com/y",
                });
                assert.deepEqual(
                    (await stored((await add({ url: "https://example.com/2", deeplink: { auto: true } })).id)).deeplink,
                    { auto: true },
                );
                await emulator().admin.setPlan({ deeplink: false });
                assert.equal(
                    (await stored((await add({ url: "https://example.com/3", deeplink: { auto: true } })).id)).deeplink,
                    null,
                );
            });

            it("answers an identical create with the existing link and writes nothing, not even the channel assignment", async () => {
                const channel = (await emulator().admin.seed("channels", {})).id;
                const first = await add({ url: "https://example.com/same", custom: "named", password: "pw" });
                const again = await add({ url: "https://example.com/same", password: "pw", channel });
                assert.deepEqual(again, first, "a create without an alias is answered with the link that has one");
                assert.equal((await emulator().admin.list("links")).length, 1);
                assert.deepEqual((await emulator().admin.get("channels", channel)).items, []);
                const differs = await add({ url: "https://example.com/same", password: "other" });
                assert.notEqual(differs.id, first.id, "another password is another link");
                await refused(
                    "POST",
                    "/api/url/add",
                    { url: "https://example.com/same", custom: "named", password: "pw" },
                    "That alias is taken. Please choose another one.",
                );
            });

            it("answers a create past the plan's links limit with the HTTP 500 HTML page, writing nothing", async () => {
                await emulator().admin.setPlan({ linksLimit: 2 });
                await seed({ qrId: 1 });
                await add({ url: "https://example.com/1" });
                await add({ url: "https://example.com/2" });
                const response = await send("POST", "/api/url/add", { url: "https://example.com/3" });
                assert.equal(response.status, 500);
                assert.match(response.contentType, /^text\/html/);
                assert.equal((await emulator().admin.list("links")).length, 3);
            });
        });

        describe("PUT /api/url/:id/update", () => {
            it("replaces the link whole: omitted fields reset, the domain to the default; always private, the note emptied", async () => {
                await emulator().admin.seed("domains", { domain: "https://go.example.com" });
                const pixel = (await emulator().admin.seed("pixels", {})).id;
                const campaign = (await emulator().admin.seed("campaigns", {})).id;
                const created = await add({
                    url: "https://example.com/",
                    custom: "kept",
                    domain: "https://go.example.com",
                    password: "pw",
                    expiry: "2030-01-01",
                    geotarget: [{ location: "Canada", link: "https://ca.example" }],
                    devicetarget: [{ device: "iPhone", link: "https://ios.example" }],
                    languagetarget: [{ language: "fr", link: "https://fr.example" }],
                    parameters: [{ name: "a", value: "b" }],
                    pixels: [pixel],
                    campaign,
                    metatitle: "Title",
                    metadescription: "About",
                    metaimage: "https://img.example/p.jpg",
                    type: "frame",
                    deeplink: { auto: true },
                    status: "public",
                    description: "note",
                });
                const answer = await ok("PUT", `/api/url/${created.id}/update`, { custom: "kept" });
                assert.deepEqual(answer, { error: 0, id: created.id, shorturl: `${system}/kept` });
                const link = await stored(created.id);
                assert.deepEqual(
                    [
                        link.password,
                        link.expiry,
                        link.geotarget,
                        link.devicetarget,
                        link.languagetarget,
                        link.parameters,
                        link.pixels,
                        link.campaignId,
                        link.domain,
                        link.public,
                        link.note,
                    ],
                    ["", null, [], [], [], [], [], null, system, false, ""],
                );
                assert.deepEqual(
                    [link.url, link.custom, link.title, link.description, link.metaimage, link.type, link.deeplink],
                    [
                        "https://example.com/",
                        "kept",
                        "Title",
                        "About",
                        "https://img.example/p.jpg",
                        "frame",
                        { auto: true },
                    ],
                );
            });

            it("changes the long URL only where the plan allows editing it", async () => {
                const id = (await add({ url: "https://example.com/old" })).id;
                await ok("PUT", `/api/url/${id}/update`, { url: "https://example.com/new" });
                assert.equal((await stored(id)).url, "https://example.com/new");
                await emulator().admin.setPlan({ editLongUrl: false });
                await ok("PUT", `/api/url/${id}/update`, { url: "https://example.com/newer" });
                assert.equal((await stored(id)).url, "https://example.com/new");
            });

            it("drops the random alias for good once a custom one replaces it", async () => {
                const created = await add({ url: "https://example.com/" });
                assert.notEqual((await stored(created.id)).alias, "");
                const renamed = await ok("PUT", `/api/url/${created.id}/update`, { custom: "renamed" });
                assert.equal(renamed.shorturl, `${system}/renamed`);
                const link = await stored(created.id);
                assert.deepEqual([link.custom, link.alias], ["renamed", ""]);
                await refused(
                    "PUT",
                    `/api/url/${created.id}/update`,
                    { custom: "x" },
                    "Custom alias must be at least 3 characters.",
                );
            });

            it("adds the link to a given channel, never removes one, and adds an empty channel row on every update without channel", async () => {
                const channel = (await emulator().admin.seed("channels", {})).id;
                const id = (await add({ url: "https://example.com/", channel })).id;
                await ok("PUT", `/api/url/${id}/update`, {});
                await ok("PUT", `/api/url/${id}/update`, {});
                assert.equal((await stored(id)).emptyChannelRows, 2);
                const second = (await emulator().admin.seed("channels", {})).id;
                await ok("PUT", `/api/url/${id}/update`, { channel: second });
                assert.equal((await stored(id)).emptyChannelRows, 2);
                for (const holder of [channel, second]) {
                    const items = (await emulator().admin.get("channels", holder)).items as { id: number }[];
                    assert.deepEqual(
                        items.map((item) => item.id),
                        [id],
                        `channel ${holder}`,
                    );
                }
            });
        });

        describe("DELETE /api/url/:id/delete", () => {
            it("removes the link with its statistics and every channel assignment of its id, whatever the item's type", async () => {
                const id = await seed({ stats: { clicks: 2, uniqueClicks: 1 } });
                const keptLink = await seed({});
                const items = [
                    { type: "links", id, date: "2026-01-01 00:00:00" },
                    { type: "qr", id, date: "2026-01-01 00:00:00" },
                    { type: "bio", id, date: "2026-01-01 00:00:00" },
                    { type: "links", id: keptLink, date: "2026-01-01 00:00:00" },
                ];
                const channel = (await emulator().admin.seed("channels", { items })).id;
                assert.deepEqual(await ok("DELETE", `/api/url/${id}/delete`), {
                    error: 0,
                    message: "Link has been successfully deleted.",
                });
                assert.deepEqual(
                    (await emulator().admin.list("links")).map((link) => link.id),
                    [keptLink],
                );
                const left = (await emulator().admin.get("channels", channel)).items as { id: number }[];
                assert.deepEqual(
                    left.map((item) => item.id),
                    [keptLink],
                );
                await refused("GET", `/api/url/${id}`, undefined, "Link does not exist.");
            });
        });

        describe("the dashboard (admin surface)", () => {
            it("changes any field by hand: the API shows what it returns, the admin read shows the rest", async () => {
                const id = (await add({ url: "https://example.com/", metatitle: "Before" })).id;
                await emulator().admin.patch("links", id, { title: "After", password: "hand-set", type: "frame" });
                assert.equal((await ok("GET", `/api/url/${id}`)).details.title, "After");
                const link = await stored(id);
                assert.deepEqual([link.password, link.type], ["hand-set", "frame"]);
            });

            it("refuses an unknown plan setting or a wrong value, naming it", async () => {
                await assert.rejects(
                    emulator().admin.setPlan({ bogus: true } as never),
                    /unknown plan setting "bogus"/,
                );
                await assert.rejects(
                    emulator().admin.setPlan({ linksLimit: -1 }),
                    /linksLimit must be a whole number or null/,
                );
                await assert.rejects(
                    emulator().admin.setPlan({ expiry: "no" as never }),
                    /expiry must be true or false/,
                );
                assert.deepEqual(await emulator().admin.setPlan({ expiry: false }), {
                    ...((await emulator().admin.get("accounts", emulator().userId)).plan as object),
                });
            });

            it("rate-limits the link endpoints as every other", async () => {
                await emulator().admin.setRateLimit({ limit: 1, windowMs: 60_000 });
                await ok("GET", "/api/urls");
                const limited = await send("POST", "/api/url/add", { url: "https://example.com/" });
                assert.equal(limited.json.error, 429);
                assert.deepEqual(await emulator().admin.list("links"), []);
            });

            it("counts requests by endpoint, the link paths included", async () => {
                const id = (await add({ url: "https://example.com/" })).id;
                await ok("GET", "/api/urls");
                await ok("GET", `/api/url/${id}`);
                await ok("PUT", `/api/url/${id}/update`, {});
                await ok("DELETE", `/api/url/${id}/delete`);
                await ok("GET", "/api/urls");
                assert.deepEqual(await emulator().admin.requestCounts(), {
                    "POST /api/url/add": 1,
                    "GET /api/urls": 2,
                    "GET /api/url/:id": 1,
                    "PUT /api/url/:id/update": 1,
                    "DELETE /api/url/:id/delete": 1,
                });
            });
        });
    });
}

describe("emulator: links, where the profiles differ", () => {
    const real = useEmulator({ profile: "real", rateLimit: FAST });
    const spec = useEmulator({ profile: "spec", rateLimit: FAST });

    async function addLink(emulator: RunningEmulator, body: Record<string, unknown>) {
        const response = await call(emulator, "POST", "/api/url/add", { body });
        assert.equal(response.json?.error, 0, response.text);
        return (await emulator.admin.get("links", response.json.id)) as Record<string, any>;
    }

    it("the real profile strips tags from the URL on create and escapes it on update; the spec profile stores it as sent", async () => {
        const tagged = "https://example.com/<b>page</b>?a=1&b=2";
        const created = await addLink(real(), { url: tagged });
        assert.equal(created.url, "https://example.com/page?a=1&b=2", "tags stripped, & not escaped on create");
        await call(real(), "PUT", `/api/url/${created.id}/update`, { body: { url: "https://example.com/x?a=1&b=2" } });
        assert.equal((await real().admin.get("links", created.id)).url, "https://example.com/x?a=1&amp;b=2");
        const specLink = await addLink(spec(), { url: "https://example.com/x?a=1&b=2" });
        await call(spec(), "PUT", `/api/url/${specLink.id}/update`, { body: { url: "https://example.com/y?a=1&b=2" } });
        assert.equal((await spec().admin.get("links", specLink.id)).url, "https://example.com/y?a=1&b=2");
    });

    it("the real profile cleans the alias (tags stripped, escaped) before the slug, and the meta texts", async () => {
        const body = { url: "https://example.com/", custom: "<i>Tom</i> & Jerry", metatitle: "<b>Bold</b> & co" };
        const link = await addLink(real(), body);
        assert.deepEqual([link.custom, link.title], ["Tom-amp-Jerry", "Bold &amp; co"]);
        const specLink = await addLink(spec(), body);
        assert.deepEqual([specLink.custom, specLink.title], ["iTom-i-Jerry", "<b>Bold</b> & co"]);
    });

    it("refuses, naming what it does not follow, an alias outside printable ASCII and a single of a QR code's link", async () => {
        for (const emulator of [real(), spec()]) {
            const response = await call(emulator, "POST", "/api/url/add", {
                body: { url: "https://example.com/", custom: "café" },
            });
            assert.match(response.json.message, NOT_FOLLOWED);
            const { id } = await emulator.admin.seed("links", { qrId: 1 });
            assert.match((await call(emulator, "GET", `/api/url/${id}`)).json.message, NOT_FOLLOWED);
        }
    });
});
