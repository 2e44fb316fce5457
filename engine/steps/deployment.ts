// preview and up: each registration from the program becomes a step (Check, Diff against the state,
// then same / create / update / replace), run as soon as it arrives and a step slot is free (--parallel), so
// independent resources proceed concurrently. After the program finishes, resources it no longer declares are
// deleted. The step decisions follow pkg/resource/deploy/step_generator.go (continueStepsFromDiff,
// applyReplaceOnChanges) and the ReadStep of step.go.
import { ResourceInitError } from "../host/provider-host";
import { ProgramHandlers } from "../host/program-process";
import { RegistrationReply, RegistrationRequest, WireProperties } from "../host/protocol";
import { PropertyMap, sameValue, union, withSecretOutputs } from "../values/property-values";
import { CustomTimeouts, ResourceState } from "../state/state-file";
import { createdNow, keptTimes, modifiedNow, readTimes } from "../state/timestamps";
import { goDurationSeconds } from "../values/go-duration";
import { withIgnoredChanges } from "./ignore-changes";
import { usesDefaultProvider } from "../state/default-provider";
import { registrationStep } from "./default-provider-step";
import { StepContext, deleteHookCall, deleteResources, errorMessage, newStep, providerDelete, providerOf, refOf, shownResource, whilePending } from "./steps";
import { propertyDiffs } from "../values/display-values";
import { changedKeys, detailedDiffOf, diffObjects } from "../values/object-diff";
import { coveredBy, replaceOnChangeKeys } from "./replace-on-changes";
import { isRootStack, resourceUrn } from "../state/urns";
import { dependenciesOf } from "./targets";
import { dependentReplacements } from "./dependent-replacements";
import { checkKnownTrigger, shouldTriggerReplace } from "./replacement-trigger";
import { cascadeDependents, cascadedDiff } from "./cascade-replacements";
import { Diverted, Goal, ProgramMode, ProgramModeSteps } from "./run-program";
import { ShownResource, StepResult } from "../types";
import { HookBindings, HookCall, HookType, hookCall, resourceOptionsOf } from "./resource-hooks";

export interface DeploymentTarget {
    project: string;
    stack: string;
    /** The default provider's resource with the current config, recorded with the first dynamic resource. */
    defaultProvider: ResourceState;
    /** `--run-program` of refresh and destroy, or `--refresh --run-program` of an update (run-program.ts). */
    mode?: ProgramMode;
}

type Desired = Goal;

export class Deployment implements ProgramHandlers {
    private readonly registered = new Set<string>();
    /** The options each registered resource ended with, for its children to inherit (inheritFromParent). */
    private readonly goals = new Map<string, InheritedOptions>();
    private readonly imported = new Set<string>();
    private stackOutputs?: { urn: string; outputs: WireProperties };
    /** The stack's outputs before this deployment, kept where a failed one registered none again. */
    private readonly oldStackOutputs = new Map<string, PropertyMap>();
    private readonly inFlight = new Set<Promise<unknown>>();
    private readonly replaced = new Set<ResourceState>();
    /** step_generator.go sg.replaces: the URNs of the resources this run replaces (so far). */
    private readonly replacing = new Set<string>();
    /**
     * step_generator.go sg.deletes of a delete-before-replace: the resources it deleted (itself and the dependents it
     * replaces), by URN, with the keys that replace a dependent; a dependent registered again is re-created.
     */
    private readonly deletedEarly = new Map<string, string[]>();
    /** step_generator.go skippedCreates: new resources left out by --target, which nothing targeted may depend on. */
    private readonly skippedCreates = new Set<string>();
    /** deployment_executor.go skipped: with --continue-on-error, the failed resources and those depending on them. */
    private readonly skipped = new Set<string>();
    /** The components this run created: their after-create hooks run when the program registers their outputs. */
    private readonly createdComponents = new Set<string>();
    private firstError?: Error;
    private announceFailure!: (error: Error) => void;
    /** Resolves with the first failed step's error (never with --continue-on-error, which waits for the program). */
    readonly failed = new Promise<Error>((resolve) => (this.announceFailure = resolve));
    private readonly modeSteps?: ProgramModeSteps;

    /** step_generator.go sg.aliased: each old URN an alias took in this run, with the URN of the resource that took it. */
    private readonly aliased = new Map<string, string>();
    /** deployment.go olds: the URNs of the resources the state held, not pending deletion, when the run began. */
    private readonly olds: ReadonlySet<string>;

    constructor(private readonly context: StepContext, private readonly target: DeploymentTarget) {
        this.olds = new Set(context.state.resources.filter((resource) => !resource.pendingDelete).map((resource) => resource.urn));
        this.modeSteps = target.mode && new ProgramModeSteps(context, target.mode, this.skippedCreates);
    }

    get error(): Error | undefined {
        return this.firstError;
    }

    register(request: RegistrationRequest): Promise<RegistrationReply> {
        const work = this.registerOne(request);
        this.inFlight.add(work);
        const forget = () => this.inFlight.delete(work);
        work.then(forget, forget);
        return work;
    }

    get hooks() {
        return this.context.hooks;
    }

    /**
     * step_executor.go executeRegisterResourceOutputs: a component's outputs are recorded, then, when this run
     * created it, its after-create hooks run (a custom resource's ran at the end of its step).
     */
    async registerOutputs(urn: string, outputs: WireProperties): Promise<void> {
        const resource = this.context.state.live(urn);
        if (!resource || resource.custom) {
            return;
        }
        if (isRootStack(resource.type)) {
            // The stack's outputs wait for the end of the deployment (step_executor.go, executeRegisterResourceOutputs).
            this.stackOutputs = { urn, outputs };
            return;
        }
        this.recordOutputs(resource, outputs);
        if (this.createdComponents.delete(urn)) {
            const newOptions = resourceOptionsOf(resource, this.context.providerRef);
            await this.afterHooks(resource.resourceHooks, "AfterCreate", hookCall(resource, { newOptions, newInputs: resource.inputs, newOutputs: outputs }));
        }
    }

