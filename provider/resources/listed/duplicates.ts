// A create interrupted in an earlier process (the engine keeps it as a pending operation and asks again) may have made
// the object. The service does not record who made an object, so one that looks the same may as well be someone
// else's: taking it over silently would let this stack change and delete it. So a create stops, names the object, and
// says how to take it over on purpose. A kind with a natural key is checked against the objects that existed when
// this process began creating; one without (QR codes) against the objects made since an interrupted create of the
// same inputs, as its create journal (create-journal.ts) recorded them.
import type { ResourceContext } from "../context";
import type { Props } from "../lifecycle";
import { listingOf, type CreationBaseline } from "./listing";
import { keyOf, type Remote } from "./spec";
import type { Listed } from "./view";

export async function refuseDuplicate<I extends Props, R extends Remote>(
    { spec, view }: Listed<I, R>,
    context: ResourceContext,
    inputs: I,
    baseline: CreationBaseline<R>,
): Promise<void> {
    const key = keyOf(spec, inputs);
    if (key) {
        const existing = baseline.existed.find((remote) => view.matchesKey(inputs, remote));
        if (!existing) return;
        throw new Error(
            `a ${spec.noun} with ${key.describe(inputs)} already exists (id ${existing.id}); not creating a duplicate. If an ` +
                `interrupted run created it, or it should belong to this stack, declare adopt: ${existing.id}; otherwise declare a different ${spec.noun}`,
        );
    }
    const earlier = context.journal.interrupted(spec.kind, inputs);
    if (!earlier) return;
    // Made since the interrupted create began, and not by this process.
    const made = (await listingOf(spec, context)).filter(
        (remote) => !earlier.before.includes(remote.id) && !baseline.createdHere(remote.id),
    );
    if (made.length > 0) {
        throw new Error(
            `creating this ${spec.noun} was interrupted in an earlier run, and ${made.length} ${spec.noun}(s) were made since (ids ${made.map((remote) => remote.id).join(", ")}); ` +
                `not creating a duplicate. Declare adopt: <id> with the one that run made; if none of them is, delete ${earlier.file} and run again`,
        );
    }
}
