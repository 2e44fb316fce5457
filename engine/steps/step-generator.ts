// The step generator, as pkg/resource/deploy/step_generator.go has it: each registration's goal, against the old state
// and the run's options, becomes its steps (same / create / update / replace / read / import; Check and Diff are asked
// here), which the step executor runs as they are made. It keeps what the Go generator keeps across registrations: the
// URNs registered (sg.urns), the aliases taken (sg.aliased), the replacements (sg.replaces), the resources a
// delete-before-replace deleted, and the skipped creates.
import { RegistrationReply, RegistrationRequest } from "../host/protocol";
import { ResourceState } from "../state/state-file";
import { isRootStack, resourceUrn } from "../state/urns";
import { propertyDiffs } from "../values/display-values";
import { changedKeys, detailedDiffOf, diffObjects } from "../values/object-diff";
import { PropertyMap, sameValue, union } from "../values/property-values";
import { ShownResource, StepResult } from "../types";
import { cascadeDependents, cascadedDiff } from "./cascade-replacements";
import { registrationStep } from "./default-provider-step";
import { StepContext, refOf, shownResource } from "./deployment";
import { dependentReplacements } from "./dependent-replacements";
import { withIgnoredChanges } from "./ignore-changes";
import { coveredBy, replaceOnChangeKeys } from "./replace-on-changes";
import { checkKnownTrigger, shouldTriggerReplace } from "./replacement-trigger";
import { Diverted, ProgramMode, ProgramModeSteps } from "./run-program";
import { CreateStep, DeleteStep, ImportStep, Place, ReadStep, SameStep, UpdateStep, settled } from "./step";
import { StepExecutor, deleteResources } from "./step-executor";
import { Goal, StackName } from "./source-eval";
import { dependenciesOf } from "./targets";

/** generateStepsFromDiff's diff of a triggered replace: "some" change, no keys, Diff not called. */
const TRIGGERED_DIFF = { changes: "some", replaces: [], deleteBeforeReplace: false } as const;

type CustomOptions = Pick<
    RegistrationRequest,
    "ignoreChanges" | "replaceOnChanges" | "deleteBeforeReplace" | "importId"
>;

/** How the engine reports a resource whose inputs the provider's Check refused (issueCheckFailures). */
export function checkFailureMessage(type: string, name: string, problems: string): string {
    return `${type} resource '${name}' has a problem: ${problems}`;
}

export class StepGenerator {
    /** sg.urns: the URNs registered in this run. */
    readonly urns = new Set<string>();
    /** The resources replaced create-before-delete: deleted at the end of the deployment, each within its replace step. */
    readonly replaced = new Set<ResourceState>();
    /** The imports of this run: a same step after an import is not shown. */
    private readonly imported = new Set<string>();
    /** sg.replaces: the URNs of the resources this run replaces (so far). */
    private readonly replaces = new Set<string>();
    /**
     * sg.deletes of a delete-before-replace: the resources it deleted (itself and the dependents it replaces), by URN,
     * with the keys that replace a dependent; a dependent registered again is re-created.
     */
    private readonly deletedEarly = new Map<string, string[]>();
    /** sg.skippedCreates: new resources left out by --target, which nothing targeted may depend on. */
    private readonly skippedCreates = new Set<string>();
    /** sg.aliased: each old URN an alias took in this run, with the URN of the resource that took it. */
    private readonly aliased = new Map<string, string>();
    /** deployment.go olds: the URNs of the resources the state held, not pending deletion, when the run began. */
    private readonly olds: ReadonlySet<string>;
    private readonly modeSteps?: ProgramModeSteps;

    constructor(
        private readonly context: StepContext,
        private readonly executor: StepExecutor,
        private readonly stack: StackName,
        mode: ProgramMode | undefined,
    ) {
        this.olds = new Set(
            context.state.resources.filter((resource) => !resource.pendingDelete).map((resource) => resource.urn),
        );
        this.modeSteps = mode && new ProgramModeSteps(context, mode, this.skippedCreates);
    }

