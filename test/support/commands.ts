// Runs a command as a user would in a shell, capturing its output. A command that outlives its time limit is
// killed, and so is any still running when the test process exits, so no test leaves one behind.
import { spawn, type ChildProcess } from "node:child_process";

export interface Finished {
    /** The exit code, or null when the command was killed. */
    code: number | null;
    stdout: string;
    stderr: string;
}

export interface CommandOptions {
    cwd: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    /** Written to the command's standard input, which is then closed (a secret stays off the command line). */
    input?: string;
}

const DEFAULT_TIMEOUT_MS = 120_000;
/** How long a command has between SIGTERM and SIGKILL. */
const STOP_GRACE_MS = 3000;

const running = new Set<ChildProcess>();
process.on("exit", () => {
    for (const child of running) child.kill("SIGKILL");
});

/** Has `child` killed with the test process, as every command runCommand starts is; for a child a test spawns itself. */
export function track(child: ChildProcess): ChildProcess {
    running.add(child);
    child.once("exit", () => running.delete(child));
    return child;
}

/** Kills a command that is still running: SIGTERM, then SIGKILL after a grace. */
export function stopChild(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
        const forceKill = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
        child.once("exit", () => {
            clearTimeout(forceKill);
            resolve();
        });
        child.kill("SIGTERM");
    });
}

export async function runCommand(command: string, args: readonly string[], options: CommandOptions): Promise<Finished> {
    const child = track(
        spawn(command, args, {
            cwd: options.cwd,
            env: { ...process.env, ...options.env },
            stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        }),
    );
    child.stdin?.end(options.input);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => void stopChild(child), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    try {
        const code = await new Promise<number | null>((resolve, reject) => {
            child.once("error", reject);
            child.once("close", (exitCode) => resolve(exitCode));
        });
        return { code, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") };
    } finally {
        clearTimeout(timer);
    }
}

/** Runs the command and fails with its own output when it does not exit 0. */
export async function mustRun(command: string, args: readonly string[], options: CommandOptions): Promise<Finished> {
    const finished = await runCommand(command, args, options);
    if (finished.code !== 0) {
        throw new Error(
            `${command} ${args.join(" ")} exited with ${finished.code}:\n${finished.stdout}\n${finished.stderr}`,
        );
    }
    return finished;
}
