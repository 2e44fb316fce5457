// A stack under test: the emulator, a state file, and the declared-resources program run through the real Pulumi
// CLI. Each test declares its resources as data and runs lifecycles.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runOperation, type LifecycleResult, type Operation, type StepResult } from "./pulumi";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import type { DeclaredEntry } from "../fixtures/programs/declared/declared-resources";

export const DECLARED_PROGRAM = resolve(__dirname, "../../../test/fixtures/programs/declared");

export type Declared = DeclaredEntry;

/**
 * Writes `resources` to `file` and answers the config that names it (`<namespace>:resourcesFile`): a stack too large for
 * the config the language host passes the program in one environment variable (Linux bounds one at 128 KiB).
 */
export function declaredFileConfig(
    namespace: string,
    file: string,
    resources: readonly Declared[],
): Record<string, string> {
    writeFileSync(file, JSON.stringify(resources));
    return { [`${namespace}:resourcesFile`]: file };
}

export interface TestStack {
    emulator: RunningEmulator;
    stateFile: string;
    run(operation: Operation, resources: readonly Declared[], env?: Record<string, string>): Promise<LifecycleResult>;
    /** Runs and fails the test with the engine's own report when the run did not succeed. */
    expectOk(operation: Operation, resources: readonly Declared[]): Promise<LifecycleResult>;
    close(): Promise<void>;
}

/** @param env extra environment for every run's provider host and program. */
export async function startStack(options: EmulatorOptions = {}, env: Record<string, string> = {}): Promise<TestStack> {
    const runEnv = env;
    const emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 }, ...options });
    const dir = mkdtempSync(join(tmpdir(), "shortener-stack-"));
    const stateFile = join(dir, "state.json");
    // The resources go in a file the config names, so the config stays the same from run to run; Pulumi records the
    // whole stack config in the state (the default provider's inputs), and the key is secret there as users set it.
    const config = declaredFileConfig("declared", join(dir, "resources.json"), []);
    const run = (operation: Operation, resources: readonly Declared[], extraEnv: Record<string, string> = {}) => {
        declaredFileConfig("declared", join(dir, "resources.json"), resources);
        return runOperation(operation, {
            programDir: DECLARED_PROGRAM,
            stateFile,
            config: { "shortener:baseUrl": emulator.baseUrl, ...config },
            secretConfig: { "shortener:apiKey": emulator.apiKey },
            env: { ...runEnv, ...extraEnv },
        });
    };
    return {
        emulator,
        stateFile,
        run,
        async expectOk(operation, resources) {
            const result = await run(operation, resources);
            if (!result.ok)
                throw new Error(`${operation} failed:\n${result.log}\n${(result.diagnostics ?? []).join("\n")}`);
            return result;
        },
        async close() {
            await emulator.close();
            rmSync(dir, { recursive: true, force: true });
        },
    };
}

/**
 * A stack for one describe block: started before its tests and closed after them. With `emptyEach`, each test starts
 * from an empty service (the ready account as it started) and no state, whatever the tests before it made, left
 * behind or failed to clean up, so that each test stands alone.
 */
export function useStack(options: EmulatorOptions, { emptyEach = false } = {}): () => TestStack {
    let stack: TestStack | undefined;
    before(async () => (stack = await startStack(options)));
    after(async () => stack?.close());
    if (emptyEach) {
        beforeEach(async () => {
            rmSync(stack!.stateFile, { force: true });
            // Objects, faults, the request log and the rate-limit window (emulator/admin/server.ts).
            await stack!.emulator.admin.reset();
        });
    }
    return () => stack!;
}

const STACK_TYPE = "pulumi:pulumi:Stack";

/** The steps of a run on declared resources other than "same", as "op name" strings, for compact assertions. */
export function changes(result: LifecycleResult): string[] {
    return result.steps
        .filter((step) => step.op !== "same" && step.type !== STACK_TYPE)
        .map((step) => `${step.op} ${step.name}`)
        .sort();
}

export function stepOf(result: LifecycleResult, name: string): StepResult {
    const step = result.steps.find((candidate) => candidate.name === name);
    if (!step) throw new Error(`no step for ${name} in:\n${result.log}`);
    return step;
}

/** The id of a declared resource, as the program exports it. */
export function idOf(result: LifecycleResult, name: string): string | undefined {
    return (result.outputs.ids as Record<string, string> | undefined)?.[name];
}

/**
 * A stack of four resources and its next version: a domain replaced (its domain changes), a channel updated, a pixel
 * deleted, a pixel's secret tag changed and a campaign created.
 */
export function changingStack(oldTag: string, newTag: string): { before: Declared[]; after: Declared[] } {
    const analytics = (tag: string): Declared => ({
        kind: "Pixel",
        name: "analytics",
        args: { type: "analyticspixel", name: "Site analytics", tag },
        options: { secretArgs: ["tag"] },
    });
    return {
        before: [
            {
                kind: "Domain",
                name: "brand",
                args: { domain: "https://go.example.com", redirectRoot: "https://www.example.com" },
            },
            { kind: "Channel", name: "newsletter", args: { name: "Newsletter", color: "#1a73e8" } },
            { kind: "Pixel", name: "retired", args: { type: "qapixel", name: "Retired site", tag: "G-RETIRED" } },
            analytics(oldTag),
        ],
        after: [
            {
                kind: "Domain",
                name: "brand",
                args: { domain: "https://links.example.com", redirectRoot: "https://www.example.com" },
            },
            { kind: "Channel", name: "newsletter", args: { name: "Weekly newsletter", color: "#1a73e8" } },
            analytics(newTag),
            { kind: "Campaign", name: "launch", args: { name: "Autumn launch", slug: "autumn" } },
        ],
    };
}