    /**
     * source_eval.go defaultProviders.newRegisterDefaultProviderEvent and its step: the default provider recorded (or, on
     * a later up, re-recorded) with the current config, its step before the first resource that uses it.
     */
    registerDefaultProvider(provider: ResourceState): void {
        if (this.urns.has(provider.urn)) {
            return;
        }
        this.urns.add(provider.urn);
        this.context.steps.push(
            registrationStep(this.context.state.live(provider.urn), provider, this.context.preview),
        );
        if (!this.context.preview) {
            this.context.state.record(provider);
        }
    }

    /**
     * generateSteps, from the old resource on: a refresh or destroy mode's end, an untargeted resource, a create that
     * depends on a skipped create (validateSteps), or the resource's steps, run by the step executor.
     */
    async generateSteps(
        event: StepResult,
        goal: Goal,
        found: ResourceState | undefined,
        request: RegistrationRequest,
    ): Promise<RegistrationReply> {
        let old = found;
        if (this.modeSteps && request.readId === undefined) {
            const diverted = await this.divert(goal, old, request);
            if (diverted.kind !== "continue") {
                return this.finishDiverted(event, diverted, request);
            }
            old = diverted.old;
        }
        if (old) {
            Object.assign(event, { op: "update", id: old.id, old: shownResource(old, this.context.providerRef) });
        }
        const dependencies = dependenciesOf(request);
        // Providers and the root stack are always targeted (isImplicitlyTargetedResource).
        if (!isRootStack(request.type) && !this.context.targets.includes(goal.urn, dependencies)) {
            return this.leaveUntargeted(event, request, old);
        }
        const skippedDependency = dependencies.find((dependency) => this.skippedCreates.has(dependency));
        if (skippedDependency) {
            // validateSteps (GetResourceWillBeCreatedButWasNotSpecifiedInTargetList).
            event.error = `Resource '${goal.urn}' depends on '${skippedDependency}' which was was not specified in --target list.`;
            this.context.steps.push(event);
            throw this.executor.fail(new Error(event.error));
        }
        const refreshStep = this.context.refreshed.get(goal.urn);
        if (refreshStep) {
            refreshStep.new = this.shownGoal({ ...goal, outputs: {} }, request);
        }
        try {
            const resource = await this.resourceSteps(event, goal, old, request);
            event.new = this.shownGoal(resource, request);
            event.done = shownResource(resource, this.context.providerRef);
            if (!(this.imported.has(goal.urn) && event.op === "same")) {
                this.context.steps.push(event);
            }
            // A component has no provider: the engine answers with its inputs, as Pulumi's does.
            const answered = request.custom ? resource.outputs : goal.inputs;
            return { urn: goal.urn, id: resource.id ?? "", object: answered };
        } catch (error) {
            throw this.executor.failStep(event, error);
        }
    }

    /** A read, or a custom resource's steps, waits for a step slot (--parallel); a component's steps take none. */
    private resourceSteps(
        event: StepResult,
        goal: Goal,
        old: ResourceState | undefined,
        request: RegistrationRequest,
    ): Promise<ResourceState> {
        const { slots } = this.context;
        if (request.readId !== undefined) {
            const id = request.readId;
            return slots.run(() => this.generateReadSteps(event, goal, id));
        }
        return request.custom
            ? slots.run(() => this.generateCustomSteps(event, goal, old, request))
            : this.generateComponentSteps(event, goal, old);
    }

    /**
     * An untargeted resource (generateSteps): one in the state is a same step that keeps its old state whole (no Check,
     * no Diff), recorded in step order after what it refers to (SnapshotManager.recordUntargeted); a new one is a
     * skipped create (NewSkippedCreateStep).
     */
    private leaveUntargeted(
        event: StepResult,
        request: RegistrationRequest,
        old: ResourceState | undefined,
    ): RegistrationReply {
        if (!old) {
            return this.skipCreate(event, request);
        }
        event.op = "same";
        event.new = this.shownGoal(old, request);
        this.context.state.recordUntargeted(old);
        this.context.steps.push(event);
        const answered = request.custom ? old.outputs : old.inputs;
        return { urn: event.urn, id: old.id ?? "", object: answered };
    }

