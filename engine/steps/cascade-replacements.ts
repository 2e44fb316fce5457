// Replacements that cascade: a resource that asks to be replaced with another (replaceWith), or that is deleted with it
// (deletedWith), is replaced whenever that one is, whatever its own inputs (step_generator.go diff,
// findDependentCascadeReplacements).
import { ResourceState } from "../state/state-file";
import { DependentReplacement } from "./dependent-replacements";

/** generateStepsFromDiff's diff of a cascaded replace: "some" change, blamed on the option, Diff not called. */
export interface CascadedDiff {
    changes: "some";
    replaces: string[];
    deleteBeforeReplace: false;
}

type Cascading = Pick<ResourceState, "deletedWith" | "replaceWith">;

/**
 * step_generator.go diff: the goal's replaceWith, then its deletedWith, names a resource replaced earlier in this run
 * (sg.replaces), so the resource is replaced with that option's name as the key, before its provider is asked.
 */
export function cascadedDiff(goal: Cascading, replacing: ReadonlySet<string>): CascadedDiff | undefined {
    const key = (goal.replaceWith ?? []).some((urn) => replacing.has(urn))
        ? "replaceWith"
        : goal.deletedWith !== undefined && replacing.has(goal.deletedWith)
          ? "deletedWith"
          : undefined;
    return key && { changes: "some", replaces: [key], deleteBeforeReplace: false };
}

/**
 * findDependentCascadeReplacements: the resources of the old state (not those pending deletion, which getOldResource
 * does not find) that name the replaced one in their replaceWith or deletedWith, to be deleted before it. The goals
 * registered in this run cannot name it: the program has its URN only once its registration is answered.
 */
export function cascadeDependents(resources: readonly ResourceState[], urn: string): DependentReplacement[] {
    const cascades = (resource: Cascading) =>
        (resource.replaceWith ?? []).includes(urn) || resource.deletedWith === urn;
    return resources
        .filter((resource) => !resource.pendingDelete && cascades(resource))
        .map((resource) => ({ resource, keys: [] }));
}
