// `--target URN` and `--exclude URN` (repeatable, URNs or globs), `--target-dependents` and `--exclude-dependents`, as
// the Go engine reads them (pkg/resource/deploy/step_generator.go, deployment_executor.go): with targets only they
// and (with --target-dependents) what depends on them are created, updated, refreshed or deleted; with excludes
// everything but them and (with --exclude-dependents) what depends on them. The others keep their old state.
import { isProvider } from "../state/default-provider";
import { ResourceState } from "../state/state-file";

/**
 * What a resource depends on, as pkgresource.State.GetAllDependencies lists it (provider aside): parent, dependsOn,
 * deletedWith, replaceWith.
 */
export function dependenciesOf(resource: {
    parent?: string;
    dependencies: readonly string[];
    deletedWith?: string;
    replaceWith?: readonly string[];
}): string[] {
    return [
        ...(resource.parent ? [resource.parent] : []),
        ...resource.dependencies,
        ...(resource.deletedWith ? [resource.deletedWith] : []),
        ...(resource.replaceWith ?? []),
    ];
}

/**
 * deployment.go UrnTargets: each entry with a `*` is a glob (`**` matches anything, `*` anything but a colon:
 * getMatcher), any other a URN. Without entries it is not constrained: the caller then takes every URN.
 */
export class UrnTargets {
    private readonly literals: string[];
    private readonly globs: RegExp[];

    constructor(urnOrGlobs: readonly string[] = []) {
        this.literals = urnOrGlobs.filter((entry) => !entry.includes("*"));
        this.globs = urnOrGlobs.filter((entry) => entry.includes("*")).map(globMatcher);
    }

    /** IsConstrained. */
    get constrained(): boolean {
        return this.literals.length > 0 || this.globs.length > 0;
    }

    /** Named: a literal or a glob's match (Contains of a constrained set; nothing is named by an empty one). */
    has(urn: string): boolean {
        return this.literals.includes(urn) || this.globs.some((glob) => glob.test(urn));
    }

    /** addLiteral: found to be targeted (or excluded) since; nothing when not constrained. */
    add(urn: string): void {
        if (this.constrained) {
            this.literals.push(urn);
        }
    }

    /** deployment_executor.go checkTargets: the URNs (not the globs) must each name a resource (see checkTargets). */
    check(found: (urn: string) => boolean): void {
        checkTargets(this.literals, found);
    }
}

function globMatcher(glob: string): RegExp {
    const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(
        `^${glob
            .split("**")
            .map((segment) => segment.split("*").map(quote).join("[^:]*"))
            .join(".*")}$`,
    );
}

export interface TargetChoices {
    targets?: readonly string[];
    targetDependents?: boolean;
    excludes?: readonly string[];
    excludeDependents?: boolean;
}

export class Targets {
    private readonly targets: UrnTargets;
    private readonly excludes: UrnTargets;
    /** step_generator.go targetsActual and excludesActual: the targets (excludes) and those found to follow them. */
    private readonly targetsActual: UrnTargets;
    private readonly excludesActual: UrnTargets;
    private readonly targetDependents: boolean;
    private readonly excludeDependents: boolean;

    /** Targets take precedence over excludes when both are given (isIncludedInOperation, GenerateDeletes). */
    constructor(choices: TargetChoices = {}) {
        this.targets = new UrnTargets(choices.targets);
        this.excludes = new UrnTargets(choices.excludes);
        this.targetsActual = new UrnTargets(choices.targets);
        this.excludesActual = new UrnTargets(choices.excludes);
        this.targetDependents = choices.targetDependents === true;
        this.excludeDependents = choices.excludeDependents === true;
    }

    /**
     * step_generator.go isIncludedInOperation: targeted (isTargetedForUpdate: named by --target, or with
     * --target-dependents depending on a resource targeted earlier in the run) or, with excludes, not excluded
     * (isExcludedFromUpdate, the same with --exclude-dependents); generateSteps records what it found in the actual sets.
     * A refresh asks it of each resource in the state's order, a dependency before what depends on it, as
     * deployment_executor.go refresh chooses what to read.
     */
    includes(urn: string, dependencies: readonly string[]): boolean {
        if (this.targets.constrained) {
            return this.follows(this.targets, this.targetsActual, this.targetDependents, urn, dependencies);
        }
        return !this.follows(this.excludes, this.excludesActual, this.excludeDependents, urn, dependencies);
    }

    private follows(
        named: UrnTargets,
        actual: UrnTargets,
        dependents: boolean,
        urn: string,
        dependencies: readonly string[],
    ): boolean {
        if (!named.constrained) {
            return false;
        }
        const found = named.has(urn) || (dependents && dependencies.some((dependency) => actual.has(dependency)));
        if (found) {
            actual.add(urn);
        }
        return found;
    }

