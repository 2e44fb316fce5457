// One measurement of the provider and of the baseline (bench/baseline) on the same declared stack, one after the
// other in this process, each through the real Pulumi CLI (tools/pulumi) against a fresh emulator
// of the same profile: the engine's start-up, then up, no-change preview, refresh and destroy under a limit high
// enough that no run waits, then an up under a paced rate window. Each side's request log is the emulator's own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import {
    readState,
    runOperation,
    storedBytes,
    type LifecycleResult,
    type Operation,
    type RunOptions,
} from "../test/support/pulumi";
import { startEmulator, type ProfileName, type RequestLogEntry, type RunningEmulator } from "../emulator";
import { pluginEnv } from "../test/support/plugin";
import { changes, DECLARED_PROGRAM, declaredFileConfig, type Declared } from "../test/support/stack";
import { sampleProcesses, type CpuSeconds, type PeakMemory } from "./processes";
import type { Workload } from "./workload";

/** The dynamic resources (the package's classes), the same kinds through the plugin, and the baseline. */
export type Side = "provider" | "plugin" | "baseline";

const BASELINE_PROGRAM = resolve(__dirname, "../../bench/baseline/program");
// High enough that the counting runs never wait for a window, so their request logs hold only what each side chose to send.
const UNLIMITED = { limit: 1_000_000, windowMs: 1000 };
/** The service's own window, which the paced up accelerates: 30 requests a minute. */
export const SERVICE_WINDOW = { limit: 30, windowMs: 60_000 };
/** The baseline's fixed pause after a 429 against the service's own window. */
const BASELINE_PAUSE_MS = 1000;
/** A user reruns an up that the rate limit stopped; after this many runs the bench gives up on the side. */
const MAX_RERUNS = 50;

export interface RateWindow {
    limit: number;
    windowMs: number;
}

export interface Counted {
    requests: number;
    wallMs: number;
    /** The service's own clock, first request to last. */
    spanMs: number;
    /** List calls per kind, by list path. */
    listCalls: Record<string, number>;
    /** Where the time went: the CPU time of the CLI, the program and the provider host during the operation. */
    cpu: CpuSeconds;
}

export interface PacedUp {
    window: RateWindow;
    wallMs: number;
    /** The service's own clock, first request to last, over every run. */
    spanMs: number;
    requests: number;
    received429: number;
    /** Steps that failed with the rate limit: what the user saw. */
    reachingUser: number;
    /** Runs of `up` until every resource existed. */
    runs: number;
}

export interface SideFigures {
    /** A preview of an empty program: the CLI, the language host, the program and the provider host start and stop. */
    startupMs: number;
    up: Counted;
    preview: Counted;
    refresh: Counted;
    destroy: Counted;
    /** Absent when the run was asked for none. */
    paced?: PacedUp;
    memory: PeakMemory;
    /** Median bytes of one declared resource's inputs and outputs in the state, as compact JSON. */
    stateBytes: number;
}

interface BenchStack {
    emulator: RunningEmulator;
    run(
        operation: Operation,
        declared: readonly Declared[],
        choices?: Pick<RunOptions, "previewOnly">,
    ): Promise<LifecycleResult>;
}

/** Each side's program reads the declared resources from a file beside the state: at 5,000 resources they are more
 * than the 128 KiB of config one environment variable carries to the program. */
function stackFor(side: Side, emulator: RunningEmulator, stateFile: string, pauseMs: number): BenchStack {
    // `PULUMI_SKIP_CHECKPOINTS=true`: the CLI writes the state once, at the end of each run, not after every step, so
    // that its own writes (which grow with N²) do not swamp the provider's cost; both sides run so.
    const env = {
        PULUMI_CONFIG_PASSPHRASE: "bench",
        PULUMI_SKIP_CHECKPOINTS: "true",
        ...(side === "plugin" ? pluginEnv() : {}),
    };
    const resourcesFile = join(dirname(stateFile), "resources.json");
    const [programDir, namespace, sideConfig] =
        side === "baseline"
            ? [BASELINE_PROGRAM, "baseline", { "baseline:retryPauseMs": String(pauseMs) }]
            : [DECLARED_PROGRAM, "declared", side === "plugin" ? { "declared:door": "plugin" } : {}];
    const run = (operation: Operation, declared: readonly Declared[], choices: Pick<RunOptions, "previewOnly"> = {}) =>
        runOperation(operation, {
            ...choices,
            programDir,
            stateFile,
            config: {
                "shortener:baseUrl": emulator.baseUrl,
                ...sideConfig,
                ...declaredFileConfig(namespace, resourcesFile, declared),
            },
            secretConfig: { "shortener:apiKey": emulator.apiKey },
            env,
        });
    return { emulator, run };
}