    /**
     * executeRegisterResourceOutputs with finalizingStackOutputs: the stack's outputs as the program registered them;
     * after a failed deployment merged over the old ones, so that outputs not registered again are kept.
     */
    finalizeStackOutputs(errored: boolean): void {
        const registered = this.stackOutputs;
        const stack = registered && this.context.state.live(registered.urn);
        if (!registered || !stack) {
            return;
        }
        const old = this.oldStackOutputs.get(registered.urn);
        if (errored && old) {
            this.context.state.upsert({ ...stack, outputs: { ...old, ...registered.outputs } });
            return;
        }
        this.recordOutputs(stack, registered.outputs);
    }

    /** RegisterResourceOutputs: the outputs as the program gave them, secrets where they are. */
    private recordOutputs(resource: ResourceState, outputs: WireProperties): void {
        this.context.state.upsert({ ...resource, outputs });
    }

    /** Waits until no step is running. */
    async idle(): Promise<void> {
        while (this.inFlight.size > 0) {
            await Promise.allSettled([...this.inFlight]);
        }
    }

    /**
     * deployment_executor.go performPostSteps: what follows the program's registrations, given the URNs it registered;
     * by default deleting what it no longer declares.
     */
    async postSteps(steps: (registered: ReadonlySet<string>) => Promise<void> = () => this.deleteLeftovers()): Promise<void> {
        try {
            await steps(this.registered);
        } catch (error) {
            this.fail(error);
        }
    }

    /**
     * Deletes what the program no longer declares and the resources replaced create-before-delete; with --target only
     * those targeted (deployment_executor.go checks the targets first).
     */
    private async deleteLeftovers(): Promise<void> {
        const { state, targets } = this.context;
        const leftovers = state.resources.filter((resource) => resource.pendingDelete || !this.registered.has(resource.urn));
        targets.check((urn) => this.registered.has(urn) || state.live(urn) !== undefined);
        await deleteResources(this.context, targets.deletable(leftovers, state.resources), this.replaced);
    }

    private fail(error: unknown): Error {
        const failure = error instanceof Error ? error : new Error(String(error));
        if (!this.firstError) {
            this.firstError = failure;
            if (!this.context.continueOnError) {
                this.announceFailure(failure);
            }
        }
        return failure;
    }

    private async registerOne(request: RegistrationRequest): Promise<RegistrationReply> {
        const urn = resourceUrn(this.target.project, this.target.stack, request.type, request.name, request.parent);
        if (this.firstError && !this.context.continueOnError) {
            throw new Error(`${request.name}: not deployed, the deployment stopped after an earlier error`);
        }
        if (this.registered.has(urn)) {
            throw this.fail(new Error(`${urn}: registered twice (resource names must be unique per type)`));
        }
        this.registered.add(urn);
        const dependencies = dependenciesOf(request);
        const failedDependency = dependencies.find((dependency) => this.skipped.has(dependency));
        if (failedDependency) {
            // deployment_executor.go handleSingleEvent (doesStepDependOn): with --continue-on-error, a step depending
            // on a failed or skipped one is skipped, and the program hears that it failed to register.
            this.skipped.add(urn);
            throw new Error(`${request.name}: skipped, it depends on ${failedDependency}, which failed`);
        }
        if (usesDefaultProvider(request)) {
            this.recordDefaultProvider();
        }
        const step: StepResult = { ...newStep("create", { urn, type: request.type }), ...providerOf(this.context, request) };
        const inherited = this.inheritFromParent(request);
        this.goals.set(urn, inherited);
        let old: ResourceState | undefined;
        let customTimeouts: CustomTimeouts | undefined;
        try {
            customTimeouts = customTimeoutsOf(request);
            old = this.oldResource(urn, request);
        } catch (error) {
            step.error = errorMessage(error);
            this.context.steps.push(step);
            this.skipped.add(urn);
            throw this.fail(error);
        }
        const desired = desiredOf(urn, request, inherited, customTimeouts);
        if (this.modeSteps && request.readId === undefined) {
            const diverted = await this.divert(step, desired, old, request);
            if (diverted.kind !== "continue") {
                return this.finishDiverted(step, diverted, request);
            }
            old = diverted.old;
        }
        if (old) {
            step.op = "update";
            step.id = old.id;
            step.old = shownResource(old, this.context.providerRef);
        }
        // step_generator.go generateSteps: providers and the root stack are always targeted (isImplicitlyTargetedResource).
        if (!isRootStack(request.type) && !this.context.targets.includes(urn, dependencies)) {
            return this.leaveUntargeted(step, urn, request, old);
        }
        const skippedDependency = dependencies.find((dependency) => this.skippedCreates.has(dependency));
        if (skippedDependency) {
            // step_generator.go validateSteps (GetResourceWillBeCreatedButWasNotSpecifiedInTargetList).
            step.error = `Resource '${urn}' depends on '${skippedDependency}' which was was not specified in --target list.`;
            this.context.steps.push(step);
            throw this.fail(new Error(step.error));
        }
        const refreshStep = this.context.refreshed.get(urn);
        if (refreshStep) {
            refreshStep.new = this.shownGoal({ ...desired, outputs: {} }, request);
        }
        try {
            const resource =
                request.readId !== undefined
                    ? await this.context.slots.run(() => this.readExisting(step, desired, request.readId as string))
                    : request.custom
                      ? await this.context.slots.run(() => this.deployCustom(step, desired, old, request))
                      : await this.deployComponent(step, desired, old);
            step.new = this.shownGoal(resource, request);
            step.done = shownResource(resource, this.context.providerRef);
            if (!(this.imported.has(urn) && step.op === "same")) {
                this.context.steps.push(step);
            }
            // A component has no provider: the engine answers with its inputs, as Pulumi's does.
            const answered = request.custom ? resource.outputs : desired.inputs;
            return { urn, id: resource.id ?? "", object: answered };
        } catch (error) {
            step.error = errorMessage(error);
            this.context.steps.push(step);
            this.skipped.add(urn);
            throw this.fail(error);
        }
    }

