// Replacements that cascade: a resource deleted with (deletedWith) a resource this run replaces goes with it, so it is
// replaced too, whatever its own inputs (step_generator.go diff).
import { ResourceState } from "../state/state-file";

/** generateStepsFromDiff's diff of a cascaded replace: "some" change, blamed on the option, Diff not called. */
export interface CascadedDiff {
    changes: "some";
    replaces: string[];
    deleteBeforeReplace: false;
}

/**
 * step_generator.go diff: the goal's deletedWith names a resource replaced earlier in this run (sg.replaces), so the
 * resource is replaced with the key "deletedWith", before its provider is asked.
 */
export function cascadedDiff(goal: Pick<ResourceState, "deletedWith">, replacing: ReadonlySet<string>): CascadedDiff | undefined {
    if (goal.deletedWith !== undefined && replacing.has(goal.deletedWith)) {
        return { changes: "some", replaces: ["deletedWith"], deleteBeforeReplace: false };
    }
    return undefined;
}
