// `refresh --run-program`, `destroy --run-program` and `preview/up --refresh --run-program`: the program runs and its
// registrations steer the operation, as the Go engine's step generator does in its refresh and destroy modes
// (deployment_executor.go Execute: RefreshProgram, DestroyProgram; step_generator.go generateResourceSteps with
// sg.refresh, continueStepsFromRefresh, performPostSteps).
// - With a refresh (refresh --run-program, --refresh --run-program) each registered resource of the state that the
//   targets include is read back first, as it registers (a RefreshStep on the program's goal: the read names the new
//   URN, and what it finds becomes the resource's state, the goal's options with the read's id, inputs and outputs).
//   A component's refresh is internal and reads nothing; a resource pending replacement is not read.
// - refresh: a custom resource (or one depending on a skipped create) is done once refreshed, answered with what was
//   read: nothing is created or updated; one not in the state is a skipped create. Components, the stack and the
//   provider are registered as in an update. The resources the program does not register are refreshed after it, as
//   a refresh without the program does (GenerateRefreshes); nothing is deleted.
// - destroy: a custom resource in the state is a same step keeping its old inputs and outputs (the program hears them),
//   one not in the state, or depending on a skipped create, a skipped create; components, the stack and the provider
//   are registered as in an update. Then everything the targets allow is deleted (GenerateDeletes of the resources
//   not operated on and of those marked toDelete: together, the whole state).
// - up/preview --refresh --run-program: the refreshed state is the old state the update's steps start from (one found
//   gone is created again); the resources the program does not register are deleted without a read.
import { isProvider } from "../state/default-provider";
import { ResourceState } from "../state/state-file";
import { PropertyMap } from "../values/property-values";
import { StepContext, errorMessage, newStep, providerOf, shownResource } from "./deployment";
import { RefreshStep } from "./step";
import { deleteResources } from "./step-executor";
import { dependenciesOf } from "./targets";
import { Goal } from "./source-eval";
import { ShownResource, StepResult } from "../types";

export interface ProgramMode {
    /** update: preview or up; refresh and destroy: `--run-program` of those commands (refreshMode, destroyMode). */
    operation: "update" | "refresh" | "destroy";
    /** Each registered resource is refreshed as it registers (sg.refresh: RefreshProgram with Refresh). */
    refreshFirst: boolean;
}

export const REFRESH_WITH_PROGRAM: ProgramMode = { operation: "refresh", refreshFirst: true };
export const DESTROY_WITH_PROGRAM: ProgramMode = { operation: "destroy", refreshFirst: false };
export const UPDATE_REFRESHING_WITH_PROGRAM: ProgramMode = { operation: "update", refreshFirst: true };

/**
 * What becomes of a registration: the update's steps go on from `old`; it is done with this state and no further step;
 * it is a same step recording this state; or it is a skipped create, answered with these outputs.
 */
export type Diverted =
    | { kind: "continue"; old?: ResourceState }
    | { kind: "done"; state: ResourceState }
    | { kind: "same"; state: ResourceState }
    | { kind: "skippedCreate"; outputs?: PropertyMap };

export class ProgramModeSteps {
    constructor(
        private readonly context: StepContext,
        private readonly mode: ProgramMode,
        /** step_generator.go skippedCreates: the resources registered in this run and not created. */
        private readonly skippedCreates: ReadonlySet<string>,
    ) {}

    /**
     * generateResourceSteps (the refresh of a resource with an old state) and continueStepsFromRefresh (refreshMode,
     * destroyMode). `shown` is the goal as a step's `new` carries it.
     */
    async divert(
        goal: Goal,
        old: ResourceState | undefined,
        shown: (resource: ResourceState) => ShownResource,
    ): Promise<Diverted> {
        const refreshes =
            old !== undefined && this.mode.refreshFirst && this.context.targets.includes(old.urn, dependenciesOf(old));
        const current = refreshes ? await this.refresh(goal, old, shown) : old;
        const skippedDependency = dependenciesOf(goal).some((urn) => this.skippedCreates.has(urn));
        if (this.mode.operation === "refresh" && (goal.custom || skippedDependency)) {
            return current ? { kind: "done", state: current } : { kind: "skippedCreate" };
        }
        if (this.mode.operation === "destroy" && skippedDependency) {
            return { kind: "skippedCreate", outputs: current?.outputs };
        }
        if (this.mode.operation === "destroy" && goal.custom) {
            // "For deletes we want to maintain the old inputs"; the same step keeps the old id and outputs.
            return current
                ? { kind: "same", state: { ...goal, id: current.id, inputs: current.inputs, outputs: current.outputs } }
                : { kind: "skippedCreate" };
        }
        return { kind: "continue", old: current };
    }

    /**
     * RefreshStep.Apply with a goal: the resource read back and recorded as the goal with what was read, or removed when
     * the read finds it gone (undefined). A component's refresh (NewInternalRefreshStep, not shown) and that of a
     * resource pending replacement read nothing; each refresh is persisted all the same, so the resource takes its place
     * among those this run recorded (backend/snapshot.go refreshSnapshotMutation: markDone, markNew).
     */
    private async refresh(
        goal: Goal,
        old: ResourceState,
        shown: (resource: ResourceState) => ShownResource,
    ): Promise<ResourceState | undefined> {
        const { context } = this;
        if (!old.custom || isProvider(old)) {
            context.state.record(old);
            return old;
        }
        const step: StepResult = {
            ...newStep("same", old),
            ...providerOf(context, old),
            old: shownResource(old, context.providerRef),
            new: shown({ ...goal, outputs: {} }),
            // Shown as the refresh that `--refresh` runs first; a refresh's own steps are not marked.
            ...(this.mode.operation === "update" ? { refresh: true } : {}),
        };
        try {
            const refreshed = old.pendingReplacement
                ? old
                : await context.slots.run(() => new RefreshStep({ context }, step, old, goal).apply());
            if (refreshed) {
                context.state.record(refreshed);
            }
            return refreshed;
        } catch (error) {
            step.error = errorMessage(error);
            throw error;
        } finally {
            context.steps.push(step);
        }
    }
}

/**
 * A destroy's deletes (destroy.go, and GenerateDeletes of destroyMode): every resource of the state the targets allow,
 * the targets checked against the state first.
 */
export async function destroyAll(context: StepContext): Promise<void> {
    const { resources } = context.state;
    context.targets.check((urn) => resources.some((resource) => resource.urn === urn));
    return deleteResources(context, context.targets.deletable(resources, resources));
}
