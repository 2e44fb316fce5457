// After a refresh removed the resources it found gone, what referred to them is repaired, as the Go engine's
// deployment_executor.go rebuildBaseState and undangleParentResources do: in the state's order (a topological sort),
// a reference is kept only to a URN that some resource before it still has (several copies of a resource share a URN,
// so a reference to a deleted copy may still find another).
import { ResourceState } from "../state/state-file";

/**
 * rebuildBaseState: dependencies and property dependencies keep only the URNs found before the resource (a property
 * dependency left with none loses its key; each is rewritten only where it was not empty), so does replaceWith, and
 * deletedWith is cleared when it finds none. undangleParentResources: a parent no longer in the state is cleared too (its place, looked up
 * among the resources kept, is gone with it). A resource left as it was is the same object.
 */
export function rebuildBaseState(resources: readonly ResourceState[]): ResourceState[] {
    const referenceable = new Set<string>();
    return resources.map((resource) => {
        const rebuilt = dangling(resource, referenceable)
            ? withoutDanglingReferences(resource, referenceable)
            : resource;
        referenceable.add(rebuilt.urn);
        return rebuilt;
    });
}

function referencesOf(resource: ResourceState): string[] {
    return [
        ...resource.dependencies,
        ...Object.values(resource.propertyDependencies ?? {}).flat(),
        ...(resource.deletedWith !== undefined ? [resource.deletedWith] : []),
        ...(resource.replaceWith ?? []),
        ...(resource.parent !== undefined ? [resource.parent] : []),
    ];
}

function dangling(resource: ResourceState, referenceable: ReadonlySet<string>): boolean {
    return referencesOf(resource).some((urn) => !referenceable.has(urn));
}

function withoutDanglingReferences(resource: ResourceState, referenceable: ReadonlySet<string>): ResourceState {
    const reachable = (urns: readonly string[]) => urns.filter((urn) => referenceable.has(urn));
    const { deletedWith, parent, propertyDependencies, replaceWith, ...rest } = resource;
    const keptPropertyDependencies = Object.entries(propertyDependencies ?? {})
        .map(([key, urns]) => [key, reachable(urns)] as const)
        .filter(([, urns]) => urns.length > 0);
    return {
        ...rest,
        dependencies: reachable(resource.dependencies),
        ...(propertyDependencies ? { propertyDependencies: Object.fromEntries(keptPropertyDependencies) } : {}),
        ...(deletedWith !== undefined && referenceable.has(deletedWith) ? { deletedWith } : {}),
        ...(replaceWith ? { replaceWith: reachable(replaceWith) } : {}),
        ...(parent !== undefined && referenceable.has(parent) ? { parent } : {}),
    };
}
