import assert from "node:assert/strict";
import { PIXEL_TYPES, PixelType, QR_TYPES } from "../../provider/client";
import { collect, rejection, useEmulator } from "../support/client-harness";

describe("client: pixels", () => {
    const { emulator, client } = useEmulator();

    it("every one of the 13 pixel types can be created and is listed with its fields", async () => {
        assert.equal(PIXEL_TYPES.length, 13);
        const ids: number[] = [];
        for (const type of PIXEL_TYPES)
            ids.push((await client().pixels.create({ type, name: `${type} pixel`, tag: `TAG-${type}` })).id);
        const pixels = await collect(client().pixels.all({ limit: 5 }));
        assert.deepEqual(
            pixels.map((pixel) => [pixel.id, pixel.type, pixel.name, pixel.tag]),
            PIXEL_TYPES.map((type, index) => [ids[index], type, `${type} pixel`, `TAG-${type}`]),
        );
        assert.match(pixels[0].date, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it("update and delete; a missing tag fails as validation", async () => {
        const { id } = await client().pixels.create({ type: "adspixel", name: "Ads", tag: "AD-1" });
        await client().pixels.update(id, { name: "Ads renamed", tag: "AD-2" });
        const [stored] = await emulator().admin.list("pixels");
        assert.deepEqual([stored.name, stored.tag], ["Ads renamed", "AD-2"]);

        const error = await rejection(client().pixels.update(id, { tag: "" }));
        assert.equal(error.kind, "validation");
        assert.match(error.serviceMessage ?? "", /tag/);

        await client().pixels.delete(id);
        assert.deepEqual(await emulator().admin.list("pixels"), []);
    });

    it("a type outside the 13 tokens fails as validation and nothing is stored", async () => {
        const error = await rejection(
            client().pixels.create({ type: "carrierpigeon" as PixelType, name: "Nope", tag: "X" }),
        );
        assert.equal(error.kind, "validation");
        assert.deepEqual(await emulator().admin.list("pixels"), []);
    });
});

describe("client: QR codes", () => {
    const { emulator, client } = useEmulator();

    it("create returns id and link; get returns the code and its statistics with counts as numbers", async () => {
        const created = await client().qrCodes.create({
            type: "link",
            data: "https://example.com/",
            foreground: "rgb(10,20,30)",
        });
        assert.equal(typeof created.id, "number");
        assert.match(created.link ?? "", /^http/);
        await emulator().admin.patch("qrcodes", created.id, {
            scans: 7,
            stats: {
                clicks: 7,
                uniqueClicks: 5,
                topCountries: { France: 4, Chile: 3 },
                topReferrers: {},
                topBrowsers: { Firefox: 7 },
                topOs: {},
                socialCount: { facebook: 1, twitter: 0, reddit: 2 },
            },
        });
        const { qrCode, statistics } = await client().qrCodes.get(created.id);
        assert.ok(statistics, "a link QR code has statistics");
        assert.equal(qrCode.id, created.id);
        assert.equal(qrCode.link, created.link);
        assert.equal(qrCode.scans, 7);
        assert.equal(statistics.clicks, 7);
        assert.equal(statistics.uniqueClicks, 5);
        assert.deepEqual(statistics.topCountries, { France: 4, Chile: 3 });
        assert.deepEqual(statistics.topBrowsers, { Firefox: 7 });
        assert.deepEqual(statistics.topReferrers, {});
        assert.deepEqual(statistics.socialCount, { facebook: 1, twitter: 0, reddit: 2 });
    });

    it("every QR type is accepted with data of its shape", async () => {
        const data: Record<(typeof QR_TYPES)[number], string | Record<string, string>> = {
            text: "plain text",
            link: "https://example.com/",
            email: { email: "a@example.com", subject: "Hi" },
            phone: "+15550100",
            sms: { phone: "+15550100", message: "Hello" },
            wifi: { ssid: "Office", pass: "secret-pass", encryption: "wpa" },
            vcard: { fname: "Ada", lname: "Lovelace" },
        };
        for (const type of QR_TYPES) await client().qrCodes.create({ type, data: data[type] });
        const listed = await collect(client().qrCodes.all());
        assert.equal(listed.length, QR_TYPES.length);
        assert.ok(listed.every((qr) => typeof qr.id === "number" && typeof qr.scans === "number"));
    });

    it("update changes data and colours; a wrong data shape fails naming the field; delete removes it", async () => {
        const { id } = await client().qrCodes.create({ type: "text", data: "before" });
        await client().qrCodes.update(id, { type: "text", data: "after", background: "rgb(1,2,3)" });
        const [stored] = await emulator().admin.list("qrcodes");
        assert.deepEqual([stored.data, stored.background], ["after", "rgb(1,2,3)"]);

        const error = await rejection(client().qrCodes.create({ type: "email", data: "not an object" }));
        assert.equal(error.kind, "validation");
        assert.match(error.serviceMessage ?? "", /data/);

        await client().qrCodes.delete(id);
        assert.equal((await rejection(client().qrCodes.get(id))).notFound, true);
    });
});

describe("client: overlays and splash pages (read-only lists)", () => {
    const { emulator, client } = useEmulator();

    it("lists the seeded overlays and splash pages of this account only", async () => {
        const other = await emulator().admin.createAccount();
        const overlay = await emulator().admin.seed("overlays", { type: "contact", name: "Contact us" });
        await emulator().admin.seed("overlays", { name: "Not mine" }, { userId: other.userId });
        const splash = await emulator().admin.seed("splash", { name: "Welcome" });

        const overlays = await collect(client().overlays.all());
        assert.deepEqual(
            overlays.map((item) => [item.id, item.type, item.name]),
            [[overlay.id, "contact", "Contact us"]],
        );
        const splashPages = (await client().splash.list()).items;
        assert.deepEqual(
            splashPages.map((item) => [item.id, item.name]),
            [[splash.id, "Welcome"]],
        );
        assert.match(splashPages[0].date, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });
});
