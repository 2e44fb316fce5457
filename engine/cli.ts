// The engine double's command line; `engine --help` prints the usage below.
import * as path from "path";
import { runLifecycle } from "./lifecycle";
import { formatDigest, previewDigest } from "./display/digest";
import { diffDisplay } from "./display/run-events";
import { shownSteps } from "./state/default-provider";
import { CommandFields, defaultStateFile, EXIT, OPERATIONS, Operation, optionsHelp, readOptions } from "./options";
import { stateCommand } from "./state-command";
import { LifecycleResult, RunOptions } from "./types";

export { EXIT };

export const HELP = `usage: engine <preview|up|refresh|destroy> <programDir> [options]
       engine state <delete|taint|untaint|unprotect> <programDir> [URN...] [options]   (engine state --help)
       engine --help | --version

Runs a Pulumi program of dynamic resources without the Pulumi CLI (see engine/README.md).

Options:
${optionsHelp()}  --help, --version

Exit codes:
  0  the run succeeded
  1  the run failed (the error is printed last)
  2  bad arguments
  7  --expect-no-changes was given and changes were proposed
`;

interface Command extends CommandFields {
    operation: Operation;
    options: RunOptions;
}

/** @param env where --secret-config-env reads (the process's environment). */
export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Command {
    const [operation, programDir, ...rest] = argv;
    if (!OPERATIONS.includes(operation as Operation)) {
        throw new Error(`operation: expected one of ${OPERATIONS.join(", ")}, got ${operation ?? "nothing"}`);
    }
    if (!programDir || programDir.startsWith("-")) {
        throw new Error("programDir: required after the operation");
    }
    const { run, command } = readOptions(operation as Operation, rest, env);
    const resolvedDir = path.resolve(programDir);
    const stateFile = run.stateFile ?? defaultStateFile(resolvedDir, run.stack);
    return { operation: operation as Operation, ...command, options: { ...run, programDir: resolvedDir, stateFile } };
}

/** The version of the package the double ships in, read through the package's public export of its manifest. */
function packageVersion(): string {
    return (require("pulumi-shortener/package.json") as { version: string }).version;
}

/**
 * Changes as the CLI counts them for --expect-no-changes (pkg/engine/update.go, HasChanges): every step but same and
 * read, and but the internal ones.
 */
export function hasChanges(result: LifecycleResult): boolean {
    return shownSteps(result.steps).some((step) => step.op !== "same" && step.op !== "read");
}

/**
 * The plan; with --diff the CLI's diff display (its diagnostics on stderr); with --json the digest `pulumi preview --json`
 * prints (its error, as the CLI's, on stderr).
 */
function print(result: LifecycleResult, command: Command, durationNanoseconds: number): void {
    if (command.diff) {
        const printed = diffDisplay(result, durationNanoseconds, Object.values(command.options.secretConfig ?? {}));
        process.stdout.write(printed.stdout);
        process.stderr.write(printed.stderr);
        return;
    }
    if (!command.json) {
        process.stdout.write(result.log);
        return;
    }
    process.stdout.write(formatDigest(previewDigest(result, durationNanoseconds)));
    if (result.error !== undefined) {
        process.stderr.write(`error: ${result.error}\n`);
    }
}

/** Prints the run and answers its exit code; with --expect-no-changes, changes fail it (NoChangesExpectedError). */
function finish(result: LifecycleResult, command: Command, durationNanoseconds: number): number {
    print(result, command, durationNanoseconds);
    if (!result.ok) {
        return EXIT.failed;
    }
    if (command.expectNoChanges && hasChanges(result)) {
        const operation = result.operation === "up" ? "update" : result.operation;
        process.stderr.write(`error: no changes were expected for ${operation} but changes were proposed\n`);
        return EXIT.changesNotExpected;
    }
    return EXIT.ok;
}

async function main(argv: readonly string[]): Promise<number> {
    if (argv[0] === "state") {
        return stateCommand(argv.slice(1));
    }
    if (argv.includes("--help") || argv.includes("-h")) {
        process.stdout.write(HELP);
        return EXIT.ok;
    }
    if (argv.includes("--version")) {
        process.stdout.write(`${packageVersion()}\n`);
        return EXIT.ok;
    }
    let command: Command;
    try {
        command = parseCommand(argv);
    } catch (error) {
        process.stderr.write(`engine: ${(error as Error).message} (engine --help for usage)\n`);
        return EXIT.usage;
    }
    if ((command.operation === "up" || command.operation === "refresh") && !command.skipPreview) {
        // The CLI's up and refresh preview first (a refresh's preview reads every resource too) and stop on the
        // preview's errors before any step runs; changes the preview shows do not stop them under --expect-no-changes:
        // the run is applied and then exits 7 (operations/up.go, refresh.go; backend/apply.go
        // PreviewThenPromptThenExecute).
        const preview =
            command.operation === "up"
                ? await timedRun("preview", command.options)
                : await timedRun("refresh", { ...command.options, previewOnly: true });
        if (!preview.result.ok) {
            return finish(preview.result, command, preview.durationNanoseconds);
        }
        if (command.diff) print(preview.result, command, preview.durationNanoseconds);
        else process.stdout.write(preview.result.log + "\n");
    }
    const run = await timedRun(command.operation, command.options);
    return finish(run.result, command, run.durationNanoseconds);
}

/** A run and how long it took, as the summary event's duration (time.Duration, nanoseconds). */
async function timedRun(
    operation: Operation,
    options: RunOptions,
): Promise<{ result: LifecycleResult; durationNanoseconds: number }> {
    const started = process.hrtime.bigint();
    const result = await runLifecycle(operation, options);
    return { result, durationNanoseconds: Number(process.hrtime.bigint() - started) };
}

/**
 * An interrupt is refused out loud: Go's first interrupt cancels the run, letting the steps in flight finish, starting
 * none and writing the state (backend/cancellation_scope.go cancellationScopeSource.NewScope, deployment_executor.go
 * Execute). The double does not follow it: it stops at once, saying so (its provider and language hosts are ended as
 * the process exits).
 */
export const INTERRUPT_REFUSAL =
    "an interrupt stops the run at once: cancelling it (steps in flight finish, none starts, the state is written) is not followed " +
    "by the engine double (backend/cancellation_scope.go cancellationScopeSource.NewScope, deployment_executor.go Execute)";

if (require.main === module) {
    process.once("SIGINT", () => {
        process.stderr.write(`error: ${INTERRUPT_REFUSAL}\n`);
        process.exit(EXIT.failed);
    });
    void main(process.argv.slice(2)).then((code) => {
        process.exitCode = code;
    });
}
