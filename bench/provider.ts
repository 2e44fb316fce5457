// The provider's cost in API requests, time and state, for a stack of 100 resources of mixed kinds run through the
// engine double (the real dynamic-provider host) against an emulator: up, no-change preview, refresh and destroy
// under a limit high enough that no run waits, then up again under an accelerated rate window.
import { performance } from "node:perf_hooks";
import { readState, type LifecycleResult, type Operation } from "../test/engine";
import type { RequestLogEntry } from "../test/emulator";
import { changes, startStack, type Declared, type TestStack } from "../test/provider/stack";
import { Benchmark, Figure } from "./figure";

interface KindPlan {
    kind: string;
    count: number;
    /** The service's list endpoint of the kind: what a read of it costs. */
    listPath: string;
    args(index: number): Record<string, unknown>;
}

const PLAN: readonly KindPlan[] = [
    { kind: "Pixel", count: 30, listPath: "/api/pixels", args: (i) => ({ type: i % 2 ? "adspixel" : "analyticspixel", name: `Pixel ${i}`, tag: `T-${i}` }) },
    { kind: "Channel", count: 20, listPath: "/api/channels", args: (i) => ({ name: `Channel ${i}`, color: "#1A73E8" }) },
    { kind: "Campaign", count: 20, listPath: "/api/campaigns", args: (i) => ({ name: `Campaign ${i}`, slug: `campaign-${i}` }) },
    { kind: "QrCode", count: 20, listPath: "/api/qr", args: (i) => (i % 2 ? { type: "text", data: `Note ${i}` } : { type: "link", data: `https://example.com/${i}` }) },
    { kind: "Domain", count: 10, listPath: "/api/domains", args: (i) => ({ domain: `https://go${i}.example.com` }) },
];

const RESOURCES: Declared[] = PLAN.flatMap((plan) =>
    Array.from({ length: plan.count }, (_, index) => ({ kind: plan.kind, name: `${plan.kind.toLowerCase()}-${index}`, args: plan.args(index) })),
);
const TOTAL = RESOURCES.length;
// The service's largest page; the provider lists with limit=100, so one kind of N objects needs ceil(N / 100) pages.
const PAGE_SIZE = 100;
const listsNeeded = (plan: KindPlan) => Math.ceil(plan.count / PAGE_SIZE);
// High enough that the counting runs never wait for a window, so their request logs hold only what the provider chose to send.
const UNLIMITED = { limit: 100_000, windowMs: 1000 };
const RATE_WINDOW = { limit: 30, windowMs: 1000 };
// The least time any provider needs for the up: the service lets through `limit` requests per window, one create per resource.
const PACING_BOUND_MS = Math.round((TOTAL / RATE_WINDOW.limit) * RATE_WINDOW.windowMs);
const PACED_UP_BOUND_MS = Math.round(PACING_BOUND_MS * 1.1);
const STATE_BYTES_BOUND = 2048;

interface Measured {
    result: LifecycleResult;
    wallMs: number;
    requests: RequestLogEntry[];
}

async function measure(stack: TestStack, operation: Operation): Promise<Measured> {
    await stack.emulator.admin.clearRequests();
    const started = performance.now();
    const result = await stack.run(operation, RESOURCES);
    const wallMs = Math.round(performance.now() - started);
    return { result, wallMs, requests: await stack.emulator.admin.requests() };
}

/** Step errors that are the service's rate limit passed on to the user; any other failure ends the benchmark. */
function rateLimitFailures(run: Measured, label: string): number {
    if (run.result.ok) return 0;
    const failed = run.result.steps.filter((step) => step.error !== undefined);
    const forRate = failed.filter((step) => /rate limit/i.test(step.error ?? ""));
    if (forRate.length === 0 || forRate.length < failed.length) {
        throw new Error(`provider bench: ${label} failed for another reason than the rate limit:\n${run.result.log}`);
    }
    return forRate.length;
}

function expectOk(run: Measured, label: string): Measured {
    if (!run.result.ok) throw new Error(`provider bench: ${label} failed:\n${run.result.log}\n${(run.result.diagnostics ?? []).join("\n")}`);
    return run;
}

