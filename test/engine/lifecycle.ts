// One run of preview / up / refresh / destroy: reads the project, config and state, starts the
// provider host (and, for preview and up, the program), sequences the steps, and stops every process
// it started before it resolves.
import { Deployment, stackOutputsOf } from "./deployment";
import { displayProperties } from "./display-values";
import { formatResult } from "./format";
import { LiveState } from "./live-state";
import { ProgramRun, startProgram } from "./program-process";
import { Project, StackConfig, readProject, resolveStackConfig } from "./project";
import { ProviderHost, startProviderHost } from "./provider-host";
import { refreshResources } from "./refresh";
import { openState } from "./state-file";
import { StepContext, deleteResources, errorMessage } from "./steps";
import { LifecycleResult, Operation, RunOptions, StepResult } from "./types";

const DEFAULT_STACK = "dev";

interface Run {
    operation: Operation;
    project: Project;
    stack: string;
    config: StackConfig;
    env: NodeJS.ProcessEnv;
    /** The host is started while the program starts, each takes a second or so to load pulumi. */
    host: Promise<ProviderHost>;
    context: (host: ProviderHost) => StepContext;
    diagnostics: string[];
}

export async function runLifecycle(operation: Operation, options: RunOptions): Promise<LifecycleResult> {
    const steps: StepResult[] = [];
    const diagnostics: string[] = [];
    let state: LiveState | undefined;
    let error: string | undefined;
    let host: Promise<ProviderHost> | undefined;
    try {
        const project = readProject(options.programDir);
        const stack = options.stack ?? DEFAULT_STACK;
        const config = resolveStackConfig(project, stack, options);
        diagnostics.push(...config.warnings);
        const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
        const identity = { project: project.name, stack, passphrase: env.PULUMI_CONFIG_PASSPHRASE ?? "" };
        const live = new LiveState(options.stateFile, identity, openState(options.stateFile, identity), operation !== "preview");
        state = live;
        host = configuredHost(project, stack, config, env);
        // Whoever awaits the host sees its failure; this keeps it from counting as unhandled meanwhile.
        host.catch(() => undefined);
        const context = (ready: ProviderHost): StepContext => ({ host: ready, state: live, preview: operation === "preview", steps });
        await perform({ operation, project, stack, config, env, host, context, diagnostics });
    } catch (failure) {
        error = errorMessage(failure);
    } finally {
        const started = await host?.catch(() => undefined);
        await started?.stop();
        // What the provider printed (e.g. why it waits, what a delete leaves behind), as the CLI shows a plugin's
        // messages; stack frames of errors already reported are left out.
        diagnostics.push(...outputLines(started?.output ?? []).filter((line) => !/^\s+at /.test(line)).map((line) => `provider: ${line}`));
    }
    const stackOutputs = state && operation !== "destroy" ? stackOutputsOf(state.resources) : { outputs: {}, secretKeys: [] };
    const result: Omit<LifecycleResult, "log"> = {
        operation,
        stack: options.stack ?? DEFAULT_STACK,
        ok: error === undefined,
        steps,
        summary: summarize(steps),
        outputs: displayProperties(stackOutputs.outputs, stackOutputs.secretKeys),
        ...(error !== undefined ? { error } : {}),
        ...(diagnostics.length > 0 ? { diagnostics } : {}),
    };
    return { ...result, log: formatResult({ ...result, log: "" }) };
}

async function configuredHost(project: Project, stack: string, config: StackConfig, env: NodeJS.ProcessEnv): Promise<ProviderHost> {
    const host = await startProviderHost(project.programDir, { ...env, PULUMI_NODEJS_PROJECT: project.name, PULUMI_NODEJS_STACK: stack });
    try {
        await host.configure(config.values, config.secretKeys);
        return host;
    } catch (error) {
        await host.stop();
        throw error;
    }
}

async function perform(run: Run): Promise<void> {
    switch (run.operation) {
        case "preview":
        case "up":
            return deploy(run);
        case "refresh":
            return refreshResources(run.context(await run.host));
        case "destroy": {
            const context = run.context(await run.host);
            return deleteResources(context, context.state.resources);
        }
    }
}

async function deploy(run: Run): Promise<void> {
    const target = { project: run.project.name, stack: run.stack };
    const deploying = run.host.then((host) => new Deployment(run.context(host), target));
    deploying.catch(() => undefined);
    let program: ProgramRun | undefined;
    let programFailure: Error | undefined;
    let deployment: Deployment;
    try {
        program = startProgram(
            {
                programDir: run.project.programDir,
                entry: run.project.entry,
                project: run.project.name,
                stack: run.stack,
                preview: run.operation === "preview",
            },
            {
                ...run.env,
                PULUMI_CONFIG: JSON.stringify(run.config.values),
                PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(run.config.secretKeys),
            },
            {
                register: async (request) => (await deploying).register(request),
                registerOutputs: (urn, outputs) => void deploying.then((ready) => ready.registerOutputs(urn, outputs)),
            },
        );
        deployment = await deploying;
        await Promise.race([
            program.completion.catch((failure: Error) => {
                programFailure = failure;
            }),
            deployment.failed,
        ]);
        // Steps already running finish and are recorded before anything stops.
        await deployment.idle();
    } finally {
        await program?.stop();
        run.diagnostics.push(...outputLines(program?.output ?? []));
    }
    if (deployment.error) {
        throw deployment.error;
    }
    if (programFailure) {
        const [summary, ...trace] = programFailure.message.split("\n");
        run.diagnostics.push(...trace.map((line) => line.trim()));
        throw new Error(`the program failed: ${summary}`);
    }
    await deployment.deleteLeftovers();
    if (deployment.error) {
        throw deployment.error;
    }
}

function outputLines(chunks: string[]): string[] {
    return chunks.join("").split("\n").filter((line) => line.trim() !== "");
}

const SUMMARY_ORDER = ["create", "update", "replace", "delete", "refresh", "read-gone", "read", "same", "failed"];

function summarize(steps: StepResult[]): Record<string, number> {
    const summary: Record<string, number> = {};
    for (const key of SUMMARY_ORDER) {
        const count = steps.filter((step) => (step.error ? "failed" : step.op) === key).length;
        if (count > 0) {
            summary[key] = count;
        }
    }
    return summary;
}
