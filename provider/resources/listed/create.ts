// Creating an object of a listed kind without ever making two. Creates of one kind run one at a time, so a lost answer
// belongs to the one create in flight; before the first, the kind's objects are listed anew (the baseline). A create
// whose answer is lost (no answer, a server failure, an unreadable body) may still be applied: the listing is watched
// for the object before the create is sent again, so a retry never duplicates one. Another client may create objects
// meanwhile, so only an object holding every content field that was sent is taken as the one made; a new object that
// differs is named in an error, never taken: taking it would let this stack rewrite and delete another's object.
import { ShortenerApiError } from "../../client";
import type { ResourceContext } from "../context";
import { ResourceInitError, type Created, type Props } from "../lifecycle";
import { ATTEMPTS, isUncertain } from "./attempts";
import { refuseDuplicate } from "./duplicates";
import { creationBaseline, listedAnew, recordCreated } from "./listing";
import { keyOf, type Remote } from "./spec";
import type { Listed } from "./view";

/** How often the listing is looked at while a lost create may still land. */
const SETTLE_POLL_MS = 1_000;

type Made = { id: number; computed?: Props };

export function createListed<I extends Props, R extends Remote>(
    listed: Listed<I, R>,
    context: ResourceContext,
    inputs: I,
): Promise<Created> {
    const { spec } = listed;
    return context.serially(spec.kind, async () => {
        const baseline = await creationBaseline(spec, context);
        await refuseDuplicate(listed, context, inputs, baseline);
        // Only inputs without a natural key need the record: those with a key are recognised by it.
        const journal = keyOf(spec, inputs) ? undefined : context.journal;
        journal?.begin(spec.kind, inputs, [...baseline.known]);
        try {
            const made = await createWithRetries(listed, context, inputs, baseline.known);
            recordCreated(context, spec.kind, made.id);
            return { id: String(made.id), computed: made.computed ?? {} };
        } catch (error) {
            // Made, but not as declared: the object is the stack's, and later creates must know it.
            if (error instanceof ResourceInitError) recordCreated(context, spec.kind, Number(error.id));
            throw error;
        } finally {
            journal?.end(spec.kind, inputs);
        }
    });
}

async function createWithRetries<I extends Props, R extends Remote>(
    listed: Listed<I, R>,
    context: ResourceContext,
    inputs: I,
    known: ReadonlySet<number>,
): Promise<Made> {
    const failures: ShortenerApiError[] = [];
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const created = await createOnce(listed, context, inputs, known);
        if (!(created instanceof ShortenerApiError)) return notKnownBefore(listed.spec, created, known);
        failures.push(created);
    }
    throw new Error(failedCreates(listed.spec, failures));
}

/**
 * A service that answers a create with an object that already exists (a link's identical-create rule) wrote nothing:
 * taking that object as new would give two resources one object, or adopt another's without saying so.
 */
function notKnownBefore(spec: { noun: string }, made: Made, known: ReadonlySet<number>): Made {
    if (!known.has(made.id)) return made;
    throw new Error(
        `the service answered the create with the existing ${spec.noun} ${made.id}, which already holds the same content, and ` +
            `made nothing. If that ${spec.noun} should belong to this resource, declare adopt: ${made.id}; if another resource ` +
            `of the stack holds it, declare this one differently`,
    );
}

/** One create request: its answer, the object it made though its answer was lost, or the failure when it made none. */
async function createOnce<I extends Props, R extends Remote>(
    listed: Listed<I, R>,
    context: ResourceContext,
    inputs: I,
    known: ReadonlySet<number>,
): Promise<Made | ShortenerApiError> {
    const { spec, view } = listed;
    try {
        return await context.run.write(spec.kind, () => spec.create(context.client(), inputs));
    } catch (error) {
        if (!isUncertain(error)) throw error;
        // The service may have applied the create: look before trying again, so a retry never duplicates.
        const appeared = await lostCreate(listed, context, inputs, known, error.status !== undefined);
        if (appeared.length === 0) {
            context.tell(`creating a ${spec.noun} failed (${error.failure}) and nothing was created; trying again`);
            return error;
        }
        const made = madeByLostCreate(listed, inputs, appeared, error);
        return { id: made.id, computed: view.observed(made, inputs).computed };
    }
}

/** The one object among those that appeared since the lost create that holds every content field it sent. */
function madeByLostCreate<I extends Props, R extends Remote>(
    { spec, view }: Listed<I, R>,
    inputs: I,
    appeared: readonly R[],
    cause: ShortenerApiError,
): R {
    const matching = appeared.filter((remote) => view.changedOn(inputs, remote).length === 0);
    if (matching.length === 1) return matching[0];
    if (matching.length > 1) {
        throw new Error(
            `the response to the create was lost and ${matching.length} new ${spec.noun}s match it (ids ${matching.map((r) => r.id).join(", ")}); ` +
                `adopt the right one with adopt: <id> and delete the others`,
            { cause },
        );
    }
    const differing = appeared.map((remote) => `${remote.id} (its ${view.changedOn(inputs, remote).join(", ")})`);
    throw new Error(
        `the response to the create was lost, and the ${spec.noun}s that appeared since differ from what was sent: ` +
            `${differing.join("; ")}. None is taken as this one, since another client may have made it; if one is this ` +
            `${spec.noun}, declare adopt: <its id>, otherwise run again`,
        { cause },
    );
}

/**
 * After a create that got no answer, the service may still apply it later: a request that timed out can be committed
 * after the client gave up. The listing is watched for as long as the write itself was allowed to take before deciding
 * that nothing was created. An answer (a 5xx, an unreadable body) means the service is done. Returns every object that
 * appeared since (with the inputs' natural key, where they have one).
 */
async function lostCreate<I extends Props, R extends Remote>(
    listed: Listed<I, R>,
    context: ResourceContext,
    inputs: I,
    known: ReadonlySet<number>,
    answered: boolean,
): Promise<R[]> {
    const deadline = Date.now() + (answered ? 0 : context.writeSettleMs);
    const sent = (remote: R) => listed.view.changedOn(inputs, remote).length === 0;
    for (;;) {
        const appeared = await appearedSince(listed, context, inputs, known);
        // Another client's object may appear first: only one that holds what was sent ends the wait early.
        if (appeared.some(sent) || Date.now() >= deadline) return appeared;
        await sleep(Math.min(SETTLE_POLL_MS, Math.max(0, deadline - Date.now())));
    }
}

/** The objects outside `known`, with the inputs' natural key where they have one. */
async function appearedSince<I extends Props, R extends Remote>(
    { spec, view }: Listed<I, R>,
    context: ResourceContext,
    inputs: I,
    known: ReadonlySet<number>,
): Promise<R[]> {
    const keyed = keyOf(spec, inputs) !== undefined;
    return (await listedAnew(spec, context)).filter(
        (remote) => !known.has(remote.id) && (!keyed || view.matchesKey(inputs, remote)),
    );
}

/** Why every attempt of a create failed, when the service never created the object. */
function failedCreates(spec: { noun: string; serverErrorHint?: string }, failures: ShortenerApiError[]): string {
    const last = failures[failures.length - 1];
    const answered = failures.every((failure) => failure.status !== undefined);
    const what = answered
        ? `the service answered with an error each time (last: ${last.failure})`
        : `the service did not answer (last: ${last.failure})`;
    const serverErrors = failures.every((failure) => failure.kind === "server");
    const hint = serverErrors && spec.serverErrorHint ? `; ${spec.serverErrorHint}` : "";
    return `creating the ${spec.noun} failed ${failures.length} times and nothing was created: ${what}${hint}`;
}

function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