    /** NewSkippedCreateStep: a same step, not recorded, answered with the goal's inputs (or these outputs) and no id. */
    private skipCreate(event: StepResult, request: RegistrationRequest, outputs?: PropertyMap): RegistrationReply {
        const { urn } = event;
        event.op = "same";
        event.new = this.shownGoal(
            {
                urn,
                type: request.type,
                custom: request.custom,
                dependencies: request.dependencies,
                inputs: {},
                outputs: {},
            },
            request,
        );
        this.context.steps.push(event);
        this.skippedCreates.add(urn);
        return { urn, id: "", object: outputs ?? request.object };
    }

    /** generateResourceSteps' refresh and its refresh or destroy mode (run-program.ts); a failed read fails the registration. */
    private async divert(goal: Goal, old: ResourceState | undefined, request: RegistrationRequest): Promise<Diverted> {
        try {
            return await (this.modeSteps as ProgramModeSteps).divert(goal, old, (resource) =>
                this.shownGoal(resource, request),
            );
        } catch (error) {
            throw this.executor.skip(goal.urn, error);
        }
    }

    /**
     * continueStepsFromRefresh's ends: a resource done once refreshed gets no further step (event.Done with its state),
     * a destroy's same step records the goal with the old state's inputs and outputs, a skipped create records nothing.
     */
    private finishDiverted(
        event: StepResult,
        diverted: Exclude<Diverted, { kind: "continue" }>,
        request: RegistrationRequest,
    ): RegistrationReply {
        if (diverted.kind === "skippedCreate") {
            return this.skipCreate(event, request, diverted.outputs);
        }
        const { state } = diverted;
        if (diverted.kind === "same") {
            Object.assign(event, {
                op: "same",
                id: state.id,
                new: this.shownGoal(state, request),
                done: shownResource(state, this.context.providerRef),
            });
            this.context.state.record(state);
            this.context.steps.push(event);
        }
        return { urn: state.urn, id: state.id ?? "", object: state.outputs };
    }

    /**
     * The resource a step goes to, as the engine's step event carries it when the step starts: the goal with the checked
     * inputs, before the step gives it an id and outputs (a ReadStep's goal has the id it reads).
     */
    private shownGoal(resource: ResourceState, request: RegistrationRequest): ShownResource {
        const {
            id: _id,
            outputs: _outputs,
            ...shown
        } = shownResource(resource, this.context.providerRef, {
            ...(request.additionalSecretOutputs.length > 0
                ? { additionalSecretOutputs: request.additionalSecretOutputs }
                : {}),
            ...(request.importId ? { importId: request.importId } : {}),
            ...(request.ignoreChanges.length > 0 ? { ignoreChanges: request.ignoreChanges } : {}),
            ...(request.replaceOnChanges.length > 0 ? { replaceOnChanges: request.replaceOnChanges } : {}),
        });
        return request.readId !== undefined && resource.id ? { ...shown, id: resource.id } : shown;
    }

    /**
     * getOldResource: the resource in the state under this URN, or one an alias names. A URN an alias of another
     * resource took fails the registration (diag.GetDuplicateResourceAliasedError).
     */
    getOldResource(urn: string, request: RegistrationRequest): ResourceState | undefined {
        const takenBy = this.aliased.get(urn);
        if (takenBy) {
            throw new Error(`Duplicate resource URN '${urn}' conflicting with alias on resource with URN '${takenBy}'`);
        }
        return this.context.state.live(urn) ?? this.takeAlias(urn, request);
    }

