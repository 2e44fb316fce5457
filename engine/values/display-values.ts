// Values as the engine shows them: secrets as [secret], unknowns as [unknown], the serialized
// provider code left out (it changes with every edit to the provider and says nothing to a reader).
import { PropertyMap, UNKNOWN, isSecretWrapper, sameValue, wrapSecret } from "./property-values";

export const SECRET_MARK = "[secret]";
export const UNKNOWN_MARK = "[unknown]";
const HIDDEN_KEYS = ["__provider"];

/** A value as the printed plan shows it: each secret, wherever it is, "[secret]"; an unknown "[unknown]". */
export function displayValue(value: unknown): unknown {
    if (isSecretWrapper(value)) {
        return SECRET_MARK;
    }
    if (value === UNKNOWN) {
        return UNKNOWN_MARK;
    }
    if (Array.isArray(value)) {
        return value.map(displayValue);
    }
    if (typeof value === "object" && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, displayValue(inner)]));
    }
    return value;
}

export function displayProperties(props: PropertyMap): Record<string, unknown> {
    return Object.fromEntries(
        Object.entries(props)
            .filter(([key]) => !HIDDEN_KEYS.includes(key))
            .map(([key, value]) => [key, displayValue(value)]),
    );
}

/** A value as the engine's events carry it (pkg/engine/events.go filterPropertyValue): each secret, wherever it is, a secret holding "[secret]". */
export function shownValue(value: unknown): unknown {
    if (isSecretWrapper(value)) return wrapSecret(SECRET_MARK);
    if (Array.isArray(value)) return value.map(shownValue);
    if (typeof value === "object" && value !== null)
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shownValue(inner)]));
    return value;
}

/**
 * Properties as the engine's step events carry them: nothing shown can reveal a secret; the serialized provider stays,
 * as in Go's events.
 */
export function shownProperties(props: PropertyMap): PropertyMap {
    return shownValue(props) as PropertyMap;
}

export interface PropertyDiff {
    property: string;
    old: unknown;
    new: unknown;
}

/** The top-level properties that differ, old → new, secrets masked where they are. */
export function propertyDiffs(olds: PropertyMap, news: PropertyMap): PropertyDiff[] {
    const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((key) => !HIDDEN_KEYS.includes(key));
    return keys
        .filter((key) => !sameValue(olds[key], news[key]))
        .map((key) => ({ property: key, old: displayValue(olds[key]), new: displayValue(news[key]) }));
}
