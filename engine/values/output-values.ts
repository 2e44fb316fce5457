// Output values on the gRPC wire ({ sig: OUTPUT_SIG, value?, secret?, dependencies? }: a value absent when unknown), as
// the resource monitor turns a registration's properties into them for transforms and back before the step generator
// sees them (pkg/resource/deploy/source_eval.go RegisterResource; sdk/go/common/resource/plugin/rpc.go).
import { OUTPUT_SIG, SIG_KEY, UNKNOWN, PropertyMap, isSecretWrapper, kindOf, wrapSecret } from "./property-values";

export interface OutputValue {
    [SIG_KEY]: typeof OUTPUT_SIG;
    value?: unknown;
    secret?: boolean;
    dependencies?: string[];
}

function isOutputValue(value: unknown): value is OutputValue {
    return kindOf(value) === "output";
}

function outputValue(fields: Omit<OutputValue, typeof SIG_KEY>): OutputValue {
    return { [SIG_KEY]: OUTPUT_SIG, ...fields };
}

/** Each property's value with its container's function applied to the nested values (arrays, objects, secrets). */
function mapNested(value: unknown, inner: (nested: unknown) => unknown): unknown {
    if (Array.isArray(value)) return value.map(inner);
    if (isSecretWrapper(value)) return wrapSecret(inner(value.value));
    if (kindOf(value) === "object") {
        return Object.fromEntries(Object.entries(value as PropertyMap).map(([key, nested]) => [key, inner(nested)]));
    }
    return value;
}

function mapProperties(props: PropertyMap, each: (value: unknown) => unknown): PropertyMap {
    return Object.fromEntries(Object.entries(props).map(([key, value]) => [key, each(value)]));
}

/** UnmarshalProperties with UpgradeToOutputValues: a secret becomes a known secret output, an unknown an unknown one. */
export function upgradeToOutputValues(props: PropertyMap): PropertyMap {
    const upgrade = (value: unknown): unknown => {
        if (value === UNKNOWN) return outputValue({});
        if (isSecretWrapper(value)) return outputValue({ value: upgrade(value.value), secret: true });
        if (isOutputValue(value) || kindOf(value) === "resource") return value;
        return mapNested(value, upgrade);
    };
    return mapProperties(props, upgrade);
}

/** addOutputDependencies: the URNs the outputs within a value depend on. */
export function outputDependencies(value: unknown, into = new Set<string>()): Set<string> {
    if (isOutputValue(value)) {
        for (const urn of value.dependencies ?? []) into.add(urn);
        if ("value" in value) outputDependencies(value.value, into);
    } else if (kindOf(value) === "resource") {
        outputDependencies((value as PropertyMap).id, into);
    } else if (Array.isArray(value)) {
        for (const item of value) outputDependencies(item, into);
    } else if (isSecretWrapper(value)) {
        outputDependencies(value.value, into);
    } else if (kindOf(value) === "object") {
        for (const item of Object.values(value as PropertyMap)) outputDependencies(item, into);
    }
    return into;
}

/** upgradeOutputValues: each property becomes an output carrying the dependencies the registration gave it. */
export function withPropertyDependencies(
    props: PropertyMap,
    propertyDependencies: ReadonlyMap<string, ReadonlySet<string>>,
): PropertyMap {
    return Object.fromEntries(
        Object.entries(props).map(([key, value]) => {
            const deps = propertyDependencies.get(key);
            const current = outputDependencies(value);
            if (!deps || [...deps].every((urn) => current.has(urn))) return [key, value];
            const output = isOutputValue(value) ? value : outputValue({ value });
            return [key, { ...output, dependencies: [...new Set([...(output.dependencies ?? []), ...deps])] }];
        }),
    );
}

/** One value as downgradeOutputValues leaves it: an output becomes its value, unknown or secret as it was. */
export function downgradeOutputValue(value: unknown): unknown {
    if (isOutputValue(value)) {
        const element = "value" in value ? downgradeOutputValue(value.value) : UNKNOWN;
        return value.secret ? wrapSecret(element) : element;
    }
    if (kindOf(value) === "resource") {
        const reference = value as PropertyMap;
        return "id" in reference ? { ...reference, id: downgradeOutputValue(reference.id) } : reference;
    }
    return mapNested(value, downgradeOutputValue);
}

/** downgradeOutputValues: outputs become their value, unknown or secret as they were; their dependencies are dropped. */
export function downgradeOutputValues(props: PropertyMap): PropertyMap {
    return mapProperties(props, downgradeOutputValue);
}
