// The engine's view of property values: secrets arrive wrapped in pulumi's signature objects and
// unknowns as a sentinel string. The dynamic-provider host answers acceptSecrets=false, so the engine
// unwraps secrets before the provider sees them and wraps the matching outputs again afterwards.
import { specialSigKey, specialSecretSig, unknownValue } from "@pulumi/pulumi/runtime/rpc";

export type PropertyMap = Record<string, unknown>;

export const UNKNOWN = unknownValue;

type SecretWrapper = { [specialSigKey]: typeof specialSecretSig; value: unknown };

function isPlainObject(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isSecretWrapper(value: unknown): value is SecretWrapper {
    return isPlainObject(value) && value[specialSigKey] === specialSecretSig;
}

export function wrapSecret(value: unknown): SecretWrapper {
    return { [specialSigKey]: specialSecretSig, value };
}

function reveal(value: unknown): { value: unknown; secret: boolean } {
    if (isSecretWrapper(value)) {
        return { value: reveal(value.value).value, secret: true };
    }
    if (Array.isArray(value)) {
        const items = value.map(reveal);
        return { value: items.map((item) => item.value), secret: items.some((item) => item.secret) };
    }
    if (isPlainObject(value)) {
        const entries = Object.entries(value).map(([key, inner]) => [key, reveal(inner)] as const);
        return {
            value: Object.fromEntries(entries.map(([key, inner]) => [key, inner.value])),
            secret: entries.some(([, inner]) => inner.secret),
        };
    }
    return { value, secret: false };
}

/** Plain values, plus the top-level keys under which a secret was found at any depth. */
export function stripSecrets(props: PropertyMap): { plain: PropertyMap; secretKeys: string[] } {
    const plain: PropertyMap = {};
    const secretKeys: string[] = [];
    for (const [key, value] of Object.entries(props)) {
        const revealed = reveal(value);
        plain[key] = revealed.value;
        if (revealed.secret) {
            secretKeys.push(key);
        }
    }
    return { plain, secretKeys };
}

export function markSecrets(props: PropertyMap, secretKeys: readonly string[]): PropertyMap {
    const marked: PropertyMap = { ...props };
    for (const key of secretKeys) {
        if (key in marked) {
            marked[key] = wrapSecret(marked[key]);
        }
    }
    return marked;
}

export function containsUnknown(value: unknown): boolean {
    if (value === UNKNOWN) {
        return true;
    }
    if (Array.isArray(value)) {
        return value.some(containsUnknown);
    }
    return isPlainObject(value) && Object.values(value).some(containsUnknown);
}

export function sameValue(left: unknown, right: unknown): boolean {
    return JSON.stringify(canonical(left)) === JSON.stringify(canonical(right));
}

function canonical(value: unknown): unknown {
    if (Array.isArray(value)) {
        return value.map(canonical);
    }
    if (isPlainObject(value)) {
        return Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical(value[key])]));
    }
    return value;
}

export function union(...lists: readonly (readonly string[])[]): string[] {
    return [...new Set(lists.flat())];
}
