// The CLI's edits of a stack's state (pkg/cmd/pulumi/state): `state delete` (its aliases `remove`, `rm`),
// `state taint`, `state untaint` and `state unprotect`, on the engine double's state. An edit works on a copy of the
// resources and either returns the whole new list or throws with the CLI's message: the caller writes nothing on an
// error, as TotalStateEdit (io.go) imports the snapshot only when the operation succeeded. There is no prompt: the
// CLI prompts only on a terminal (showPrompt && cmdutil.Interactive()), and the double is never one.
import { existsSync } from "node:fs";
import { isProvider, usesDefaultProvider } from "./default-provider";
import { readState, writeStoredState, type ResourceState } from "./state-file";
import { nameOf } from "./urns";

export const STATE_EDITS = ["delete", "taint", "untaint", "unprotect"] as const;
export type StateEditName = (typeof STATE_EDITS)[number];

export interface StateEditRequest {
    edit: StateEditName;
    urns: readonly string[];
    /** `--all`: every resource (delete, untaint, unprotect). */
    all: boolean;
    /** `delete --force`: protected resources too, with a warning each. */
    force: boolean;
    /** `delete --target-dependents`: what depends on a deleted resource goes with it. */
    targetDependents: boolean;
}

export interface StateEditResult {
    resources: ResourceState[];
    /** The line the CLI prints on success, if any. */
    message?: string;
    /** What the CLI warns of on the way (each printed as "warning: ..."). */
    warnings?: string[];
}

/**
 * Edits a state file: a missing file is no state, which TotalStateEdit leaves as it is. An edit touches no value, so
 * the resources are edited as stored, their secrets still encrypted.
 */
export function editStateFile(stateFile: string, request: StateEditRequest): Omit<StateEditResult, "resources"> {
    checkRequest(request);
    if (!existsSync(stateFile)) return { message: withoutState(request) };
    const stored = readState(stateFile);
    const { resources, ...said } = editState(stored.resources, request);
    writeStoredState(stateFile, { ...stored, resources });
    return said;
}

/** What the CLI prints for a stack with no state: its messages printed outside the edit still are. */
function withoutState(request: StateEditRequest): string | undefined {
    if (request.edit === "delete") return request.all ? "Resources deleted" : "0 resources deleted";
    return request.all ? `All resources ${FLAG_EDITS[request.edit].done}` : undefined;
}

export function editState(resources: readonly ResourceState[], request: StateEditRequest): StateEditResult {
    checkRequest(request);
    const copy = resources.map((resource) => ({ ...resource }));
    if (request.edit === "delete") return deleteEdit(copy, request);
    return flagEdit(copy, request);
}

/** What the commands refuse before they read the state. */
function checkRequest(request: StateEditRequest): void {
    // Only delete refuses URNs beside --all; untaint and unprotect take --all and leave the URNs unread.
    if (request.all && request.urns.length > 0 && request.edit === "delete")
        throw new Error("cannot specify a resource URN when deleting all resources");
    if (request.all && request.edit === "taint") throw new Error("unknown flag: --all");
    if (!request.all && request.urns.length === 0)
        throw new Error("Must supply <resource URN> unless pulumi is run interactively");
}

const FLAG_EDITS = {
    taint: { field: "taint", value: true, done: "tainted" },
    untaint: { field: "taint", value: false, done: "untainted" },
    unprotect: { field: "protect", value: false, done: "unprotected" },
} as const;

