import assert from "node:assert/strict";
import { createShortenerClient } from "../../provider/client";
import { rejection, ScriptedAnswer, useScriptedServer } from "../support/client-harness";

// Answers the emulator never gives but a real service may: other spellings of the error flag, broken envelopes.
describe("client: reading the service's answers", () => {
    const { server, script } = useScriptedServer();
    const client = () => createShortenerClient({ baseUrl: server().baseUrl, apiKey: "scripted-key", maxRetries: 0 });
    const answerAlways = (answer: ScriptedAnswer) => script(() => answer);

    for (const flag of [0, "0", false]) {
        it(`error ${JSON.stringify(flag)} is success`, async () => {
            answerAlways({ body: { error: flag, message: "Domain updated." } });
            await client().domains.update(3, { redirectRoot: "https://example.com/" });
        });
    }

    for (const flag of [1, "1", true]) {
        it(`error ${JSON.stringify(flag)} is a failure carrying the service's message`, async () => {
            answerAlways({ body: { error: flag, message: "Something is wrong with tag." } });
            const error = await rejection(client().pixels.update(3, { tag: "x" }));
            assert.equal(error.kind, "validation");
            assert.equal(error.serviceMessage, "Something is wrong with tag.");
            assert.match(error.message, /^pixels\.update failed: .*Something is wrong with tag\./);
        });
    }

    it("a body without the error flag is a bad-response, not a success", async () => {
        answerAlways({ body: { id: 4 } });
        const error = await rejection(client().pixels.create({ type: "forum", name: "N", tag: "T" }));
        assert.equal(error.kind, "bad-response");
        assert.match(error.message, /"error" field is missing/);
    });

    it("a 403 with a JSON message is an auth error with that message", async () => {
        answerAlways({ status: 403, body: { error: 1, message: "API key expired." } });
        const error = await rejection(client().account.get());
        assert.deepEqual(
            [error.kind, error.status, error.serviceMessage, error.retryable],
            ["auth", 403, "API key expired.", false],
        );
    });

    it("an HTML 405 (a method the route does not take) is a bad-response naming the status, and not retried", async () => {
        answerAlways({ status: 405, body: "<!DOCTYPE html><html><body>405 Method Not Allowed</body></html>" });
        const error = await rejection(
            createShortenerClient({ baseUrl: server().baseUrl, apiKey: "scripted-key" }).account.get(),
        );
        assert.deepEqual(
            [error.kind, error.status, error.retryable, error.notFound],
            ["bad-response", 405, false, false],
        );
        assert.match(error.message, /HTTP 405 with an HTML page/);
        assert.equal(server().requests.length, 1);
    });

    it("a body that is not JSON is a bad-response", async () => {
        answerAlways({ body: "{ half a json" });
        assert.equal((await rejection(client().account.get())).kind, "bad-response");
    });

    it("a list page without its array is a bad-response naming the missing field, never an empty list", async () => {
        answerAlways({
            body: { error: "0", data: { result: 0, perpage: 15, currentpage: 1, nextpage: null, maxpage: 0 } },
        });
        const error = await rejection(client().pixels.list());
        assert.equal(error.kind, "bad-response");
        assert.match(error.message, /data\.pixels/);
    });

    it("a list item without an id is a bad-response naming the item", async () => {
        const pixels = [
            { id: 1, type: "forum", name: "a", tag: "t", date: "" },
            { type: "forum", name: "b", tag: "t", date: "" },
        ];
        answerAlways({
            body: { error: "0", data: { result: 2, perpage: 15, currentpage: 1, nextpage: null, maxpage: 1, pixels } },
        });
        const error = await rejection(client().pixels.list());
        assert.equal(error.kind, "bad-response");
        assert.match(error.message, /data\.pixels\.1\.id/);
    });

    it("tolerates ids and counts as strings, empty text as null, and empty statistics maps sent as []", async () => {
        answerAlways({
            body: {
                error: 0,
                details: { id: "12", link: "https://sho.rt/q/12", scans: "3", name: null, date: "2024-01-02 03:04:05" },
                data: {
                    clicks: "3",
                    uniqueClicks: 2,
                    topCountries: { Peru: "2", Chile: "1" },
                    topReferrers: [],
                    topBrowsers: [],
                    topOs: { Linux: "3" },
                    socialCount: { facebook: 0, twitter: 1, linkedin: 0 },
                },
            },
        });
        const { qrCode, statistics } = await client().qrCodes.get(12);
        assert.ok(statistics);
        assert.deepEqual(qrCode, {
            id: 12,
            link: "https://sho.rt/q/12",
            scans: 3,
            name: "",
            date: "2024-01-02 03:04:05",
        });
        assert.deepEqual(statistics.topCountries, { Peru: 2, Chile: 1 });
        assert.deepEqual(statistics.topReferrers, {});
        assert.equal(statistics.clicks, 3);
    });

    it("a campaign's name is read from name, domain or campaign, and a missing one is a bad-response", async () => {
        const campaign = (nameField: Record<string, string>) => ({
            id: 5,
            public: 0,
            rotator: false,
            list: "https://sho.rt/l/5",
            ...nameField,
        });
        answerAlways({
            body: {
                error: "0",
                data: {
                    result: 3,
                    perpage: 15,
                    currentpage: 1,
                    nextpage: null,
                    maxpage: 1,
                    campaigns: [campaign({ name: "A" }), campaign({ domain: "B" }), campaign({ campaign: "C" })],
                },
            },
        });
        const page = await client().campaigns.list();
        assert.deepEqual(
            page.items.map((item) => [item.name, item.public, item.rotatorUrl]),
            [
                ["A", false, null],
                ["B", false, null],
                ["C", false, null],
            ],
        );

        answerAlways({ body: { error: 0, ...campaign({}) } });
        const error = await rejection(client().campaigns.create({}));
        assert.equal(error.kind, "bad-response");
        assert.match(error.message, /campaign name is missing/);
    });
});
