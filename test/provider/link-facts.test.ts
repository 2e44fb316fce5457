// Each fact of docs/service/links.md that could lose data or show a diff forever, through the real Pulumi CLI against the
// emulator's real profile: an alias the service would rewrite, an update that would lose what it cannot keep, a
// domain or plan feature dropped without a word, an identical create, a lost create answer with and without an alias,
// a plan limit answered as an HTTP 500 page, and a delete that takes another type's item out of its channel.
import { strict as assert } from "node:assert";
import { readState } from "../support/pulumi";
import { fullPlan } from "../../emulator";
import { changes, idOf, stepOf, useStack, type Declared } from "../support/stack";

const link = (name: string, args: Record<string, unknown>): Declared => ({ kind: "Link", name, args });

describe("Link: the service's facts that could lose data or show a diff forever (real profile)", function () {
    const stack = useStack({ profile: "real" }, { emptyEach: true });
    const admin = () => stack().emulator.admin;
    const links = async () => admin().list("links");
    const stateIdOf = (name: string) =>
        readState(stack().stateFile).resources.find((r) => r.urn.endsWith(`::${name}`))?.id;
    const failureText = (result: { log: string; diagnostics?: string[] }) =>
        `${result.log}\n${(result.diagnostics ?? []).join("\n")}`;
    afterEach(async () => admin().setPlan(fullPlan()));

    // The engine stops a preview at the first resource whose check fails, so each alias gets a preview of its own.
    it("refuses at preview an alias the service would rewrite, one too short and a reserved one, naming the stored form, sending nothing", async () => {
        await admin().clearRequests();
        const refusals = [
            { alias: "Summer Sale!", reason: /would be stored as "Summer-Sale"/ },
            { alias: "ab", reason: /at least 3 characters/ },
            {
                alias: "API",
                reason: /"API" is reserved by the service for its own pages; .*\(reserved: admin, .*faq.*\)/,
            },
        ];
        for (const { alias, reason } of refusals) {
            const result = await stack().run("preview", [link("refused", { url: "https://example.com/a", alias })]);
            assert.equal(result.ok, false);
            const reasons = (stepOf(result, "refused").failures ?? []).filter((f) => f.property === "alias");
            assert.match(reasons.map((f) => f.reason).join(" "), reason, result.log);
        }
        assert.deepEqual(await admin().requests(), []);
    });

    it("stores public and the note as declared, and refuses at preview an update that would lose them", async () => {
        const declared = (title: string) => [
            link("page", { url: "https://example.com/page", alias: "page-one", title, public: true, note: "internal" }),
        ];
        const up = await stack().expectOk("up", declared("First"));
        const stored = await admin().get("links", Number(idOf(up, "page")));
        assert.deepEqual([stored.public, stored.note], [true, "internal"]);
        await admin().clearRequests();
        const preview = await stack().run("preview", declared("Second"));
        assert.equal(preview.ok, false);
        const failed = (stepOf(preview, "page").failures ?? []).map((f) => f.property).sort();
        assert.deepEqual(failed, ["note", "public"], preview.log);
        assert.ok((await admin().requests()).every((request) => request.method === "GET"));
    });

    it("a domain the account does not hold is an error after the create naming it, with the link's id in the state", async () => {
        const declared = [
            link("elsewhere", {
                url: "https://example.com/x",
                alias: "elsewhere",
                domain: "https://not-mine.example.com",
            }),
        ];
        const up = await stack().run("up", declared);
        assert.equal(up.ok, false);
        assert.match(
            failureText(up),
            /silently dropped: domain \(the link is on https:\/\/sho\.rt: the account does not hold https:\/\/not-mine\.example\.com/,
        );
        const [only] = await links();
        assert.equal((await links()).length, 1);
        assert.equal(stateIdOf("elsewhere"), String(only.id));
        // The next up tries the domain again on the same link and says so again: never a second link.
        assert.equal((await stack().run("up", declared)).ok, false);
        assert.equal((await links()).length, 1);
    });

    it("features the plan drops silently (custom alias, expiry, geo targets) are an error after the create naming each", async () => {
        await admin().setPlan({ customAlias: false, expiry: false, geotarget: false });
        const declared = [
            link("limited", {
                url: "https://example.com/y",
                alias: "limited",
                expiry: "2030-06-01",
                geoTargets: [{ location: "Canada", url: "https://example.com/ca" }],
            }),
        ];
        const up = await stack().run("up", declared);
        assert.equal(up.ok, false);
        const text = failureText(up);
        for (const field of ["alias", "expiry", "geoTargets"]) assert.match(text, new RegExp(`${field} \\(`), field);
        const all = await links();
        assert.equal(all.length, 1);
        assert.equal(stateIdOf("limited"), String(all[0].id));
    });

    it("a create the service answers with an existing link (identical content) names it and how to adopt it; adopting it works", async () => {
        const { id } = await admin().seed("links", {
            url: "https://example.com/same",
            alias: "abc123",
            domain: "https://sho.rt",
        });
        const declared = (args: Record<string, unknown> = {}) => [
            link("same", { url: "https://example.com/same", ...args }),
        ];
        const up = await stack().run("up", declared());
        assert.equal(up.ok, false);
        assert.match(
            failureText(up),
            new RegExp(`existing link ${id}, which already holds the same content.*adopt: ${id}`, "s"),
        );
        assert.equal(stateIdOf("same"), undefined);
        assert.equal((await links()).length, 1);
        const adopted = await stack().expectOk("up", declared({ adopt: id }));
        assert.equal(idOf(adopted, "same"), String(id));
        assert.deepEqual(changes(await stack().expectOk("preview", declared({ adopt: id }))), []);
    });

    it("two resources of one content never hold one link", async () => {
        const up = await stack().run("up", [
            link("first", { url: "https://example.com/twice" }),
            link("second", { url: "https://example.com/twice" }),
        ]);
        assert.equal(up.ok, false);
        assert.match(failureText(up), /already holds the same content/);
        assert.equal((await links()).length, 1);
        assert.equal([stateIdOf("first"), stateIdOf("second")].filter((id) => id !== undefined).length, 1);
    });

    for (const [what, args] of [
        ["with an alias, found by domain and alias", { url: "https://example.com/lost", alias: "lost-answer" }],
        ["with a random alias, found as the link that appeared", { url: "https://example.com/lost-random" }],
    ] as const) {
        it(`recovers a lost create answer ${what}, without a duplicate`, async () => {
            await admin().injectFault({ method: "POST", path: "^/api/url/add$", mode: "drop-after-apply", count: 1 });
            await admin().clearRequests();
            const up = await stack().expectOk("up", [link("lost", args)]);
            const all = await links();
            assert.equal(all.length, 1);
            assert.equal(idOf(up, "lost"), String(all[0].id));
            assert.equal((await admin().requestCounts())["POST /api/url/add"], 1);
            assert.deepEqual(changes(await stack().expectOk("preview", [link("lost", args)])), []);
        });
    }

    it("a plan's link limit, answered as an HTTP 500 page, ends in a clear error after bounded attempts, with nothing created", async () => {
        await admin().setPlan({ linksLimit: 0 });
        await admin().clearRequests();
        const up = await stack().run("up", [link("over", { url: "https://example.com/over", alias: "over-limit" })]);
        assert.equal(up.ok, false);
        assert.match(failureText(up), /creating the link failed 3 times and nothing was created.*maximum links limit/s);
        assert.equal((await admin().requestCounts())["POST /api/url/add"], 3);
        assert.deepEqual(await links(), []);
    });
});

describe("Link: deleting a link restores another type's item the service took out of its channel", function () {
    // Five runs on a busy machine.
    this.timeout(300_000);
    // A stack of its own, so that the first link and the first QR code both get the id 1.
    const stack = useStack({ profile: "real" });

    it("the ChannelItem of a QR code with the deleted link's id is seen gone at refresh and assigned again by up", async () => {
        const admin = stack().emulator.admin;
        const doomed = link("doomed", { url: "https://example.com/doomed" });
        const first = await stack().expectOk("up", [doomed]);
        const { id: qrId } = await admin.seed("qrcodes", { type: "text", data: "hello" });
        assert.equal(String(qrId), idOf(first, "doomed"), "the test needs a QR code with the link's id");
        const channel: Declared = { kind: "Channel", name: "news", args: { name: "News" } };
        const item: Declared = {
            kind: "ChannelItem",
            name: "qr-in-news",
            args: { channelId: { $ref: "news.id" }, type: "qr", itemId: qrId },
        };
        await stack().expectOk("up", [doomed, channel, item]);
        await stack().expectOk("up", [channel, item]);
        const refresh = await stack().expectOk("refresh", [channel, item]);
        assert.equal(stepOf(refresh, "qr-in-news").op, "read-gone", refresh.log);
        assert.deepEqual(changes(await stack().expectOk("up", [channel, item])), ["create qr-in-news"]);
        const [news] = await admin.list("channels");
        assert.deepEqual(
            (news.items as { type: string; id: number }[]).map((i) => `${i.type}/${i.id}`),
            [`qr/${qrId}`],
        );
    });
});
