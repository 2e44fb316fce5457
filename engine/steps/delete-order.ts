// Deletes in reverse dependency order, as the engine does: a resource goes only after everything that
// depends on it (or is its child) has gone, where a URN with a live copy and one waiting for its deletion names the copy
// of the dependent's kind (dependencyResolver); deletions that nothing orders run in parallel. After a
// failure nothing new starts, and what depended on the failed deletion stays. A deletion that answers false was
// refused without failing the run's other deletions: what it depends on stays, everything else goes on.
import { ResourceState } from "../state/state-file";

export async function deleteInDependencyOrder(
    resources: readonly ResourceState[],
    remove: (resource: ResourceState) => Promise<boolean>,
): Promise<void> {
    const deletions = new Map<ResourceState, Promise<boolean>>();
    let failure: unknown;
    const dependsOn = dependencyResolver(resources);
    const dependentsOf = (resource: ResourceState) =>
        resources.filter(
            (other) =>
                other !== resource &&
                (other.parent === resource.urn || other.dependencies.includes(resource.urn)) &&
                dependsOn(other, resource),
        );
    const deletion = (resource: ResourceState): Promise<boolean> => {
        let pending = deletions.get(resource);
        if (!pending) {
            pending = Promise.all(dependentsOf(resource).map(deletion)).then(async (dependentsGone) => {
                if (failure !== undefined || !dependentsGone.every(Boolean)) {
                    return false;
                }
                try {
                    return await remove(resource);
                } catch (error) {
                    failure ??= error;
                    return false;
                }
            });
            deletions.set(resource, pending);
        }
        return pending;
    };
    await Promise.all(resources.map(deletion));
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the first deletion's failure, as it was caught
    if (failure !== undefined) throw failure;
}

/**
 * Which copy of a URN a dependency names when a replacement left two (graph/dependency_graph.go
 * TransitiveDependenciesOf's lookup): a copy waiting for its deletion depends on the old copy, any other resource on
 * the live one; a URN with one copy names it.
 */
function dependencyResolver(
    resources: readonly ResourceState[],
): (dependent: ResourceState, dependency: ResourceState) => boolean {
    const live = new Set(resources.filter((resource) => !resource.pendingDelete).map((resource) => resource.urn));
    const old = new Set(resources.filter((resource) => resource.pendingDelete).map((resource) => resource.urn));
    return (dependent, dependency) =>
        !(live.has(dependency.urn) && old.has(dependency.urn)) ||
        Boolean(dependent.pendingDelete) === Boolean(dependency.pendingDelete);
}