    /**
     * No resource has this URN in the state: the first alias that names one not registered in this run is the old
     * resource, which takes the new URN (getOldResource and generateAliases; an alias spec's empty fields are the
     * resource's own, as collapseAliasToUrn fills them).
     */
    private takeAlias(urn: string, request: RegistrationRequest): ResourceState | undefined {
        const { project, stack } = this.stack;
        for (const alias of request.aliases ?? []) {
            const aliasUrn =
                "urn" in alias
                    ? alias.urn
                    : resourceUrn(
                          alias.project || project,
                          alias.stack || stack,
                          alias.type || request.type,
                          alias.name || request.name,
                          alias.noParent ? "" : alias.parentUrn || request.parent,
                      );
            if (aliasUrn !== urn) this.checkUnclaimed(aliasUrn, urn);
            const found = aliasUrn !== urn && !this.urns.has(aliasUrn) ? this.context.state.live(aliasUrn) : undefined;
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
        const conflicting = this.urns.has(aliasUrn) ? urn : this.aliased.get(aliasUrn);
        if (this.olds.has(aliasUrn) && conflicting) {
            throw new Error(
                `Duplicate resource alias '${aliasUrn}' applied to resource with URN '${urn}' conflicting with resource with URN '${conflicting}'`,
            );
        }
    }

    /**
     * GenerateReadSteps (`Kind.get(name, id)`): a read needs an id; a managed resource read under another id is replaced by
     * the read (NewReadReplacementStep marks it Delete, NewReplaceStep), and deleted at the end of the run; under its own
     * id it is relinquished. A read that fails is a failed read, not a failed create.
     */
    private async generateReadSteps(event: StepResult, goal: Goal, id: string): Promise<ResourceState> {
        const { state } = this.context;
        event.op = "read";
        if (id === "") {
            throw new Error(`Expected an ID for ${goal.urn}`);
        }
        const old = state.live(goal.urn);
        const replacing = old !== undefined && !old.external && old.id !== id;
        if (replacing) {
            Object.assign(event, { op: "replace", readReplacement: true, replaces: [] });
        }
        const place: Place = (read) => {
            event.id = read.id;
            return replacing ? this.replaced.add(state.replace(old, read)) : state.record(read);
        };
        const read = await new ReadStep(this.executor, goal, id, old, place).apply();
        event.id = read.id;
        return read;
    }

    /** A component's steps: a same step keeping its outputs, or a create. */
    private async generateComponentSteps(
        event: StepResult,
        goal: Goal,
        old: ResourceState | undefined,
    ): Promise<ResourceState> {
        if (old && isRootStack(old.type)) {
            this.executor.keepOldStackOutputs(old);
        }
        if (old) {
            event.op = "same";
            return new SameStep(this.executor, { ...goal, outputs: old.outputs }, old).apply();
        }
        event.op = "create";
        return new CreateStep(this.executor, goal, (created) => this.context.state.record(created)).apply();
    }

    /**
     * generateResourceSteps of a custom resource: an import, a re-creation, a read resource taken over, a targeted
     * replace, or Check then (for an existing one) Diff.
     */
    private async generateCustomSteps(
        event: StepResult,
        goal: Goal,
        found: ResourceState | undefined,
        options: CustomOptions,
    ): Promise<ResourceState> {
        if (!goal.type.startsWith("pulumi-nodejs:dynamic")) {
            throw new Error(
                `${goal.urn}: only dynamic resources (pulumi-nodejs:dynamic) can be deployed by the engine double`,
            );
        }
        // The import option adopts the object instead of creating one (ImportStep), then carries on as an update of what
        // was read would (continueStepsFromImport).
        const old = options.importId && !found ? await this.importExisting(event, goal, options.importId) : found;
        const recreating = this.deletedEarly.get(goal.urn);
        if (old && recreating) {
            return this.recreate(event, goal, old, recreating);
        }
        if (old?.external) {
            return this.takeOwnership(event, goal, old, options);
        }
        if (old && (old.taint || this.context.replaceTargets.has(old.urn))) {
            return this.replaceTargeted(event, goal, old, options.deleteBeforeReplace);
        }
        const news = old ? this.processIgnoreChanges(goal, old, options.ignoreChanges) : goal.inputs;
        const wanted: Goal = { ...goal, inputs: await this.check(event, goal, old?.inputs ?? {}, news) };
        if (!old) {
            event.op = "create";
            return new CreateStep(this.executor, wanted, (created) => this.context.state.record(created)).apply();
        }
        return this.continueStepsFromDiff(event, goal, wanted, old, options);
    }

    /** NewImportStep: the import is a step of its own; what follows (an update when the inputs differ) is another. */
    private async importExisting(event: StepResult, goal: Goal, id: string): Promise<ResourceState> {
        event.op = "import";
        const place: Place = (imported) => {
            event.id = imported.id;
            this.context.state.record(imported);
        };
        const imported = await new ImportStep(this.executor, goal, id, place).apply();
        this.context.steps.push({ ...event });
        this.imported.add(goal.urn);
        return imported;
    }

    /** processIgnoreChanges: the new inputs with the old values where the paths point, and the info on those it could not follow. */
    private processIgnoreChanges(goal: Goal, old: ResourceState, paths: readonly string[]): PropertyMap {
        const { inputs, info } = withIgnoredChanges(goal.inputs, old.inputs, paths);
        if (info) this.context.info(`${goal.urn}: ${info}`);
        return inputs;
    }

    /** continueStepsFromDiff: Diff decides between same, update and replace. */
    private async continueStepsFromDiff(
        event: StepResult,
        goal: Goal,
        wanted: Goal,
        old: ResourceState,
        options: CustomOptions,
    ): Promise<ResourceState> {
        const triggered = this.triggersReplace(goal, old);
        const diff = triggered
            ? TRIGGERED_DIFF
            : (cascadedDiff(goal, this.replaces) ??
              (await this.context.host.diff(refOf(wanted), old.id ?? "", old.outputs, wanted.inputs, old.inputs)));
        const hasInitErrors = (old.initErrors ?? []).length > 0;
        const changed =
            diff.changes === "some" || (diff.changes === "unknown" && !sameValue(old.inputs, wanted.inputs));
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
            // "If resource was unchanged, but there were initialization errors, generate an empty update step to
            // attempt to 'continue' awaiting initialization": Update, with the error's properties as the olds.
            event.op = hasInitErrors ? "update" : "same";
            const step = hasInitErrors
                ? new UpdateStep(this.executor, wanted, old)
                : new SameStep(this.executor, settled({ ...wanted, id: old.id, outputs: old.outputs }), old);
            return step.apply();
        }
        event.diffs = propertyDiffs(old.inputs, wanted.inputs);
        if (inputDiff) {
            // diffResource: the engine compares the inputs itself and keeps what it found as the step's diff.
            event.diffReasons = changedKeys(inputDiff);
            event.detailedDiff = Object.fromEntries(
                [...detailedDiffOf(inputDiff)].map(([path, kind]) => [path, { kind, inputDiff: true }]),
            );
        }
        if (replaces.length === 0 && !triggered && !old.pendingReplacement) {
            event.op = "update";
            return new UpdateStep(this.executor, wanted, old).apply();
        }
        event.op = "replace";
        event.replaces = replaces;
        this.refuseImportedReplace(goal, options);
        // The option, when the program gave it, overrides the provider's answer either way.
        event.deleteBeforeReplace = options.deleteBeforeReplace ?? diff.deleteBeforeReplace;
        // Before a replace the engine checks the program's inputs again, with no olds (the old object's defaults are
        // not carried over) and without ignoreChanges applied.
        const replacement: Goal = { ...wanted, inputs: await this.check(event, goal, {}, goal.inputs) };
        return this.replace(event, replacement, old, event.deleteBeforeReplace);
    }

