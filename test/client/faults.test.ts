import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createShortenerClient, WaitEvent } from "../../provider/client";
import { rejection, startScriptedServer, useEmulator } from "../support/client-harness";

describe("client: faults of the service", () => {
    const { emulator, client } = useEmulator();

    async function requestsTo(method: string): Promise<{ status: number; fault?: string }[]> {
        return (await emulator().admin.requests()).filter((entry) => entry.method === method);
    }

    it("a 500 on a read is retried after a backoff, and the caller gets the answer", async () => {
        await emulator().admin.seed("pixels", {});
        await emulator().admin.injectFault({ method: "GET", path: "^/api/pixels$", mode: "error500" });
        const waits: WaitEvent[] = [];
        const page = await client({ onWait: (event) => waits.push(event) }).pixels.list();
        assert.equal(page.items.length, 1);
        assert.deepEqual(
            (await requestsTo("GET")).map((entry) => entry.status),
            [500, 200],
        );
        assert.deepEqual(
            waits.map((event) => [event.reason, event.operation]),
            [["retry", "pixels.list"]],
        );
    });

    it("a read that keeps failing gives up after maxRetries with a retryable server error", async () => {
        await emulator().admin.injectFault({ method: "GET", mode: "error500", count: 10 });
        const error = await rejection(client({ maxRetries: 2 }).account.get());
        assert.equal(error.kind, "server");
        assert.equal(error.status, 500);
        assert.equal(error.retryable, true);
        assert.equal((await requestsTo("GET")).length, 3);
    });

    it("a 500 on a write is not resent: the caller gets a retryable server error", async () => {
        await emulator().admin.injectFault({ method: "POST", mode: "error500" });
        const error = await rejection(client().pixels.create({ type: "forum", name: "N", tag: "T" }));
        assert.equal(error.kind, "server");
        assert.equal(error.retryable, true);
        assert.equal((await requestsTo("POST")).length, 1);
    });

    it("a create whose response is lost after it was applied is NOT resent; the caller gets a retryable network error", async () => {
        await emulator().admin.injectFault({ method: "POST", path: "/api/domain/add", mode: "drop-after-apply" });
        const error = await rejection(client().domains.create({ domain: "https://once.example" }));
        assert.equal(error.kind, "network");
        assert.equal(error.status, undefined);
        assert.equal(error.retryable, true);
        assert.match(error.message, /may have been applied/);
        assert.equal(
            error.failure,
            error.message.replace(/; the change may have been applied, check before repeating it$/, ""),
        );
        assert.deepEqual(
            (await requestsTo("POST")).map((entry) => entry.fault),
            ["drop-after-apply"],
        );
        assert.equal((await emulator().admin.list("domains")).length, 1, "the create was applied once");
    });

    it("an update and a delete whose responses are lost are not resent either", async () => {
        const { id } = await client().pixels.create({ type: "forum", name: "N", tag: "T" });
        await emulator().admin.injectFault({ method: "PUT", mode: "drop-after-apply" });
        await emulator().admin.injectFault({ method: "DELETE", mode: "drop-after-apply" });
        assert.equal((await rejection(client().pixels.update(id, { tag: "T2" }))).kind, "network");
        assert.equal((await rejection(client().pixels.delete(id))).kind, "network");
        assert.equal((await requestsTo("PUT")).length, 1);
        assert.equal((await requestsTo("DELETE")).length, 1);
    });

    it("a read whose connection drops is retried", async () => {
        await emulator().admin.injectFault({ method: "GET", mode: "drop-after-apply" });
        assert.equal((await client().account.get()).id, emulator().userId);
        assert.equal((await requestsTo("GET")).length, 2);
    });

    it("a hung read hits the timeout, is retried, and gives up as a timeout when it keeps hanging", async () => {
        await emulator().admin.injectFault({ method: "GET", mode: "hang" });
        assert.equal((await client({ timeoutMs: 300 }).account.get()).id, emulator().userId);

        await emulator().admin.injectFault({ method: "GET", mode: "hang", count: 2 });
        const error = await rejection(client({ timeoutMs: 300, maxRetries: 1 }).account.get());
        assert.equal(error.kind, "timeout");
        assert.equal(error.status, undefined);
        assert.equal(error.retryable, true);
        assert.match(error.message, /no response within 300 ms/);
    });

    it("a hung write times out once and is not resent", async () => {
        await emulator().admin.injectFault({ method: "POST", mode: "hang" });
        const error = await rejection(client({ timeoutMs: 300 }).channels.create({ name: "Hung" }));
        assert.equal(error.kind, "timeout");
        assert.equal(error.retryable, true);
        assert.equal((await requestsTo("POST")).length, 1);
    });

    for (const mode of ["html", "empty"] as const) {
        it(`HTTP 200 with ${mode === "html" ? "an HTML page" : "an empty body"} becomes a bad-response error, on reads and writes`, async () => {
            await emulator().admin.injectFault({ mode, count: 2 });
            const read = await rejection(client().account.get());
            const write = await rejection(client().pixels.create({ type: "forum", name: "N", tag: "T" }));
            for (const error of [read, write]) {
                assert.equal(error.kind, "bad-response");
                assert.equal(error.status, 200);
                assert.equal(error.retryable, false);
                assert.match(error.message, mode === "html" ? /HTML page/ : /empty body/);
            }
        });
    }

    it("an HTML 404 (a base URL that is not the API) becomes a bad-response naming the status", async () => {
        const error = await rejection(client({ baseUrl: `${emulator().baseUrl}/wrong-prefix` }).account.get());
        assert.equal(error.kind, "bad-response");
        assert.equal(error.status, 404);
        assert.equal(error.notFound, false, "a missing route is not a missing object");
        assert.match(error.message, /base URL/);
    });
});

describe("client: a service that cannot be reached", () => {
    it("fails as a retryable network error after retrying the read", async () => {
        const server = await startScriptedServer(() => ({ body: {} }));
        const { baseUrl } = server;
        await server.close();
        const error = await rejection(
            createShortenerClient({ baseUrl, apiKey: "unreachable-key", maxRetries: 1 }).account.get(),
        );
        assert.equal(error.kind, "network");
        assert.equal(error.retryable, true);
        assert.equal(
            error.message,
            `account.get failed: could not connect to ${baseUrl} (ECONNREFUSED): the request was not sent`,
        );
    });

    it("says of a refused write that it was not sent, never that it may have been applied", async () => {
        const server = await startScriptedServer(() => ({ body: {} }));
        const { baseUrl } = server;
        await server.close();
        const client = createShortenerClient({ baseUrl, apiKey: "unreachable-key", maxRetries: 0 });
        const error = await rejection(client.pixels.create({ type: "forum", name: "Forum", tag: "T" }));
        assert.equal(
            error.message,
            `pixels.create failed: could not connect to ${baseUrl} (ECONNREFUSED): the request was not sent`,
        );
    });

    it("names the address of a connection cut after the request was sent, and warns that a write may have been applied", async () => {
        const server = createServer((request) => request.socket.destroy());
        await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
        const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        try {
            const client = createShortenerClient({ baseUrl, apiKey: "a-key", maxRetries: 0 });
            const error = await rejection(client.pixels.create({ type: "forum", name: "Forum", tag: "T" }));
            assert.equal(
                error.message,
                `pixels.create failed: the connection to ${baseUrl} failed before a response arrived (ECONNRESET); ` +
                    "the change may have been applied, check before repeating it",
            );
        } finally {
            server.close();
        }
    });
});
