// `--target URN` (repeatable) and `--target-dependents`, as the Go engine's step generator reads them
// (pkg/resource/deploy/step_generator.go, deployment_executor.go): only the targeted resources are created, updated,
// refreshed or deleted; every other resource keeps its old state.
import { ResourceState } from "../state/state-file";

/** What a resource depends on, as pkgresource.State.GetAllDependencies lists it (provider aside): parent, dependsOn, deletedWith. */
export function dependenciesOf(resource: { parent?: string; dependencies: readonly string[]; deletedWith?: string }): string[] {
    return [...(resource.parent ? [resource.parent] : []), ...resource.dependencies, ...(resource.deletedWith ? [resource.deletedWith] : [])];
}

export class Targets {
    /** step_generator.go targetsActual: the targets, and with --target-dependents every resource found targeted since. */
    private readonly actual: Set<string>;

    constructor(
        private readonly literal: readonly string[] = [],
        private readonly dependents = false,
    ) {
        this.actual = new Set(literal);
    }

    /** UrnTargets.IsConstrained: without --target every resource takes part. */
    get constrained(): boolean {
        return this.literal.length > 0;
    }

    /**
     * step_generator.go isTargetedForUpdate: named by --target, or, with --target-dependents, depending on a resource
     * targeted earlier in the run; a targeted resource joins targetsActual (generateSteps). Unconstrained: everything.
     */
    includes(urn: string, dependencies: readonly string[]): boolean {
        if (!this.constrained) {
            return true;
        }
        const targeted = this.literal.includes(urn) || (this.dependents && dependencies.some((dependency) => this.actual.has(dependency)));
        if (targeted) {
            this.actual.add(urn);
        }
        return targeted;
    }

    /** refresh (deployment_executor.go refresh, step_generator.go GenerateRefreshes): the resources named by --target. */
    named(urn: string): boolean {
        return !this.constrained || this.literal.includes(urn);
    }

    /** deployment_executor.go checkTargets of the targets (see checkTargets). */
    check(found: (urn: string) => boolean): void {
        checkTargets(this.literal, found);
    }

    /**
     * step_generator.go GenerateDeletes with targets: only the targets and their dependents (getTargetDependents: children,
     * dependsOn and deletedWith, transitively) may be deleted, and one that was not named is an error unless
     * --target-dependents was given (GetResourceWillBeDestroyedButWasNotSpecifiedInTargetList); the rest stays.
     */
    deletable(candidates: readonly ResourceState[], everything: readonly ResourceState[]): ResourceState[] {
        if (!this.constrained) {
            return [...candidates];
        }
        const allowed = new Set<string>();
        const frontier = everything.filter((resource) => this.literal.includes(resource.urn)).map((resource) => resource.urn);
        while (frontier.length > 0) {
            const next = frontier.shift() as string;
            if (allowed.has(next)) {
                continue;
            }
            allowed.add(next);
            frontier.push(...everything.filter((resource) => dependenciesOf(resource).includes(next)).map((resource) => resource.urn));
        }
        const deleting = candidates.filter((resource) => allowed.has(resource.urn));
        const unnamed = this.dependents ? [] : deleting.filter((resource) => !this.literal.includes(resource.urn));
        if (unnamed.length > 0) {
            throw new Error(
                unnamed.map((resource) => `Resource '${resource.urn}' will be destroyed but was not specified in --target list.`).join(" ") +
                    " Either include resource in --target list or pass --target-dependents to proceed.",
            );
        }
        return deleting;
    }
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
