// When the stack first recorded a resource and when its state last changed (resource.State Created and Modified, written
// as apitype ResourceV3 `created` and `modified`, UTC), set by the step that records it (pkg/resource/deploy/step.go).
// A resource read from a state written before the double recorded them has neither until a step sets them.
import { sameValue } from "../values/property-values";
import { ResourceState } from "./state-file";

type Stamped = Pick<ResourceState, "created" | "modified">;

const now = () => new Date().toISOString();

/** CreateStep.Apply and ImportStep.Apply: "Create should set the Create and Modified timestamps". */
export function createdNow<T extends object>(resource: T): T & Stamped {
    const time = now();
    return { ...resource, created: time, modified: time };
}

/** SameStep (step_generator.go generateSteps: the new state starts with the old one's times), UpdateStep in a preview. */
export function keptTimes<T extends object>(resource: T, old: Stamped | undefined): T & Stamped {
    const { created: _created, modified: _modified, ...rest } = resource as T & Stamped;
    return {
        ...(rest as T),
        ...(old?.created ? { created: old.created } : {}),
        ...(old?.modified ? { modified: old.modified } : {}),
    };
}

/** UpdateStep.Apply: "UpdateStep doesn't create, but does modify state". */
export function modifiedNow<T extends object>(resource: T, old: Stamped | undefined): T & Stamped {
    return { ...keptTimes(resource, old), modified: now() };
}

/**
 * ReadStep.Apply and RefreshStep.Apply: the old times are kept, and Modified set only when the read found other inputs or
 * outputs than the state held.
 */
export function readTimes(read: ResourceState, old: ResourceState | undefined): ResourceState {
    const changed = old !== undefined && (!sameValue(read.inputs, old.inputs) || !sameValue(read.outputs, old.outputs));
    return changed ? modifiedNow(read, old) : keptTimes(read, old);
}
