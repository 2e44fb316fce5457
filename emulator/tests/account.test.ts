import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { call, DATE_TIME, useEmulator } from "./harness";

describe("emulator: account", () => {
    const emulator = useEmulator();

    async function storedAccount(userId: number): Promise<Record<string, unknown>> {
        const accounts = await emulator().admin.list("accounts");
        const account = accounts.find((candidate) => candidate.id === userId);
        assert.ok(account, `account ${userId} is stored`);
        return account;
    }

    it("GET /api/account returns the account with exactly the spec's fields", async () => {
        const response = await call(emulator(), "GET", "/api/account");
        assert.equal(response.status, 200);
        assert.equal(response.json.error, 0);
        const data = response.json.data;
        assert.deepEqual(Object.keys(data).sort(), [
            "avatar",
            "email",
            "expires",
            "id",
            "registered",
            "status",
            "username",
        ]);
        assert.equal(data.id, emulator().userId);
        assert.equal(data.status, "pro");
        assert.match(data.expires, DATE_TIME);
        assert.match(data.registered, DATE_TIME);
        assert.match(data.email, /@/);
    });

    it("a created account answers with its own data under its own key", async () => {
        const created = await emulator().admin.createAccount({ email: "second@example.org", username: "second" });
        const response = await call(emulator(), "GET", "/api/account", { key: created.apiKey });
        assert.equal(response.json.data.id, created.userId);
        assert.equal(response.json.data.email, "second@example.org");
        assert.equal(response.json.data.username, "second");
        assert.notEqual(created.userId, emulator().userId);
    });

    it("PUT /api/account/update changes the e-mail and stores only a hash of the password", async () => {
        const response = await call(emulator(), "PUT", "/api/account/update", {
            body: { email: "new@example.net", password: "hunter22" },
        });
        assert.deepEqual(Object.keys(response.json).sort(), ["error", "message"]);
        assert.equal(response.json.error, 0);
        assert.equal((await call(emulator(), "GET", "/api/account")).json.data.email, "new@example.net");
        const stored = await storedAccount(emulator().userId);
        assert.equal(stored.passwordHash, createHash("sha256").update("hunter22").digest("hex"));
        assert.ok(
            !JSON.stringify(await emulator().admin.store()).includes("hunter22"),
            "the password is not stored in clear",
        );
    });

    for (const [body, field] of [
        [{ email: "not-an-address" }, "email"],
        [{ email: "a@b" }, "email"],
        [{ password: "abcd" }, "password"],
        [{ email: "ok@example.com", password: "1234" }, "password"],
        [{ email: 42 }, "email"],
    ] as const) {
        it(`PUT /api/account/update refuses ${JSON.stringify(body)} naming ${field}, changing nothing`, async () => {
            const before = await storedAccount(emulator().userId);
            const response = await call(emulator(), "PUT", "/api/account/update", { body });
            assert.equal(response.status, 200);
            assert.equal(response.json.error, 1);
            assert.match(response.json.message, new RegExp(field));
            assert.deepEqual(await storedAccount(emulator().userId), before);
        });
    }

    it("answers 403 with a JSON error when the key is missing or unknown, without echoing the key", async () => {
        const missing = await call(emulator(), "GET", "/api/account", { key: null });
        assert.equal(missing.status, 403);
        assert.equal(missing.json.error, 1);
        assert.equal(typeof missing.json.message, "string");
        const unknownKey = "f".repeat(40);
        const unknown = await call(emulator(), "GET", "/api/domains", { key: unknownKey });
        assert.equal(unknown.status, 403);
        assert.equal(unknown.json.error, 1);
        assert.ok(!unknown.text.includes(unknownKey), "the refused key is not echoed");
    });

    it("an unauthenticated write changes nothing", async () => {
        const response = await call(emulator(), "POST", "/api/domain/add", {
            key: null,
            body: { domain: "https://anon.example.com" },
        });
        assert.equal(response.status, 403);
        assert.deepEqual(await emulator().admin.list("domains"), []);
    });
});