    /**
     * step_generator.go generateSteps for a resource --target leaves out: one in the state is a same step that keeps its
     * old state whole (no Check, no Diff), recorded in step order after what it refers to (LiveState.recordUntargeted); a
     * new one is a skipped create (NewSkippedCreateStep), shown as same, not recorded, answered with its
     * inputs and no id.
     */
    private leaveUntargeted(step: StepResult, urn: string, request: RegistrationRequest, old: ResourceState | undefined): RegistrationReply {
        if (!old) {
            return this.skipCreate(step, urn, request);
        }
        step.op = "same";
        step.new = this.shownGoal(old, request);
        this.context.state.recordUntargeted(old);
        this.context.steps.push(step);
        const answered = request.custom ? old.outputs : old.inputs;
        return { urn, id: old.id ?? "", object: answered };
    }

    /** NewSkippedCreateStep: a same step, not recorded, answered with the goal's inputs (or these outputs) and no id. */
    private skipCreate(step: StepResult, urn: string, request: RegistrationRequest, outputs?: PropertyMap): RegistrationReply {
        step.op = "same";
        step.new = this.shownGoal({ urn, type: request.type, custom: request.custom, dependencies: request.dependencies, inputs: {}, outputs: {} }, request);
        this.context.steps.push(step);
        this.skippedCreates.add(urn);
        return { urn, id: "", object: outputs ?? request.object };
    }

    /** A registration's refresh and its refresh or destroy mode (run-program.ts); a failed read fails the registration. */
    private async divert(step: StepResult, desired: Desired, old: ResourceState | undefined, request: RegistrationRequest): Promise<Diverted> {
        try {
            return await (this.modeSteps as ProgramModeSteps).divert(desired, old, (resource) => this.shownGoal(resource, request));
        } catch (error) {
            this.skipped.add(desired.urn);
            throw this.fail(error);
        }
    }

    /**
     * continueStepsFromRefresh's ends: a resource done once refreshed gets no further step (event.Done with its state),
     * a destroy's same step records the goal with the old state's inputs and outputs, a skipped create records nothing.
     */
    private finishDiverted(step: StepResult, diverted: Exclude<Diverted, { kind: "continue" }>, request: RegistrationRequest): RegistrationReply {
        if (diverted.kind === "skippedCreate") {
            return this.skipCreate(step, step.urn, request, diverted.outputs);
        }
        const { state } = diverted;
        if (diverted.kind === "same") {
            Object.assign(step, { op: "same", id: state.id, new: this.shownGoal(state, request), done: shownResource(state, this.context.providerRef) });
            this.context.state.record(state);
            this.context.steps.push(step);
        }
        return { urn: state.urn, id: state.id ?? "", object: state.outputs };
    }

    /**
     * The resource a step goes to, as the engine's step event carries it when the step starts: the goal with the checked
     * inputs, before the step gives it an id and outputs (a ReadStep's goal has the id it reads).
     */
    private shownGoal(resource: ResourceState, request: RegistrationRequest): ShownResource {
        const { id: _id, outputs: _outputs, ...shown } = shownResource(resource, this.context.providerRef, {
            ...(request.additionalSecretOutputs.length > 0 ? { additionalSecretOutputs: request.additionalSecretOutputs } : {}),
            ...(request.importId ? { importId: request.importId } : {}),
            ...(request.ignoreChanges.length > 0 ? { ignoreChanges: request.ignoreChanges } : {}),
            ...(request.replaceOnChanges.length > 0 ? { replaceOnChanges: request.replaceOnChanges } : {}),
        });
        return request.readId !== undefined && resource.id ? { ...shown, id: resource.id } : shown;
    }

    /**
     * Options the program left unset are the parent's (source_eval.go, inheritFromParent: deletedWith, protect,
     * retainOnDelete). The parent registered first, so its own are already inherited.
     */
    private inheritFromParent(request: RegistrationRequest): InheritedOptions {
        const parent = request.parent ? this.goals.get(request.parent) : undefined;
        return {
            protect: request.protect ?? parent?.protect,
            retainOnDelete: request.retainOnDelete ?? parent?.retainOnDelete,
            deletedWith: request.deletedWith || parent?.deletedWith || undefined,
        };
    }

    /**
     * step_generator.go getOldResource: the resource in the state under this URN, or one an alias names. A URN an alias
     * of another resource took fails the registration (diag.GetDuplicateResourceAliasedError).
     */
    private oldResource(urn: string, request: RegistrationRequest): ResourceState | undefined {
        const takenBy = this.aliased.get(urn);
        if (takenBy) {
            throw new Error(`Duplicate resource URN '${urn}' conflicting with alias on resource with URN '${takenBy}'`);
        }
        return this.context.state.live(urn) ?? this.takeAlias(urn, request);
    }