    /**
     * generateStepsFromDiff: a trigger holding an unknown fails an update; a changed one replaces the resource without
     * asking the provider's Diff (shouldTriggerReplace).
     */
    private triggersReplace(goal: Goal, old: ResourceState): boolean {
        checkKnownTrigger(goal.urn, goal.replacementTrigger, this.context.preview);
        return shouldTriggerReplace(goal.replacementTrigger, old.replacementTrigger);
    }

    /** continueStepsFromDiff: a replacement would change the id the program names (a warning in preview). */
    private refuseImportedReplace(goal: Goal, options: CustomOptions): void {
        if (!options.importId) {
            return;
        }
        const message =
            "previously-imported resources that still specify an ID may not be replaced; please remove the `import` declaration from your program";
        if (!this.context.preview) {
            throw new Error(message);
        }
        this.context.warn(`${goal.urn}: ${message}`);
    }

    /**
     * continueStepsFromImport, "Case 1: recreating": a dependent a delete-before-replace deleted earlier in the run is
     * registered again, so it is replaced: Check with no olds (the old inputs belong to what was deleted), no Diff,
     * and the replacement created; its replace keys are those that made it a dependent replacement.
     */
    private async recreate(event: StepResult, goal: Goal, old: ResourceState, keys: string[]): Promise<ResourceState> {
        const wanted: Goal = { ...goal, inputs: await this.check(event, goal, {}, goal.inputs) };
        this.deletedEarly.delete(goal.urn);
        this.replaces.add(goal.urn);
        Object.assign(event, {
            op: "replace",
            replaces: keys,
            deleteBeforeReplace: true,
            diffs: propertyDiffs(old.inputs, wanted.inputs),
        });
        return this.createReplacement(event, wanted, old, true);
    }

