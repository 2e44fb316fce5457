// Every process the engine starts (provider host, program) is stopped before a run resolves; this
// registry also stops them if the engine process itself exits first (a test timeout, a crash).
import { ChildProcess } from "child_process";
import * as path from "path";

const running = new Set<ChildProcess>();

process.on("exit", () => {
    for (const child of running) {
        child.kill("SIGKILL");
    }
});

export function track(child: ChildProcess): ChildProcess {
    running.add(child);
    child.once("exit", () => running.delete(child));
    return child;
}

export function hasExited(child: ChildProcess): boolean {
    return child.exitCode !== null || child.signalCode !== null;
}

export function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
    if (hasExited(child)) {
        return Promise.resolve();
    }
    return new Promise((resolve) => {
        const forceKill = setTimeout(() => child.kill("SIGKILL"), graceMs);
        child.once("exit", () => {
            clearTimeout(forceKill);
            resolve();
        });
        child.kill("SIGTERM");
    });
}

/** Resolves with the first line the child prints on stdout; rejects if it exits before printing one. */
export function firstStdoutLine(child: ChildProcess, describe: () => string): Promise<string> {
    return new Promise((resolve, reject) => {
        let buffered = "";
        const onData = (chunk: Buffer) => {
            buffered += chunk.toString("utf8");
            const newline = buffered.indexOf("\n");
            if (newline >= 0) {
                cleanup();
                resolve(buffered.slice(0, newline).trim());
            }
        };
        const onExit = (code: number | null, signal: string | null) => {
            cleanup();
            reject(new Error(`${describe()} exited (${signal ?? `code ${code}`}) before it was ready`));
        };
        const cleanup = () => {
            child.stdout?.off("data", onData);
            child.off("exit", onExit);
        };
        child.stdout?.on("data", onData);
        child.once("exit", onExit);
    });
}

export interface NodeScript {
    script: string;
    execArgv: string[];
    env: Record<string, string>;
}

/**
 * A script beside `callerFile` with the same extension. When the engine runs from its TypeScript
 * sources (ts-node), the script does too, compiled with this repository's settings rather than with
 * whatever ts-node would find from the child's working directory.
 */
export function siblingScript(callerFile: string, baseName: string): NodeScript {
    const script = path.join(path.dirname(callerFile), `${baseName}${path.extname(callerFile)}`);
    if (!script.endsWith(".ts")) {
        return { script, execArgv: [], env: {} };
    }
    return {
        script,
        execArgv: ["-r", require.resolve("ts-node/register/transpile-only")],
        env: { TS_NODE_PROJECT: path.resolve(__dirname, "..", "tsconfig.json") },
    };
}