    /**
     * No resource has this URN in the state: the first alias that names one not registered in this run is the old
     * resource, which takes the new URN (step_generator.go, getOldResource and generateAliases; an alias spec's empty
     * fields are the resource's own, as collapseAliasToUrn fills them).
     */
    private takeAlias(urn: string, request: RegistrationRequest): ResourceState | undefined {
        for (const alias of request.aliases ?? []) {
            const aliasUrn =
                "urn" in alias
                    ? alias.urn
                    : resourceUrn(
                          alias.project || this.target.project,
                          alias.stack || this.target.stack,
                          alias.type || request.type,
                          alias.name || request.name,
                          alias.noParent ? "" : alias.parentUrn || request.parent,
                      );
            if (aliasUrn !== urn) this.checkUnclaimed(aliasUrn, urn);
            const found = aliasUrn !== urn && !this.registered.has(aliasUrn) ? this.context.state.live(aliasUrn) : undefined;
            if (found) {
                this.aliased.set(aliasUrn, urn);
                return this.context.state.rename(found, urn);
            }
        }
        return undefined;
    }

    /**
     * getOldResource's duplicate alias check: an old resource that this run registered under its own URN, or that
     * another resource's alias took, fails the registration claiming it (diag.GetDuplicateResourceAliasError).
     */
    private checkUnclaimed(aliasUrn: string, urn: string): void {
        const conflicting = this.registered.has(aliasUrn) ? urn : this.aliased.get(aliasUrn);
        if (this.olds.has(aliasUrn) && conflicting) {
            throw new Error(`Duplicate resource alias '${aliasUrn}' applied to resource with URN '${urn}' conflicting with resource with URN '${conflicting}'`);
        }
    }

    /** Records (or, on a later up, re-records) the default provider with the current config: its step comes first. */
    private recordDefaultProvider(): void {
        const provider = this.target.defaultProvider;
        if (this.registered.has(provider.urn)) {
            return;
        }
        this.registered.add(provider.urn);
        this.context.steps.push(registrationStep(this.context.state.live(provider.urn), provider, this.context.preview));
        if (!this.context.preview) {
            this.context.state.record(provider);
        }
    }

    /**
     * `Kind.get(name, id)`: the engine's ReadStep sends the inputs as the state and the inputs, and takes whatever the
     * provider answers as the resource's state, keeping the id it asked for when the answer has none (step.go
     * ReadStep.Apply): the dynamic host answers an object it cannot find with id "" and properties `{__provider}`, and
     * that is a success. A provider that wants `.get()` of a missing id to fail must throw itself. The resource is
     * External: the stack records it but does not own it, so leaving the stack never deletes it, and a refresh diffs
     * only its outputs (RefreshStep.Apply).
     */
    private async readExisting(step: StepResult, desired: Desired, id: string): Promise<ResourceState> {
        // A read that fails is a failed read, not a failed create.
        step.op = "read";
        if (id === "") {
            // step_generator.go GenerateReadSteps: a read needs an id.
            throw new Error(`Expected an ID for ${desired.urn}`);
        }
        const old = this.context.state.live(desired.urn);
        // GenerateReadSteps: a managed resource read under another id is replaced by the read (NewReadReplacementStep
        // marks it Delete, NewReplaceStep), and deleted at the end of the run; under its own id it is relinquished.
        const replacing = old !== undefined && !old.external && old.id !== id;
        if (replacing) {
            Object.assign(step, { op: "replace", readReplacement: true, replaces: [] });
        }
        const goal = { ...desired, id, outputs: {}, external: true };
        const found = await whilePending(this.context, { type: "reading", resource: goal }, () => this.context.host.read(refOf(desired), id, desired.inputs, desired.inputs));
        const read = readTimes(settled({ ...goal, id: found.id || id, outputs: found.outputs }), old);
        step.id = read.id;
        if (!this.context.preview) {
            replacing ? this.replaced.add(this.context.state.replace(old, read)) : this.context.state.record(read);
        }
        return read;
    }

    /**
     * ImportStep.Apply: Read with the id alone (no inputs, no state); an id the provider does not find, or a read
     * without inputs, fails the import. What was read becomes the old state the program's inputs are compared with.
     * Preview reads too, as the engine does.
     */
    private async importExisting(step: StepResult, desired: Desired, id: string): Promise<ResourceState> {
        step.op = "import";
        const found = await this.context.host.read(refOf(desired), id, {}, {});
        if (!found.id) {
            throw new Error(`resource '${id}' does not exist`);
        }
        if (!found.inputs) {
            throw new Error("provider does not support importing resources; please try updating the 'pulumi-nodejs' plugin");
        }
        step.id = found.id;
        const imported = createdNow(settled({ ...desired, id: found.id, inputs: found.inputs, outputs: found.outputs }));
        this.context.state.record(imported);
        // The import is a step of its own; what follows (an update when the inputs differ) is another.
        this.context.steps.push({ ...step });
        this.imported.add(desired.urn);
        return imported;
    }

    private async deployComponent(step: StepResult, desired: Desired, old: ResourceState | undefined): Promise<ResourceState> {
        if (old && isRootStack(old.type)) {
            this.oldStackOutputs.set(old.urn, old.outputs);
        }
        step.op = old ? "same" : "create";
        if (!old) {
            // CreateStep.Apply of a component: its before-create hooks; the after-create ones wait for its outputs.
            await this.context.hooks.run(desired.resourceHooks, "BeforeCreate", hookCall(desired, { newOptions: resourceOptionsOf(desired, this.context.providerRef), newInputs: desired.inputs }));
            this.createdComponents.add(desired.urn);
        }
        const made = { ...desired, outputs: old?.outputs ?? {} };
        const resource = old ? keptTimes(made, old) : createdNow(made);
        this.context.state.record(resource);
        return resource;
    }

