// Values as the engine shows them: secrets as [secret], unknowns as [unknown], the serialized
// provider code left out (it changes with every edit to the provider and says nothing to a reader).
import { PropertyMap, UNKNOWN, isSecretWrapper, sameValue, wrapSecret } from "./property-values";

export const SECRET_MARK = "[secret]";
export const UNKNOWN_MARK = "[unknown]";
const HIDDEN_KEYS = ["__provider"];

export function displayValue(value: unknown, secret: boolean): unknown {
    if (secret) {
        return SECRET_MARK;
    }
    if (value === UNKNOWN) {
        return UNKNOWN_MARK;
    }
    if (Array.isArray(value)) {
        return value.map((item) => displayValue(item, false));
    }
    if (typeof value === "object" && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, displayValue(inner, false)]));
    }
    return value;
}

export function displayProperties(props: PropertyMap, secretKeys: readonly string[]): Record<string, unknown> {
    return Object.fromEntries(
        Object.entries(props)
            .filter(([key]) => !HIDDEN_KEYS.includes(key))
            .map(([key, value]) => [key, displayValue(value, secretKeys.includes(key))]),
    );
}

/**
 * Properties as the engine's step events carry them (pkg/engine/events.go filterPropertyValue): a secret is a secret
 * holding "[secret]", so that nothing shown can reveal it; the serialized provider stays, as in Go's events.
 */
export function shownProperties(props: PropertyMap, secretKeys: readonly string[]): PropertyMap {
    return Object.fromEntries(Object.entries(props).map(([key, value]) => [key, secretKeys.includes(key) ? wrapSecret(SECRET_MARK) : value]));
}

/** A value as the engine's events carry it: each secret, wherever it is, a secret holding "[secret]". */
export function shownValue(value: unknown): unknown {
    if (isSecretWrapper(value)) return wrapSecret(SECRET_MARK);
    if (Array.isArray(value)) return value.map(shownValue);
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shownValue(inner)]));
    return value;
}

export interface PropertyDiff {
    property: string;
    old: unknown;
    new: unknown;
}

/** The top-level properties that differ, old → new, secrets masked. */
export function propertyDiffs(olds: PropertyMap, news: PropertyMap, secretKeys: readonly string[]): PropertyDiff[] {
    const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((key) => !HIDDEN_KEYS.includes(key));
    return keys
        .filter((key) => !sameValue(olds[key], news[key]))
        .map((key) => {
            const secret = secretKeys.includes(key);
            return { property: key, old: displayValue(olds[key], secret), new: displayValue(news[key], secret) };
        });
}