/** taintResourcesInSnapshot, untaintResourcesInSnapshot, unprotectResourcesInSnapshot and their `--all` forms. */
function flagEdit(resources: ResourceState[], request: StateEditRequest): StateEditResult {
    const { field, value, done } = FLAG_EDITS[request.edit as keyof typeof FLAG_EDITS];
    const eligible = resources.filter((resource) => !resource.pendingDelete);
    const set = (resource: ResourceState) => {
        if (value) resource[field] = true;
        else delete resource[field];
    };
    if (request.all) {
        eligible.forEach(set);
        return { resources, message: `All resources ${done}` };
    }
    const byUrn = new Map(eligible.map((resource) => [resource.urn, resource]));
    const errors: string[] = [];
    for (const urn of request.urns) {
        const found = byUrn.get(urn);
        if (found) set(found);
        else
            errors.push(
                resourceNotFound(
                    eligible.map((resource) => resource.urn),
                    urn,
                ),
            );
    }
    if (errors.length > 0) throw new Error(errors.join("\n"));
    return { resources, message: `${request.urns.length} resources ${done}` };
}

/** newStateDeleteCommand: runStateDeleteResources, or with --all every resource from the last. */
function deleteEdit(resources: ResourceState[], request: StateEditRequest): StateEditResult {
    const warnings: string[] = [];
    const protectedOk = (resource: ResourceState) => {
        if (!resource.protect) return;
        if (!request.force)
            throw new Error(
                `${resource.urn} can't be safely deleted because it is protected. Re-run this command with --force to force deletion`,
            );
        warnings.push(`deleting protected resource ${resource.urn} due to presence of --force`);
        delete resource.protect;
    };
    let current = resources;
    if (request.all) {
        for (let i = current.length - 1; i >= 0; i--) {
            if (i < current.length)
                current = deleteResource(current, current[i], protectedOk, request.targetDependents);
        }
        return { resources: current, message: "Resources deleted", warnings };
    }
    const targets = request.urns.map((urn) => locateResource(current, urn));
    for (const resource of deleteOrder(current, new Set(targets)))
        current = deleteResource(current, resource, protectedOk, request.targetDependents);
    return {
        resources: current,
        message: targets.length === 1 ? "Resource deleted" : `${targets.length} resources deleted`,
        warnings,
    };
}

/** edit.DeleteResource (pkg/resource/edit/operations.go), with the CLI's message for ResourceHasDependenciesError. */
function deleteResource(
    resources: ResourceState[],
    condemned: ResourceState,
    protectedOk: (resource: ResourceState) => void,
    targetDependents: boolean,
): ResourceState[] {
    protectedOk(condemned);
    const dependents = onlyDependsOn(resources, condemned);
    if (dependents.length > 0 && !targetDependents) {
        const lines = dependents.map(
            (dependent) => ` * ${JSON.stringify(nameOf(dependent.urn)).padEnd(15)} (${dependent.urn})\n`,
        );
        throw new Error(
            `${condemned.urn} can't be safely deleted because the following resources depend on it:\n${lines.join("")}\nDelete those resources first or pass --target-dependents.`,
        );
    }
    dependents.forEach(protectedOk);
    const gone = new Set([condemned, ...dependents]);
    return resources.filter((resource) => !gone.has(resource));
}

/**
 * DependencyGraph.OnlyDependsOn (pkg/resource/graph/dependency_graph.go): the resources after `target` in the state's
 * order that depend on it, directly or through one another, by parent, dependency or deletedWith, or as users of the
 * provider it is. A URN that also names a resource not depending on it (a pending delete) breaks the chain.
 */
function onlyDependsOn(resources: readonly ResourceState[], target: ResourceState): ResourceState[] {
    const index = resources.indexOf(target);
    const dependentSet = new Map<string, number>([[target.urn, 1]]);
    const nonDependentSet = new Map<string, number>();
    const count = (set: Map<string, number>, urn: string) => set.get(urn) ?? 0;
    const add = (set: Map<string, number>, urn: string) => set.set(urn, count(set, urn) + 1);
    resources.slice(0, index).forEach((resource) => add(nonDependentSet, resource.urn));
    const isDependent = (candidate: ResourceState) => {
        if (
            candidate.parent &&
            count(dependentSet, candidate.parent) > 0 &&
            count(nonDependentSet, candidate.parent) === 0
        )
            return true;
        const edges = [...candidate.dependencies, ...(candidate.deletedWith ? [candidate.deletedWith] : [])];
        if (edges.some((urn) => count(dependentSet, urn) === 1 && count(nonDependentSet, urn) === 0)) return true;
        // The provider reference of a dynamic resource names the default provider (urn::id), the one provider here.
        return isProvider(target) && usesDefaultProvider(candidate);
    };
    const dependents: ResourceState[] = [];
    for (const candidate of resources.slice(index + 1)) {
        if (isDependent(candidate)) {
            dependents.push(candidate);
            add(dependentSet, candidate.urn);
        } else {
            add(nonDependentSet, candidate.urn);
        }
    }
    return dependents;
}

