// The engine's view of property values: secrets arrive wrapped in pulumi's signature objects and
// unknowns as a sentinel string. The dynamic-provider host answers acceptSecrets=false, so the engine
// unwraps secrets before the provider sees them and wraps the matching outputs again afterwards.
import {
    specialArchiveSig,
    specialAssetSig,
    specialOutputValueSig,
    specialResourceSig,
    specialSecretSig,
    specialSigKey,
    unknownValue,
} from "@pulumi/pulumi/runtime/rpc";

export type PropertyMap = Record<string, unknown>;

export const UNKNOWN = unknownValue;
export { specialSigKey as SIG_KEY, specialSecretSig as SECRET_SIG, specialResourceSig as RESOURCE_SIG, specialOutputValueSig as OUTPUT_SIG };

/** The kinds of sdk/go/common/resource PropertyValue, as the wire's JavaScript values carry them. */
export type ValueKind =
    | "null"
    | "bool"
    | "number"
    | "string"
    | "computed"
    | "array"
    | "object"
    | "secret"
    | "asset"
    | "archive"
    | "resource"
    | "output";

const SIGNED_KINDS: Record<string, ValueKind> = {
    [specialSecretSig]: "secret",
    [specialAssetSig]: "asset",
    [specialArchiveSig]: "archive",
    [specialResourceSig]: "resource",
    [specialOutputValueSig]: "output",
};

/** The kind of a value: a signed object is the kind its signature names; the unknown value is computed. */
export function kindOf(value: unknown): ValueKind {
    if (value === null || value === undefined) return "null";
    if (value === UNKNOWN) return "computed";
    if (typeof value === "boolean") return "bool";
    if (typeof value === "number") return "number";
    if (typeof value === "string") return "string";
    if (Array.isArray(value)) return "array";
    const signature = (value as Record<string, unknown>)[specialSigKey];
    if (signature === undefined) return "object";
    const kind = SIGNED_KINDS[String(signature)];
    if (!kind) throw new Error(`unrecognized signature '${String(signature)}' in property map`);
    return kind;
}

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

/** The value with every secret at any depth replaced by what it holds. */
export function withoutSecrets(value: unknown): unknown {
    return reveal(value).value;
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
