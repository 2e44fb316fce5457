// The engine double's command line; `engine --help` prints the usage below.
import * as fs from "fs";
import * as path from "path";
import { runLifecycle } from "./lifecycle";
import { formatDigest, previewDigest } from "./display/digest";
import { diffDisplay } from "./display/run-events";
import { LifecycleResult, Operation, RunOptions } from "./types";

const OPERATIONS: readonly Operation[] = ["preview", "up", "refresh", "destroy"];
/** A secret file larger than this is refused: a key or password is a line, not a document. */
const SECRET_FILE_LIMIT_BYTES = 64 * 1024;

// The exit codes of the Pulumi CLI (pkg/cmd/pulumi/cmd/exit_codes.go, ExitCodeFor) that the double can give.
export const EXIT = { ok: 0, failed: 1, usage: 2, changesNotExpected: 7 } as const;

export const HELP = `usage: engine <preview|up|refresh|destroy> <programDir> [options]
       engine --help | --version

Runs a Pulumi program of dynamic resources without the Pulumi CLI (see test/engine/README.md).

Options:
  --state FILE                    the stack's state (default <programDir>/.pulumi-engine/<stack>.json)
  --stack NAME                    the stack (default dev)
  --config key=value              a config value (repeatable)
  --secret-config-env key=VAR     a secret config value read from environment variable VAR (repeatable)
  --secret-config-file key=FILE   a secret config value read from FILE, one trailing newline dropped,
                                  at most 64 KiB (repeatable)
  --secret-config key=value       a secret config value given on the command line, where ps and npm's
                                  echo of the command show it: prefer the two above
  --parallel N                    at most N steps at once (default 4 x CPUs)
  --refresh                       preview, up: refresh the state from the provider first
  --expect-no-changes             preview, up, refresh: fail (exit 7) when changes are proposed
  --skip-preview                  up: do not preview first
  --target URN                    only this resource is created, updated, refreshed or deleted; others keep
                                  their old state (repeatable)
  --target-dependents             with --target: resources depending on a target are targeted too
  --continue-on-error             up, destroy: a failed step stops only what depends on it; the run still
                                  fails (exit 1)
  --run-program                   refresh, destroy: configure the provider from the current config, and record it
  --clear-pending-creates         refresh: drop the creates an interrupted run left pending
  --import-pending-creates URN ID refresh: that pending create succeeded with this id (repeatable)
  --json                          preview: print what \`pulumi preview --json\` prints (Go's PreviewDigest:
                                  config, steps with old and new state, diagnostics, duration in nanoseconds,
                                  changeSummary), secrets as "[secret]"; up, refresh and destroy refuse it
                                  (the CLI streams engine events there, which the double does not make)
  --diff                          preview, up: print the CLI's diff display (ShowDiffEvents: each step's property
                                  changes, old => new, secrets "[secret]"); refresh and destroy refuse it
  --help, --version

Exit codes:
  0  the run succeeded
  1  the run failed (the error is printed last)
  2  bad arguments
  7  --expect-no-changes was given and changes were proposed
`;

