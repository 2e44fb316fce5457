// The lifecycle of kinds the service lists (domains, campaigns, channels, pixels, QR codes): read finds the id in
// the shared listing, create recovers from a lost response without making a duplicate, adopt takes over an
// existing object, update and delete are retried because they are idempotent, and delete of a gone object succeeds.
import { z } from "zod";
import { collect, ShortenerApiError, type AllOptions, type ShortenerClient } from "../client";
import type { ResourceContext } from "./context";
import type { ImportedAs } from "./import-spec";
import { ResourceInitError, sameValue, type Observed, type Props, type ResourceDefinition } from "./lifecycle";

export interface Remote {
    id: number;
}

export interface ListedKind<I extends Props, R extends Remote> {
    kind: string;
    /** The object's noun in messages, e.g. "domain". */
    noun: string;
    inputs: ResourceDefinition<I>["inputs"];
    replaceOn?: ResourceDefinition<I>["replaceOn"];
    deleteBeforeReplace?: boolean;
    rules?: ResourceDefinition<I>["rules"];
    /** Every object, walked in pages as `walk` asks (shortener-import's --page-size). */
    list(client: ShortenerClient, walk?: AllOptions): AsyncIterable<R>;
    /** The inputs as the service holds them; fields the service does not show are left out (kept from state). */
    observe(remote: R): Partial<I>;
    /**
     * Fields the service rewrites when it stores them (escaping, a capital first letter): the forms a declared value
     * may be stored in. Finding one of them on the service is finding the declared value, in read, adopt and match.
     */
    storedForms?: { [F in keyof I & string]?: (declared: NonNullable<I[F]>) => readonly unknown[] };
    /** Fields the service fills in when they are left out: then the service's value is an output, not drift. */
    derivedWhenAbsent?: readonly (keyof I & string)[];
    /** Inputs the service cannot clear once set, with the reason: removing one is refused at preview. */
    irremovable?: { [F in keyof I & string]?: string };
    computedOutputs?: ResourceDefinition<I>["computedOutputs"];
    /** The outputs named in `computedOutputs`, from what the service shows. */
    computed?(remote: R): Props;
    /** The natural key, for adopting by key and for finding an object whose create response was lost. */
    naturalKey?: { describe(inputs: I): string; fields: readonly (keyof I & string)[] };
    normalise?: ResourceDefinition<I>["normalise"];
    /** For shortener-import: what the listing does not show of the object and what to do about it, said above each imported one. */
    importNote?: string;
    /** How shortener-import takes the kind's objects. */
    imported: ImportedAs<R>;
    /** Said when creates fail with server errors: what such an answer usually means for this kind. */
    serverErrorHint?: string;
    /**
     * Returns the new id and the computed outputs, from the create's answer and the inputs. Nothing is read after a
     * create: a listing per create would make an up of N objects cost N listings of N/100 pages, and a read that
     * fails after the service made the object would lose its id.
     */
    create(client: ShortenerClient, inputs: I): Promise<{ id: number; computed?: Props }>;
    /** Absent: every change replaces. */
    update?(client: ShortenerClient, id: number, inputs: I, changed: readonly (keyof I & string)[]): Promise<R | void>;
    remove(client: ShortenerClient, id: number): Promise<void>;
}

/** The `adopt` input every listed kind accepts: `true` takes over the object with the same natural key, a number the object with that id. */
export const adoptInput = z
    .union([z.boolean(), z.number().int().positive()], {
        error: "must be true (take over the existing object with the same natural key) or the id of an existing object",
    })
    .optional();

/** How often a write is sent when its answer is lost or is a server failure. */
export const ATTEMPTS = 3;

/** "<kind>/<id>" of the objects each provider process created: they hold nothing but what that process put in them. */
const createdHere = new WeakMap<ResourceContext, Set<string>>();
const createdIn = (context: ResourceContext) => {
    if (!createdHere.has(context)) createdHere.set(context, new Set());
    return createdHere.get(context)!;
};

/** Whether this provider process created the object (not adopted, not found). */
export function createdByThisProcess(context: ResourceContext, kind: string, id: number): boolean {
    return createdIn(context).has(`${kind}/${id}`);
}
/** How often the listing is looked at while a lost create may still land. */
const SETTLE_POLL_MS = 1_000;

/** A listed kind's definition, carrying what it knows of the service's objects (read by shortener-import). */
export type ListedDefinition<I extends Props, R extends Remote> = ResourceDefinition<I> & { readonly listed: ListedKind<I, R> };