    /**
     * continueStepsFromImport, "Case 2: wasExternal": a resource the stack only read (`Kind.get`) is declared, so one is
     * created in its place (NewCreateReplacementStep, pending the read one's deletion, which calls no Delete); its inputs
     * are checked with no olds and ignoreChanges not applied, and no Diff is asked. Declaring it with the import option
     * would make it an import-replacement, which the double does not follow.
     */
    private async takeOwnership(
        event: StepResult,
        goal: Goal,
        old: ResourceState,
        options: CustomOptions,
    ): Promise<ResourceState> {
        if (options.importId) {
            throw new Error(
                `${goal.urn}: importing over a read resource (an import-replacement, step_generator.go NewImportReplacementStep) is not followed by the engine double`,
            );
        }
        const wanted: Goal = { ...goal, inputs: await this.check(event, goal, {}, goal.inputs) };
        Object.assign(event, { op: "replace", replaces: [], diffs: propertyDiffs(old.inputs, wanted.inputs) });
        return this.createReplacement(event, wanted, old, false);
    }

    /**
     * isTargetedReplace: a resource named by `--replace` or tainted in the state (`state taint`) is replaced whatever its
     * inputs: its inputs are checked with no olds and ignoreChanges not applied, the provider is not asked for a diff
     * (the replace is blamed on "id"), and its replacement is not tainted.
     */
    private async replaceTargeted(
        event: StepResult,
        goal: Goal,
        old: ResourceState,
        deleteBeforeReplace: boolean | undefined,
    ): Promise<ResourceState> {
        const wanted: Goal = { ...goal, inputs: await this.check(event, goal, {}, goal.inputs) };
        event.op = "replace";
        // A changed replacementTrigger replaces it before the targeted replace is asked (generateStepsFromDiff): no key.
        event.replaces = this.triggersReplace(goal, old) ? [] : ["id"];
        event.diffs = propertyDiffs(old.inputs, wanted.inputs);
        // The DiffResult of a targeted replace leaves DeleteBeforeReplace false; the option overrides it.
        event.deleteBeforeReplace = deleteBeforeReplace ?? false;
        return this.replace(event, wanted, old, event.deleteBeforeReplace);
    }

    /** The provider's Check of the goal's inputs; its failures fail the step (issueCheckFailures). */
    private async check(event: StepResult, goal: Goal, olds: PropertyMap, news: PropertyMap): Promise<PropertyMap> {
        const checked = await this.context.host.check(refOf(goal), olds, news);
        if (checked.failures.length > 0) {
            event.failures = checked.failures;
            const problems = checked.failures.map((failure) => `${failure.property}: ${failure.reason}`).join("; ");
            throw new Error(checkFailureMessage(goal.type, event.name, problems));
        }
        return checked.inputs;
    }