interface Command {
    operation: Operation;
    options: RunOptions;
    /** `preview --json`: print Go's preview digest instead of the plan. */
    json: boolean;
    /** `preview --diff`, `up --diff`: print the CLI's diff display instead of the plan. */
    diff: boolean;
    /** `--expect-no-changes`: a run that proposes changes fails (the CLI's NoChangesExpectedError). */
    expectNoChanges: boolean;
    /** `up --skip-preview`: the update runs without the preview the CLI runs first. */
    skipPreview: boolean;
}
/** @param env where --secret-config-env reads (the process's environment). */
export function parseCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Command {
    const [operation, programDir, ...rest] = argv;
    if (!OPERATIONS.includes(operation as Operation)) {
        throw new Error(`operation: expected one of ${OPERATIONS.join(", ")}, got ${operation ?? "nothing"}`);
    }
    if (!programDir || programDir.startsWith("--")) {
        throw new Error("programDir: required after the operation");
    }
    let stack: string | undefined;
    let stateFile: string | undefined;
    let json = false;
    let diff = false;
    let expectNoChanges = false;
    let skipPreview = false;
    const config: Record<string, string> = {};
    const secretConfig: Record<string, string> = {};
    const choices: Pick<
        RunOptions,
        "parallel" | "refresh" | "runProgram" | "clearPendingCreates" | "importPendingCreates" | "targets" | "targetDependents" | "continueOnError"
    > = {};
    for (let index = 0; index < rest.length; index++) {
        const flag = rest[index];
        const value = () => {
            const next = rest[++index];
            if (next === undefined) {
                throw new Error(`${flag}: a value is required`);
            }
            return next;
        };
        switch (flag) {
            case "--json":
                // pulumi up/refresh/destroy --json stream the engine's events, one JSON object a line
                // (pkg/backend/display/display.go ShowEvents: ShowJSONEvents unless a preview).
                if (operation !== "preview") {
                    throw new Error(
                        `${flag}: only for preview; pulumi ${operation} --json streams the engine's events (ShowJSONEvents), which the engine double does not produce`,
                    );
                }
                json = true;
                break;
            case "--diff":
                if (operation !== "preview" && operation !== "up") {
                    throw new Error(`${flag}: only for preview and up; the engine double does not print ${operation}'s diff display`);
                }
                diff = true;
                break;
            case "--stack":
                stack = value();
                break;
            case "--state":
                stateFile = path.resolve(value());
                break;
            case "--config":
                addPair(config, flag, value());
                break;
            case "--secret-config":
                addPair(secretConfig, flag, value());
                break;
            case "--secret-config-env": {
                const [key, variable] = splitPair(flag, value());
                const found = env[variable];
                if (found === undefined) {
                    throw new Error(`${flag}: environment variable ${variable} is not set`);
                }
                secretConfig[key] = found;
                break;
            }
            case "--secret-config-file": {
                const [key, file] = splitPair(flag, value());
                secretConfig[key] = readSecretFile(flag, file);
                break;
            }
            case "--expect-no-changes":
                expectNoChanges = true;
                break;
            case "--skip-preview":
                skipPreview = true;
                break;
            case "--parallel": {
                const given = value();
                choices.parallel = Number(given);
                if (!Number.isInteger(choices.parallel) || choices.parallel < 1) {
                    throw new Error(`--parallel: expected a whole number of at least 1, got ${given}`);
                }
                break;
            }
            case "--refresh":
                choices.refresh = true;
                break;
            case "--run-program":
                choices.runProgram = true;
                break;
            case "--clear-pending-creates":
                choices.clearPendingCreates = true;
                break;
            case "--import-pending-creates": {
                const urn = value();
                choices.importPendingCreates = { ...choices.importPendingCreates, [urn]: value() };
                break;
            }
            case "--target":
                choices.targets = [...(choices.targets ?? []), value()];
                break;
            case "--target-dependents":
                choices.targetDependents = true;
                break;
            case "--continue-on-error":
                // The CLI has the flag on up and destroy only (operations/up.go, destroy.go).
                if (operation !== "up" && operation !== "destroy") {
                    throw new Error(`${flag}: only for up and destroy`);
                }
                choices.continueOnError = true;
                break;
            default:
                throw new Error(`${flag}: unknown option`);
        }
    }
    const resolvedDir = path.resolve(programDir);
    return {
        operation: operation as Operation,
        json,
        diff,
        expectNoChanges,
        skipPreview,
        options: {
            programDir: resolvedDir,
            stateFile: stateFile ?? path.join(resolvedDir, ".pulumi-engine", `${stack ?? "dev"}.json`),
            stack,
            config,
            secretConfig,
            ...choices,
        },
    };
}

function addPair(target: Record<string, string>, flag: string, pair: string): void {
    const [key, value] = splitPair(flag, pair);
    target[key] = value;
}

function splitPair(flag: string, pair: string): [string, string] {
    const separator = pair.indexOf("=");
    if (separator <= 0) {
        // The value is not echoed: it may be a secret.
        throw new Error(`${flag}: expected key=value`);
    }
    return [pair.slice(0, separator), pair.slice(separator + 1)];
}

function readSecretFile(flag: string, file: string): string {
    let size: number;
    try {
        size = fs.statSync(file).size;
    } catch {
        throw new Error(`${flag}: cannot read ${file}`);
    }
    if (size > SECRET_FILE_LIMIT_BYTES) {
        throw new Error(`${flag}: ${file} is larger than ${SECRET_FILE_LIMIT_BYTES} bytes`);
    }
    return fs.readFileSync(file, "utf8").replace(/\r?\n$/, "");
}

/** The version of the package the double ships in. */
function packageVersion(): string {
    for (let dir = __dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
        const manifest = path.join(dir, "package.json");
        if (fs.existsSync(manifest)) {
            const { name, version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string; version?: string };
            if (name === "pulumi-shortener" && version) {
                return version;
            }
        }
    }
    return "unknown";
}

/**
 * Changes as the CLI counts them for --expect-no-changes (pkg/engine/update.go, HasChanges): every step but same and
 * read.
 */
export function hasChanges(result: LifecycleResult): boolean {
    return result.steps.some((step) => step.op !== "same" && step.op !== "read");
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
    if (command.operation === "up" && !command.skipPreview) {
        // The CLI's up previews first and stops on the preview's errors before any step runs (operations/up.go).
        const preview = await timedRun("preview", command.options);
        if (!preview.result.ok || (command.expectNoChanges && hasChanges(preview.result))) {
            return finish(preview.result, command, preview.durationNanoseconds);
        }
        if (command.diff) print(preview.result, command, preview.durationNanoseconds);
        else process.stdout.write(preview.result.log + "\n");
    }
    const run = await timedRun(command.operation, command.options);
    return finish(run.result, command, run.durationNanoseconds);
}

/** A run and how long it took, as the summary event's duration (time.Duration, nanoseconds). */
async function timedRun(operation: Operation, options: RunOptions): Promise<{ result: LifecycleResult; durationNanoseconds: number }> {
    const started = process.hrtime.bigint();
    const result = await runLifecycle(operation, options);
    return { result, durationNanoseconds: Number(process.hrtime.bigint() - started) };
}

if (require.main === module) {
    void main(process.argv.slice(2)).then((code) => {
        process.exitCode = code;
    });
}