function expectOk(side: Side, result: LifecycleResult): LifecycleResult {
    if (!result.ok)
        throw new Error(
            `${side} bench: ${result.operation} failed:\n${result.log}\n${(result.diagnostics ?? []).join("\n")}`,
        );
    return result;
}

/** From the first request to the last; a loop, since a refresh of the baseline at 5,000 links logs 255,000 of them,
 *  more arguments than Math.max can be spread. */
function spanMs(requests: readonly RequestLogEntry[]): number {
    if (requests.length === 0) return 0;
    let [first, last] = [Infinity, -Infinity];
    for (const { time } of requests) [first, last] = [Math.min(first, time), Math.max(last, time)];
    return last - first;
}

/** Told each figure as soon as it is measured, so that a long run that is stopped still leaves what it measured. */
export type Progress = (line: string) => void;

type Sampler = ReturnType<typeof sampleProcesses>;

const cpuSpent = (before: CpuSeconds, after: CpuSeconds): CpuSeconds => ({
    cli: after.cli - before.cli,
    program: after.program - before.program,
    providerHost: after.providerHost - before.providerHost,
});

const describeCpu = (cpu: CpuSeconds) =>
    `CPU: CLI ${cpu.cli.toFixed(1)} s, program ${cpu.program.toFixed(1)} s, provider host ${cpu.providerHost.toFixed(1)} s`;

async function counted(
    side: Side,
    stack: BenchStack,
    operation: Operation,
    declared: readonly Declared[],
    progress: Progress,
    processes: Sampler,
): Promise<Counted & { result: LifecycleResult }> {
    await stack.emulator.admin.clearRequests();
    const cpuBefore = processes.cpu();
    const started = performance.now();
    if (operation === "refresh") {
        // As `pulumi refresh` without --skip-preview: a preview that reads every resource, then the refresh, each with
        // a provider process of its own (backend/apply.go PreviewThenPromptThenExecute).
        expectOk(side, await stack.run("refresh", declared, { previewOnly: true }));
    }
    const result = expectOk(side, await stack.run(operation, declared));
    const wallMs = Math.round(performance.now() - started);
    const cpu = cpuSpent(cpuBefore, processes.cpu());
    const requests = await stack.emulator.admin.requests();
    const listCalls: Record<string, number> = {};
    for (const request of requests.filter((entry) => entry.method === "GET"))
        listCalls[request.path] = (listCalls[request.path] ?? 0) + 1;
    progress(
        `${side}: ${operation} of ${declared.length} resources: ${requests.length} requests, ${wallMs} ms; ${describeCpu(cpu)}`,
    );
    return { result, requests: requests.length, wallMs, spanMs: spanMs(requests), listCalls, cpu };
}

/** Step errors that are the service's rate limit passed on to the user; any other failure ends the benchmark. */
function rateLimitFailures(side: Side, result: LifecycleResult): number {
    if (result.ok) return 0;
    const failed = result.steps.filter((step) => step.error !== undefined);
    const forRate = failed.filter((step) => /rate limit/i.test(step.error ?? ""));
    if (forRate.length === 0 || forRate.length < failed.length) {
        throw new Error(`${side} bench: the paced up failed for another reason than the rate limit:\n${result.log}`);
    }
    return forRate.length;
}

/** An up under `window` from an empty state, rerun as a user would while the rate limit stops it. */
async function pacedUp(
    side: Side,
    stack: BenchStack,
    declared: readonly Declared[],
    window: RateWindow,
): Promise<PacedUp> {
    await stack.emulator.admin.setRateLimit(window);
    await stack.emulator.admin.clearRequests();
    const started = performance.now();
    let reachingUser = 0;
    for (let runs = 1; runs <= MAX_RERUNS; runs++) {
        const result = await stack.run("up", declared);
        reachingUser += rateLimitFailures(side, result);
        if (result.ok) {
            const wallMs = Math.round(performance.now() - started);
            const requests = await stack.emulator.admin.requests();
            return {
                window,
                wallMs,
                spanMs: spanMs(requests),
                requests: requests.length,
                received429: requests.filter((request) => request.rateLimited).length,
                reachingUser,
                runs,
            };
        }
    }
    throw new Error(`${side} bench: the paced up was still stopped by the rate limit after ${MAX_RERUNS} runs`);
}