    /**
     * continueStepsFromDiff's replace: refused only when the resource was protected and stays protected (and
     * --ignore-protect is not given): protect can be added, or removed, together with a replacing change. A
     * delete-before-replace deletes first.
     */
    private async replace(
        event: StepResult,
        wanted: Goal,
        old: ResourceState,
        deleteFirst: boolean,
    ): Promise<ResourceState> {
        if (wanted.protect && old.protect && !this.context.ignoreProtect) {
            throw new Error(
                `unable to replace resource "${old.urn}" as it is currently marked for protection; remove the protect option ` +
                    "from the resource in the program and run up first",
            );
        }
        this.replaces.add(old.urn);
        if (deleteFirst) {
            await this.deleteBeforeReplace(old);
        }
        return this.createReplacement(event, wanted, old, deleteFirst);
    }

    /**
     * NewCreateReplacementStep. Create-before-delete: the old resource stays until the end of the deployment, when its
     * dependents have moved to the replacement. Delete-before-replace: the replacement takes the place of the deleted
     * resource, which a failed create leaves pending replacement (backend/snapshot.go createSnapshotMutation).
     */
    private async createReplacement(
        event: StepResult,
        wanted: Goal,
        old: ResourceState,
        deleted: boolean,
    ): Promise<ResourceState> {
        const { state, preview } = this.context;
        const place: Place = (replacement) =>
            deleted ? state.record(replacement) : this.replaced.add(state.replace(old, replacement));
        const created = await new CreateStep(this.executor, wanted, place).apply();
        if (!preview) {
            event.id = created.id;
        }
        return created;
    }

    /**
     * continueStepsFromDiff with deleteBeforeReplace: the dependents that a new object would replace
     * (calculateDependentReplacements), and those replaced with it (findDependentCascadeReplacements), are deleted
     * first, last dependent first, then the resource itself, unless an earlier run already deleted it. Each stays in the
     * state pending replacement until it is created again (DeleteStep.Apply); a dependent's copy pending deletion is
     * deleted for good. A protected dependent refuses the whole replacement before anything is deleted (unless
     * --ignore-protect). In a preview nothing is deleted, but the dependents are replaced all the same.
     */
    private async deleteBeforeReplace(old: ResourceState): Promise<void> {
        const found = await dependentReplacements(this.context, old, this.urns);
        const cascading = cascadeDependents(this.context.state.resources, old.urn).filter(
            ({ resource }) => !found.some((other) => other.resource === resource),
        );
        const dependents = [...found, ...cascading]
            .filter(({ resource }) => !this.deletedEarly.has(resource.urn))
            .reverse();
        const refused = this.context.ignoreProtect
            ? undefined
            : dependents.find(({ resource }) => resource.protect && !resource.pendingDelete);
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
            await (resource.pendingDelete
                ? deleteResources(this.context, [resource], new Set(), deleting)
                : this.deleteReplaced(resource, deleting));
        }
        if (!old.pendingReplacement) {
            await this.deleteReplaced(old, deleting);
        }
    }

    /** NewDeleteReplacementStep: no protect check; its after-delete hooks' failure fails the deployment. */
    private async deleteReplaced(resource: ResourceState, deleting: ReadonlySet<string>): Promise<void> {
        const step = new DeleteStep(this.executor, resource, deleting, true, true);
        await step.apply();
        const failure = await step.afterHooks();
        if (failure) this.executor.recordPostStepError(failure);
    }

    /**
     * GenerateDeletes of an update: what the program no longer declares and the resources replaced create-before-delete;
     * with --target only those targeted (deployment_executor.go checks the targets first).
     */
    async generateDeletes(): Promise<void> {
        const { state, targets } = this.context;
        const leftovers = state.resources.filter((resource) => resource.pendingDelete || !this.urns.has(resource.urn));
        targets.check((urn) => this.urns.has(urn) || state.live(urn) !== undefined);
        await deleteResources(this.context, targets.deletable(leftovers, state.resources), this.replaced);
    }
}
