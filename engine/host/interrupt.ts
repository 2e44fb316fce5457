// Test support: a run of the engine double's command line in a process group of its own (the engine, its provider
// host and its program), interrupted once a condition holds: killed with SIGKILL, as when a machine or CI job dies
// mid-run, or sent SIGINT, as a user's Ctrl-C reaches the command line.
import { ChildProcess, spawn } from "child_process";
import * as path from "path";
import { siblingScript } from "./child-processes";

/** The most of the command line's stderr an interrupted run keeps. */
const STDERR_LIMIT = 64 * 1024;

export async function interruptedRun(
    args: readonly string[],
    env: Record<string, string>,
    interruptWhen: () => boolean | Promise<boolean>,
    timeoutMs = 60_000,
): Promise<void> {
    const child = startCli(args, env, "ignore");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
        await waitUntil(child, interruptWhen, timeoutMs);
    } finally {
        killGroup(child);
        await exited;
    }
}

/** The command line's exit code and stderr after it was sent SIGINT once the condition held (it is killed after timeoutMs more). */
export async function signalledRun(
    args: readonly string[],
    env: Record<string, string>,
    interruptWhen: () => boolean | Promise<boolean>,
    timeoutMs = 60_000,
): Promise<{ code: number | null; stderr: string }> {
    const child = startCli(args, env, "pipe");
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(0, STDERR_LIMIT);
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
        await waitUntil(child, interruptWhen, timeoutMs);
        process.kill(child.pid as number, "SIGINT");
        const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), timeoutMs).unref());
        const code = await Promise.race([exited, timer]);
        if (code === "timeout") {
            throw new Error(`the run did not end within ${timeoutMs} ms of its interrupt`);
        }
        return { code, stderr };
    } finally {
        killGroup(child);
        await exited;
    }
}

function startCli(args: readonly string[], env: Record<string, string>, stdio: "ignore" | "pipe"): ChildProcess {
    const cli = siblingScript(path.join(__dirname, "..", path.basename(__filename)), "cli");
    return spawn(process.execPath, [...cli.execArgv, cli.script, ...args], {
        env: { ...process.env, ...cli.env, ...env },
        detached: true,
        stdio: ["ignore", "ignore", stdio],
    });
}

/** Waits, polling every 50 ms for at most timeoutMs, until the condition holds; fails if the run ends first. */
async function waitUntil(
    child: ChildProcess,
    interruptWhen: () => boolean | Promise<boolean>,
    timeoutMs: number,
): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await interruptWhen())) {
        if (child.exitCode !== null) {
            throw new Error(`the run ended (exit code ${child.exitCode}) before the moment to interrupt it`);
        }
        if (Date.now() > deadline) {
            throw new Error(`the moment to interrupt the run did not come within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
}

function killGroup(child: ChildProcess): void {
    try {
        process.kill(-(child.pid as number), "SIGKILL");
    } catch {
        // The group is already gone.
    }
}