/** computeStateDeleteOrder (state_delete.go): dependents before what they depend on. */
function deleteOrder(resources: readonly ResourceState[], targets: Set<ResourceState>): ResourceState[] {
    const remaining = new Set(targets);
    const order: ResourceState[] = [];
    while (remaining.size > 0) {
        const next = [...remaining].find(
            (resource) => !onlyDependsOn(resources, resource).some((dependent) => remaining.has(dependent)),
        );
        if (!next)
            throw new Error(
                "could not order deletions: selected resources have cyclic or conflicting dependencies; try deleting them one at a time",
            );
        order.push(next);
        remaining.delete(next);
    }
    return order;
}

/** listURNsHint (io.go). */
const LIST_URNS_HINT =
    "To list the resource URNs in the stack, run `pulumi stack --show-urns`; to inspect the full state, run `pulumi stack export`.";

/**
 * resolveStateResourceArg, then locateStackResource (io.go), without its prompt: a URN must be one (URN.IsValid: the
 * prefix and at least three "::"), and an ambiguous one lists the ids it could mean.
 */
function locateResource(resources: readonly ResourceState[], urn: string): ResourceState {
    if (!urn.startsWith("urn:pulumi:") || urn.split("::").length < 4)
        throw new Error(`${JSON.stringify(urn)} is not a valid resource URN\n${LIST_URNS_HINT}`);
    const candidates = resources.filter((resource) => resource.urn === urn);
    if (candidates.length === 1) return candidates[0];
    if (candidates.length === 0)
        throw new Error(resourceNotFound([...new Set(resources.map((resource) => resource.urn))], urn));
    throw new Error(
        `Resource URN ambiguously referred to multiple resources. Did you mean:\n${candidates.map((resource) => `  ${resource.id ?? ""}\n`).join("")}`,
    );
}

/** resourceNotFoundError (io.go): up to 3 URNs close to the one given, and how to list them. */
export function resourceNotFound(candidates: readonly string[], urn: string): string {
    const suggestions = similarUrns(candidates, urn, 3);
    const didYouMean =
        suggestions.length > 0 ? `Did you mean:\n${suggestions.map((suggestion) => `  ${suggestion}\n`).join("")}` : "";
    return `No such resource ${JSON.stringify(urn)} exists in the current state\n${didYouMean}${LIST_URNS_HINT}`;
}

/** similarURNs (io.go): candidates within max(2, len/4) edits (case ignored), nearest first, at most `limit`. */
function similarUrns(candidates: readonly string[], urn: string, limit: number): string[] {
    const threshold = Math.max(2, Math.floor(urn.length / 4));
    return candidates
        .map((candidate) => ({ candidate, distance: levenshtein(urn, candidate) }))
        .filter(({ distance }) => distance <= threshold)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, limit)
        .map(({ candidate }) => candidate);
}

/** Edit distance with substitution costing 1, letters compared case-insensitively (levenshtein.DefaultOptionsWithSub). */
function levenshtein(a: string, b: string): number {
    const x = [...a].map((c) => c.toLowerCase());
    const y = [...b].map((c) => c.toLowerCase());
    let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
    for (let i = 1; i <= x.length; i++) {
        const row = [i];
        for (let j = 1; j <= y.length; j++)
            row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
        previous = row;
    }
    return previous[y.length];
}
