// Every resource kind by the name its serialized stub carries (each definition's `kind`, part of the state format),
// read from the classes kinds.ts exports.
import * as kinds from "./kinds";
import type { AnyKind } from "./lifecycle";
import { definitionOf } from "./resource";

/** The definitions of the given kinds' classes by kind, in their order. Anything else, or a kind named twice, is refused. */
export function kindsByName(classes: Readonly<Record<string, unknown>>): Record<string, AnyKind> {
    const byName: Record<string, AnyKind> = {};
    for (const [name, cls] of Object.entries(classes)) {
        const definition = definitionOf(cls);
        if (!definition) throw new Error(`${name} is exported as a kind, but is not a class made by kindResource`);
        // Two classes of one kind would leave the state's resources of that kind to whichever came last.
        if (byName[definition.kind])
            throw new Error(`${name} declares the kind ${definition.kind}, which another class declares too`);
        byName[definition.kind] = definition;
    }
    return byName;
}

export const definitions: Readonly<Record<string, AnyKind>> = kindsByName(kinds);
