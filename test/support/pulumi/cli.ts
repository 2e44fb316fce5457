// The real Pulumi CLI for the tests: the pinned version (tools/pulumi), built once per machine, run as a child
// process that is killed when it outlives its bound or when the test process exits.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cliEnvironment, ensurePulumiCli, type PulumiCli } from "../../../tools/pulumi/install";
import { runCommand, type Finished } from "../commands";

/** A lifecycle of thousands of resources against a paced service takes minutes; a hung one is stopped here. */
export const CLI_RUN_TIMEOUT_MS = 20 * 60_000;

let cli: Promise<PulumiCli> | undefined;

/** The CLI, built on the first call of the process if this machine has none (the build prints its progress). */
export function pulumiCli(): Promise<PulumiCli> {
    cli ??= ensurePulumiCli((line) => process.stderr.write(`${line}\n`));
    return cli;
}

export interface PulumiRun {
    cwd: string;
    /** The run's environment over the caller's: backend, passphrase, and what the provider host and program get. */
    env: Record<string, string>;
    timeoutMs?: number;
    /** Written to the CLI's standard input: how a secret config value is given without a command line. */
    input?: string;
}

/** Runs `pulumi <args>` in the offline environment (cliEnvironment), with colour off. */
export async function runPulumi(args: readonly string[], run: PulumiRun): Promise<Finished> {
    const found = await pulumiCli();
    return runCommand(found.bin, [...args, "--color", "never"], {
        cwd: run.cwd,
        env: cliEnvironment(found, { ...process.env, ...run.env }),
        timeoutMs: run.timeoutMs ?? CLI_RUN_TIMEOUT_MS,
        input: run.input,
    });
}

/** Runs `pulumi <args>` and fails with what it printed when it does not exit 0. */
export async function mustRunPulumi(args: readonly string[], run: PulumiRun): Promise<Finished> {
    const finished = await runPulumi(args, run);
    if (finished.code !== 0) {
        throw new Error(
            `pulumi ${args.slice(0, 2).join(" ")} exited with ${finished.code}:\n${finished.stdout}\n${finished.stderr}`,
        );
    }
    return finished;
}

/** How often a run to be killed checks its condition. */
const KILL_POLL_MS = 100;

/**
 * Runs `pulumi <args>` and kills it with everything it started (the language host, the program and the provider host)
 * with SIGKILL once `killWhen` holds, as a machine that dies mid-run would. Fails when
 * the CLI exits before, or when `killWhen` does not hold within timeoutMs.
 */
export async function killedPulumi(
    args: readonly string[],
    run: PulumiRun,
    killWhen: () => boolean | Promise<boolean>,
    timeoutMs = 120_000,
): Promise<void> {
    const found = await pulumiCli();
    const child = spawn(found.bin, [...args, "--color", "never"], {
        cwd: run.cwd,
        env: cliEnvironment(found, { ...process.env, ...run.env }),
        stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    let code: number | null | undefined;
    void exited.then((exitCode) => (code = exitCode));
    try {
        const deadline = Date.now() + timeoutMs;
        while (!(await killWhen())) {
            if (code !== undefined) throw new Error(`pulumi ${args[0]} exited (${code}) before it was to be killed`);
            if (Date.now() > deadline)
                throw new Error(`pulumi ${args[0]}: the kill condition did not hold in ${timeoutMs} ms`);
            await new Promise((resolve) => setTimeout(resolve, KILL_POLL_MS));
        }
    } finally {
        if (code === undefined && child.pid) killTree(child.pid);
        await exited;
    }
}

/**
 * SIGKILLs a process and everything it started. The CLI starts each plugin in a process group of its own, so killing
 * the CLI's group leaves the language host and the provider host behind: the tree is read from /proc first.
 */
function killTree(root: number): void {
    const children = new Map<number, number[]>();
    for (const entry of readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        try {
            // The parent's pid is the 2nd field after the command, which is in parentheses and may hold spaces.
            const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
            const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
            children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
        } catch {
            // gone meanwhile
        }
    }
    const tree = [root];
    for (let at = 0; at < tree.length; at++) tree.push(...(children.get(tree[at]) ?? []));
    for (const pid of tree) {
        try {
            process.kill(pid, "SIGKILL");
        } catch {
            // already gone
        }
    }
}
