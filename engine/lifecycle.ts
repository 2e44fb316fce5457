// One run of preview / up / refresh / destroy: reads the project, config and state, starts the
// provider host (and, for preview and up, or with --run-program, the program), sequences the steps, and stops every
// process it started before it resolves. preview and up configure the provider with the current config; refresh,
// destroy and the refresh phase of `up --refresh` with the config recorded in the state's default provider, unless
// --run-program, whose program registers the provider with the current config (run-program.ts).
import { DeploymentExecutor } from "./steps/deployment-executor";
import { stackOutputsOf } from "./steps/step-executor";
import {
    configOf,
    defaultProviderUrn,
    providerState,
    recordedProvider,
    shownSteps,
    usesDefaultProvider,
} from "./state/default-provider";
import { StepSlots, defaultParallel } from "./steps/step-slots";
import { Targets, UrnTargets, protectedExcludes } from "./steps/targets";
import { SECRET_MARK, displayProperties, shownProperties } from "./values/display-values";
import { formatResult } from "./format";
import { SnapshotManager, skipsCheckpoints } from "./state/snapshot";
import { ProgramRun, startProgram } from "./host/program-process";
import { Project, StackConfig, checkProgramInstalled, readProject, resolveStackConfig } from "./state/project";
import { ProviderHost, providerHostEnv, startProviderHost } from "./host/provider-host";
import { refreshResources, settlePendingCreates } from "./steps/refresh";
import {
    DESTROY_WITH_PROGRAM,
    ProgramMode,
    REFRESH_WITH_PROGRAM,
    UPDATE_REFRESHING_WITH_PROGRAM,
    destroyAll,
} from "./steps/run-program";
import { ResourceState, openState } from "./state/state-file";
import { UNKNOWN } from "./values/property-values";
import { StepContext, errorMessage } from "./steps/deployment";
import { DEFAULT_STACK } from "./options";
import { LifecycleResult, Operation, RunOptions, StepResult } from "./types";
import { ResourceHooks, deleteHooksOf } from "./steps/resource-hooks";

interface Run {
    operation: Operation;
    options: RunOptions;
    project: Project;
    stack: string;
    config: StackConfig;
    env: NodeJS.ProcessEnv;
    /** A preview, or a refresh's preview: nothing is written. */
    dryRun: boolean;
    state: SnapshotManager;
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
    /** The default provider as the state recorded it, if it did. */
    recorded?: ResourceState;
    /** The program's hooks, as it registers them. */
    hooks: ResourceHooks;
}

/** The state of the stack, written as the run's kind asks: never in a preview, else coalesced or only at the end. */
function openSnapshot(
    stateFile: string,
    identity: Parameters<typeof openState>[1],
    dryRun: boolean,
    env: NodeJS.ProcessEnv,
): SnapshotManager {
    const checkpoints = dryRun ? "none" : skipsCheckpoints(env) ? "at-end" : "coalesced";
    return new SnapshotManager(stateFile, identity, openState(stateFile, identity), checkpoints);
}

