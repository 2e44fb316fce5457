// Test support: a run of the engine double's command line in a process group of its own (the engine, its provider
// host and its program), killed with SIGKILL once a condition holds, as when a machine or CI job dies mid-run.
import { spawn } from "child_process";
import * as path from "path";
import { siblingScript } from "./child-processes";

export async function interruptedRun(
    args: readonly string[],
    env: Record<string, string>,
    interruptWhen: () => boolean | Promise<boolean>,
    timeoutMs = 60_000,
): Promise<void> {
    const cli = siblingScript(path.join(__dirname, "..", path.basename(__filename)), "cli");
    const child = spawn(process.execPath, [...cli.execArgv, cli.script, ...args], {
        env: { ...process.env, ...cli.env, ...env },
        detached: true,
        stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
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
    } finally {
        try {
            process.kill(-(child.pid as number), "SIGKILL");
        } catch {
            // The group is already gone.
        }
        await exited;
    }
}
