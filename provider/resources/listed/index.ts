// The lifecycle of kinds the service lists (domains, campaigns, channels, pixels, QR codes), in parts to read one at
// a time: a kind declares itself (spec.ts) and sees the service's objects through its view (view.ts); reads find the
// id in the shared listing (listing.ts); create never makes a duplicate, recovering from a lost answer (create.ts)
// and refusing what an interrupted run may have made (duplicates.ts); adopt takes over an existing object (adopt.ts);
// update and delete are sent again when their answer is lost, and delete of a gone object succeeds (writes.ts).
import type { ResourceContext } from "../context";
import type { Props, ResourceDefinition } from "../lifecycle";
import { sameValue } from "../props";
import { adopt } from "./adopt";
import { createListed } from "./create";
import { findListed, numericId } from "./listing";
import type { Adoptable, ListedKind, Remote } from "./spec";
import { kindView, type Listed } from "./view";
import { deleteListed, updateListed } from "./writes";

export { adoptInput, onlyChanged, type ListedKind, type Remote } from "./spec";

/** A listed kind's definition, carrying what it knows of the service's objects (read by shortener-import). */
export type ListedDefinition<I extends Props, R extends Remote> = ResourceDefinition<I> & {
    readonly listed: ListedKind<I, R>;
};

export function listedResource<I extends Adoptable, R extends Remote>(spec: ListedKind<I, R>): ListedDefinition<I, R> {
    const listed: Listed<I, R> = { spec, view: kindView(spec) };
    return {
        listed: spec,
        kind: spec.kind,
        description: spec.description,
        words: spec.words,
        secretInputs: spec.secretInputs,
        inputs: spec.inputs,
        computedOutputs: spec.computedOutputs,
        computedFields: spec.computedFields,
        replaceOn: spec.replaceOn,
        deleteBeforeReplace: spec.deleteBeforeReplace,
        rules: rulesOf(spec),
        normalise: spec.normalise,
        createOnly: ["adopt"],
        create: (context, inputs) =>
            inputs.adopt !== undefined && inputs.adopt !== false
                ? adopt(listed, context, inputs)
                : createListed(listed, context, inputs),
        read: (context, id, state) => readListed(listed, context, id, state),
        update: spec.update
            ? (context, id, _olds, news, changed) => updateListed(listed, context, id, news, changed)
            : undefined,
        delete: (context, id) => deleteListed(listed, context, id),
    };
}

/** The kind's own rules, and its irremovable inputs: removing one is refused, unless the object is being replaced. */
function rulesOf<I extends Props, R extends Remote>(spec: ListedKind<I, R>): ResourceDefinition<I>["rules"] {
    const irremovable = Object.entries(spec.irremovable ?? {}) as [keyof I & string, string][];
    return (news: I, olds: Props) => {
        // A replaced object is created anew, so what it had before does not matter.
        const replacing = spec.replaceOn?.some(
            (field) => olds[field] !== undefined && !sameValue(olds[field], news[field]),
        );
        const removed = replacing
            ? []
            : irremovable.filter(([field]) => olds[field] !== undefined && news[field] === undefined);
        const own = spec.rules?.(news, olds);
        return {
            failures: [...removed.map(([property, reason]) => ({ property, reason })), ...(own?.failures ?? [])],
            notices: own?.notices,
        };
    };
}

async function readListed<I extends Props, R extends Remote>(
    { spec, view }: Listed<I, R>,
    context: ResourceContext,
    id: string,
    state: Props,
) {
    const remote = await findListed(spec, context, numericId(id));
    if (!remote) return undefined;
    // `Kind.get(name, id)` sends no inputs: nothing was left for the service to fill in, so everything it shows is the
    // object's (a channel's colour included), not a derived output.
    const declared = Object.keys(spec.inputs.shape).some((field) => state[field] !== undefined)
        ? state
        : spec.observe(remote);
    return view.observed(remote, declared);
}
