// Starts the Pulumi program in a child process per run, as pulumi-language-nodejs starts it (language-host.ts), and
// serves its gRPC calls (resource-monitor.ts). The program has finished when it says so (SignalAndWaitForShutdown) or
// exits; it fails when it exits otherwise, as the language host reports it (execRuntime).
import { spawn } from "child_process";
import { hasExited, stopChild, track } from "./child-processes";
import { ORGANIZATION, ProgramLaunch, programCommand } from "./language-host";
import { DeploymentInfo, ResourceMonitor } from "./resource-monitor";
import { ProgramHandlers } from "./protocol";

export type { ProgramHandlers };

export interface ProgramRun {
    readonly pid: number;
    /** Resolves when the program has finished; rejects with the program's own failure. */
    readonly completion: Promise<void>;
    /** What the program printed (console output, pulumi log messages). */
    readonly output: string[];
    /** Lets the program exit (its wait for shutdown ends), then stops it and the monitor. */
    stop(): Promise<void>;
}

export class ProgramError extends Error {}

/** The exit code with which cmd/run says it has already logged why it failed (nodeJSProcessExitedAfterShowingUserActionableMessage). */
const EXIT_AFTER_LOGGED_ERROR = 32;
/** How long a program may take to exit once its wait for shutdown has ended, before it is stopped (Go's cmd.WaitDelay). */
const EXIT_GRACE_MS = 5000;

export type ProgramSettings = Omit<ProgramLaunch, "monitor"> & Pick<DeploymentInfo, "providerRef" | "continueOnError">;

export async function startProgram(
    settings: ProgramSettings,
    env: NodeJS.ProcessEnv,
    handlers: ProgramHandlers,
): Promise<ProgramRun> {
    const output: string[] = [];
    const monitor = await ResourceMonitor.start(deploymentInfo(settings), handlers, (text) => output.push(text));
    let command;
    try {
        command = programCommand({ ...settings, monitor: monitor.address });
    } catch (error) {
        await monitor.stop();
        throw error;
    }
    const child = track(
        spawn(process.execPath, command.args, {
            cwd: command.cwd,
            env: { ...env, ...command.env },
            stdio: ["ignore", "pipe", "pipe"],
        }),
    );
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const completion = new Promise<void>((resolve, reject) => {
        const finish = () => (monitor.refusal ? reject(new ProgramError(monitor.refusal.message)) : resolve());
        void monitor.shutdownSignalled.then(finish);
        child.once("error", (error) =>
            reject(new ProgramError(`Problem executing program (could not run language executor): ${error.message}`)),
        );
        child.once("exit", (code, signal) =>
            code === 0 ? finish() : reject(new ProgramError(failureOf(monitor, code, signal))),
        );
    });
    // Whoever awaits completion sees the failure; this keeps an early one from counting as unhandled.
    completion.catch(() => undefined);
    return {
        pid: child.pid ?? -1,
        completion,
        output,
        stop: async () => {
            monitor.cancel();
            if (!hasExited(child)) {
                await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, EXIT_GRACE_MS).unref())]);
                await stopChild(child);
            }
            await monitor.stop();
        },
    };
}

function deploymentInfo(settings: ProgramSettings): DeploymentInfo {
    return {
        project: settings.project.name,
        stack: settings.stack,
        organization: ORGANIZATION,
        config: settings.config,
        configSecretKeys: [...settings.secretKeys],
        dryRun: settings.dryRun,
        parallel: settings.parallel,
        providerRef: settings.providerRef,
        continueOnError: settings.continueOnError,
        projectRoot: settings.project.programDir,
    };
}

/**
 * Why the program failed, in one line: what the double refused, else the first error the program logged (cmd/run logs
 * an unhandled error, its stack already printed, and exits 32), else the language host's own words for the exit.
 */
function failureOf(monitor: ResourceMonitor, code: number | null, signal: NodeJS.Signals | null): string {
    if (monitor.refusal) return monitor.refusal.message;
    const [logged] = monitor.loggedErrors;
    if (logged !== undefined) return withoutStack(logged);
    if (signal) return `the program exited (${signal}) before it finished`;
    return code === EXIT_AFTER_LOGGED_ERROR ? "run bailed" : `Program exited with non-zero exit code: ${code}`;
}

/** An error's message lines before its stack frames, as one line. */
function withoutStack(message: string): string {
    const lines = message.split("\n");
    const frame = lines.findIndex((line) => /^\s+at /.test(line));
    return lines
        .slice(0, frame < 0 ? undefined : frame)
        .map((line) => line.trim())
        .filter((line) => line !== "")
        .join(" ");
}