export function listedResource<I extends Props & { adopt?: boolean | number }, R extends Remote>(
    spec: ListedKind<I, R>,
): ListedDefinition<I, R> {
    const listAll = (context: ResourceContext) =>
        context.lists.all<R>(spec.kind, () => collect(spec.list(context.client())));
    const find = async (context: ResourceContext, id: number) => (await listAll(context)).find((remote) => remote.id === id);
    /** The object's inputs as the service holds them, in the terms of the declared ones. */
    const inputsOf = (remote: R, declared: Props): Props => {
        const current: Props = { ...spec.observe(remote) };
        for (const field of Object.keys(current)) {
            const wanted = declared[field];
            if (wanted === undefined) {
                if (spec.derivedWhenAbsent?.includes(field as keyof I & string)) delete current[field];
                continue;
            }
            const forms = spec.storedForms?.[field as keyof I & string] as ((value: unknown) => readonly unknown[]) | undefined;
            if (forms?.(wanted).some((form) => sameValue(form, current[field]))) current[field] = wanted;
        }
        return current;
    };
    const observed = (remote: R, declared: Props): Observed => ({ inputs: inputsOf(remote, declared), computed: spec.computed?.(remote) ?? {} });
    const inputFields = Object.keys(spec.inputs.shape);
    const changedOn = (inputs: I, remote: R) => {
        const current = inputsOf(remote, inputs);
        return (Object.keys(current) as (keyof I & string)[]).filter((field) => !sameValue(current[field], inputs[field]));
    };
    const matchesKey = (inputs: I, remote: R) => {
        const current = inputsOf(remote, inputs);
        return spec.naturalKey!.fields.every((field) => sameValue(current[field], inputs[field]));
    };
    const irremovable = Object.entries(spec.irremovable ?? {}) as [keyof I & string, string][];
    const rules = (news: I, olds: Props, context: ResourceContext) => {
        // A replaced object is created anew, so what it had before does not matter.
        const replacing = spec.replaceOn?.some((field) => olds[field] !== undefined && !sameValue(olds[field], news[field]));
        const removed = replacing ? [] : irremovable.filter(([field]) => olds[field] !== undefined && news[field] === undefined);
        return [...removed.map(([property, reason]) => ({ property, reason })), ...(spec.rules?.(news, olds, context) ?? [])];
    };
    // Ids of objects existing before this process created any of the kind, plus those it created since: a lost
    // create's object is the one matching object outside that set.
    const known = new WeakMap<ResourceContext, Promise<Set<number>>>();
    // The objects that existed then and that this process has not deleted since: where a create interrupted in an
    // earlier process may have left the object it made, and what the duplicate guard compares with.
    const preexisting = new WeakMap<ResourceContext, Promise<Map<number, R>>>();
    const knownIds = (context: ResourceContext) => {
        if (!known.has(context)) {
            // A fresh listing, never one read earlier in the run (by a refresh, a read or an adopt): another client's
            // object made since then is seen. The one listing per kind an up costs is this one.
            context.lists.invalidate(spec.kind);
            const listed = listAll(context);
            preexisting.set(context, listed.then((all) => new Map(all.map((remote) => [remote.id, remote]))));
            known.set(context, listed.then((all) => new Set(all.map((remote) => remote.id))));
        }
        return known.get(context)!;
    };
    /**
     * A create interrupted in an earlier process (the engine keeps it as a pending operation and asks again) may have
     * made the object. The service does not record who made an object, so one that looks the same may as well be
     * someone else's: taking it over silently would let this stack change and delete it. Stop, name it, and say how to
     * take it over on purpose. A kind with a natural key is checked against the objects that existed when this process
     * began creating; one without (QR codes) against the objects made since an interrupted create of the same inputs.
     */
    async function refuseDuplicate(context: ResourceContext, inputs: I, known: ReadonlySet<number>): Promise<void> {
        const key = spec.naturalKey;
        const existed = await preexisting.get(context)!;
        if (key) {
            const existing = [...existed.values()].find((remote) => matchesKey(inputs, remote));
            if (!existing) return;
            throw new Error(
                `a ${spec.noun} with ${key.describe(inputs)} already exists (id ${existing.id}); not creating a duplicate. If an ` +
                    `interrupted run created it, or it should belong to this stack, declare adopt: ${existing.id}; otherwise declare a different ${spec.noun}`,
            );
        }
        const earlier = context.journal.interrupted(spec.kind, inputs);
        // Made since the interrupted create began, and not by this process (its own creates are in `known` only).
        const madeHere = (id: number) => known.has(id) && !existed.has(id);
        const made = earlier ? (await listAll(context)).filter((remote) => !earlier.before.includes(remote.id) && !madeHere(remote.id)) : [];
        if (earlier && made.length > 0) {
            throw new Error(
                `creating this ${spec.noun} was interrupted in an earlier run, and ${made.length} ${spec.noun}(s) were made since (ids ${made.map((remote) => remote.id).join(", ")}); ` +
                    `not creating a duplicate. Declare adopt: <id> with the one that run made; if none of them is, delete ${earlier.file} and run again`,
            );
        }
    }

    async function adopt(context: ResourceContext, inputs: I): Promise<{ id: string; remote: R }> {
        const all = await listAll(context);
        if (typeof inputs.adopt === "number") {
            const remote = all.find((candidate) => candidate.id === inputs.adopt);
            if (!remote) throw new Error(`adopt: no ${spec.noun} with id ${inputs.adopt} exists in this account`);
            return { id: String(remote.id), remote };
        }
        if (!spec.naturalKey) throw new Error(`adopt: a ${spec.noun} can only be adopted by id (adopt: <id>)`);
        const key = spec.naturalKey;
        const matches = all.filter((remote) => matchesKey(inputs, remote));
        if (matches.length === 0) throw new Error(`adopt: no existing ${spec.noun} has ${key.describe(inputs)}`);
        if (matches.length > 1) {
            throw new Error(`adopt: ${matches.length} ${spec.noun}s have ${key.describe(inputs)} (ids ${matches.map((m) => m.id).join(", ")}); adopt one by its id`);
        }
        return { id: String(matches[0].id), remote: matches[0] };
    }

    /** The objects created since `before` that match the inputs. */
    async function appearedSince(context: ResourceContext, inputs: I, before: Set<number>): Promise<R[]> {
        context.lists.invalidate(spec.kind);
        return (await listAll(context)).filter((remote) => !before.has(remote.id) && (!spec.naturalKey || matchesKey(inputs, remote)));
    }

    /**
     * After a create that got no answer, the service may still apply it later: a request that timed out can be
     * committed after the client gave up. The listing is watched for as long as the write itself was allowed to
     * take before deciding that nothing was created. An answer (a 5xx, an unreadable body) means the service is done.
     */
    async function lostCreate(context: ResourceContext, inputs: I, before: Set<number>, answered: boolean): Promise<R[]> {
        const deadline = Date.now() + (answered ? 0 : context.writeSettleMs);
        for (;;) {
            const appeared = await appearedSince(context, inputs, before);
            if (appeared.length > 0 || Date.now() >= deadline) return appeared;
            await sleep(Math.min(SETTLE_POLL_MS, Math.max(0, deadline - Date.now())));
        }
    }

    async function createOnce(context: ResourceContext, inputs: I, before: Set<number>): Promise<{ id: number; computed?: Props } | ShortenerApiError> {
        try {
            return await spec.create(context.client(), inputs);
        } catch (error) {
            if (!isUncertain(error)) throw error;
            // The service may have applied the create: look before trying again, so a retry never duplicates.
            const appeared = await lostCreate(context, inputs, before, error.status !== undefined);
            if (appeared.length === 1) return { id: appeared[0].id, computed: observed(appeared[0], inputs).computed };
            if (appeared.length > 1) {
                throw new Error(
                    `the response to the create was lost and ${appeared.length} new ${spec.noun}s match it (ids ${appeared.map((r) => r.id).join(", ")}); ` +
                        `adopt the right one with adopt: <id> and delete the others`,
                );
            }
            context.tell(`creating a ${spec.noun} failed (${error.failure}) and nothing was created; trying again`);
            return error;
        }
    }

    /** An update that failed because the object is gone says so; any other failure stays as it was. */
    async function goneOr(context: ResourceContext, id: string, error: unknown): Promise<unknown> {
        if (!(error instanceof ShortenerApiError) || !(error.notFound || error.kind === "bad-response")) return error;
        context.lists.invalidate(spec.kind);
        if (await find(context, numericId(id))) return error;
        return new Error(
            `the ${spec.noun} ${id} no longer exists on the service (deleted outside Pulumi?): run \`pulumi refresh\` to drop it ` +
                `from the state, then \`pulumi up\` creates it again`,
        );
    }

    return {
        listed: spec,
        kind: spec.kind,
        inputs: spec.inputs,
        computedOutputs: spec.computedOutputs,
        replaceOn: spec.replaceOn,
        deleteBeforeReplace: spec.deleteBeforeReplace,
        rules,
        normalise: spec.normalise,
        createOnly: ["adopt"],

        async create(context, inputs) {
            if (inputs.adopt !== undefined && inputs.adopt !== false) {
                const { id, remote } = await adopt(context, inputs);
                // The object an interrupted create made, adopted as the refusal said: its entry is done with.
                if (!spec.naturalKey) context.journal.found(spec.kind, inputs, remote.id);
                const changed = changedOn(inputs, remote);
                if (changed.length === 0) return { id, computed: observed(remote, inputs).computed };
                const fixed = changed.filter((field) => !spec.update || spec.replaceOn?.includes(field));
                if (fixed.length > 0) {
                    throw new Error(`adopt: the existing ${spec.noun} ${id} differs in ${fixed.join(", ")}, which cannot change in place; declare it as it is`);
                }
                try {
                    const updated = await spec.update!(context.client(), Number(id), inputs, changed);
                    context.lists.invalidate(spec.kind);
                    return { id, computed: observed(updated ?? remote, inputs).computed };
                } catch (error) {
                    const reason = error instanceof Error ? error.message : String(error);
                    // The error's properties become the state's outputs, which the next up diffs against and sends
                    // as the olds of its Update: they must be the object as observed, so that the retry sends what
                    // still differs. Declared inputs here would make the retry send nothing and clear the error.
                    const { inputs: seen, computed } = observed(remote, inputs);
                    throw new ResourceInitError(`adopted ${spec.noun} ${id}, but updating it failed: ${reason}`, id, { ...seen, ...computed });
                }
            }
            return context.serially(spec.kind, async () => {
                const before = await knownIds(context);
                await refuseDuplicate(context, inputs, before);
                // Only a kind without a natural key needs the record: one with a key is recognised by it.
                const journal = spec.naturalKey ? undefined : context.journal;
                journal?.begin(spec.kind, inputs, [...before]);
                try {
                    const failures: ShortenerApiError[] = [];
                    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
                        const created = await createOnce(context, inputs, before);
                        context.lists.invalidate(spec.kind);
                        if (created instanceof ShortenerApiError) {
                            failures.push(created);
                            continue;
                        }
                        before.add(created.id);
                        createdIn(context).add(`${spec.kind}/${created.id}`);
                        return { id: String(created.id), computed: created.computed ?? {} };
                    }
                    throw new Error(failedCreates(spec, failures));
                } finally {
                    journal?.end(spec.kind, inputs);
                }
            });
        },

        async read(context, id, state) {
            const remote = await find(context, numericId(id));
            if (!remote) return undefined;
            // `Kind.get(name, id)` sends no inputs: nothing was left for the service to fill in, so everything it
            // shows is the object's (a channel's colour included), not a derived output.
            const declared = inputFields.some((field) => state[field] !== undefined) ? state : spec.observe(remote);
            return observed(remote, declared);
        },

        update: spec.update
            ? async (context, id, _olds, news, changed) => {
                  const update = spec.update!;
                  try {
                      const updated = await idempotently(() => update(context.client(), numericId(id), news, changed));
                      return updated ? observed(updated, news).computed : {};
                  } catch (error) {
                      throw await goneOr(context, id, error);
                  } finally {
                      context.lists.invalidate(spec.kind);
                  }
              }
            : undefined,

        async delete(context, id) {
            try {
                await idempotently(() => spec.remove(context.client(), numericId(id)));
            } catch (error) {
                if (!isNotFound(error)) throw error;
            } finally {
                context.lists.invalidate(spec.kind);
            }
            (await preexisting.get(context))?.delete(numericId(id));
        },
    };
}

