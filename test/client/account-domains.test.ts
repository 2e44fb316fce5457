import assert from "node:assert/strict";
import { collect, rejection, useEmulator } from "../support/client-harness";

describe("client: account", () => {
    const { emulator, client } = useEmulator();

    it("get returns the ready account with a numeric id", async () => {
        const [stored] = await emulator().admin.list("accounts");
        const account = await client().account.get();
        assert.equal(account.id, emulator().userId);
        assert.equal(account.email, stored.email);
        assert.equal(account.username, stored.username);
        assert.equal(account.status, "pro");
        assert.match(account.registered, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it("update changes the e-mail, and a malformed one fails as validation naming the field", async () => {
        await client().account.update({ email: "renamed@example.org" });
        assert.equal((await client().account.get()).email, "renamed@example.org");

        const error = await rejection(client().account.update({ email: "not-an-email" }));
        assert.equal(error.kind, "validation");
        assert.equal(error.operation, "account.update");
        assert.equal(error.retryable, false);
        assert.match(error.serviceMessage ?? "", /email/i);
        assert.equal((await client().account.get()).email, "renamed@example.org");
    });

    it("an unknown API key fails as auth, not retryable", async () => {
        const error = await rejection(client({ apiKey: "no-such-key-0123456789" }).account.get());
        assert.equal(error.kind, "auth");
        assert.equal(error.status, 403);
        assert.equal(error.retryable, false);
        assert.ok(error.serviceMessage);
    });
});

describe("client: domains", () => {
    const { emulator, client } = useEmulator();

    it("create, list, update and delete a domain, in camelCase with numeric ids", async () => {
        const created = await client().domains.create({
            domain: "https://links.example",
            redirectRoot: "https://example.com/",
        });
        assert.equal(typeof created.id, "number");

        const page = await client().domains.list();
        assert.deepEqual(page.items, [
            { id: created.id, domain: "https://links.example", redirectRoot: "https://example.com/", redirect404: "" },
        ]);
        assert.equal(page.result, 1);

        await client().domains.update(created.id, { redirect404: "https://example.com/404" });
        const [stored] = await emulator().admin.list("domains");
        assert.equal(stored.redirect404, "https://example.com/404");
        assert.equal(stored.redirectroot, "https://example.com/", "an omitted field is left alone");

        await client().domains.delete(created.id);
        assert.deepEqual(await emulator().admin.list("domains"), []);
    });

    it("keeps the service's own domains (id null) apart from the account's", async () => {
        const { id } = await client().domains.create({ domain: "https://mine.example" });
        const page = await client().domains.list();
        assert.deepEqual(
            page.items.map((domain) => domain.id),
            [id],
        );
        assert.equal(page.systemDomains.length, 1);
        assert.match(page.systemDomains[0].domain, /^https?:\/\//);
        assert.deepEqual(
            (await collect(client().domains.all())).map((domain) => domain.id),
            [id],
        );
    });

    it("a domain without scheme fails as validation and nothing is stored", async () => {
        const error = await rejection(client().domains.create({ domain: "links.example" }));
        assert.equal(error.kind, "validation");
        assert.equal(error.status, 200);
        assert.equal(error.notFound, false);
        assert.deepEqual(await emulator().admin.list("domains"), []);
    });

    it("an unknown id fails as not-found with notFound set", async () => {
        for (const attempt of [
            client().domains.update(999, { redirectRoot: "https://example.com/" }),
            client().domains.delete(999),
        ]) {
            const error = await rejection(attempt);
            assert.equal(error.kind, "not-found");
            assert.equal(error.notFound, true);
            assert.equal(error.retryable, false);
            assert.match(error.serviceMessage ?? "", /does not exist/);
        }
    });

    it("an id that is not a positive integer is refused before anything is sent", async () => {
        await emulator().admin.clearRequests();
        for (const id of [0, -1, 1.5, Number.NaN]) {
            const error = await rejection(client().domains.delete(id));
            assert.equal(error.kind, "validation");
            assert.match(error.message, /id must be a positive integer/);
        }
        assert.deepEqual(await emulator().admin.requests(), []);
    });

    it("tenant isolation: another account's domain is invisible and answers like one that does not exist", async () => {
        const other = await emulator().admin.createAccount();
        const theirs = await client({ apiKey: other.apiKey }).domains.create({ domain: "https://theirs.example" });
        const mine = await client().domains.create({ domain: "https://mine.example" });

        assert.deepEqual(
            (await client().domains.list()).items.map((domain) => domain.id),
            [mine.id],
        );
        const error = await rejection(client().domains.update(theirs.id, { redirectRoot: "https://evil.example/" }));
        assert.equal(error.notFound, true);
        const deleteError = await rejection(client().domains.delete(theirs.id));
        assert.equal(deleteError.notFound, true);
        const [stored] = await emulator().admin.list("domains", { userId: other.userId });
        assert.equal(stored.redirectroot, "", "the other account's domain is unchanged");
    });
});
