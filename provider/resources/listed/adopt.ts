// Taking over an object that exists (`adopt: true` by its natural key, `adopt: <id>` by its id) instead of creating
// one: found in the shared listing, then brought to the declared inputs in place where they differ.
import type { ResourceContext } from "../context";
import { ResourceInitError, type Created } from "../lifecycle";
import { listingOf } from "./listing";
import { keyOf, type Adoptable, type Remote } from "./spec";
import type { Listed } from "./view";
import { messageOf } from "../../../common/text/message-of";

export async function adopt<I extends Adoptable, R extends Remote>(
    listed: Listed<I, R>,
    context: ResourceContext,
    inputs: I,
): Promise<Created> {
    const { spec, view } = listed;
    const remote = await adopted(listed, context, inputs);
    const id = String(remote.id);
    // The object an interrupted create made, adopted as the refusal said: its entry is done with.
    if (!keyOf(spec, inputs)) context.journal.found(spec.kind, inputs, remote.id);
    const changed = view.changedOn(inputs, remote);
    if (changed.length === 0) return { id, computed: view.observed(remote, inputs).computed };
    const fixed = changed.filter((field) => !spec.update || spec.replaceOn?.includes(field));
    if (fixed.length > 0) {
        throw new Error(
            `adopt: the existing ${spec.noun} ${id} differs in ${fixed.join(", ")}, which cannot change in place; declare it as it is`,
        );
    }
    const refused = spec.adoptFailures?.(inputs, changed) ?? [];
    if (refused.length > 0) {
        const reasons = refused.map((failure) => `${failure.property}: ${failure.reason}`).join("; ");
        throw new Error(
            `adopt: nothing was sent to the existing ${spec.noun} ${id}, since updating it to the declared inputs breaks the ${spec.noun}'s rules: ${reasons}`,
        );
    }
    try {
        const updated = await context.run.write(spec.kind, () =>
            spec.update!(context.client(), remote.id, inputs, changed, async () => remote),
        );
        return { id, computed: { ...view.observed(remote, inputs).computed, ...updated?.computed } };
    } catch (error) {
        const reason = messageOf(error);
        // The error's properties become the state's outputs, which the next up diffs against and sends as the olds of
        // its Update: they must be the object as observed, so that the retry sends what still differs. Declared inputs
        // here would make the retry send nothing and clear the error.
        const { inputs: seen, computed } = view.observed(remote, inputs);
        throw new ResourceInitError(`adopted ${spec.noun} ${id}, but updating it failed: ${reason}`, id, {
            ...seen,
            ...computed,
        });
    }
}

/** The one object the `adopt` input names. */
async function adopted<I extends Adoptable, R extends Remote>(
    { spec, view }: Listed<I, R>,
    context: ResourceContext,
    inputs: I,
): Promise<R> {
    const all = await listingOf(spec, context);
    if (typeof inputs.adopt === "number") {
        const remote = all.find((candidate) => candidate.id === inputs.adopt);
        if (!remote) throw new Error(`adopt: no ${spec.noun} with id ${inputs.adopt} exists in this account`);
        return remote;
    }
    const key = keyOf(spec, inputs);
    if (!key) throw new Error(`adopt: a ${spec.noun} can only be adopted by id (adopt: <id>)`);
    const matches = all.filter((remote) => view.matchesKey(inputs, remote));
    if (matches.length === 0) throw new Error(`adopt: no existing ${spec.noun} has ${key.describe(inputs)}`);
    if (matches.length > 1) {
        throw new Error(
            `adopt: ${matches.length} ${spec.noun}s have ${key.describe(inputs)} (ids ${matches.map((m) => m.id).join(", ")}); adopt one by its id`,
        );
    }
    return matches[0];
}
