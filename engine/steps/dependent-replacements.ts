// Which resources a delete-before-replace must replace with the resource it replaces, as the Go engine's
// step_generator.go calculateDependentReplacements decides: of the resources depending on it, in the state's order, each
// custom resource whose inputs come (by its property dependencies) from a resource being replaced, or which is deleted
// with one, and whose provider's Diff, with those inputs unknown, answers a replace.
import { ResourceState } from "../state/state-file";
import { PropertyMap, UNKNOWN, union } from "../values/property-values";
import { diffObjects } from "../values/object-diff";
import { replaceOnChangeKeys } from "./replace-on-changes";
import { StepContext, refOf } from "./deployment";

export interface DependentReplacement {
    resource: ResourceState;
    /** The keys the provider's Diff said replace it (none for a resource deleted with a replaced one). */
    keys: string[];
}

/**
 * The dependents to replace, in dependency order. Those already registered in this run are left out: they registered
 * after the root would, had they still depended on it (the engine's impossibleDependents).
 */
export async function dependentReplacements(
    context: StepContext,
    root: ResourceState,
    registered: ReadonlySet<string>,
): Promise<DependentReplacement[]> {
    const replaceSet = new Set([root.urn]);
    const replacements: DependentReplacement[] = [];
    for (const dependent of dependingOn(context.state.resources, root, registered)) {
        const keys = await replaceKeys(context, dependent, replaceSet);
        if (keys) {
            replacements.push({ resource: dependent, keys });
            replaceSet.add(dependent.urn);
        }
    }
    return replacements;
}

/**
 * resource/graph DependingOn (children not included): the resources after the root in the state (copies pending
 * deletion too) that depend on it, directly or through one another, by dependsOn, property dependencies, deletedWith or replaceWith.
 */
function dependingOn(
    resources: readonly ResourceState[],
    root: ResourceState,
    ignore: ReadonlySet<string>,
): ResourceState[] {
    const dependentSet = new Set([root.urn]);
    const dependents: ResourceState[] = [];
    for (const candidate of resources.slice(resources.indexOf(root) + 1)) {
        const references = [
            ...candidate.dependencies,
            ...Object.values(candidate.propertyDependencies ?? {}).flat(),
            ...(candidate.deletedWith ? [candidate.deletedWith] : []),
            ...(candidate.replaceWith ?? []),
        ];
        if (!ignore.has(candidate.urn) && references.some((urn) => dependentSet.has(urn))) {
            dependents.push(candidate);
            dependentSet.add(candidate.urn);
        }
    }
    return dependents;
}

/**
 * calculateDependentReplacements' requiresReplacement: the keys that replace the resource, or undefined when it is not
 * replaced. Components and external resources never are; one deleted with a replaced resource always is; otherwise the
 * provider's Diff decides with each input that comes from a replaced resource unknown (diffResource: a diff the
 * provider leaves unknown is the engine's comparison of the inputs), with the resource's recorded replaceOnChanges
 * (applyReplaceOnChanges).
 */
async function replaceKeys(
    context: StepContext,
    resource: ResourceState,
    replaceSet: ReadonlySet<string>,
): Promise<string[] | undefined> {
    if (!resource.custom || resource.external) {
        return undefined;
    }
    if (resource.deletedWith !== undefined && replaceSet.has(resource.deletedWith)) {
        return [];
    }
    const unknownInputs = Object.keys(resource.inputs).filter((key) =>
        (resource.propertyDependencies?.[key] ?? []).some((urn) => replaceSet.has(urn)),
    );
    if (unknownInputs.length === 0) {
        return undefined;
    }
    const inputsForDiff: PropertyMap = {
        ...resource.inputs,
        ...Object.fromEntries(unknownInputs.map((key) => [key, UNKNOWN])),
    };
    const diff = await context.host.diff(
        refOf(resource),
        resource.id ?? "",
        resource.outputs,
        inputsForDiff,
        resource.inputs,
    );
    const inputDiff = diff.changes === "unknown" ? diffObjects(resource.inputs, inputsForDiff) : undefined;
    const replaces = union(diff.replaces, replaceOnChangeKeys(inputDiff, resource.replaceOnChanges ?? []));
    return replaces.length > 0 ? replaces : undefined;
}
