// How a listed kind sees the service's objects: in the terms of the inputs a program declares, with the service's
// stored forms of a declared value taken as that value. Pure functions of the kind's declaration.
import type { Observed, Props } from "../lifecycle";
import { sameValue } from "../props";
import type { ListedKind, Remote } from "./spec";

export interface KindView<I extends Props, R extends Remote> {
    /** The object's inputs as the service holds them, in the terms of the declared ones. */
    inputsOf(remote: R, declared: Props): Props;
    observed(remote: R, declared: Props): Observed;
    /** The declared inputs the object differs in. */
    changedOn(inputs: I, remote: R): (keyof I & string)[];
    /** Whether the object has the inputs' natural key (the kind must have one). */
    matchesKey(inputs: I, remote: R): boolean;
}

/** A listed kind as the parts of its lifecycle take it: its declaration and its view of the service's objects. */
export interface Listed<I extends Props, R extends Remote> {
    spec: ListedKind<I, R>;
    view: KindView<I, R>;
}

export function kindView<I extends Props, R extends Remote>(spec: ListedKind<I, R>): KindView<I, R> {
    const inputsOf = (remote: R, declared: Props): Props => {
        const current: Props = { ...spec.observe(remote) };
        for (const field of Object.keys(current)) {
            const wanted = declared[field];
            if (wanted === undefined) {
                if (spec.derivedWhenAbsent?.includes(field)) delete current[field];
                continue;
            }
            const forms = spec.storedForms?.[field as keyof I & string] as
                ((value: unknown) => readonly unknown[]) | undefined;
            if (forms?.(wanted).some((form) => sameValue(form, current[field]))) current[field] = wanted;
        }
        return current;
    };
    return {
        inputsOf,
        observed: (remote, declared) => ({
            inputs: inputsOf(remote, declared),
            computed: spec.computed?.(remote) ?? {},
        }),
        changedOn(inputs, remote) {
            const current = inputsOf(remote, inputs);
            return (Object.keys(current) as (keyof I & string)[]).filter(
                (field) => !sameValue(current[field], inputs[field]),
            );
        },
        matchesKey(inputs, remote) {
            const current = inputsOf(remote, inputs);
            return spec.naturalKey!.fields.every((field) => sameValue(current[field], inputs[field]));
        },
    };
}