function median(values: readonly number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The median of what each side stores for a declared resource (storedBytes). */
function stateBytesPerResource(stateFile: string, load: Workload): number {
    const declaredTypes = new Set(load.plan.map((plan) => plan.kind));
    const entries = readState(stateFile).resources.filter((resource) =>
        declaredTypes.has(resource.type.split(":").pop() ?? ""),
    );
    if (entries.length !== load.total)
        throw new Error(`bench: the state holds ${entries.length} declared resources, not ${load.total}`);
    return median(entries.map(storedBytes));
}

/**
 * The baseline's fixed pause, scaled as the paced window is: `window` lets as many requests through per unit of time
 * as the service's 30 a minute would if its clock ran `acceleration` times faster, so a 1 s pause becomes 1 s / acceleration.
 */
export function baselinePauseMs(window: RateWindow): number {
    const acceleration = window.limit / window.windowMs / (SERVICE_WINDOW.limit / SERVICE_WINDOW.windowMs);
    return BASELINE_PAUSE_MS / acceleration;
}

/** Chooses the paced up's rate window from the up without a limit; undefined: no paced up. */
export type Pacing = ((unpacedUp: Counted) => RateWindow) | undefined;

export async function measureSide(
    side: Side,
    load: Workload,
    profile: ProfileName,
    pacing: Pacing,
    progress: Progress,
): Promise<SideFigures> {
    const emulator = await startEmulator({ profile, rateLimit: UNLIMITED });
    const dir = mkdtempSync(join(tmpdir(), `bench-${side}-`));
    const stateFile = join(dir, "state.json");
    const processes = sampleProcesses();
    try {
        const unpaced = stackFor(side, emulator, stateFile, BASELINE_PAUSE_MS);
        const startupStarted = performance.now();
        expectOk(side, await unpaced.run("preview", []));
        const startupMs = Math.round(performance.now() - startupStarted);
        progress(`${side}: start-up (preview of an empty program): ${startupMs} ms`);
        const { result: _up, ...up } = await counted(side, unpaced, "up", load.declared, progress, processes);
        const stateBytes = stateBytesPerResource(stateFile, load);
        const { result: previewResult, ...preview } = await counted(
            side,
            unpaced,
            "preview",
            load.declared,
            progress,
            processes,
        );
        if (changes(previewResult).length > 0)
            throw new Error(`${side} bench: the preview after up was not a no-change preview:\n${previewResult.log}`);
        const { result: _refresh, ...refresh } = await counted(
            side,
            unpaced,
            "refresh",
            load.declared,
            progress,
            processes,
        );
        const { result: _destroy, ...destroy } = await counted(
            side,
            unpaced,
            "destroy",
            load.declared,
            progress,
            processes,
        );
        const window = pacing?.(up);
        const paced =
            window &&
            (await pacedUp(side, stackFor(side, emulator, stateFile, baselinePauseMs(window)), load.declared, window));
        if (paced)
            progress(
                `${side}: paced up: ${paced.requests} requests, ${paced.received429} answered 429, ${paced.runs} runs, ${paced.wallMs} ms`,
            );
        return { startupMs, up, preview, refresh, destroy, paced, memory: processes.stop(), stateBytes };
    } finally {
        processes.stop();
        await emulator.close();
        rmSync(dir, { recursive: true, force: true });
    }
}

/** The baseline is paced with the window chosen from the provider's up, so that both meet the same window. */
export async function measureBoth(
    load: Workload,
    profile: ProfileName,
    pacing: Pacing,
    progress: Progress = () => {},
): Promise<Record<"provider" | "baseline", SideFigures>> {
    const provider = await measureSide("provider", load, profile, pacing, progress);
    const window = provider.paced?.window;
    const baseline = await measureSide("baseline", load, profile, window && (() => window), progress);
    return { provider, baseline };
}
