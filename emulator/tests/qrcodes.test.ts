import assert from "node:assert/strict";
import { call, DATE_TIME, useEmulator } from "./harness";

// One valid data value per QR type in the service's dialect, with what the code then encodes.
const VALID_DATA: Record<string, { data: unknown; content: string }> = {
    text: { data: "Hello there", content: "Hello there" },
    link: { data: "https://example.com/page", content: "https://example.com/page" },
    email: {
        data: { email: "someone@example.com", subject: "Hi", body: "Text" },
        content: "MATMSG:TO:someone@example.com;SUB:Hi;BODY:Text;;",
    },
    phone: { data: "+41440000000", content: "tel:+41440000000" },
    sms: { data: { phone: "+41440000000", message: "Ping" }, content: "SMSTO:+41440000000:Ping" },
    wifi: {
        data: { ssid: "Office", pass: "secret-pass", encryption: "wpa" },
        content: "WIFI:T:WPA;S:Office;P:secret-pass;;",
    },
    vcard: { data: { fname: "Ada", org: "Analytical" }, content: "BEGIN:VCARD\nFNAME:Ada\nORG:Analytical\nEND:VCARD" },
};

describe("emulator: QR codes", () => {
    const emulator = useEmulator();

    async function addQr(body: Record<string, unknown>) {
        const response = await call(emulator(), "POST", "/api/qr/add", { body });
        assert.equal(response.json.error, 0, response.json.message);
        return response.json;
    }

    for (const [type, { data, content }] of Object.entries(VALID_DATA)) {
        it(`add accepts a ${type} QR code, answers {error,id,link} and encodes its data`, async () => {
            const created = await addQr({ type, data });
            assert.deepEqual(Object.keys(created).sort(), ["error", "id", "link"]);
            assert.ok(Number.isInteger(created.id));
            assert.ok(created.link.startsWith(`${emulator().baseUrl}/q/`), created.link);
            const [stored] = await emulator().admin.list("qrcodes");
            assert.equal(stored.type, type);
            assert.deepEqual(stored.data, data);
            assert.equal(stored.content, content);
        });
    }

    it("an e-mail QR code may be a bare address", async () => {
        await addQr({ type: "email", data: "someone@example.com" });
        const [stored] = await emulator().admin.list("qrcodes");
        assert.equal(stored.content, "mailto:someone@example.com");
    });

    for (const [data, content] of [
        [{ ssid: "Cafe", pass: "secret" }, "WIFI:T:nopass;S:Cafe;;"],
        [{ ssid: "Cafe", password: "secret", encryption: "wpa" }, "WIFI:T:nopass;S:Cafe;;"],
        [{ ssid: "Cafe", encryption: "wpa" }, "WIFI:T:nopass;S:Cafe;;"],
    ] as const) {
        it(`a wifi network ${JSON.stringify(data)} is encoded open: a password needs pass and encryption both`, async () => {
            await addQr({ type: "wifi", data });
            const [stored] = await emulator().admin.list("qrcodes");
            assert.equal(stored.content, content);
        });
    }

    it("vCard fields the service does not know are dropped", async () => {
        await addQr({ type: "vcard", data: { fname: "Ada", firstname: "Ignored", company: "Ignored too" } });
        const [stored] = await emulator().admin.list("qrcodes");
        assert.equal(stored.content, "BEGIN:VCARD\nFNAME:Ada\nEND:VCARD");
    });

    it("add accepts colours and a logo and stores them", async () => {
        await addQr({
            type: "text",
            data: "x",
            background: "rgb(0,10,255)",
            foreground: "rgb(255, 255, 0)",
            logo: "https://cdn.example.com/logo.JPEG",
        });
        const [stored] = await emulator().admin.list("qrcodes");
        assert.equal(stored.background, "rgb(0,10,255)");
        assert.equal(stored.foreground, "rgb(255, 255, 0)");
        assert.equal(stored.logo, "https://cdn.example.com/logo.JPEG");
    });

    for (const [body, field] of [
        [{ data: "x" }, "type"],
        [{ type: "barcode", data: "x" }, "type"],
        [{ type: "text" }, "data"],
        [{ type: "text", data: "" }, "data"],
        [{ type: "text", data: { text: "x" } }, "data"],
        [{ type: "link", data: "example.com" }, "data"],
        [{ type: "text", data: "x".repeat(4297) }, "data"],
        [{ type: "email", data: "not-an-address" }, "email"],
        [{ type: "email", data: { subject: "no address" } }, "email"],
        [{ type: "email", data: { email: "a@example.com", subject: "s".repeat(501) } }, "subject"],
        [{ type: "phone", data: { phone: "+15550100" } }, "data"],
        [{ type: "phone", data: "+1 555 0100" }, "data"],
        [{ type: "sms", data: { message: "no phone" } }, "phone"],
        [{ type: "sms", data: { phone: "+15550100", message: "m".repeat(3501) } }, "message"],
        [{ type: "wifi", data: { pass: "p" } }, "ssid"],
        [{ type: "vcard", data: {} }, "data"],
        [{ type: "vcard", data: { firstname: "Ada" } }, "fname"],
        [{ type: "vcard", data: ["Ada"] }, "data"],
        [{ type: "text", data: "x", background: "#ffffff" }, "background"],
        [{ type: "text", data: "x", foreground: "rgb(256,0,0)" }, "foreground"],
        [{ type: "text", data: "x", logo: "https://example.com/logo.gif" }, "logo"],
        [{ type: "text", data: "x", logo: "/local/logo.png" }, "logo"],
    ] as const) {
        it(`add refuses ${JSON.stringify(body)} naming ${field}, storing nothing`, async () => {
            const response = await call(emulator(), "POST", "/api/qr/add", { body });
            assert.equal(response.json.error, 1);
            assert.match(response.json.message, new RegExp(field));
            assert.deepEqual(await emulator().admin.list("qrcodes"), []);
        });
    }

    it("lists QR codes with exactly id, link, scans, name, date", async () => {
        const created = await addQr({ type: "text", data: "listed" });
        const list = await call(emulator(), "GET", "/api/qr");
        assert.equal(list.json.error, "0");
        const [item] = list.json.data.qrs;
        assert.deepEqual(Object.keys(item).sort(), ["date", "id", "link", "name", "scans"]);
        assert.equal(item.id, created.id);
        assert.equal(item.link, created.link);
        assert.equal(item.scans, 0);
        assert.match(item.date, DATE_TIME);
    });

    it("GET /api/qr/:id gives details and statistics with counts as strings", async () => {
        const { id } = await emulator().admin.seed("qrcodes", {
            name: "Stats",
            scans: 7,
            stats: {
                clicks: 7,
                uniqueClicks: 5,
                topCountries: { Switzerland: 4, Norway: 3 },
                topReferrers: { "example.com": 2 },
                topBrowsers: { Firefox: 7 },
                topOs: { Linux: 7 },
                socialCount: { facebook: 1, twitter: 2, reddit: 3 },
            },
        });
        const response = await call(emulator(), "GET", `/api/qr/${id}`);
        assert.deepEqual(Object.keys(response.json).sort(), ["data", "details", "error"]);
        assert.equal(response.json.error, 0);
        assert.deepEqual(Object.keys(response.json.details).sort(), ["date", "id", "link", "name", "scans"]);
        assert.equal(response.json.details.id, id);
        assert.equal(response.json.details.scans, 7);
        assert.equal(response.json.details.name, "Stats");
        assert.deepEqual(response.json.data, {
            clicks: 7,
            uniqueClicks: 5,
            topCountries: { Switzerland: "4", Norway: "3" },
            topReferrers: { "example.com": "2" },
            topBrowsers: { Firefox: "7" },
            topOs: { Linux: "7" },
            socialCount: { facebook: 1, twitter: 2, reddit: 3 },
        });
    });

    it("update needs data of the right shape, may change the type, and keeps what is not sent", async () => {
        const created = await addQr({ type: "text", data: "before", background: "rgb(1,2,3)" });
        const missing = await call(emulator(), "PUT", `/api/qr/${created.id}/update`, {
            body: { background: "rgb(4,5,6)" },
        });
        assert.equal(missing.json.error, 1);
        assert.match(missing.json.message, /data/);
        const wrongShape = await call(emulator(), "PUT", `/api/qr/${created.id}/update`, {
            body: { type: "wifi", data: "not an object" },
        });
        assert.equal(wrongShape.json.error, 1);
        let [stored] = await emulator().admin.list("qrcodes");
        assert.equal(stored.data, "before");
        assert.equal(stored.background, "rgb(1,2,3)");

        const ok = await call(emulator(), "PUT", `/api/qr/${created.id}/update`, {
            body: { type: "link", data: "https://example.org" },
        });
        assert.deepEqual(Object.keys(ok.json).sort(), ["error", "message"]);
        assert.equal(ok.json.error, 0);
        [stored] = await emulator().admin.list("qrcodes");
        assert.equal(stored.type, "link");
        assert.equal(stored.data, "https://example.org");
        assert.equal(stored.background, "rgb(1,2,3)");
    });

    it("delete removes the QR code and its channel assignments; unknown ids say 'QR code does not exist.'", async () => {
        const created = await addQr({ type: "text", data: "gone soon" });
        const channel = (await call(emulator(), "POST", "/api/channel/add", { body: { name: "Holder" } })).json;
        await call(emulator(), "POST", `/api/channel/${channel.id}/assign/qr/${created.id}`);
        assert.equal((await call(emulator(), "DELETE", `/api/qr/${created.id}/delete`)).json.error, 0);
        assert.deepEqual(await emulator().admin.list("qrcodes"), []);
        const [storedChannel] = await emulator().admin.list("channels");
        assert.deepEqual(storedChannel.items, []);
        for (const [method, path] of [
            ["GET", `/api/qr/${created.id}`],
            ["DELETE", `/api/qr/${created.id}/delete`],
            ["PUT", `/api/qr/${created.id}/update`],
        ]) {
            const response = await call(emulator(), method, path, method === "PUT" ? { body: { data: "x" } } : {});
            assert.deepEqual(response.json, { error: 1, message: "QR code does not exist." });
        }
    });
});
