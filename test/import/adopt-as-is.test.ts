// What an imported program relies on, kind by kind, through the real Pulumi CLI: an object declared as the service
// holds it is taken over without a write, even where the service does not show a value (a QR code's type and
// data, the account's password) or where the object is an assignment (a channel's item).
import { strict as assert } from "node:assert";
import { changes, idOf, startStack, stepOf, type Declared, type TestStack } from "../support/stack";

const WRITES = ["POST", "PUT", "PATCH", "DELETE"];

describe("adopting as the service holds it: no write", function () {
    this.timeout(300_000);
    let stack: TestStack;
    let channelId: number;
    let qrId: number;
    let loneQrId: number;
    const writes = async () =>
        (await stack.emulator.admin.requests())
            .filter((entry) => WRITES.includes(entry.method))
            .map((entry) => `${entry.method} ${entry.path}`);
    const qrDeclared = (args: Record<string, unknown>): Declared => ({
        kind: "QrCode",
        name: "poster",
        args: { adopt: qrId, ...args },
    });
    const declared = (qrArgs: Record<string, unknown> = {}): Declared[] => [
        { kind: "AccountSettings", name: "account", args: { email: "demo@example.com" } },
        { kind: "Channel", name: "news", args: { adopt: channelId, name: "Newsletter" } },
        qrDeclared(qrArgs),
        // In the channel already: taken over. Not in it yet: assigned.
        {
            kind: "ChannelItem",
            name: "held",
            args: { adopt: true, channelId: { $ref: "news.id" }, type: "qr", itemId: { $ref: "poster.id" } },
        },
        {
            kind: "ChannelItem",
            name: "new",
            args: { adopt: true, channelId: { $ref: "news.id" }, type: "qr", itemId: loneQrId },
        },
    ];

    before(async () => {
        stack = await startStack();
        const { admin } = stack.emulator;
        qrId = (await admin.seed("qrcodes", { type: "link", data: "https://example.com/poster", name: "Poster" })).id;
        loneQrId = (await admin.seed("qrcodes", { type: "text", data: "lone" })).id;
        channelId = (
            await admin.seed("channels", {
                name: "Newsletter",
                items: [{ type: "qr", id: qrId, date: "2026-01-01 00:00:00" }],
            })
        ).id;
        await admin.clearRequests();
    });
    after(async () => stack.close());

    it("takes over the account, a channel, its item and a QR code without type and data; assigns only the item the channel lacked", async () => {
        const up = await stack.expectOk("up", declared());
        assert.deepEqual(await writes(), [`POST /api/channel/${channelId}/assign/qr/${loneQrId}`]);
        assert.equal(idOf(up, "poster"), String(qrId));
        assert.deepEqual(changes(await stack.expectOk("preview", declared())), []);
    });

    it("declaring a QR code's type and data later updates it in place: same id, same link", async () => {
        await stack.emulator.admin.clearRequests();
        const withData = declared({ type: "link", data: "https://example.com/poster-2" });
        const preview = await stack.expectOk("preview", withData);
        assert.deepEqual(changes(preview), ["update poster"]);
        const up = await stack.expectOk("up", withData);
        assert.equal(stepOf(up, "poster").op, "update");
        assert.equal(idOf(up, "poster"), String(qrId));
        assert.deepEqual(await writes(), [`PUT /api/qr/${qrId}/update`]);
        const stored = (await stack.emulator.admin.list("qrcodes")).find((qr) => qr.id === qrId);
        assert.equal(stored?.data, "https://example.com/poster-2");
    });

    it("refuses at preview to take type and data back out, naming data", async () => {
        const result = await stack.run("preview", declared());
        assert.equal(result.ok, false);
        assert.ok(
            stepOf(result, "poster").failures?.some((f) => f.property === "data" && /cannot be removed/.test(f.reason)),
            result.log,
        );
    });

    it("refuses at preview a colour without type and data, and a QR code without type that is not adopted", async () => {
        const colour = await stack.run("preview", [
            { kind: "QrCode", name: "coloured", args: { adopt: qrId, foreground: "rgb(1,2,3)" } },
        ]);
        assert.equal(colour.ok, false);
        assert.ok(
            stepOf(colour, "coloured").failures?.some((f) => f.property === "foreground"),
            colour.log,
        );
        const untyped = await stack.run("preview", [{ kind: "QrCode", name: "untyped", args: {} }]);
        assert.equal(untyped.ok, false);
        assert.ok(
            stepOf(untyped, "untyped").failures?.some((f) => f.property === "type" && /adopt/.test(f.reason)),
            untyped.log,
        );
    });
});
