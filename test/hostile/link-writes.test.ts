// A link's create and update through the provider's lifecycle in-process (as the dynamic-provider host calls it),
// against a hostile service in front of the emulator's real profile: a lost create takes no other client's link, the
// read-back after a write with a password is told the password, a link the service answered with an id keeps it in
// the state whatever fails after, and an update never takes a link out of a campaign the service does not show.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JOURNAL_DIR_ENV } from "../../provider/resources/create-journal";
import { ResourceInitError } from "../../provider/resources/lifecycle";
import { bindProvider } from "../../provider/runtime";
import { ENCODINGS, formsOf, htmlEscape } from "./echoed-secrets";
import { useHostileFront, type ReceivedRequest } from "./hostile-service";

type Stored = Record<string, unknown> & { id: number };

// Characters that every encoding changes, and long enough for its base64 to be recognised.
const PASSWORD = `pa"ss'<w>&/+% rd-7Qx`;
// The seven encodings a service echoes a row in: the text's own, and base64 in both alphabets.
const ECHOES: Record<string, (text: string) => string> = {
    ...ENCODINGS,
    base64: (text) => Buffer.from(text).toString("base64"),
    base64url: (text) => Buffer.from(text).toString("base64url"),
};

/**
 * Fails naming the form and the text, never showing them: the texts of an error that the host shows or logs, not its
 * properties, which become the (secret) state.
 */
function assertNoForm(error: Error, secret: string): void {
    const reasons = error instanceof ResourceInitError ? error.reasons : [];
    const texts = {
        message: error.message,
        stack: error.stack ?? "",
        string: String(error),
        reasons: reasons.join("\n"),
    };
    for (const [where, text] of Object.entries(texts))
        for (const [form, shown] of formsOf(secret))
            assert.ok(!text.includes(shown), `the ${form} password is in the ${where}`);
}

const isReadBack = (request: ReceivedRequest) => request.method === "GET" && /^\/api\/url\/\d+$/.test(request.path);
const isCreate = (request: ReceivedRequest) => request.method === "POST" && request.path === "/api/url/add";

