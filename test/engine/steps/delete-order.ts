// Deletes in reverse dependency order, as the engine does: a resource goes only after everything that
// depends on it (or is its child) has gone; deletions that nothing orders run in parallel. After a
// failure nothing new starts, and what depended on the failed deletion stays. A deletion that answers false was
// refused without failing the run's other deletions: what it depends on stays, everything else goes on.
import { ResourceState } from "../state/state-file";

export async function deleteInDependencyOrder(
    resources: readonly ResourceState[],
    remove: (resource: ResourceState) => Promise<boolean>,
): Promise<void> {
    const deletions = new Map<ResourceState, Promise<boolean>>();
    let failure: unknown;
    const dependentsOf = (resource: ResourceState) =>
        resources.filter(
            (other) => other !== resource && (other.parent === resource.urn || other.dependencies.includes(resource.urn)),
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
    if (failure !== undefined) {
        throw failure;
    }
}
