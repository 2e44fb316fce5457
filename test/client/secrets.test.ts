import assert from "node:assert/strict";
import fetch from "node-fetch";
import { createShortenerClient, ShortenerApiError, type ShortenerClient } from "../../provider/client";
import { assertSecretAbsent, rejection, useEmulator, useScriptedServer } from "../support/client-harness";

describe("client: the API key never appears in an error", () => {
    const { emulator, client } = useEmulator();

    it("not in the errors of any failure path against the emulator", async () => {
        const { apiKey } = emulator();
        const errors: ShortenerApiError[] = [];
        const keep = async (promise: Promise<unknown>) => errors.push(await rejection(promise));

        await keep(client().domains.create({ domain: "no-scheme" })); // validation
        await keep(client().domains.delete(12345)); // not-found
        await keep(client().pixels.update(0, { tag: "x" })); // refused before sending
        await emulator().admin.injectFault({ method: "GET", mode: "error500", count: 5 });
        await keep(client({ maxRetries: 0 }).account.get()); // server
        await emulator().admin.clearFaults();
        for (const mode of ["html", "empty", "drop-after-apply"] as const) {
            await emulator().admin.injectFault({ method: "POST", mode });
            await keep(client().channels.create({ name: `After ${mode}` })); // bad-response, network
        }
        await emulator().admin.injectFault({ mode: "hang" });
        await keep(client({ timeoutMs: 200, maxRetries: 0 }).splash.list()); // timeout
        await keep(client({ baseUrl: `${emulator().baseUrl}/elsewhere` }).account.get()); // HTML 404

        assert.deepEqual([...new Set(errors.map((error) => error.kind))].sort(), [
            "bad-response",
            "network",
            "not-found",
            "server",
            "timeout",
            "validation",
        ]);
        for (const error of errors) assertSecretAbsent(error, apiKey);
    });

    it("a wrong key is kept out of the auth error too", async () => {
        const wrongKey = "wrong-key-that-must-stay-private-42";
        const error = await rejection(client({ apiKey: wrongKey }).account.get());
        assert.equal(error.kind, "auth");
        assertSecretAbsent(error, wrongKey);
    });

    it("removed from a service message that repeats it", async () => {
        const { apiKey, baseUrl } = emulator();
        // The emulator repeats an unknown pixel type in its message, which lets the key come back in the text.
        const body = { type: apiKey, name: "Echo", tag: "ECHO" };
        const raw = await fetch(`${baseUrl}/api/pixel/add`, {
            method: "POST",
            headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
            body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<{ message: string }>);
        assert.ok(
            raw.message.includes(apiKey),
            "the service message does repeat the key, so the redaction is exercised",
        );

        const error = await rejection(
            client().pixels.create(body as unknown as Parameters<ShortenerClient["pixels"]["create"]>[0]),
        );
        assert.equal(error.kind, "validation");
        assert.match(error.serviceMessage ?? "", /\[redacted\]/);
        assertSecretAbsent(error, apiKey);
    });
});

describe("client: a password sent to the account never appears in an error", () => {
    const { server, script } = useScriptedServer();

    it("even when the service repeats it", async () => {
        const password = "hunter2-very-secret";
        script(() => ({ body: { error: 1, message: `Password ${password} is too weak.` } }));
        const error = await rejection(
            createShortenerClient({ baseUrl: server().baseUrl, apiKey: "scripted" }).account.update({ password }),
        );
        assert.equal(error.kind, "validation");
        assertSecretAbsent(error, password);
        assert.equal(error.serviceMessage, "Password [redacted] is too weak.");
    });
});
