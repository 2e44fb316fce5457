// One Pulumi operation on a test stack, run by the real CLI as the Automation API runs it (`--yes --skip-preview`,
// `--event-log`), and read back as a LifecycleResult: the engine's events, what the CLI printed, and its exit code.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { killedPulumi, mustRunPulumi, runPulumi } from "./cli";
import { gather, readEventLog } from "./events";
import { exportStack, stackFolder, syncStack, writeConfig } from "./stack-folder";
import type { LifecycleResult, Operation } from "./types";

export interface RunOptions {
    programDir: string;
    /** The stack's exported state (stack-folder.ts): read before the run when changed, written after it. */
    stateFile: string;
    /** The stack's name (default dev). */
    stack?: string;
    config?: Record<string, string>;
    secretConfig?: Record<string, string>;
    /** Extra environment for the CLI, and so for the provider host and the program. */
    env?: Record<string, string>;
    /** refresh: `--preview-only`, the preview the CLI shows before a refresh; nothing is written. */
    previewOnly?: boolean;
    /** up, refresh, destroy: run the preview first, as the CLI does by default (the Automation API skips it). */
    withPreview?: boolean;
    /** preview, up: `--refresh`. */
    refresh?: boolean;
    expectNoChanges?: boolean;
    targets?: string[];
    targetDependents?: boolean;
    excludes?: string[];
    replaces?: string[];
    parallel?: number;
    runProgram?: boolean;
    clearPendingCreates?: boolean;
    continueOnError?: boolean;
    /** Any other flags, as the CLI takes them. */
    flags?: string[];
}

export const DEFAULT_STACK = "dev";

export async function runOperation(operation: Operation, options: RunOptions): Promise<LifecycleResult> {
    const stack = options.stack ?? DEFAULT_STACK;
    const folder = stackFolder(options.stateFile, options.programDir, stack, options.env);
    await syncStack(folder);
    await writeConfig(folder, { config: options.config ?? {}, secretConfig: options.secretConfig ?? {} });
    const eventLog = join(folder.root, "events", `${Date.now()}-${operation}.jsonl`);
    mkdirSync(join(folder.root, "events"), { recursive: true });
    const finished = await runPulumi([operation, ...operationFlags(operation, options, stack, eventLog)], {
        cwd: folder.project,
        env: folder.env,
    });
    const events = gather(readEventLog(eventLog));
    rmSync(eventLog, { force: true });
    if (!options.previewOnly && operation !== "preview") await exportStack(folder);
    const ok = finished.code === 0;
    const log = `${finished.stdout}${finished.stderr}`;
    const { errors, ...shown } = events;
    return {
        operation,
        previewOnly: options.previewOnly,
        stack,
        ok,
        exitCode: finished.code,
        ...shown,
        error: ok ? undefined : (errors[0] ?? (finished.stderr.trim() || finished.stdout.trim())),
        log,
    };
}

function operationFlags(operation: Operation, options: RunOptions, stack: string, eventLog: string): string[] {
    const flags = ["--stack", stack, "--non-interactive", "--event-log", eventLog];
    if (operation !== "preview" && !options.previewOnly) flags.push("--yes");
    if (operation !== "preview" && !options.previewOnly && !options.withPreview) flags.push("--skip-preview");
    const add = (when: unknown, ...added: string[]) => when && flags.push(...added);
    add(options.previewOnly, "--preview-only");
    add(options.refresh, "--refresh");
    add(options.expectNoChanges, "--expect-no-changes");
    for (const target of options.targets ?? []) flags.push("--target", target);
    add(options.targetDependents, "--target-dependents");
    for (const excluded of options.excludes ?? []) flags.push("--exclude", excluded);
    for (const replaced of options.replaces ?? []) flags.push("--replace", replaced);
    add(options.parallel, "--parallel", String(options.parallel));
    add(options.runProgram, "--run-program");
    add(options.clearPendingCreates, "--clear-pending-creates");
    add(options.continueOnError, "--continue-on-error");
    return [...flags, ...(options.flags ?? [])];
}

/**
 * Starts an operation and kills it with all its processes once `killWhen` holds (cli.ts killedPulumi), then does what
 * the next run's error tells a user to: `pulumi cancel`, which removes the dead run's lock on the stack. What the CLI
 * had recorded is then exported, as the next run on the machine finds it.
 */
export async function interruptedRun(
    operation: Operation,
    options: RunOptions,
    killWhen: () => boolean | Promise<boolean>,
    timeoutMs?: number,
): Promise<void> {
    const stack = options.stack ?? DEFAULT_STACK;
    const folder = stackFolder(options.stateFile, options.programDir, stack, options.env);
    await syncStack(folder);
    await writeConfig(folder, { config: options.config ?? {}, secretConfig: options.secretConfig ?? {} });
    const flags = operationFlags(operation, options, stack, join(folder.root, "events", "interrupted.jsonl"));
    mkdirSync(join(folder.root, "events"), { recursive: true });
    await killedPulumi([operation, ...flags], { cwd: folder.project, env: folder.env }, killWhen, timeoutMs);
    await mustRunPulumi(["cancel", "--yes", "--stack", stack], { cwd: folder.project, env: folder.env });
    await exportStack(folder);
}
