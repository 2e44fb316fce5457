// A GitHub workflow's commands as its runner runs them, in a copy of the example: each run step's script in bash, with
// the pinned Pulumi CLI first on PATH as pulumi/actions puts it there, on a file backend in the copy instead of Pulumi
// Cloud (the steps name their stack by `$STACK`, which the test gives).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { cliEnvironment } from "../../tools/pulumi/install";
import { runCommand, type Finished } from "../support/commands";
import { CLI_RUN_TIMEOUT_MS, mustRunPulumi, pulumiCli, type PulumiRun } from "../support/pulumi";

/**
 * The environment of a copy's workflow steps: its own backend (made here) and Pulumi home, and what the workflow's
 * secrets give.
 */
export function workflowEnvironment(project: string, secrets: Record<string, string>): Record<string, string> {
    const backend = join(project, ".pulumi-backend");
    mkdirSync(backend, { recursive: true });
    return {
        PULUMI_BACKEND_URL: `file://${backend}`,
        PULUMI_HOME: join(project, ".pulumi-home"),
        ...secrets,
    };
}

/** Runs one run step's script in bash in the project, as the runner does; what it printed and its exit code. */
export async function runInShell(script: string, run: PulumiRun): Promise<Finished> {
    const cli = await pulumiCli();
    return runCommand("bash", ["-c", script], {
        cwd: run.cwd,
        env: cliEnvironment(cli, { ...process.env, ...run.env }),
        timeoutMs: run.timeoutMs ?? CLI_RUN_TIMEOUT_MS,
    });
}

/** Creates the stack, which the workflows find made. */
export async function initStack(stack: string, run: PulumiRun): Promise<void> {
    await mustRunPulumi(["stack", "init", stack, "--non-interactive"], run);
}

/** Creates the stack and deploys it, as the deploy workflow's `pulumi/actions` step does with `command: up`. */
export async function deployStack(stack: string, run: PulumiRun): Promise<void> {
    await initStack(stack, run);
    await mustRunPulumi(["up", "--stack", stack, "--yes", "--non-interactive"], run);
}
