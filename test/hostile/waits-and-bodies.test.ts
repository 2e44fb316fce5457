// Every wait and every answer is bounded: a rate limit that asks for hours, for 1e9 seconds or until a reset a year
// ahead fails the call at once with a rate-limit error naming the wait asked for (and never overflows a timer), the
// data functions tell their waits as the provider does, and an answer of hundreds of megabytes is cut off, not
// downloaded, and not asked for again.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { listPixels } from "../../provider";
import { createShortenerClient, describeWait } from "../../provider/client";
import { pixelPage, useHostileService, type HostileAnswer } from "./hostile-service";
import { capturing, failureWithin } from "./support";

// Each test gets its own key: the rate gate is shared per service and key in the process, and a port may come again.
let KEY = "";
beforeEach(() => {
    KEY = `hostile-waits-${randomUUID()}`;
});
const YEAR_S = 365 * 24 * 3600;

describe("hostile service: rate-limit waits", () => {
    const service = useHostileService();
    const client = (config: { maxRateLimitWaitMs?: number } = {}) =>
        createShortenerClient({ baseUrl: service().baseUrl, apiKey: KEY, maxRetries: 0, ...config });
    /** `account` tells apart the keys of one test: the gate of a key remembers the wait the service asked for. */
    const data = (account = "") => ({ baseUrl: service().baseUrl, apiKey: `${KEY}${account}` });
    const ok = pixelPage({ page: 1, nextpage: null, maxpage: 1, ids: [1] });

    const refusals: [string, () => HostileAnswer, RegExp][] = [
        [
            "HTTP 429 with Retry-After: 7200",
            () => ({ status: 429, headers: { "Retry-After": "7200" }, body: { error: 1, message: "slow down" } }),
            /asks to wait 7200 s/,
        ],
        [
            '{"error": 429, "Retry-After": 1e9} in the body',
            () => ({ body: { error: 429, "Retry-After": 1e9 } }),
            /asks to wait 1000000000 s/,
        ],
        [
            "HTTP 429 with no Retry-After and a reset a year ahead",
            () => ({
                status: 429,
                headers: rateHeaders(0, Math.floor(Date.now() / 1000) + YEAR_S),
                body: { error: 1, message: "limit" },
            }),
            new RegExp(`asks to wait ${YEAR_S - 1}|asks to wait ${YEAR_S} s`),
        ],
    ];
    for (const [what, answer, asked] of refusals) {
        it(`${what}: the call fails at once with a rate-limit error naming the wait, and no timer overflows`, async () => {
            service().script(answer);
            const { result, captured } = await capturing(() => failureWithin(5_000, client().pixels.list()));
            assert.equal(result.status, "fulfilled", String((result as PromiseRejectedResult).reason));
            const error = result.value;
            assert.equal(error.kind, "rate-limit");
            assert.match(error.message, asked);
            assert.match(error.message, /longer than the longest wait allowed \(300 s, setting maxRateLimitWaitMs\)/);
            assert.equal(service().requests.length, 1, "nothing is sent again");
            assert.deepEqual(captured.warnings, []);
        });
    }

    it("a reset a year ahead on a successful answer with nothing remaining: the next call fails at once, naming the wait", async () => {
        service().script(() => ({ ...ok, headers: rateHeaders(0, Math.floor(Date.now() / 1000) + YEAR_S) }));
        const { result, captured } = await capturing(async () => {
            await client().pixels.list();
            return failureWithin(5_000, client().pixels.list());
        });
        assert.equal(result.status, "fulfilled", String((result as PromiseRejectedResult).reason));
        const error = result.value;
        assert.equal(error.kind, "rate-limit");
        assert.match(error.message, /asks to wait 315\d{5} s for its rate limit/);
        assert.equal(service().requests.length, 1);
        assert.deepEqual(captured.warnings, []);
    });

    it("a wait within the bound is waited for (and told), one beyond a lower bound fails", async () => {
        let refused = false;
        service().script(() => {
            if (refused) return ok;
            refused = true;
            return { status: 429, headers: { "Retry-After": "1" }, body: { error: 1, message: "limit" } };
        });
        const waits: number[] = [];
        const items = await createShortenerClient({
            baseUrl: service().baseUrl,
            apiKey: KEY,
            onWait: (event) => waits.push(event.waitMs),
        }).pixels.list();
        assert.equal(items.items.length, 1);
        assert.ok(waits.length === 1 && waits[0] > 0 && waits[0] <= 1000, `told ${waits}`);

        service().script(() => ({
            status: 429,
            headers: { "Retry-After": "20" },
            body: { error: 1, message: "limit" },
        }));
        const error = await failureWithin(5_000, client({ maxRateLimitWaitMs: 10_000 }).pixels.list());
        assert.match(
            error.message,
            /asks to wait 20 s for its rate limit, longer than the longest wait allowed \(10 s/,
        );
    });

    it("the data functions fail the same way, read the bound from the environment, and tell their waits as the provider does", async () => {
        service().script(() => ({
            status: 429,
            headers: { "Retry-After": "7200" },
            body: { error: 1, message: "limit" },
        }));
        assert.match(
            (await failureWithin(5_000, listPixels(data()))).message,
            /^pixels\.list failed: the service asks to wait 7200 s/,
        );

        service().script(() => ({
            status: 429,
            headers: { "Retry-After": "3" },
            body: { error: 1, message: "limit" },
        }));
        process.env.SHORTENER_MAX_RATE_LIMIT_WAIT_MS = "2000";
        try {
            assert.match(
                (await failureWithin(5_000, listPixels(data("-b")))).message,
                /asks to wait 3 s .*\(2 s, setting maxRateLimitWaitMs\)/,
            );
        } finally {
            delete process.env.SHORTENER_MAX_RATE_LIMIT_WAIT_MS;
        }

        let refused = false;
        service().script(() => {
            if (refused) return ok;
            refused = true;
            return { body: { error: 429, "Retry-After": 1 } };
        });
        const { result, captured } = await capturing(() => listPixels(data("-c")));
        assert.equal(result.status, "fulfilled");
        const said = captured.stderr.join("");
        assert.match(said, /^shortener: rate limit reached: waiting 1 s before pixels\.list\n$/m);
        assert.ok(
            said.includes(
                `shortener: ${describeWait({ reason: "rate-limit", waitMs: 1000, operation: "pixels.list" })}`,
            ),
        );
    });
});

describe("hostile service: answer size", () => {
    const service = useHostileService();
    const HUGE = 600 * 1024 * 1024;
    // What may be in flight in socket buffers when the client stops reading, beyond the bound itself.
    const SLACK = 32 * 1024 * 1024;

    for (const announce of [false, true]) {
        const how = announce ? "announced in Content-Length" : "streamed without a length";
        it(`a 600 MB answer ${how} is cut off at the bound, not downloaded, and not asked for again`, async function () {
            service().script(() => ({ stream: { bytes: HUGE, announce } }));
            const client = createShortenerClient({ baseUrl: service().baseUrl, apiKey: KEY });
            const error = await failureWithin(20_000, client.pixels.list());
            assert.equal(error.kind, "bad-response");
            assert.match(
                error.message,
                /the answer is larger than the largest allowed, 10485760 bytes \(setting maxResponseBytes\)/,
            );
            if (announce) assert.match(error.message, /629145600 bytes announced/);
            assert.equal(service().requests.length, 1, "refused without a retry");
            await new Promise((resolve) => setTimeout(resolve, 200));
            assert.ok(
                service().streamedBytes() < 10 * 1024 * 1024 + SLACK,
                `the service got to send ${service().streamedBytes()} bytes`,
            );
        });
    }

    it("the data functions read the bound from the environment", async () => {
        service().script(() => ({ stream: { bytes: 4096, announce: false } }));
        process.env.SHORTENER_MAX_RESPONSE_BYTES = "1024";
        try {
            const error = await failureWithin(5_000, listPixels({ baseUrl: service().baseUrl, apiKey: KEY }));
            assert.match(error.message, /larger than the largest allowed, 1024 bytes/);
        } finally {
            delete process.env.SHORTENER_MAX_RESPONSE_BYTES;
        }
    });
});

function rateHeaders(remaining: number, resetAtSeconds: number) {
    return {
        "X-RateLimit-Limit": "30",
        "X-RateLimit-Remaining": String(remaining),
        "X-RateLimit-Reset": String(resetAtSeconds),
    };
}
