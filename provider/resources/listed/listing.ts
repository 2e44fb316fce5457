// Reading a listed kind's objects, the service having no get-by-id for most kinds, through the run record
// (run-record.ts): reads share the run's listing of the kind; creates start from the objects as they were when this
// process began creating the kind, from a listing taken anew for it, and the objects the process created and deleted
// since. Every write to the kind goes through the record's `write`.
import { collect } from "../../client";
import type { ResourceContext } from "../context";
import type { ListedKind, Remote } from "./spec";

type Lister<R extends Remote> = Pick<ListedKind<never, R>, "kind" | "list">;

/** Every object of the kind, from the run's shared listing. */
export function listingOf<R extends Remote>(spec: Lister<R>, context: ResourceContext): Promise<readonly R[]> {
    return context.run.listing<R>(spec.kind, () => collect(spec.list(context.client())));
}

/** Every object of the kind as the service holds it now: a listing read earlier in the run is not used. */
export function listedAnew<R extends Remote>(spec: Lister<R>, context: ResourceContext): Promise<readonly R[]> {
    return context.run.listingAnew<R>(spec.kind, () => collect(spec.list(context.client())));
}

export async function findListed<R extends Remote>(
    spec: Lister<R>,
    context: ResourceContext,
    id: number,
): Promise<R | undefined> {
    return (await listingOf(spec, context)).find((remote) => remote.id === id);
}

/** The kind as this process knows it since it began creating objects of it. */
export interface CreationBaseline<R extends Remote> {
    /** The objects that existed then, less those this process has deleted since. */
    existed: readonly R[];
    /** The ids that existed then and those this process created since: a lost create's object is outside them. */
    known: ReadonlySet<number>;
    createdHere(id: number): boolean;
}

/**
 * Taken on the first create of the kind in this process from a fresh listing, never one read earlier in the run (by a
 * refresh, a read or an adopt), so that another client's object made since then is seen. The one listing per kind an
 * up costs is this one.
 */
export async function creationBaseline<R extends Remote>(
    spec: Lister<R>,
    context: ResourceContext,
): Promise<CreationBaseline<R>> {
    const { listed, added, removed } = await context.run.baseline(spec.kind, () => listedAnew(spec, context));
    return {
        existed: listed.filter((remote) => !removed.has(String(remote.id))),
        known: new Set([...listed.map((remote) => remote.id), ...[...added].map(Number)]),
        createdHere: (id) => added.has(String(id)),
    };
}

export function recordCreated(context: ResourceContext, kind: string, id: number): void {
    context.run.recordAdded(kind, String(id));
}

export function recordDeleted(context: ResourceContext, kind: string, id: number): void {
    context.run.recordRemoved(kind, String(id));
}

/** Whether this provider process created the object (not adopted, not found): it holds only what the process put in it. */
export function createdByThisProcess(context: ResourceContext, kind: string, id: number): boolean {
    return context.run.addedHere(kind, String(id));
}

export function numericId(id: string): number {
    const value = Number(id);
    if (!Number.isSafeInteger(value) || value <= 0)
        throw new Error(`the id "${id}" in the state is not an id of this service`);
    return value;
}
