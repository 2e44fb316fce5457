import assert from "node:assert/strict";
import { ApiResponse, call, startExpectingRefusal, useEmulator, withEmulator } from "./harness";

function rateHeaders(response: ApiResponse) {
    return {
        limit: response.headers.get("x-ratelimit-limit"),
        remaining: response.headers.get("x-ratelimit-remaining"),
        reset: Number(response.headers.get("x-ratelimit-reset")),
    };
}

async function exhaust(emulator: Parameters<typeof call>[0], count: number, key?: string): Promise<void> {
    for (let i = 0; i < count; i++) await call(emulator, "GET", "/api/account", { key });
}

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

describe("emulator: rate limit, body style (default)", () => {
    const emulator = useEmulator({ rateLimit: { limit: 3, windowMs: 60_000 } });

    it("counts down X-RateLimit-Remaining and gives the window's end as absolute Unix seconds", async () => {
        const startedAt = Date.now();
        const seen = [];
        for (let i = 0; i < 3; i++) seen.push(rateHeaders(await call(emulator(), "GET", "/api/account")));
        assert.deepEqual(
            seen.map((headers) => [headers.limit, headers.remaining]),
            [
                ["3", "2"],
                ["3", "1"],
                ["3", "0"],
            ],
        );
        const reset = seen[0].reset;
        assert.ok(Number.isInteger(reset), "reset is an integer");
        assert.ok(
            seen.every((headers) => headers.reset === reset),
            "one window, one reset time",
        );
        assert.ok(reset * 1000 >= startedAt + 60_000, "the window ends a full window after its first request");
        assert.ok(reset * 1000 <= Date.now() + 61_000, "and not later");
    });

    it("answers an exceeded limit with HTTP 200, error 429 and Retry-After in the body only", async () => {
        await exhaust(emulator(), 3);
        const limited = await call(emulator(), "GET", "/api/account");
        assert.equal(limited.status, 200);
        assert.deepEqual(Object.keys(limited.json).sort(), ["Retry-After", "error", "message"]);
        assert.equal(limited.json.error, 429);
        assert.equal(limited.json.message, "Too Many API Requests.");
        const retryAfter = limited.json["Retry-After"];
        assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
        assert.equal(limited.headers.get("retry-after"), null);
        assert.equal(rateHeaders(limited).remaining, "-1");
        assert.equal(rateHeaders(await call(emulator(), "GET", "/api/account")).remaining, "-1");
    });

    it("a rate-limited write changes nothing and is logged as rate-limited", async () => {
        await exhaust(emulator(), 3);
        const limited = await call(emulator(), "POST", "/api/domain/add", {
            body: { domain: "https://late.example.com" },
        });
        assert.equal(limited.json.error, 429);
        assert.deepEqual(await emulator().admin.list("domains"), []);
        const log = await emulator().admin.requests();
        const post = log.find((entry) => entry.method === "POST");
        assert.equal(post?.rateLimited, true);
        assert.equal(log.filter((entry) => entry.rateLimited).length, 1);
    });

    it("keeps one window per API key", async () => {
        const other = await emulator().admin.createAccount();
        await exhaust(emulator(), 4);
        const fresh = await call(emulator(), "GET", "/api/account", { key: other.apiKey });
        assert.equal(fresh.json.error, 0);
        assert.equal(rateHeaders(fresh).remaining, "2");
    });

    it("admin calls are never counted or limited", async () => {
        await emulator().admin.setRateLimit({ limit: 1 });
        for (let i = 0; i < 5; i++) await emulator().admin.list("domains");
        const first = await call(emulator(), "GET", "/api/account");
        assert.equal(first.json.error, 0);
        assert.equal(rateHeaders(first).remaining, "0");
    });

    it("every API response carries the headers: errors, 403 and HTML pages too", async () => {
        for (const response of [
            await call(emulator(), "GET", "/api/nowhere"),
            await call(emulator(), "GET", "/api/account", { key: null }),
            await call(emulator(), "PUT", "/api/pixel/1/update", { body: {} }),
        ]) {
            const headers = rateHeaders(response);
            assert.equal(headers.limit, "3");
            assert.notEqual(headers.remaining, null);
            assert.ok(headers.reset > 0);
        }
    });

    it("opens a new window once the old one has ended", async () => {
        await emulator().admin.setRateLimit({ limit: 2, windowMs: 200 });
        await exhaust(emulator(), 2);
        const limited = await call(emulator(), "GET", "/api/account");
        assert.equal(limited.json.error, 429);
        // Wait past the advertised reset time (whole seconds) before asking again.
        await sleep(Math.max(0, rateHeaders(limited).reset * 1000 - Date.now()) + 50);
        const next = await call(emulator(), "GET", "/api/account");
        assert.equal(next.json.error, 0);
        assert.equal(rateHeaders(next).remaining, "1");
    });
});

describe("emulator: rate limit, status style", () => {
    it("answers HTTP 429 with a JSON body and a Retry-After header when configured at start", async () => {
        await withEmulator(
            { rateLimit: { limit: 1, windowMs: 60_000 }, rateLimitStyle: "status" },
            async (emulator) => {
                await call(emulator, "GET", "/api/account");
                const limited = await call(emulator, "GET", "/api/account");
                assert.equal(limited.status, 429);
                assert.equal(limited.json.error, 429);
                assert.equal(limited.json.message, "Too Many API Requests.");
                const header = Number(limited.headers.get("retry-after"));
                assert.ok(header >= 1 && header <= 60, `Retry-After header ${header}`);
                assert.equal(rateHeaders(limited).remaining, "-1");
            },
        );
    });

    it("can be switched on and off through the admin surface", async () => {
        await withEmulator({ rateLimit: { limit: 1, windowMs: 60_000 } }, async (emulator) => {
            await emulator.admin.setRateLimit({ style: "status" });
            await call(emulator, "GET", "/api/account");
            assert.equal((await call(emulator, "GET", "/api/account")).status, 429);
            await emulator.admin.setRateLimit({ style: "body" });
            await call(emulator, "GET", "/api/account");
            const limited = await call(emulator, "GET", "/api/account");
            assert.equal(limited.status, 200);
            assert.equal(limited.json.error, 429);
        });
    });

    it("startEmulator refuses a rate limit that is not positive integers", async () => {
        await assert.rejects(startExpectingRefusal({ rateLimit: { limit: 0, windowMs: 1000 } }), /limit/);
        await assert.rejects(startExpectingRefusal({ rateLimit: { limit: 5, windowMs: -1 } }), /windowMs/);
    });

    it("refuses settings that are not positive integers or known styles", async () => {
        await withEmulator({}, async (emulator) => {
            await assert.rejects(emulator.admin.setRateLimit({ limit: 0 }), /limit/);
            await assert.rejects(emulator.admin.setRateLimit({ windowMs: 1.5 }), /windowMs/);
            await assert.rejects(emulator.admin.setRateLimit({ style: "header" as "body" }), /style/);
        });
    });
});
