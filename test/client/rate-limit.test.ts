import assert from "node:assert/strict";
import fetch from "node-fetch";
import { WaitEvent } from "../../provider/client";
import { RunningEmulator } from "../../emulator";
import { useEmulator } from "../support/client-harness";

// Short windows keep these tests quick; the limiter must work from the headers whatever the window is.
const SHORT_WINDOW = { limit: 30, windowMs: 1000 };

/** Uses up the key's window behind the client's back, so that the client's next request meets a 429. */
async function exhaustWindow(emulator: RunningEmulator, limit: number): Promise<void> {
    for (let index = 0; index < limit; index++) {
        await fetch(`${emulator.baseUrl}/api/account`, {
            headers: { Authorization: `Bearer ${emulator.apiKey}` },
        }).then((r) => r.text());
    }
}

for (const style of ["body", "status"] as const) {
    describe(`client: a 429 in the ${style} form`, () => {
        // Three seconds: exhausting the window and the burst after it must fall in one window on a busy machine too.
        const { emulator, client } = useEmulator({ rateLimit: { limit: 3, windowMs: 3000 }, rateLimitStyle: style });

        it("a read waits for the window to reset and is resent; the caller sees only the answer", async () => {
            await exhaustWindow(emulator(), 3);
            await emulator().admin.clearRequests();
            const waits: WaitEvent[] = [];
            const account = await client({ onWait: (event) => waits.push(event) }).account.get();
            assert.equal(account.id, emulator().userId);
            const log = await emulator().admin.requests();
            assert.deepEqual(
                log.map((entry) => entry.rateLimited),
                [true, false],
            );
            assert.deepEqual(
                waits.map((event) => [event.reason, event.operation]),
                [["rate-limit", "account.get"]],
            );
            assert.ok(waits[0].waitMs > 0);
        });

        it("a write refused for the rate is resent (it was not applied) and applied exactly once", async () => {
            await exhaustWindow(emulator(), 3);
            await emulator().admin.clearRequests();
            const { id } = await client().pixels.create({ type: "forum", name: "Once", tag: "T" });
            const log = await emulator().admin.requests();
            assert.deepEqual(
                log.map((entry) => [entry.method, entry.rateLimited]),
                [
                    ["POST", true],
                    ["POST", false],
                ],
            );
            assert.deepEqual(
                (await emulator().admin.list("pixels")).map((pixel) => pixel.id),
                [id],
            );
        });

        it("after the refusal the limiter paces the following burst without another 429", async () => {
            await exhaustWindow(emulator(), 3);
            await emulator().admin.clearRequests();
            await Promise.all(Array.from({ length: 8 }, () => client().pixels.list()));
            const log = await emulator().admin.requests();
            assert.equal(
                log.filter((entry) => entry.rateLimited).length,
                1,
                "only the first request, sent blind, was refused",
            );
            assert.equal(log.length, 9);
        });
    });
}

describe("client: bursts against a short window", () => {
    const { emulator, client } = useEmulator({ rateLimit: SHORT_WINDOW });

    it("50 concurrent calls against 30 per window all succeed and the service refuses none", async () => {
        const shared = client();
        const calls = Array.from({ length: 50 }, (_, index) =>
            index % 2 === 0
                ? shared.pixels.create({ type: "qapixel", name: `Pixel ${index}`, tag: `T${index}` })
                : shared.pixels.list(),
        );
        const results = await Promise.allSettled(calls);
        assert.deepEqual(
            results.filter((result) => result.status === "rejected"),
            [],
        );
        const log = await emulator().admin.requests();
        assert.equal(log.length, 50);
        assert.equal(log.filter((entry) => entry.rateLimited).length, 0);
        assert.equal((await emulator().admin.list("pixels")).length, 25);
    });

    it("separate clients of the same key share one limiter", async () => {
        const clients = [client(), client(), client()];
        const calls = Array.from({ length: 45 }, (_, index) => clients[index % 3].account.get());
        await Promise.all(calls);
        const log = await emulator().admin.requests();
        assert.equal(log.length, 45);
        assert.equal(log.filter((entry) => entry.rateLimited).length, 0);
    });

    it("different keys are paced apart: one key's exhausted window does not hold back another", async () => {
        const other = await emulator().admin.createAccount();
        await Promise.all(Array.from({ length: 30 }, () => client().account.get()));
        const waits: WaitEvent[] = [];
        await client({ apiKey: other.apiKey, onWait: (event) => waits.push(event) }).account.get();
        assert.deepEqual(waits, []);
    });

    it("tells onWait why a queued call waits", async () => {
        const waits: WaitEvent[] = [];
        const observed = client({ onWait: (event) => waits.push(event) });
        await Promise.all(Array.from({ length: 35 }, () => observed.overlays.list()));
        assert.ok(waits.length > 0);
        assert.ok(
            waits.every(
                (event) => event.reason === "rate-limit" && event.operation === "overlays.list" && event.waitMs > 0,
            ),
        );
    });
});