    /** deployment_executor.go checkTargets of the targets and of the excludes. */
    check(found: (urn: string) => boolean): void {
        this.targets.check(found);
        this.excludes.check(found);
    }

    /**
     * step_generator.go GenerateDeletes: with targets only those and their dependents may be deleted
     * (determineAllowedResourcesToDeleteFromTargets); with excludes all but those, what they depend on and, with
     * --exclude-dependents, what depends on them (determineForbiddenResourcesToDeleteFromExcludes).
     */
    deletable(candidates: readonly ResourceState[], everything: readonly ResourceState[]): ResourceState[] {
        if (this.targets.constrained) {
            return this.targetedDeletes(candidates, everything);
        }
        if (this.excludes.constrained) {
            const kept = this.keptFromDeletes(everything);
            return candidates.filter((resource) => !kept.has(resource.urn));
        }
        return [...candidates];
    }

    /**
     * getTargetDependents: the targets and their dependents (children, dependsOn and deletedWith, transitively); one
     * not named is an error unless --target-dependents was given (GetResourceWillBeDestroyedButWasNotSpecifiedInTargetList).
     */
    private targetedDeletes(
        candidates: readonly ResourceState[],
        everything: readonly ResourceState[],
    ): ResourceState[] {
        const allowed = closure(
            everything.filter((resource) => this.targets.has(resource.urn)),
            (next) => everything.filter((resource) => dependenciesOf(resource).includes(next.urn)),
        );
        const deleting = candidates.filter((resource) => allowed.has(resource.urn));
        const unnamed = this.targetDependents ? [] : deleting.filter((resource) => !this.targets.has(resource.urn));
        if (unnamed.length > 0) {
            throw new Error(
                unnamed
                    .map(
                        (resource) =>
                            `Resource '${resource.urn}' will be destroyed but was not specified in --target list.`,
                    )
                    .join(" ") + " Either include resource in --target list or pass --target-dependents to proceed.",
            );
        }
        return deleting;
    }

    /** getExcludeDependencies: the excludes, what they depend on (their provider too) and, with --exclude-dependents, their dependents. */
    private keptFromDeletes(everything: readonly ResourceState[]): Set<string> {
        const byUrn = new Map(everything.map((resource) => [resource.urn, resource]));
        return closure(
            everything.filter((resource) => this.excludes.has(resource.urn)),
            (next) => [
                ...dependenciesOf(next).flatMap((urn) => byUrn.get(urn) ?? []),
                ...(next.custom && !isProvider(next) ? everything.filter(isProvider) : []),
                ...(this.excludeDependents
                    ? everything.filter((resource) => dependenciesOf(resource).includes(next.urn))
                    : []),
            ],
        );
    }
}

/** The URNs reached from the start by following `next`, each visited once (the state is finite, so this ends). */
function closure(
    start: readonly ResourceState[],
    next: (resource: ResourceState) => readonly ResourceState[],
): Set<string> {
    const reached = new Set<string>();
    const frontier = [...start];
    while (frontier.length > 0) {
        const resource = frontier.shift() as ResourceState;
        if (!reached.has(resource.urn)) {
            reached.add(resource.urn);
            frontier.push(...next(resource));
        }
    }
    return reached;
}

/**
 * destroy.go getProtectedExcludes (`destroy --exclude-protected`): the protected resources and everything they depend
 * on, transitively, which a destroy then excludes.
 */
export function protectedExcludes(resources: readonly ResourceState[]): string[] {
    const byUrn = new Map(resources.map((resource) => [resource.urn, resource]));
    return [
        ...closure(
            resources.filter((resource) => resource.protect),
            (next) => dependenciesOf(next).flatMap((urn) => byUrn.get(urn) ?? []),
        ),
    ];
}

/**
 * deployment_executor.go checkTargets: each target must name a resource of the old state or one registered in the
 * run; every missing one is reported, then the run stops. The replace targets are checked so before the program runs.
 */
export function checkTargets(targets: readonly string[], found: (urn: string) => boolean): void {
    const missing = targets.filter((urn) => !found(urn));
    if (missing.length > 0) {
        const reasons = missing.map((urn) =>
            urn.includes("$")
                ? `Target '${urn}' could not be found in the stack.`
                : `Target '${urn}' could not be found in the stack. Did you forget to escape $ in your shell?`,
        );
        throw new Error(`one or more targets could not be found in the stack: ${reasons.join(" ")}`);
    }
}
