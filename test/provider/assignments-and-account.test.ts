// End to end: the kinds that are not listed objects: assignments (no unassign in the API) and the account singleton.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { changes, startStack, stepOf, type Declared, type TestStack } from "../support/stack";

describe("The kinds that are not listed objects: the whole lifecycle against the emulator", function () {
    describe("CampaignLink: a short link in a campaign", function () {
        let stack: TestStack;
        let links: number[];
        const declare = (linkId: number): Declared[] => [
            { kind: "Campaign", name: "launch", args: { name: "Launch" } },
            { kind: "CampaignLink", name: "assignment", args: { campaignId: { $ref: "launch.id" }, linkId } },
        ];
        const campaignOf = async (linkId: number) =>
            ((await stack.emulator.admin.list("links")) as { id: number; campaignId: number | null }[]).find(
                (l) => l.id === linkId,
            )?.campaignId;

        before(async () => {
            stack = await startStack();
            links = [
                (await stack.emulator.admin.seed("links", { url: "https://a.example" })).id,
                (await stack.emulator.admin.seed("links", { url: "https://b.example" })).id,
            ];
        });
        after(async () => stack.close());

        it("fails at preview on a link id that is not a number, without calling the API", async () => {
            await stack.emulator.admin.clearRequests();
            const result = await stack.run("preview", [
                { kind: "CampaignLink", name: "bad", args: { campaignId: 1, linkId: "first" } },
            ]);
            assert.equal(result.ok, false);
            assert.ok(
                result.steps.some((s) => s.failures?.some((f) => f.property === "linkId")),
                result.log,
            );
            assert.deepEqual(await stack.emulator.admin.requests(), []);
        });

        it("assigns the link, with the campaign's id flowing from the campaign resource", async () => {
            await stack.expectOk("up", declare(links[0]));
            const [campaign] = (await stack.emulator.admin.list("campaigns")) as { id: number }[];
            assert.equal(await campaignOf(links[0]), campaign.id);
            assert.deepEqual(changes(await stack.expectOk("preview", declare(links[0]))), []);
        });

        it("replaces the assignment when the link changes, leaving the old link where it is", async () => {
            const result = await stack.expectOk("up", declare(links[1]));
            assert.equal(stepOf(result, "assignment").op, "replace");
            assert.notEqual(await campaignOf(links[1]), null);
            assert.notEqual(await campaignOf(links[0]), null, "the service cannot unassign, so the first link stays");
        });

        it("reads as gone when its campaign was deleted out of band", async () => {
            const [campaign] = (await stack.emulator.admin.list("campaigns")) as { id: number }[];
            await stack.emulator.admin.remove("campaigns", campaign.id);
            const refresh = await stack.expectOk("refresh", declare(links[1]));
            assert.deepEqual(changes(refresh), ["read-gone assignment", "read-gone launch"]);
        });

        it("is destroyed with its campaign without error, and says nothing of a link staying in the deleted campaign", async () => {
            await stack.expectOk("up", declare(links[1]));
            const result = await stack.expectOk("destroy", declare(links[1]));
            assert.deepEqual(changes(result), ["delete assignment", "delete launch"]);
            assert.doesNotMatch(result.log, /stays in campaign/);
        });
    });

    describe("ChannelItem: a QR code in a channel", function () {
        let stack: TestStack;
        const declare = (type: string): Declared[] => [
            { kind: "Channel", name: "news", args: { name: "News" } },
            { kind: "QrCode", name: "code", args: { type: "text", data: "hello" } },
            {
                kind: "ChannelItem",
                name: "item",
                args: { channelId: { $ref: "news.id" }, type, itemId: { $ref: "code.id" } },
            },
        ];
        const itemsOfChannel = async () =>
            ((await stack.emulator.admin.list("channels")) as { items: { type: string; id: number }[] }[])[0]?.items ??
            [];

        before(async () => (stack = await startStack()));
        after(async () => stack.close());

        it("fails at preview on an unknown item type", async () => {
            const result = await stack.run("preview", declare("video"));
            assert.equal(result.ok, false);
            assert.ok(
                result.steps.some((s) => s.failures?.some((f) => f.property === "type")),
                result.log,
            );
        });

        it("assigns the QR code to the channel, and an unchanged program previews as no change", async () => {
            await stack.expectOk("up", declare("qr"));
            const [qr] = (await stack.emulator.admin.list("qrcodes")) as { id: number }[];
            assert.deepEqual(
                (await itemsOfChannel()).map((i) => [i.type, i.id]),
                [["qr", qr.id]],
            );
            assert.deepEqual(changes(await stack.expectOk("preview", declare("qr"))), []);
        });

        it("reads as gone when the item was taken out of the channel by hand", async () => {
            const [channel] = (await stack.emulator.admin.list("channels")) as { id: number }[];
            await stack.emulator.admin.patch("channels", channel.id, { items: [] });
            const refresh = await stack.expectOk("refresh", declare("qr"));
            assert.equal(stepOf(refresh, "item").op, "read-gone");
            await stack.expectOk("up", declare("qr"));
            assert.equal((await itemsOfChannel()).length, 1);
        });

        it("removed alone, says at the end of the run that the QR code stays in the channel", async () => {
            const [channel] = (await stack.emulator.admin.list("channels")) as { id: number }[];
            const [qr] = (await stack.emulator.admin.list("qrcodes")) as { id: number }[];
            const result = await stack.expectOk("up", declare("qr").slice(0, 2));
            assert.deepEqual(changes(result), ["delete item"]);
            assert.match(
                result.log,
                new RegExp(`the service cannot unassign, so qr item ${qr.id} stays in channel ${channel.id}\n`),
            );
            await stack.expectOk("up", declare("qr"));
        });

        it("is destroyed with its channel and QR code, saying nothing of an item staying in the deleted channel", async () => {
            const result = await stack.expectOk("destroy", declare("qr"));
            assert.deepEqual(await stack.emulator.admin.list("channels"), []);
            assert.deepEqual(await stack.emulator.admin.list("qrcodes"), []);
            assert.doesNotMatch(result.log, /stays in channel/);
        });
    });

    describe("AccountSettings: the account's e-mail and password", function () {
        let stack: TestStack;
        const password = "correct-horse-battery";
        const declare = (email: string): Declared[] => [
            { kind: "AccountSettings", name: "account", args: { email, password } },
        ];
        const account = async () =>
            ((await stack.emulator.admin.list("accounts")) as { id: number; email: string; passwordHash: string }[])[0];

        before(async () => (stack = await startStack()));
        after(async () => stack.close());

        it("fails at preview on a malformed e-mail", async () => {
            const result = await stack.run("preview", declare("not-an-email"));
            assert.equal(result.ok, false);
            assert.ok(
                result.steps.some((s) => s.failures?.some((f) => f.property === "email")),
                result.log,
            );
        });

        it("applies the settings on create and keeps the password out of the state, the output and the emulator's log", async () => {
            const before = await account();
            const result = await stack.expectOk("up", declare("owner@example.com"));
            const after = await account();
            assert.equal(after.email, "owner@example.com");
            assert.notEqual(after.passwordHash, before.passwordHash);
            const state = readFileSync(stack.stateFile, "utf8");
            assert.ok(!state.includes(password), "the password is in the state file in plain text");
            assert.ok(!result.log.includes(password));
            assert.ok(!JSON.stringify(await stack.emulator.admin.requests()).includes(password));
        });

        it("shows an e-mail changed by hand on refresh, and up puts it back", async () => {
            await stack.emulator.admin.patch("accounts", (await account()).id, { email: "changed@example.com" });
            const refresh = await stack.expectOk("refresh", declare("owner@example.com"));
            assert.ok(
                stepOf(refresh, "account").diffs?.some((d) => d.property === "email"),
                refresh.log,
            );
            await stack.expectOk("up", declare("owner@example.com"));
            assert.equal((await account()).email, "owner@example.com");
        });

        it("leaves the account as it is on destroy", async () => {
            await stack.expectOk("destroy", declare("owner@example.com"));
            assert.equal((await account()).email, "owner@example.com");
        });
    });
});