    private async deployCustom(step: StepResult, desired: Desired, old: ResourceState | undefined, options: CustomOptions): Promise<ResourceState> {
        if (!desired.type.startsWith("pulumi-nodejs:dynamic")) {
            throw new Error(`${desired.urn}: only dynamic resources (pulumi-nodejs:dynamic) can be deployed by the engine double`);
        }
        if (options.importId && !old) {
            // The import option adopts the object instead of creating one (ImportStep), then carries on as an update
            // of what was read would (continueStepsFromImport).
            old = await this.importExisting(step, desired, options.importId);
        }
        const recreating = this.deletedEarly.get(desired.urn);
        if (old && recreating) {
            return this.recreate(step, desired, old, recreating);
        }
        if (old?.external) {
            return this.takeOwnership(step, desired, old, options);
        }
        if (old && (old.taint || this.context.replaceTargets.has(old.urn))) {
            return this.replaceTargeted(step, desired, old, options.deleteBeforeReplace);
        }
        const news = old ? this.ignoringChanges(desired, old, options.ignoreChanges) : desired.inputs;
        const wanted: Desired = { ...desired, inputs: await this.check(step, desired, old?.inputs ?? {}, news) };
        if (!old) {
            step.op = "create";
            return this.create(wanted);
        }
        return this.deployChange(step, desired, wanted, old, options);
    }

    /** processIgnoreChanges: the new inputs with the old values where the paths point, and the info on those it could not follow. */
    private ignoringChanges(desired: Desired, old: ResourceState, paths: readonly string[]): PropertyMap {
        const { inputs, info } = withIgnoredChanges(desired.inputs, old.inputs, paths);
        if (info) this.context.info(`${desired.urn}: ${info}`);
        return inputs;
    }

    /** step_generator.go continueStepsFromDiff: Diff decides between same, update and replace. */
    private async deployChange(step: StepResult, desired: Desired, wanted: Desired, old: ResourceState, options: CustomOptions): Promise<ResourceState> {
        const triggered = this.triggersReplace(desired, old);
        const diff = triggered ? TRIGGERED_DIFF : (cascadedDiff(desired, this.replacing) ?? (await this.context.host.diff(refOf(wanted), old.id ?? "", old.outputs, wanted.inputs, old.inputs)));
        const hasInitErrors = (old.initErrors ?? []).length > 0;
        const changed = diff.changes === "some" || (diff.changes === "unknown" && !sameValue(old.inputs, wanted.inputs));
        // diffResource: a diff the provider left unknown becomes the engine's own comparison of the inputs, with its
        // changed keys; applyReplaceOnChanges turns a changed key into a replace key where a replaceOnChanges path
        // covers it. A provider that answers "some" gives no changed keys (the dynamic host passes none) to turn. The
        // engine's own "#initerror" key of a resource with init errors is turned the same way.
        const inputDiff = diff.changes === "unknown" ? diffObjects(old.inputs, wanted.inputs) : undefined;
        const replaceOnChange = changed ? replaceOnChangeKeys(inputDiff, options.replaceOnChanges) : [];
        const initErrorReplace = hasInitErrors && coveredBy(options.replaceOnChanges, "#initerror");
        const replaces = union(diff.replaces, [...replaceOnChange, ...(initErrorReplace ? ["#initerror"] : [])]);
        // A resource deleted by an earlier delete-before-replace whose replacement was not created is replaced whatever
        // the diff says.
        if (!changed && !initErrorReplace && !old.pendingReplacement) {
            if (hasInitErrors) {
                // "If resource was unchanged, but there were initialization errors, generate an empty update step to
                // attempt to 'continue' awaiting initialization": Update, with the error's properties as the olds.
                step.op = "update";
                return this.update(wanted, old);
            }
            step.op = "same";
            const same = keptTimes(settled({ ...wanted, id: old.id, outputs: old.outputs }), old);
            this.context.state.record(same);
            return same;
        }
        step.diffs = propertyDiffs(old.inputs, wanted.inputs);
        if (inputDiff) {
            // diffResource: the engine compares the inputs itself and keeps what it found as the step's diff.
            step.diffReasons = changedKeys(inputDiff);
            step.detailedDiff = Object.fromEntries([...detailedDiffOf(inputDiff)].map(([path, kind]) => [path, { kind, inputDiff: true }]));
        }
        if (replaces.length === 0 && !triggered && !old.pendingReplacement) {
            step.op = "update";
            return this.update(wanted, old);
        }
        step.op = "replace";
        step.replaces = replaces;
        this.refuseImportedReplace(desired, options);
        // The option, when the program gave it, overrides the provider's answer either way.
        step.deleteBeforeReplace = options.deleteBeforeReplace ?? diff.deleteBeforeReplace;
        // Before a replace the engine checks the program's inputs again, with no olds (the old object's defaults are
        // not carried over) and without ignoreChanges applied.
        const replacement: Desired = { ...wanted, inputs: await this.check(step, desired, {}, desired.inputs) };
        return this.replace(replacement, old, step.deleteBeforeReplace, step);
    }

    /**
     * generateStepsFromDiff: a trigger holding an unknown fails an update; a changed one replaces the resource without
     * asking the provider's Diff (shouldTriggerReplace).
     */
    private triggersReplace(desired: Desired, old: ResourceState): boolean {
        checkKnownTrigger(desired.urn, desired.replacementTrigger, this.context.preview);
        return shouldTriggerReplace(desired.replacementTrigger, old.replacementTrigger);
    }