export async function runLifecycle(operation: Operation, options: RunOptions): Promise<LifecycleResult> {
    // A preview, or the preview of a refresh: what it finds feeds the plan only, and nothing is written.
    const dryRun = operation === "preview" || (operation === "refresh" && options.previewOnly === true);
    const steps: StepResult[] = [];
    const diagnostics: string[] = [];
    let state: SnapshotManager | undefined;
    let error: string | undefined;
    let shownConfig: Record<string, string> | undefined;
    const hosts: Promise<ProviderHost>[] = [];
    try {
        const project = readProject(options.programDir);
        if (operation === "preview" || operation === "up" || options.runProgram) {
            checkProgramInstalled(project);
        }
        const stack = options.stack ?? DEFAULT_STACK;
        const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
        const config = resolveStackConfig(project, stack, options, env.PULUMI_CONFIG_PASSPHRASE ?? "");
        diagnostics.push(...config.warnings);
        shownConfig = blindedConfig(config);
        const identity = { project: project.name, stack, passphrase: env.PULUMI_CONFIG_PASSPHRASE ?? "" };
        const live = openSnapshot(options.stateFile, identity, dryRun, env);
        state = live;
        const slots = new StepSlots(options.parallel ?? defaultParallel());
        const providerUrn = defaultProviderUrn(project.name, stack);
        const recorded = recordedDefaultProvider(live, providerUrn, config);
        // refresh and destroy run without the program, so the provider is the one recorded, unless --run-program
        // registers it again with the current config.
        const withoutProgram = (operation === "refresh" || operation === "destroy") && !options.runProgram;
        const hostConfig = withoutProgram && recorded ? configOf(recorded) : config;
        warnOfPendingOperations(operation, options, live, diagnostics);
        if (!dryRun) {
            live.dropInterruptedOperations();
        }
        const startHost = (withConfig: StackConfig) => startedHost(configuredHost(project, withConfig, env), hosts);
        // The refresh phase of `up --refresh` and `preview --refresh` reads with the provider as recorded (with
        // --run-program each resource is read as it registers, with the provider the program registers).
        const refreshFirst =
            (operation === "up" || operation === "preview") && options.refresh === true && !options.runProgram;
        const host = startHost(refreshFirst && recorded ? configOf(recorded) : hostConfig);
        // The provider the program's resources use: the recorded one with the current config, or a new one (whose id a
        // preview does not know yet, as the engine's registry answers UnknownID in a preview).
        const defaultProvider = providerState(providerUrn, config, recorded);
        const providerRef = `${providerUrn}::${recorded || operation !== "preview" ? defaultProvider.id : UNKNOWN}`;
        const refreshed = new Map<string, StepResult>();
        const hooks = new ResourceHooks(dryRun, (severity, urn, message) =>
            diagnostics.push(`${severity}: ${urn}: ${message}`),
        );
        const context = (ready: ProviderHost): StepContext => ({
            host: ready,
            state: live,
            preview: dryRun,
            steps,
            slots,
            targets: targetsOf(options, live),
            replaceTargets: replaceTargetsOf(options),
            continueOnError: options.continueOnError === true,
            ignoreProtect: options.ignoreProtect === true,
            warn: (message) => diagnostics.push(`warning: ${message}`),
            info: (message) => diagnostics.push(message),
            providerRef,
            refreshed,
            hooks,
        });
        await perform({
            operation,
            options,
            project,
            stack,
            config,
            env,
            dryRun,
            state: live,
            host,
            startHost,
            context,
            diagnostics,
            defaultProvider,
            providerRef,
            recorded,
            hooks,
        });
    } catch (failure) {
        error = errorMessage(failure);
    } finally {
        await stopHosts(hosts, steps, diagnostics);
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

/** A host being started, among those the run stops at its end. */
function startedHost(started: Promise<ProviderHost>, hosts: Promise<ProviderHost>[]): Promise<ProviderHost> {
    // Whoever awaits the host sees its failure; this keeps it from counting as unhandled meanwhile.
    started.catch(() => undefined);
    hosts.push(started);
    return started;
}

/**
 * Stops every host the run started, and keeps what each printed (e.g. why it waits, what a delete leaves behind), as
 * the CLI shows a plugin's messages; stack frames of errors already reported are left out.
 */
async function stopHosts(
    hosts: readonly Promise<ProviderHost>[],
    steps: readonly StepResult[],
    diagnostics: string[],
): Promise<void> {
    for (const starting of hosts) {
        const started = await starting.catch(() => undefined);
        await started?.stop();
        diagnostics.push(
            ...outputLines(started?.output ?? [])
                .filter((line) => !/^\s+at /.test(line) && !restatesReportedError(line, steps))
                .map((line) => `provider: ${line}`),
        );
    }
}

/**
 * The default provider recorded in the state. A state written before the engine double recorded it gets one made from
 * the current config, as the engine's addDefaultProviders does for snapshots whose resources name no provider.
 */
function recordedDefaultProvider(state: SnapshotManager, urn: string, config: StackConfig) {
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
function targetsOf(options: RunOptions, state: SnapshotManager): Targets {
    const targeted = (options.targets ?? []).length > 0;
    if (targeted && (options.excludes ?? []).length > 0) {
        // operations/*.go: cmd.MarkFlagsMutuallyExclusive("target", "exclude"), as cobra words it.
        throw new Error(
            "if any flags in the group [target exclude] are set none of the others can be; [exclude target] were all set",
        );
    }
    if (options.ignoreProtect && options.excludeProtected) {
        // operations/destroy.go: cmd.MarkFlagsMutuallyExclusive("exclude-protected", "ignore-protect").
        throw new Error(
            "if any flags in the group [exclude-protected ignore-protect] are set none of the others can be; [exclude-protected ignore-protect] were all set",
        );
    }
    if (targeted && options.excludeProtected) {
        throw new Error("you cannot specify --target and --exclude-protected");
    }
    return new Targets({
        targets: [...(options.targets ?? []), ...(options.targetReplaces ?? [])],
        targetDependents: options.targetDependents,
        excludes: [
            ...(options.excludes ?? []),
            ...(options.excludeProtected ? protectedExcludes(state.resources) : []),
        ],
        excludeDependents: options.excludeDependents,
    });
}

/** `--replace` and `--target-replace` (operations/up.go: targetReplaces are added to both lists). */
function replaceTargetsOf(options: RunOptions): UrnTargets {
    return new UrnTargets([...(options.replaceTargets ?? []), ...(options.targetReplaces ?? [])]);
}

/** The config as the prelude event carries it: each value, secrets "[secret]" (engine/events.go preludeEvent, BlindingDecrypter). */
function blindedConfig(config: StackConfig): Record<string, string> {
    return Object.fromEntries(
        Object.entries(config.values).map(([key, value]) => [
            key,
            config.secretKeys.includes(key) ? SECRET_MARK : value,
        ]),
    );
}

/**
 * The engine's warning (deployment_executor.go Execute, printPendingOperationsWarning): an update or destroy that does
 * not refresh first warns of the operations an earlier run left pending.
 */
function warnOfPendingOperations(
    operation: Operation,
    options: RunOptions,
    state: SnapshotManager,
    diagnostics: string[],
): void {
    const pending = state.pendingOperations;
    // A refresh with the program (RefreshProgram) is no refresh first: it warns too, as an update does.
    const refreshesFirst = (operation === "refresh" || options.refresh === true) && !options.runProgram;
    const writes =
        operation === "up" || operation === "destroy" || (operation === "refresh" && options.previewOnly !== true);
    if (!writes || refreshesFirst || pending.length === 0) {
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
            if (run.options.refresh && run.options.runProgram) {
                return deploy(run, run.host, UPDATE_REFRESHING_WITH_PROGRAM);
            }
            // The engine refreshes every resource before the program's steps, in a preview too (deployment_executor.go
            // Execute: opts.Refresh runs deploymentExecutor.refresh); a preview's state is never written, so what the
            // refresh read only feeds the plan.
            if (
                run.options.refresh &&
                recordedProvider(run.state.resources, defaultProviderUrn(run.project.name, run.stack))
            ) {
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
            if (run.options.runProgram) {
                return refreshWithProgram(run);
            }
            return refreshResources(run.context(await run.host), run.options);
        case "destroy":
            if (run.options.runProgram) {
                // engine/destroy.go DestroyV2 checks the targets against the state before the program runs.
                checkTargetsInState(run);
                return deploy(run, run.host, DESTROY_WITH_PROGRAM);
            }
            refuseDeleteHooksWithoutProgram(run);
            return destroyAll(run.context(await run.host));
    }
}

/**
 * destroy.go newDestroySource: the delete hooks of the resources in the state are the program's functions, so a destroy
 * that does not run the program fails before it deletes anything (with --run-program the program runs, and so do its
 * hooks).
 */
function refuseDeleteHooksWithoutProgram(run: Run): void {
    const hooks = deleteHooksOf(run.state.resources);
    if (hooks.size === 0) {
        return;
    }
    for (const [urn, names] of hooks) {
        run.diagnostics.push(
            `error: ${urn}: Resource has delete hooks registered, but the program is not running. Hooks: ${names.join(", ")}`,
        );
    }
    throw new Error("You must run with the `--run-program` flag to use delete hooks during destroy.");
}

/**
 * engine/refresh.go RefreshV2: the targets are checked against the state and the pending creates settled (as the CLI
 * does before the engine runs), then the program runs in refresh mode.
 */
async function refreshWithProgram(run: Run): Promise<void> {
    checkTargetsInState(run);
    if (!run.dryRun) {
        settlePendingCreates(run.context(await run.host), run.options);
    }
    return deploy(run, run.host, REFRESH_WITH_PROGRAM);
}

function checkTargetsInState(run: Run): void {
    targetsOf(run.options, run.state).check((urn) => run.state.resources.some((resource) => resource.urn === urn));
}

/**
 * performPostSteps of refresh and destroy with the program: the resources it did not register are refreshed, or
 * everything is deleted. They use the default provider the program registered (the engine's registry updated it:
 * DiffConfig is not implemented by the dynamic provider, so a changed config is an update, providers/registry.go
 * Diff), or, when it registered none, the one recorded, which the engine loads from the state (EnsureProvider).
 */
function postStepsOf(
    run: Run,
    mode: ProgramMode | undefined,
): ((registered: ReadonlySet<string>) => Promise<void>) | undefined {
    if (mode === undefined || mode.operation === "update") {
        return undefined;
    }
    return async (registered) => {
        const providerRegistered = registered.has(defaultProviderUrn(run.project.name, run.stack));
        const host = providerRegistered || !run.recorded ? run.host : run.startHost(configOf(run.recorded));
        const context = run.context(await host);
        return mode.operation === "refresh" ? refreshResources(context, { done: registered }) : destroyAll(context);
    };
}

async function deploy(run: Run, host: Promise<ProviderHost>, mode?: ProgramMode): Promise<void> {
    // deployment_executor.go Execute checks the replace targets against the old state before the program runs.
    replaceTargetsOf(run.options).check((urn) => run.state.live(urn) !== undefined);
    const target = { project: run.project.name, stack: run.stack, defaultProvider: run.defaultProvider, mode };
    const deploying = host.then((ready) => new DeploymentExecutor(run.context(ready), target));
    deploying.catch(() => undefined);
    let program: ProgramRun | undefined;
    let programFailure: Error | undefined;
    let deployment: DeploymentExecutor;
    try {
        program = await startProgram(
            {
                project: run.project,
                stack: run.stack,
                config: run.config.values,
                secretKeys: run.config.secretKeys,
                dryRun: run.dryRun,
                parallel: run.options.parallel ?? defaultParallel(),
                providerRef: run.providerRef,
                continueOnError: run.options.continueOnError === true,
            },
            run.env,
            {
                register: async (request) => (await deploying).register(request),
                registerOutputs: async (urn, outputs) => (await deploying).registerOutputs(urn, outputs),
                hooks: run.hooks,
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
        // With --continue-on-error the deletes still run after failed steps (deployment_executor.go performPostSteps).
        // They run while the program waits for its shutdown (SignalAndWaitForShutdown): delete hooks call back into it.
        if (!programFailure && (!deployment.error || run.options.continueOnError)) {
            await deployment.performPostSteps(postStepsOf(run, mode));
        }
    } finally {
        await program?.stop();
        run.diagnostics.push(...outputLines(program?.output ?? []));
    }
    if (programFailure) {
        deployment.finalizeStackOutputs(true);
        if (deployment.error) {
            throw deployment.error;
        }
        const [summary, ...trace] = programFailure.message.split("\n");
        run.diagnostics.push(...trace.map((line) => line.trim()));
        throw new Error(`the program failed: ${summary}`);
    }
    deployment.finalizeStackOutputs(deployment.error !== undefined);
    if (deployment.error) {
        throw deployment.error;
    }
}

/** The host logs each failed call as "Error: <message>: Error: <message>"; a step already reports that message. */
function restatesReportedError(line: string, steps: readonly StepResult[]): boolean {
    const parts = line.split(/:?\s*Error: /).filter((part) => part.trim() !== "");
    return (
        parts.length > 0 &&
        line.trimStart().startsWith("Error: ") &&
        parts.every((part) => steps.some((step) => step.error?.includes(part.trim())))
    );
}

function outputLines(chunks: string[]): string[] {
    return chunks
        .join("")
        .split("\n")
        .filter((line) => line.trim() !== "");
}

const SUMMARY_ORDER = [
    "create",
    "import",
    "update",
    "replace",
    "delete",
    "refresh",
    "read-gone",
    "read",
    "same",
    "failed",
];

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
