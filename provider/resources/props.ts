// The properties the engine and a kind pass each other, as plain records: whether two values are the same, which
// fields changed, and the record without the serialized provider, without what is undefined, or with some keys only.
import type { Props } from "./lifecycle";
import { PROVIDER_KEY } from "./stub";

/** Those of `fields` whose values differ from the old properties to the new. */
export function changedFields<K extends string>(fields: readonly K[], olds: Props, news: Props): K[] {
    return fields.filter((field) => !sameValue(olds[field], news[field]));
}

/** Deeper than any value a kind declares or a preview shows it; a hostile digest's nesting costs no more stack. */
const MAX_COMPARED_DEPTH = 32;

/**
 * Whether two values of a property are the same, as inputs, state, the service's answers and a preview's digest hold
 * them (JSON's values): an absent property and null are the same value, since the service and the state may write
 * either; objects and arrays are compared member by member, and parts nested deeper than the bound count as different.
 */
export function sameValue(a: unknown, b: unknown): boolean {
    return sameJson(a ?? null, b ?? null, 0);
}

function sameJson(a: unknown, b: unknown, depth: number): boolean {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (depth > MAX_COMPARED_DEPTH || Array.isArray(a) !== Array.isArray(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameJson((a as Props)[key], (b as Props)[key], depth + 1));
}

/** Outputs must never hold undefined: the host cannot encode it, and fails after the object was created. */
export function definedOnly(props: Props): Props {
    return Object.fromEntries(
        Object.entries(props)
            .filter(([, value]) => value !== undefined)
            .map(([key, value]) => [key, isPlainObject(value) ? definedOnly(value) : value]),
    );
}

function isPlainObject(value: unknown): value is Props {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function withoutProvider(props: Props): Props {
    return omit(props, [PROVIDER_KEY]);
}

export function computedOf(state: Props, inputFields: string[]): Props {
    return omit(withoutProvider(state), inputFields);
}

export function pick(props: Props, keys: readonly string[]): Props {
    return Object.fromEntries(keys.filter((key) => key in props).map((key) => [key, props[key]]));
}

export function omit(props: Props, keys: readonly string[]): Props {
    return Object.fromEntries(Object.entries(props).filter(([key]) => !keys.includes(key)));
}