    /** continueStepsFromDiff: a replacement would change the id the program names (a warning in preview). */
    private refuseImportedReplace(desired: Desired, options: CustomOptions): void {
        if (!options.importId) {
            return;
        }
        const message = "previously-imported resources that still specify an ID may not be replaced; please remove the `import` declaration from your program";
        if (!this.context.preview) {
            throw new Error(message);
        }
        this.context.warn(`${desired.urn}: ${message}`);
    }

    /**
     * continueStepsFromImport, "Case 1: recreating": a dependent a delete-before-replace deleted earlier in the run is
     * registered again, so it is replaced: Check with no olds (the old inputs belong to what was deleted), no Diff,
     * and the replacement created; its replace keys are those that made it a dependent replacement.
     */
    private async recreate(step: StepResult, desired: Desired, old: ResourceState, keys: string[]): Promise<ResourceState> {
        const wanted: Desired = { ...desired, inputs: await this.check(step, desired, {}, desired.inputs) };
        this.deletedEarly.delete(desired.urn);
        this.replacing.add(desired.urn);
        step.op = "replace";
        step.replaces = keys;
        step.deleteBeforeReplace = true;
        step.diffs = propertyDiffs(old.inputs, wanted.inputs);
        return this.createReplacement(wanted, old, true, step);
    }

    /**
     * continueStepsFromImport, "Case 2: wasExternal": a resource the stack only read (`Kind.get`) is declared, so one is
     * created in its place (NewCreateReplacementStep, pending the read one's deletion, which calls no Delete); its inputs
     * are checked with no olds and ignoreChanges not applied, and no Diff is asked. Declaring it with the import option
     * would make it an import-replacement, which the double does not follow.
     */
    private async takeOwnership(step: StepResult, desired: Desired, old: ResourceState, options: CustomOptions): Promise<ResourceState> {
        if (options.importId) {
            throw new Error(`${desired.urn}: importing over a read resource (an import-replacement, step_generator.go NewImportReplacementStep) is not followed by the engine double`);
        }
        const wanted: Desired = { ...desired, inputs: await this.check(step, desired, {}, desired.inputs) };
        Object.assign(step, { op: "replace", replaces: [], diffs: propertyDiffs(old.inputs, wanted.inputs) });
        return this.createReplacement(wanted, old, false, step);
    }

    /**
     * A resource named by `--replace` or tainted in the state (`state taint`) is replaced whatever its inputs
     * (isTargetedReplace, step_generator.go): its inputs are checked with no olds and ignoreChanges not applied, the
     * provider is not asked for a diff (the replace is blamed on "id"), and its replacement is not tainted.
     */
    private async replaceTargeted(step: StepResult, desired: Desired, old: ResourceState, deleteBeforeReplace: boolean | undefined): Promise<ResourceState> {
        const wanted: Desired = { ...desired, inputs: await this.check(step, desired, {}, desired.inputs) };
        step.op = "replace";
        // A changed replacementTrigger replaces it before the targeted replace is asked (generateStepsFromDiff): no key.
        step.replaces = this.triggersReplace(desired, old) ? [] : ["id"];
        step.diffs = propertyDiffs(old.inputs, wanted.inputs);
        // The DiffResult of a targeted replace leaves DeleteBeforeReplace false; the option overrides it.
        step.deleteBeforeReplace = deleteBeforeReplace ?? false;
        return this.replace(wanted, old, step.deleteBeforeReplace, step);
    }

    private async check(step: StepResult, desired: Desired, olds: PropertyMap, news: PropertyMap): Promise<PropertyMap> {
        const checked = await this.context.host.check(refOf(desired), olds, news);
        if (checked.failures.length > 0) {
            step.failures = checked.failures;
            const problems = checked.failures.map((failure) => `${failure.property}: ${failure.reason}`).join("; ");
            throw new Error(checkFailureMessage(desired.type, step.name, problems));
        }
        return checked.inputs;
    }

    private create(wanted: Desired): Promise<ResourceState> {
        return this.createWithHooks(wanted, (created) => this.context.state.record(created));
    }

    /**
     * step.go CreateStep.Apply: the before-create hooks (whose failure fails the step), the provider's Create (retried as
     * the error hooks ask; none in a preview), then the after-create hooks (whose failure fails the deployment once the
     * created resource is placed in the state).
     */
    private async createWithHooks(wanted: Desired, place: (created: ResourceState) => void): Promise<ResourceState> {
        const { hooks, preview, providerRef } = this.context;
        const newOptions = resourceOptionsOf(wanted, providerRef);
        const call = hookCall(wanted, { newOptions, newInputs: wanted.inputs });
        await hooks.run(wanted.resourceHooks, "BeforeCreate", call);
        const created = preview ? settled({ ...wanted, outputs: wanted.inputs }) : this.keep(await this.provision(wanted, call), place);
        await this.afterHooks(wanted.resourceHooks, "AfterCreate", hookCall(created, { newOptions, newInputs: created.inputs, newOutputs: created.outputs }));
        return created;
    }

    /** An after hook's failure: the step succeeded, the deployment fails (deployment.go RecordPostStepError). */
    private async afterHooks(bindings: HookBindings | undefined, type: HookType, call: HookCall): Promise<void> {
        const failure = await this.context.hooks.runAfter(bindings, type, call);
        if (failure) {
            this.fail(failure);
        }
    }