/**
 * The body of an update that sends only what changed, for endpoints that apply each field they are given.
 * A removed optional input is sent as "", which the service reads as "none".
 */
export function onlyChanged<I extends Props>(wanted: I, changed: readonly (keyof I & string)[]): Record<string, unknown> {
    return Object.fromEntries(changed.map((field) => [field, wanted[field] ?? ""]));
}

/** Why every attempt of a create failed, when the service never created the object. */
function failedCreates(spec: { noun: string; serverErrorHint?: string }, failures: ShortenerApiError[]): string {
    const last = failures[failures.length - 1];
    const answered = failures.every((failure) => failure.status !== undefined);
    const what = answered ? `the service answered with an error each time (last: ${last.failure})` : `the service did not answer (last: ${last.failure})`;
    const serverErrors = failures.every((failure) => failure.kind === "server");
    const hint = serverErrors && spec.serverErrorHint ? `; ${spec.serverErrorHint}` : "";
    return `creating the ${spec.noun} failed ${failures.length} times and nothing was created: ${what}${hint}`;
}

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Updates and deletes set, not add: sending one again after a lost answer is safe. */
async function idempotently<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
        try {
            return await write();
        } catch (error) {
            if (attempt >= ATTEMPTS || !isUncertain(error)) throw error;
        }
    }
}

/** The write may or may not have been applied: no answer, a server failure, or an answer that cannot be read. */
export function isUncertain(error: unknown): error is ShortenerApiError {
    if (!(error instanceof ShortenerApiError)) return false;
    return error.retryable || error.kind === "bad-response";
}

function isNotFound(error: unknown): boolean {
    return error instanceof ShortenerApiError && error.notFound;
}

function numericId(id: string): number {
    const value = Number(id);
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`the id "${id}" in the state is not an id of this service`);
    return value;
}