describe("hostile service: a link's writes, through the provider's lifecycle", function () {
    this.timeout(60_000);
    const { emulator, service } = useHostileFront();
    let journal: string;
    const journalBefore = process.env[JOURNAL_DIR_ENV];
    before(() => {
        journal = mkdtempSync(join(tmpdir(), "link-writes-journal-"));
        process.env[JOURNAL_DIR_ENV] = journal;
    });
    after(() => {
        if (journalBefore === undefined) delete process.env[JOURNAL_DIR_ENV];
        else process.env[JOURNAL_DIR_ENV] = journalBefore;
        rmSync(journal, { recursive: true, force: true });
    });

    // A fresh service per test, so a fresh provider context (one per base URL and key).
    const provider = () => {
        const config: Record<string, string> = {
            "shortener:baseUrl": service().baseUrl,
            "shortener:apiKey": emulator().apiKey,
        };
        return bindProvider("Link", { get: (key: string) => config[key] });
    };
    const links = async () => (await emulator().admin.list("links")) as Stored[];
    const failure = async (promise: Promise<unknown>): Promise<Error> =>
        promise.then(
            // Not the result: its outputs hold the password.
            () => assert.fail("expected a failure, but it succeeded"),
            (error: unknown) => error as Error,
        );
    /** The create as the emulator would answer it, made behind the provider's back; its answer is then lost. */
    const createUpstream = async (request: ReceivedRequest) => {
        const answer = await fetch(`${emulator().baseUrl}${request.path}`, {
            method: "POST",
            headers: { Authorization: String(request.headers.authorization), "Content-Type": "application/json" },
            body: request.body,
        });
        return ((await answer.json()) as { id: number }).id;
    };

    it("a lost create without an alias takes no link another client made meanwhile: it names it instead", async () => {
        let stranger: { id: number } | undefined;
        service().script(async (request) => {
            if (!isCreate(request)) return undefined;
            stranger = await emulator().admin.seed("links", {
                url: "https://someone-else.example/page",
                alias: "x9y8z7",
            });
            return { status: 500, body: "<html>Internal Server Error</html>" };
        });
        const error = await failure(provider().create({ url: "https://mine.example/landing" }));
        assert.ok(stranger, "the other client's link was made during the create");
        assert.match(error.message, new RegExp(`differ from what was sent: ${stranger.id} \\(its url\\)`));
        assert.ok(!(error instanceof ResourceInitError), "the other client's link was taken into the state");
        assert.deepEqual(
            (await links()).map((link) => link.id),
            [stranger.id],
        );
    });

    it("a lost create is recovered by the link that holds what was sent, beside one another client made", async () => {
        let mine: number | undefined;
        service().script(async (request) => {
            if (!isCreate(request) || mine !== undefined) return undefined;
            await emulator().admin.seed("links", { url: "https://someone-else.example/page", alias: "x9y8z7" });
            mine = await createUpstream(request);
            return { status: 500, body: "<html>Internal Server Error</html>" };
        });
        const created = await provider().create({ url: "https://mine.example/landing" });
        assert.equal(created.id, String(mine));
        assert.equal((await links()).length, 2, "the create was sent again");
    });

    for (const [name, encode] of Object.entries(ECHOES)) {
        it(`the read-back after a create with a password echoes it ${name}: no form of it is shown`, async () => {
            service().script((request) =>
                isReadBack(request) ? { body: { error: 1, message: `Invalid row: ${encode(PASSWORD)}` } } : undefined,
            );
            const error = await failure(
                provider().create({ url: "https://example.com/locked", password: PASSWORD, expiry: "2031-01-31" }),
            );
            assertNoForm(error, PASSWORD);
            assert.ok(error.message.includes("Invalid row: [redacted]"), "the echo is not shown, redacted");
        });
    }

    it("the read-back after an update with a password is told it too", async () => {
        const declared = { url: "https://example.com/locked", alias: "locked", password: PASSWORD };
        const created = await provider().create(declared);
        service().script((request) =>
            isReadBack(request) ? { body: { error: 1, message: `Invalid row: ${htmlEscape(PASSWORD)}` } } : undefined,
        );
        const news = { ...declared, expiry: "2031-01-31" };
        const error = await failure(provider().update(created.id, created.outs as Record<string, unknown>, news));
        assertNoForm(error, PASSWORD);
        assert.ok(error.message.includes("Invalid row: [redacted]"), "the echo is not shown, redacted");
    });

    it("a create answered with an id whose read-back then fails keeps the id, and leaves the expiry to check again", async () => {
        service().script((request) =>
            isReadBack(request) ? { body: { error: 1, message: "Database unavailable" } } : undefined,
        );
        const error = await failure(provider().create({ url: "https://example.com/later", expiry: "2031-01-31" }));
        const [made] = await links();
        assert.ok(error instanceof ResourceInitError, `the link's id was lost: ${error.message}`);
        assert.equal(error.id, String(made.id));
        assert.match(error.message, /reading it back failed: .*Database unavailable/);
        assert.equal(error.properties.expiry, null, "the expiry is recorded as checked");
        assert.match(String(error.properties.shortUrl), /\/[a-z0-9]{6}$/);
    });

    it("an update of a link whose campaign the listing does not show (an older service) is refused, not sent without it", async () => {
        const { id: campaign } = await emulator().admin.seed("campaigns", { name: "Autumn", slug: "", public: false });
        const declared = { url: "https://example.com/autumn", alias: "autumn-link" };
        const created = await provider().create(declared);
        await emulator().admin.patch("links", Number(created.id), { campaignId: campaign });
        service().script(async (request) => {
            if (request.method !== "GET" || request.path !== "/api/urls") return undefined;
            const answer = await fetch(`${emulator().baseUrl}${request.path}?${request.query.toString()}`, {
                headers: { Authorization: String(request.headers.authorization) },
            });
            const listed = (await answer.json()) as { data: { urls: Record<string, unknown>[] } };
            for (const link of listed.data.urls)
                for (const field of ["domain", "campaign", "channel"]) delete link[field];
            return { body: listed };
        });
        const news = { ...declared, title: "Autumn, retitled" };
        const error = await failure(provider().update(created.id, created.outs as Record<string, unknown>, news));
        assert.match(error.message, /does not show which campaign a link is in/);
        assert.equal((await emulator().admin.get("links", Number(created.id))).campaignId, campaign);
    });
});
