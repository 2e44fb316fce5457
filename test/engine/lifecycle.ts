// One run of preview / up / refresh / destroy: reads the project, config and state, starts the
// provider host (and, for preview and up, the program), sequences the steps, and stops every process
// it started before it resolves. preview and up configure the provider with the current config; refresh,
// destroy and the refresh phase of `up --refresh` with the config recorded in the state's default provider.
import { Deployment, stackOutputsOf } from "./steps/deployment";
import { configOf, defaultProviderUrn, providerState, recordedProvider, shownSteps, usesDefaultProvider } from "./state/default-provider";
import { StepSlots, defaultParallel } from "./steps/step-slots";
import { Targets, UrnTargets, protectedExcludes } from "./steps/targets";
import { SECRET_MARK, displayProperties, shownProperties } from "./values/display-values";
import { formatResult } from "./format";
import { LiveState, skipsCheckpoints } from "./state/live-state";
import { ProgramRun, startProgram } from "./host/program-process";
import { Project, StackConfig, checkProgramInstalled, readProject, resolveStackConfig } from "./state/project";
import { ProviderHost, providerHostEnv, startProviderHost } from "./host/provider-host";
import { refreshResources } from "./steps/refresh";
import { ResourceState, openState } from "./state/state-file";
import { UNKNOWN } from "./values/property-values";
import { StepContext, deleteResources, errorMessage } from "./steps/steps";
import { DEFAULT_STACK } from "./options";
import { LifecycleResult, Operation, RunOptions, StepResult } from "./types";

interface Run {
    operation: Operation;
    options: RunOptions;
    project: Project;
    stack: string;
    config: StackConfig;
    env: NodeJS.ProcessEnv;
    state: LiveState;
    /** The host is started while the program starts, each takes a second or so to load pulumi. */
    host: Promise<ProviderHost>;
    /** Starts another host configured with this config (the refresh phase of `up --refresh`). */
    startHost(config: StackConfig): Promise<ProviderHost>;
    context: (host: ProviderHost) => StepContext;
    diagnostics: string[];
    /** The default provider the program's resources use, with the current config. */
    defaultProvider: ResourceState;
    /** Its reference ("urn::id"), as the engine gives it to the program's resources. */
    providerRef: string;
}

export async function runLifecycle(operation: Operation, options: RunOptions): Promise<LifecycleResult> {
    // A preview, or the preview of a refresh: what it finds feeds the plan only, and nothing is written.
    const dryRun = operation === "preview" || (operation === "refresh" && options.previewOnly === true);
    const steps: StepResult[] = [];
    const diagnostics: string[] = [];
    let state: LiveState | undefined;
    let error: string | undefined;
    let shownConfig: Record<string, string> | undefined;
    const hosts: Promise<ProviderHost>[] = [];
    try {
        const project = readProject(options.programDir);
        if (operation === "preview" || operation === "up") {
            checkProgramInstalled(project);
        }
        const stack = options.stack ?? DEFAULT_STACK;
        const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
        const config = resolveStackConfig(project, stack, options, env.PULUMI_CONFIG_PASSPHRASE ?? "");
        diagnostics.push(...config.warnings);
        shownConfig = blindedConfig(config);
        const identity = { project: project.name, stack, passphrase: env.PULUMI_CONFIG_PASSPHRASE ?? "" };
        const checkpoints = dryRun ? "none" : skipsCheckpoints(env) ? "at-end" : "coalesced";
        const live = new LiveState(options.stateFile, identity, openState(options.stateFile, identity), checkpoints);
        state = live;
        const slots = new StepSlots(options.parallel ?? defaultParallel());
        const providerUrn = defaultProviderUrn(project.name, stack);
        const recorded = recordedDefaultProvider(live, providerUrn, config);
        // refresh and destroy run without the program, so the provider is the one recorded, unless --run-program
        // registers it again with the current config.
        const withoutProgram = operation === "refresh" || operation === "destroy";
        const hostConfig = withoutProgram && !options.runProgram && recorded ? configOf(recorded) : config;
        warnOfPendingOperations(operation, options, live, diagnostics);
        if (!dryRun) {
            live.dropInterruptedOperations();
        }
        const startHost = (withConfig: StackConfig) => {
            const started = configuredHost(project, withConfig, env);
            // Whoever awaits the host sees its failure; this keeps it from counting as unhandled meanwhile.
            started.catch(() => undefined);
            hosts.push(started);
            return started;
        };
        // The refresh phase of `up --refresh` and `preview --refresh` reads with the provider as recorded.
        const refreshFirst = (operation === "up" || operation === "preview") && options.refresh === true;
        const host = startHost(refreshFirst && recorded ? configOf(recorded) : hostConfig);
        // The provider the program's resources use: the recorded one with the current config, or a new one (whose id a
        // preview does not know yet, as the engine's registry answers UnknownID in a preview).
        const defaultProvider = providerState(providerUrn, config, recorded);
        const providerRef = `${providerUrn}::${recorded || operation !== "preview" ? defaultProvider.id : UNKNOWN}`;
        const refreshed = new Map<string, StepResult>();
        const context = (ready: ProviderHost): StepContext => ({
            host: ready,
            state: live,
            preview: dryRun,
            steps,
            slots,
            targets: targetsOf(options, live),
            replaceTargets: replaceTargetsOf(options),
            continueOnError: options.continueOnError === true,
            warn: (message) => diagnostics.push(`warning: ${message}`),
            info: (message) => diagnostics.push(message),
            providerRef,
            refreshed,
        });
        await perform({ operation, options, project, stack, config, env, state: live, host, startHost, context, diagnostics, defaultProvider, providerRef });
    } catch (failure) {
        error = errorMessage(failure);
    } finally {
        for (const starting of hosts) {
            const started = await starting.catch(() => undefined);
            await started?.stop();
            // What the provider printed (e.g. why it waits, what a delete leaves behind), as the CLI shows a plugin's
            // messages; stack frames of errors already reported are left out.
            diagnostics.push(
                ...outputLines(started?.output ?? [])
                    .filter((line) => !/^\s+at /.test(line) && !restatesReportedError(line, steps))
                    .map((line) => `provider: ${line}`),
            );
        }
    }
    try {
        state?.flush();
    } catch (failure) {
        error ??= errorMessage(failure);
    }
    const stackOutputs = state && operation !== "destroy" ? stackOutputsOf(state.resources) : {};
    const result: Omit<LifecycleResult, "log"> = {
        operation,
        ...(dryRun && operation === "refresh" ? { previewOnly: true } : {}),
        stack: options.stack ?? DEFAULT_STACK,
        ok: error === undefined,
        steps,
        summary: summarize(shownSteps(steps)),
        outputs: displayProperties(stackOutputs),
        stackOutputs: shownProperties(stackOutputs),
        ...(error !== undefined ? { error } : {}),
        ...(diagnostics.length > 0 ? { diagnostics } : {}),
        ...(shownConfig ? { config: shownConfig } : {}),
    };
    return { ...result, log: formatResult({ ...result, log: "" }) };
}