    /**
     * Creates the resource. One that the provider created but failed to initialise comes back with the
     * error: it exists, so it is kept in the state all the same.
     */
    private async provision(wanted: Desired, call: HookCall): Promise<{ created?: ResourceState; error?: unknown }> {
        // Written before the provider is called: if the process dies before the answer, the next run finds it.
        try {
            const { id, outputs } = await whilePending(this.context, { type: "creating", resource: { ...wanted, outputs: {} } }, () =>
                this.context.hooks.retrying(wanted.resourceHooks, call, "create", () => this.context.host.create(refOf(wanted), wanted.inputs)),
            );
            return { created: createdNow(settled({ ...wanted, id, outputs })) };
        } catch (error) {
            if (error instanceof ResourceInitError) {
                return { created: createdNow(settled({ ...wanted, id: error.id, outputs: error.outputs, initErrors: error.reasons })), error };
            }
            return { error };
        }
    }

    private keep(provisioned: { created?: ResourceState; error?: unknown }, place: (created: ResourceState) => void): ResourceState {
        if (provisioned.created) {
            place(provisioned.created);
        }
        if (provisioned.error !== undefined || !provisioned.created) {
            throw provisioned.error;
        }
        return provisioned.created;
    }

    /**
     * step.go UpdateStep.Apply. An update that fails with init errors (StatusPartialFailure) keeps the old inputs with
     * the outputs the provider answered: the object was not updated with the new inputs (engine/update.go
     * OnResourceStepPost).
     */
    private async update(wanted: Desired, old: ResourceState): Promise<ResourceState> {
        const { hooks, preview, providerRef } = this.context;
        const options = { oldOptions: resourceOptionsOf(old, providerRef), newOptions: resourceOptionsOf(wanted, providerRef) };
        const call = hookCall({ ...wanted, id: old.id }, { ...options, newInputs: wanted.inputs, oldInputs: old.inputs, oldOutputs: old.outputs });
        // The goal's hooks run, not the old state's (UpdateStep.Apply: s.new.ResourceHooks).
        await hooks.run(wanted.resourceHooks, "BeforeUpdate", call);
        const updated = preview ? settled({ ...wanted, id: old.id, outputs: wanted.inputs }) : await this.applyUpdate(wanted, old, call);
        await this.afterHooks(wanted.resourceHooks, "AfterUpdate", { ...call, newOutputs: updated.outputs });
        return updated;
    }

    /** The provider's Update, retried as the error hooks ask. */
    private async applyUpdate(wanted: Desired, old: ResourceState, call: HookCall): Promise<ResourceState> {
        try {
            const outputs = await whilePending(this.context, { type: "updating", resource: { ...wanted, id: old.id, outputs: {} } }, () =>
                this.context.hooks.retrying(wanted.resourceHooks, call, "update", () =>
                    this.context.host.update(refOf(wanted), old.id ?? "", old.outputs, wanted.inputs, old.inputs),
                ),
            );
            const updated = modifiedNow(settled({ ...wanted, id: old.id, outputs }), old);
            this.context.state.record(updated);
            return updated;
        } catch (error) {
            if (error instanceof ResourceInitError) {
                const partial = settled({ ...wanted, id: old.id, inputs: old.inputs, outputs: error.outputs, initErrors: error.reasons });
                this.context.state.record(modifiedNow(partial, old));
            }
            throw error;
        }
    }

    private async replace(wanted: Desired, old: ResourceState, deleteFirst: boolean, step: StepResult): Promise<ResourceState> {
        // continueStepsFromDiff refuses only when the resource was protected and stays protected (and --ignore-protect
        // is not given): protect can be added, or removed, together with a replacing change.
        if (wanted.protect && old.protect && !this.context.ignoreProtect) {
            throw new Error(
                `unable to replace resource "${old.urn}" as it is currently marked for protection; remove the protect option ` +
                    "from the resource in the program and run up first",
            );
        }
        this.replacing.add(old.urn);
        if (deleteFirst) {
            await this.deleteBeforeReplace(old);
        }
        return this.createReplacement(wanted, old, deleteFirst, step);
    }

    /**
     * The replacement is created. Create-before-delete: the old resource stays until the end of the deployment, when
     * its dependents have moved to the replacement. Delete-before-replace: the replacement takes the place of the
     * deleted resource, which a failed create leaves pending replacement (backend/snapshot.go createSnapshotMutation).
     */
    private async createReplacement(wanted: Desired, old: ResourceState, deleted: boolean, step: StepResult): Promise<ResourceState> {
        const { state, preview } = this.context;
        const created = await this.createWithHooks(wanted, (replacement) =>
            deleted ? state.record(replacement) : this.replaced.add(state.replace(old, replacement)),
        );
        if (!preview) {
            step.id = created.id;
        }
        return created;
    }

    /**
     * continueStepsFromDiff with deleteBeforeReplace: the dependents that a new object would replace
     * (calculateDependentReplacements), and those replaced with it (findDependentCascadeReplacements), are deleted
     * first, last dependent first, then the resource itself, unless an earlier run already deleted it. Each stays in the
     * state pending replacement until it is created again (step.go DeleteStep.Apply); a dependent's copy pending
     * deletion is deleted for good. A protected dependent refuses the whole replacement before anything is deleted (unless
     * --ignore-protect). In a preview nothing is deleted, but the dependents are replaced all the same.
     */
    private async deleteBeforeReplace(old: ResourceState): Promise<void> {
        const found = await dependentReplacements(this.context, old, this.registered);
        const cascading = cascadeDependents(this.context.state.resources, old.urn).filter(({ resource }) => !found.some((other) => other.resource === resource));
        const dependents = [...found, ...cascading].filter(({ resource }) => !this.deletedEarly.has(resource.urn)).reverse();
        const refused = this.context.ignoreProtect ? undefined : dependents.find(({ resource }) => resource.protect && !resource.pendingDelete);
        if (refused) {
            throw new Error(
                `unable to replace resource "${refused.resource.urn}" as part of replacing "${old.urn}" as it is currently ` +
                    "marked for protection; remove the protect option from the resource in the program and run up first",
            );
        }
        dependents.forEach(({ resource, keys }) => this.deletedEarly.set(resource.urn, keys));
        const deleting = new Set([old.urn, ...this.deletedEarly.keys()]);
        for (const { resource } of dependents) {
            // A copy pending deletion is deleted for good, as any delete (NewDeleteStep: its protect checked then).
            await (resource.pendingDelete ? deleteResources(this.context, [resource], new Set(), deleting) : this.deleteReplaced(resource, deleting));
        }
        if (!old.pendingReplacement) {
            await this.deleteReplaced(old, deleting);
        }
    }

