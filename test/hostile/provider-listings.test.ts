// Only a complete, consistent listing may say an object is gone: through the real Pulumi CLI and its
// dynamic-provider plugin, a refresh that meets a listing ending early, skipping a page or miscounting fails and keeps
// the object in the state; and against the real service's behaviour, a channel whose first item page is empty (its
// links deleted in the dashboard, still counted for paging) keeps the declared items that sit on page 2.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { changes, idOf, type Declared } from "../support/stack";
import {
    corruptedListing,
    CORRUPTIONS,
    LISTINGS,
    RESULT_READINGS,
    startHostileService,
    type Corruption,
    type HostileService,
    type Script,
} from "./hostile-service";
import { stackOn } from "./support";

describe("hostile service: a refresh never takes an incomplete listing for 'gone'", function () {
    this.timeout(240_000);
    let emulator: RunningEmulator;
    let service: HostileService;
    let dir: string;
    before(async () => {
        emulator = await startEmulator({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
        service = await startHostileService(emulator.baseUrl);
        dir = mkdtempSync(join(tmpdir(), "hostile-stack-"));
    });
    after(async () => {
        await service?.close();
        await emulator?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("a listing that ends early, skips the object's page or miscounts, its `result` read either way, fails the refresh, and the pixel stays in the state", async () => {
        const stack = stackOn(service.baseUrl, emulator.apiKey, dir);
        const declared: Declared[] = [
            { kind: "Pixel", name: "site", args: { type: "analyticspixel", name: "Site", tag: "G-SITE" } },
        ];
        const id = Number(idOf(await stack.expectOk("up", declared), "site"));
        const hostile: [string, Script, RegExp][] = [
            ["early end", LISTINGS.earlyEnd(id), /page 1 of 2 says it is the last one/],
            ["skipped page", LISTINGS.skippedPage(id), /page 1 of 3 names page 3 as the next one/],
            ["result mismatch", LISTINGS.resultMismatch(id), /page 1 counts 2 items in "result", which is neither/],
        ];
        // The pixel is on page 2 of five at 2 a page; each corruption hides it, read either way.
        const around = [id + 1, id + 2, id, id + 3, id + 4];
        for (const reading of RESULT_READINGS) {
            for (const corruption of Object.keys(CORRUPTIONS) as Corruption[]) {
                const at = corruption === "ends early" || corruption === "skips a page" ? 1 : 2;
                hostile.push([
                    `${corruption}, read by ${reading}`,
                    corruptedListing(reading, around, corruption, at),
                    new RegExp(`page ${at}`),
                ]);
            }
        }
        for (const [what, listing, message] of hostile) {
            service.script((request) => (request.path === "/api/pixels" ? listing(request) : undefined));
            const refresh = await stack.run("refresh", declared);
            assert.equal(refresh.ok, false, `${what}: the refresh succeeded:\n${refresh.log}`);
            assert.match(refresh.log, message, what);
            assert.equal(stack.held("Pixel").length, 1, `${what}: the pixel was dropped from the state`);
        }
        service.script(() => undefined);
        assert.deepEqual(changes(await stack.expectOk("refresh", declared)), []);
        assert.equal(stack.held("Pixel").length, 1);
        await stack.expectOk("destroy", []);
    });
});

describe("real service: a channel whose first item page is empty", function () {
    this.timeout(240_000);
    let emulator: RunningEmulator;
    let dir: string;
    before(async () => {
        emulator = await startEmulator({ profile: "real", rateLimit: { limit: 10_000, windowMs: 60_000 } });
        dir = mkdtempSync(join(tmpdir(), "hostile-stack-"));
    });
    after(async () => {
        await emulator?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("a refresh keeps the declared items on page 2 when the 100 links before them were deleted in the dashboard", async () => {
        const links: number[] = [];
        for (let index = 0; index < 102; index++)
            links.push((await emulator.admin.seed("links", { url: `https://www.example.com/${index}` })).id);
        const earlier = links.slice(0, 100).map((id) => ({ type: "links", id, date: "2024-01-01 00:00:00" }));
        const channel = await emulator.admin.seed("channels", {
            name: "Big channel",
            color: "#123456",
            items: earlier,
        });
        const declared: Declared[] = links.slice(100).map((itemId, index) => ({
            kind: "ChannelItem",
            name: `item${index}`,
            args: { channelId: channel.id, type: "links", itemId },
        }));
        const stack = stackOn(emulator.baseUrl, emulator.apiKey, dir);
        await stack.expectOk("up", declared);
        for (const id of links.slice(0, 100)) await emulator.admin.remove("links", id);
        await emulator.admin.clearRequests();

        const refresh = await stack.expectOk("refresh", declared);
        assert.deepEqual(changes(refresh), []);
        assert.equal(stack.held("ChannelItem").length, 2, "the items on page 2 are still in the state");
        const pages = (await emulator.admin.requests())
            .filter((entry) => entry.path === `/api/channel/${channel.id}`)
            .map((entry) => entry.query.page);
        assert.deepEqual(pages, ["1", "2"], "page 1 was empty, page 2 was read");
        assert.deepEqual(changes(await stack.expectOk("preview", declared)), []);
    });
});