/**
 * The default provider recorded in the state. A state written before the engine double recorded it gets one made from
 * the current config, as the engine's addDefaultProviders does for snapshots whose resources name no provider.
 */
function recordedDefaultProvider(state: LiveState, urn: string, config: StackConfig) {
    const recorded = recordedProvider(state.resources, urn);
    if (recorded || !state.resources.some(usesDefaultProvider)) {
        return recorded;
    }
    const migrated = providerState(urn, config);
    state.prepend(migrated);
    return migrated;
}

/**
 * The run's targets and excludes: `--target-replace` targets too (operations/up.go), `destroy --exclude-protected`
 * excludes what the protected resources need (destroy.go getProtectedExcludes).
 */
function targetsOf(options: RunOptions, state: LiveState): Targets {
    const targeted = (options.targets ?? []).length > 0;
    if (targeted && (options.excludes ?? []).length > 0) {
        // operations/*.go: cmd.MarkFlagsMutuallyExclusive("target", "exclude"), as cobra words it.
        throw new Error("if any flags in the group [target exclude] are set none of the others can be; [exclude target] were all set");
    }
    if (targeted && options.excludeProtected) {
        throw new Error("you cannot specify --target and --exclude-protected");
    }
    return new Targets({
        targets: [...(options.targets ?? []), ...(options.targetReplaces ?? [])],
        targetDependents: options.targetDependents,
        excludes: [...(options.excludes ?? []), ...(options.excludeProtected ? protectedExcludes(state.resources) : [])],
        excludeDependents: options.excludeDependents,
    });
}

/** `--replace` and `--target-replace` (operations/up.go: targetReplaces are added to both lists). */
function replaceTargetsOf(options: RunOptions): UrnTargets {
    return new UrnTargets([...(options.replaceTargets ?? []), ...(options.targetReplaces ?? [])]);
}

/** The config as the prelude event carries it: each value, secrets "[secret]" (engine/events.go preludeEvent, BlindingDecrypter). */
function blindedConfig(config: StackConfig): Record<string, string> {
    return Object.fromEntries(Object.entries(config.values).map(([key, value]) => [key, config.secretKeys.includes(key) ? SECRET_MARK : value]));
}

/**
 * The engine's warning (deployment_executor.go Execute, printPendingOperationsWarning): an update or destroy that does
 * not refresh first warns of the operations an earlier run left pending.
 */
function warnOfPendingOperations(operation: Operation, options: RunOptions, state: LiveState, diagnostics: string[]): void {
    const pending = state.pendingOperations;
    if (!(operation === "up" || operation === "destroy") || options.refresh || pending.length === 0) {
        return;
    }
    diagnostics.push(
        `warning: Attempting to deploy or update resources with ${pending.length} pending operations from previous deployment.`,
        ...pending.map((operation) => `  * ${operation.resource.urn}, interrupted while ${operation.type}`),
        "These resources are in an unknown state because the run was interrupted while waiting for changes to them to complete. " +
            "Confirm whether the operations completed, then repair the stack with `refresh`: " +
            "--import-pending-creates URN ID for a create that succeeded, --clear-pending-creates for one that did not.",
    );
}