    /**
     * DeleteStep.Apply of a replacement (no protect check): its delete hooks run, and a retained or external resource,
     * or one deleted with a resource deleted in this run (isDeletedWith), leaves no Delete call.
     */
    private async deleteReplaced(resource: ResourceState, deleting: ReadonlySet<string>): Promise<void> {
        const call = deleteHookCall(this.context, resource);
        await this.context.hooks.run(resource.resourceHooks, "BeforeDelete", call);
        if (!this.context.preview) {
            const deletedWith = resource.deletedWith !== undefined && deleting.has(resource.deletedWith);
            if (!resource.retainOnDelete && !resource.external && !deletedWith) {
                await providerDelete(this.context, resource, call);
            }
            this.context.state.pendReplacement(resource);
        }
        await this.afterHooks(resource.resourceHooks, "AfterDelete", call);
    }
}

/** generateStepsFromDiff's diff of a triggered replace: "some" change, no keys, Diff not called. */
const TRIGGERED_DIFF = { changes: "some", replaces: [], deleteBeforeReplace: false } as const;

type CustomOptions = Pick<RegistrationRequest, "ignoreChanges" | "replaceOnChanges" | "deleteBeforeReplace" | "importId">;

interface InheritedOptions {
    protect?: boolean;
    retainOnDelete?: boolean;
    deletedWith?: string;
}

/** step_generator.go generateResourceSteps: the state a registration asks for, before its steps give it an id and outputs. */
function desiredOf(urn: string, request: RegistrationRequest, inherited: InheritedOptions, customTimeouts: CustomTimeouts | undefined): Desired {
    return {
        urn,
        type: request.type,
        custom: request.custom,
        ...(request.parent ? { parent: request.parent } : {}),
        dependencies: request.dependencies,
        propertyDependencies: propertyDependenciesOf(request),
        inputs: request.object,
        ...(request.additionalSecretOutputs.length > 0 ? { additionalSecretOutputs: request.additionalSecretOutputs } : {}),
        ...(inherited.protect ? { protect: true } : {}),
        ...(inherited.retainOnDelete ? { retainOnDelete: true } : {}),
        ...(inherited.deletedWith ? { deletedWith: inherited.deletedWith } : {}),
        ...(request.replaceWith?.length ? { replaceWith: request.replaceWith } : {}),
        ...(request.replacementTrigger !== undefined ? { replacementTrigger: request.replacementTrigger } : {}),
        ...(customTimeouts ? { customTimeouts } : {}),
        ...(request.sourcePosition ? { sourcePosition: request.sourcePosition } : {}),
        ...(request.stackTrace ? { stackTrace: request.stackTrace } : {}),
        ...(request.ignoreChanges.length > 0 ? { ignoreChanges: request.ignoreChanges } : {}),
        ...(request.replaceOnChanges.length > 0 ? { replaceOnChanges: request.replaceOnChanges } : {}),
        ...(request.hooks ? { resourceHooks: request.hooks } : {}),
    };
}

/**
 * source_eval.go RegisterResource: each input property's dependencies as the SDK reported them; when it reported none,
 * each input depends on every dependency of the resource. Every input has an entry.
 */
function propertyDependenciesOf(request: RegistrationRequest): Record<string, string[]> {
    const reported = request.propertyDependencies ?? {};
    const backfill = Object.keys(reported).length === 0;
    const dependencies: Record<string, string[]> = { ...reported };
    for (const key of Object.keys(request.object)) {
        dependencies[key] ??= backfill ? [...request.dependencies] : [];
    }
    return dependencies;
}

/**
 * step_executor.go executeStep: the state a step leaves has its additionalSecretOutputs, and each output whose input is
 * a secret, made secret.
 */
function settled(resource: ResourceState): ResourceState {
    return { ...resource, outputs: withSecretOutputs(resource.outputs, resource.inputs, resource.additionalSecretOutputs ?? []) };
}

/**
 * source_eval.go RegisterResource (generateTimeoutInSeconds): each custom timeout the program gives, a Go duration, in
 * seconds; the state records them when any is given (stack/deployment.go SerializeResource: IsNotEmpty).
 */
function customTimeoutsOf(request: RegistrationRequest): CustomTimeouts | undefined {
    const given = Object.entries(request.customTimeouts ?? {}).filter(([, timeout]) => timeout !== "");
    const seconds = given.map(([operation, timeout]) => [operation, goDurationSeconds(timeout)] as const).filter(([, value]) => value !== 0);
    return seconds.length > 0 ? Object.fromEntries(seconds) : undefined;
}

export function stackOutputsOf(resources: readonly ResourceState[]): PropertyMap {
    const stack = resources.find((resource) => isRootStack(resource.type) && !resource.pendingDelete);
    return stack?.outputs ?? {};
}

/** How the engine reports a resource whose inputs the provider's Check refused. */
export function checkFailureMessage(type: string, name: string, problems: string): string {
    return `${type} resource '${name}' has a problem: ${problems}`;
}