function median(values: readonly number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Bytes of each declared resource's entry in the engine's state file, as compact JSON. */
function stateBytesPerResource(stateFile: string): number[] {
    const declaredTypes = new Set(PLAN.map((plan) => plan.kind));
    const entries = readState(stateFile).resources.filter((resource) => declaredTypes.has(resource.type.split(":").pop() ?? ""));
    if (entries.length !== TOTAL) throw new Error(`provider bench: the state holds ${entries.length} declared resources, not ${TOTAL}`);
    return entries.map((entry) => Buffer.byteLength(JSON.stringify(entry)));
}

const requestsFigure = (operation: string, run: Measured, bound: number, boundWhy: string): Figure => ({
    name: `provider: API requests, ${operation} (${boundWhy})`,
    value: run.requests.length,
    bound,
    unit: "requests",
    goal: "max",
});

const spanMs = (requests: readonly RequestLogEntry[]) =>
    requests.length === 0 ? 0 : Math.max(...requests.map((request) => request.time)) - Math.min(...requests.map((request) => request.time));

const listCalls = (requests: readonly RequestLogEntry[], plan: KindPlan) =>
    requests.filter((request) => request.method === "GET" && request.path === plan.listPath).length;

async function countingRuns(stack: TestStack): Promise<Figure[]> {
    const up = expectOk(await measure(stack, "up"), "up");
    const stateBytes = stateBytesPerResource(stack.stateFile);
    const preview = expectOk(await measure(stack, "preview"), "no-change preview");
    if (changes(preview.result).length > 0 || preview.requests.length > 0) {
        throw new Error(`provider bench: the preview after up was not a no-change preview:\n${preview.result.log}`);
    }
    const refresh = expectOk(await measure(stack, "refresh"), "refresh");
    const destroy = expectOk(await measure(stack, "destroy"), "destroy");
    const refreshBound = PLAN.reduce((sum, plan) => sum + listsNeeded(plan), 0);
    return [
        requestsFigure("up", up, TOTAL, "1 create/resource"),
        requestsFigure("refresh", refresh, refreshBound, `ceil(N/${PAGE_SIZE}) lists/kind`),
        requestsFigure("destroy", destroy, TOTAL, "1 delete/resource"),
        ...PLAN.map(
            (plan): Figure => ({
                name: `provider: refresh list calls, ${plan.kind} (${plan.count})`,
                value: listCalls(refresh.requests, plan),
                bound: listsNeeded(plan),
                unit: "requests",
                goal: "max",
            }),
        ),
        // Bound: the slack that the paced up's bound leaves for everything that is not pacing.
        {
            name: "provider: engine overhead (no-change preview) vs 10% slack",
            value: preview.wallMs,
            bound: PACED_UP_BOUND_MS - PACING_BOUND_MS,
            unit: "ms",
            goal: "max",
        },
        { name: "provider: median state bytes per resource", value: median(stateBytes), bound: STATE_BYTES_BOUND, unit: "bytes", goal: "max" },
    ];
}

async function pacedUp(stack: TestStack): Promise<Figure[]> {
    // Fresh windows, and the state is empty after the destroy: this up creates all 100 again.
    await stack.emulator.admin.setRateLimit(RATE_WINDOW);
    const up = await measure(stack, "up");
    const reachingUser = rateLimitFailures(up, `up under ${RATE_WINDOW.limit} per ${RATE_WINDOW.windowMs} ms`);
    const window = `${RATE_WINDOW.limit}/${RATE_WINDOW.windowMs} ms`;
    return [
        { name: `provider: up wall time at ${window} (pacing x 1.1)`, value: up.wallMs, bound: PACED_UP_BOUND_MS, unit: "ms", goal: "max" },
        // The service's own clock, first request to last: what the pacing costs, without the engine's overhead.
        { name: `provider: up requests, first to last, at ${window}`, value: spanMs(up.requests), bound: PACED_UP_BOUND_MS, unit: "ms", goal: "max" },
        requestsFigure(`up at ${window}`, up, TOTAL, "1 create/resource"),
        { name: `provider: 429s in the request log, up at ${window}`, value: up.requests.filter((request) => request.rateLimited).length, bound: 0, unit: "requests", goal: "max" },
        { name: `provider: 429s reaching the user, up at ${window}`, value: reachingUser, bound: 0, unit: "steps", goal: "max" },
    ];
}

export const providerBench: Benchmark = {
    title: `provider: ${TOTAL} resources (${PLAN.map((plan) => `${plan.count} ${plan.kind}`).join(", ")}) through the engine double`,
    async run({ profile }): Promise<Figure[]> {
        const stack = await startStack({ profile, rateLimit: UNLIMITED });
        try {
            return [...(await countingRuns(stack)), ...(await pacedUp(stack))];
        } finally {
            await stack.close();
        }
    },
};
