// The client's pacing under a rate limit: 100 concurrent calls against an emulator whose window is
// accelerated to 30 requests per second, so that the wait for each window is short but still real.
import { createShortenerClient, ShortenerApiError } from "../provider/client";
import { startEmulator } from "../emulator";
import { Benchmark, Figure } from "./figure";

const CALLS = 100;
const WINDOW = { limit: 30, windowMs: 1000 };
// The least time any client needs: the service lets through `limit` requests per window.
const PACING_BOUND_MS = (CALLS / WINDOW.limit) * WINDOW.windowMs;

export const clientBench: Benchmark = {
    title: `client: ${CALLS} concurrent calls, rate limit ${WINDOW.limit} per ${WINDOW.windowMs} ms`,
    async run({ profile }): Promise<Figure[]> {
        const emulator = await startEmulator({ profile, rateLimit: WINDOW });
        try {
            const client = createShortenerClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
            // Half writes, half reads: writes are the calls that must never meet a 429 they cannot safely resend.
            const calls = Array.from({ length: CALLS }, (_, index) =>
                index % 2 === 0
                    ? client.pixels.create({ type: "qapixel", name: `Bench ${index}`, tag: `B${index}` })
                    : client.pixels.list(),
            );
            const started = Date.now();
            const results = await Promise.allSettled(calls);
            const wallMs = Date.now() - started;
            const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
            const refusedForRate = failures.filter(
                (reason) => reason instanceof ShortenerApiError && reason.kind === "rate-limit",
            ).length;
            if (failures.length > refusedForRate) {
                throw new Error(
                    `client bench: ${failures.length - refusedForRate} calls failed for another reason than the rate limit`,
                );
            }
            const requests = (await emulator.admin.requests()).length;
            return [
                {
                    name: `client: requests for ${CALLS} calls`,
                    value: requests,
                    bound: CALLS,
                    unit: "requests",
                    goal: "max",
                },
                {
                    name: `client: wall time of ${CALLS} calls`,
                    value: wallMs,
                    bound: Math.round(PACING_BOUND_MS * 1.1),
                    unit: "ms",
                    goal: "max",
                },
                {
                    name: "client: 429s reaching the caller",
                    value: refusedForRate,
                    bound: 0,
                    unit: "calls",
                    goal: "max",
                },
            ];
        } finally {
            await emulator.close();
        }
    },
};
