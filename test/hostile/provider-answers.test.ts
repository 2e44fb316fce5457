// Through the real Pulumi CLI and its dynamic-provider plugin: a refusal is success only when it is the service's
// own answer for what is already there; the duplicate guard looks at the service as it is when the creates begin, not
// at a listing read earlier in the run; and a malformed base URL is never quoted with its credentials.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getAccount } from "../../provider";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { Declared } from "../support/stack";
import { startHostileService, type HostileService } from "./hostile-service";
import { stackOn } from "./support";

type Stored = Record<string, unknown> & { id: number };

describe("hostile service: what the provider takes as done", function () {
    this.timeout(240_000);
    let emulator: RunningEmulator;
    let service: HostileService;
    let dir: string;
    beforeEach(async () => {
        emulator = await startEmulator({ profile: "real", rateLimit: { limit: 10_000, windowMs: 60_000 } });
        service = await startHostileService(emulator.baseUrl);
        dir = mkdtempSync(join(tmpdir(), "hostile-stack-"));
    });
    afterEach(async () => {
        await service?.close();
        await emulator?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('a CampaignLink whose assign is refused for another reason that says "already" fails, and the next up assigns it', async () => {
        const { id: linkId } = await emulator.admin.seed("links", { url: "https://example.com/landing" });
        const declared: Declared[] = [
            { kind: "Campaign", name: "launch", args: { name: "Launch", slug: "launch" } },
            { kind: "CampaignLink", name: "member", args: { campaignId: { $ref: "launch.id" }, linkId } },
        ];
        service.script((request) =>
            request.method === "POST" && /^\/api\/campaign\/\d+\/assign\/\d+$/.test(request.path)
                ? { body: { error: 1, message: "You have already reached the limit of links for your plan." } }
                : undefined,
        );
        const stack = stackOn(service.baseUrl, emulator.apiKey, dir);
        const refused = await stack.run("up", declared);
        assert.equal(refused.ok, false, `the refused assignment was taken as made:\n${refused.log}`);
        assert.match(refused.log, /You have already reached the limit of links for your plan/);
        assert.equal(stack.held("CampaignLink").length, 0, "the link that was never added is in the state");

        service.script(() => undefined);
        await stack.expectOk("up", declared);
        const [campaign] = (await emulator.admin.list("campaigns")) as Stored[];
        assert.equal(
            ((await emulator.admin.list("links")) as Stored[]).find((link) => link.id === linkId)?.campaignId,
            campaign.id,
        );
    });

    it("a create looks at the kind afresh: a channel another client made after the run listed channels is not made twice", async () => {
        await emulator.admin.seed("channels", {
            name: "Alpha",
            description: "",
            color: "#123456",
            starred: false,
            items: [],
        });
        // In this order, each waiting for the one before: adopting Alpha lists the channels, then the pixel, then Beta.
        const declared: Declared[] = [
            { kind: "Channel", name: "alpha", args: { name: "Alpha", color: "#123456", adopt: true } },
            {
                kind: "Pixel",
                name: "site",
                args: { type: "analyticspixel", name: { $ref: "alpha.name" }, tag: "G-SITE" },
            },
            { kind: "Channel", name: "beta", args: { name: "Beta", description: { $ref: "site.tag" } } },
        ];
        // Another client makes a channel named Beta while the pixel is created: after the listing, before Beta's create.
        let made: Stored | undefined;
        service.script(async (request) => {
            if (request.method === "POST" && request.path === "/api/pixel/add" && !made) {
                made = await emulator.admin.seed("channels", {
                    name: "Beta",
                    description: "",
                    color: "#654321",
                    starred: false,
                    items: [],
                });
            }
            return undefined;
        });
        const stack = stackOn(service.baseUrl, emulator.apiKey, dir);
        const up = await stack.run("up", declared);
        assert.ok(made, "the other client's channel was made during the up");
        assert.equal(up.ok, false, `Beta was created again:\n${up.log}`);
        assert.match(up.log, new RegExp(`a channel with the name "Beta" already exists \\(id ${made.id}\\)`));
        const named = ((await emulator.admin.list("channels")) as Stored[]).filter(
            (channel) => channel.name === "Beta",
        );
        assert.equal(named.length, 1, "a second channel named Beta was made");
    });
});

describe("a malformed base URL is quoted without its credentials", function () {
    this.timeout(120_000);
    const BASE_URL = "https//shortener-user:Pass99word@short.example";
    let dir: string;
    before(() => (dir = mkdtempSync(join(tmpdir(), "hostile-stack-"))));
    after(() => rmSync(dir, { recursive: true, force: true }));

    const assertNoCredentials = (text: string) => {
        assert.ok(
            !text.includes("Pass99word") && !text.includes("shortener-user"),
            `the credentials are in:\n${text.slice(0, 2000)}`,
        );
    };

    it("by the provider, in the up's failure", async () => {
        const stack = stackOn(BASE_URL, "sk-live-0123456789", dir);
        const up = await stack.run("up", [
            { kind: "Pixel", name: "site", args: { type: "analyticspixel", name: "Site", tag: "G-SITE" } },
        ]);
        assert.equal(up.ok, false);
        assert.match(up.log, /shortener:baseUrl must be an http\(s\) URL/);
        assertNoCredentials([up.log, up.error ?? "", ...(up.diagnostics ?? [])].join("\n"));
    });

    it("by the data functions", async () => {
        const error = await (async () => getAccount({ baseUrl: BASE_URL, apiKey: "sk-live-0123456789" }))().then(
            () => assert.fail("a malformed base URL was accepted"),
            (caught: unknown) => caught as Error,
        );
        assert.match(error.message, /shortener:baseUrl must be an http\(s\) URL/);
        assertNoCredentials(`${error.message}\n${error.stack}`);
    });
});