async function configuredHost(project: Project, config: StackConfig, env: NodeJS.ProcessEnv): Promise<ProviderHost> {
    const host = await startProviderHost(project.programDir, { ...env, ...providerHostEnv(project, config.values) });
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
            // The engine refreshes every resource before the program's steps, in a preview too (deployment_executor.go
            // Execute: opts.Refresh runs deploymentExecutor.refresh); a preview's state is never written, so what the
            // refresh read only feeds the plan.
            if (run.options.refresh && recordedProvider(run.state.resources, defaultProviderUrn(run.project.name, run.stack))) {
                // The refresh phase reads with the provider as recorded; the update that follows configures a new one
                // from the current config, as the engine does when the default provider's inputs changed.
                const refreshHost = await run.host;
                await refreshResources(run.context(refreshHost), { beforeProgram: true });
                await refreshHost.stop();
                return deploy(run, run.startHost(run.config));
            }
            if (run.options.refresh) {
                await refreshResources(run.context(await run.host), { beforeProgram: true });
            }
            return deploy(run, run.host);
        case "refresh":
            return refreshResources(run.context(await configuredFromProgram(run)), run.options);
        case "destroy": {
            const context = run.context(await configuredFromProgram(run));
            const { resources } = context.state;
            context.targets.check((urn) => resources.some((resource) => resource.urn === urn));
            return deleteResources(context, context.targets.deletable(resources, resources));
        }
    }
}

/**
 * The host of a refresh or destroy. With --run-program the program registers the default provider again: the engine
 * generates an update step for it (DiffConfig is not implemented by the dynamic provider, so a changed config is
 * DiffSome, not a replace: providers/registry.go Diff), applies it by configuring the provider (Registry.Update)
 * and saves it in the snapshot before any resource's read, which waits for its provider (default_providers.go
 * handleRequest). So the current config is recorded once the host is configured, even when a read fails later.
 */
async function configuredFromProgram(run: Run): Promise<ProviderHost> {
    const host = await run.host;
    if (run.options.runProgram) {
        const providerUrn = defaultProviderUrn(run.project.name, run.stack);
        run.state.upsert(providerState(providerUrn, run.config, recordedProvider(run.state.resources, providerUrn)));
    }
    return host;
}

async function deploy(run: Run, host: Promise<ProviderHost>): Promise<void> {
    // deployment_executor.go Execute checks the replace targets against the old state before the program runs.
    replaceTargetsOf(run.options).check((urn) => run.state.live(urn) !== undefined);
    const target = { project: run.project.name, stack: run.stack, defaultProvider: run.defaultProvider };
    const deploying = host.then((ready) => new Deployment(run.context(ready), target));
    deploying.catch(() => undefined);
    let program: ProgramRun | undefined;
    let programFailure: Error | undefined;
    let deployment: Deployment;
    try {
        program = await startProgram(
            {
                project: run.project,
                stack: run.stack,
                config: run.config.values,
                secretKeys: run.config.secretKeys,
                dryRun: run.operation === "preview",
                parallel: run.options.parallel ?? defaultParallel(),
                providerRef: run.providerRef,
                continueOnError: run.options.continueOnError === true,
            },
            run.env,
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
    if (deployment.error || programFailure) {
        deployment.finalizeStackOutputs(true);
    }
    // With --continue-on-error the deletes still run after failed steps (deployment_executor.go performPostSteps).
    if (deployment.error && !run.options.continueOnError) {
        throw deployment.error;
    }
    if (programFailure) {
        if (deployment.error) {
            throw deployment.error;
        }
        const [summary, ...trace] = programFailure.message.split("\n");
        run.diagnostics.push(...trace.map((line) => line.trim()));
        throw new Error(`the program failed: ${summary}`);
    }
    await deployment.deleteLeftovers();
    deployment.finalizeStackOutputs(deployment.error !== undefined);
    if (deployment.error) {
        throw deployment.error;
    }
}

/** The host logs each failed call as "Error: <message>: Error: <message>"; a step already reports that message. */
function restatesReportedError(line: string, steps: readonly StepResult[]): boolean {
    const parts = line.split(/:?\s*Error: /).filter((part) => part.trim() !== "");
    return parts.length > 0 && line.trimStart().startsWith("Error: ") && parts.every((part) => steps.some((step) => step.error?.includes(part.trim())));
}

function outputLines(chunks: string[]): string[] {
    return chunks.join("").split("\n").filter((line) => line.trim() !== "");
}

const SUMMARY_ORDER = ["create", "import", "update", "replace", "delete", "refresh", "read-gone", "read", "same", "failed"];

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
