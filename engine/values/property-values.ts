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
export {
    specialSigKey as SIG_KEY,
    specialSecretSig as SECRET_SIG,
    specialResourceSig as RESOURCE_SIG,
    specialOutputValueSig as OUTPUT_SIG,
};

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

function reveal(value: unknown): unknown {
    if (isSecretWrapper(value)) return reveal(value.value);
    if (Array.isArray(value)) return value.map(reveal);
    if (isPlainObject(value))
        return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, reveal(inner)]));
    return value;
}

/** The value with every secret at any depth replaced by what it holds (MarshalOptions KeepSecrets false). */
export function withoutSecrets(value: unknown): unknown {
    return reveal(value);
}

/** Each value of the map without its secrets: what a provider that does not accept secrets is sent. */
export function propertiesWithoutSecrets(props: PropertyMap): PropertyMap {
    return reveal(props) as PropertyMap;
}

/** PropertyValue.ContainsSecrets. */
export function containsSecret(value: unknown): boolean {
    if (isSecretWrapper(value)) return true;
    if (Array.isArray(value)) return value.some(containsSecret);
    return isPlainObject(value) && Object.values(value).some(containsSecret);
}

/** The top-level keys given made secrets, where present (config's secret keys, as the engine holds them). */
export function markSecrets(props: PropertyMap, secretKeys: readonly string[]): PropertyMap {
    const marked: PropertyMap = { ...props };
    for (const key of secretKeys) {
        if (key in marked && !isSecretWrapper(marked[key])) {
            marked[key] = wrapSecret(marked[key]);
        }
    }
    return marked;
}

/**
 * provider_plugin.go annotateSecrets: what a provider that does not accept secrets answers gets the secrecy of what it
 * was sent, key by key: two objects are compared inside, otherwise an answer whose input held a secret anywhere is made
 * secret whole.
 */
export function annotateSecrets(outs: PropertyMap, ins: PropertyMap): PropertyMap {
    const annotated: PropertyMap = { ...outs };
    for (const [key, inValue] of Object.entries(ins)) {
        if (!(key in annotated)) continue;
        const outValue = annotated[key];
        if (
            isPlainObject(outValue) &&
            kindOf(outValue) === "object" &&
            isPlainObject(inValue) &&
            kindOf(inValue) === "object"
        ) {
            annotated[key] = annotateSecrets(outValue, inValue);
        } else if (!isSecretWrapper(outValue) && containsSecret(inValue)) {
            annotated[key] = wrapSecret(outValue);
        }
    }
    return annotated;
}

/**
 * step_executor.go executeStep: the outputs a step leaves, with each additionalSecretOutputs key made secret (but
 * "id", which cannot be), and each output whose input of the same key is a secret made secret too.
 */
export function withSecretOutputs(
    outputs: PropertyMap,
    inputs: PropertyMap,
    additionalSecretOutputs: readonly string[],
): PropertyMap {
    const marked: PropertyMap = { ...outputs };
    for (const [key, value] of Object.entries(marked)) {
        const secret = (additionalSecretOutputs.includes(key) && key !== "id") || isSecretWrapper(inputs[key]);
        if (secret && !isSecretWrapper(value)) marked[key] = wrapSecret(value);
    }
    return marked;
}

/** Whether an asset or archive is in the value, at any depth (inside secrets too). */
export function containsAsset(value: unknown): boolean {
    const kind = kindOf(value);
    if (kind === "asset" || kind === "archive") return true;
    if (Array.isArray(value)) return value.some(containsAsset);
    return isPlainObject(value) && Object.values(value).some(containsAsset);
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
        return Object.fromEntries(
            Object.keys(value)
                .sort()
                .map((key) => [key, canonical(value[key])]),
        );
    }
    return value;
}

export function union(...lists: readonly (readonly string[])[]): string[] {
    return [...new Set(lists.flat())];
}
