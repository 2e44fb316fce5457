// NamespaceDef: an enumeration of the wiki's namespace numbers plus the parameter's extra namespaces
// (Media -2, Special -1). A signed decimal is read as the number it writes ("+0", "00" are 0).
import { ParamSpec } from "../spec";
import { badValue, recordDeprecatedValue } from "./enum";
import { TypeDef, ValueContext } from "./typedef";

const SIGNED_DECIMAL = /^[+-]?\d+$/;

function isAllowed(namespace: number, spec: ParamSpec, context: ValueContext): boolean {
    return context.namespaces.has(namespace) || (spec.info.extraNamespaces?.includes(namespace) ?? false);
}

// The enumeration is the same for every call with the same namespaces; the all-specifier asks for it often.
const enumerations = new WeakMap<ReadonlySet<number>, WeakMap<ParamSpec, readonly string[]>>();

function enumerate(spec: ParamSpec, namespaces: ReadonlySet<number>): readonly string[] {
    const all = new Set([...namespaces, ...(spec.info.extraNamespaces ?? [])]);
    return [...all].sort((a, b) => a - b).map(String);
}

export const namespaceDef: TypeDef = {
    validate(value, spec, context) {
        const namespace = SIGNED_DECIMAL.test(value) ? Number(value) : NaN;
        if (!isAllowed(namespace, spec, context)) return badValue(spec, value, this.enumValues(spec, context) ?? []);
        const normalised = String(namespace);
        recordDeprecatedValue(spec, normalised, context);
        return normalised;
    },
    enumValues(spec, context) {
        let bySpec = enumerations.get(context.namespaces);
        if (!bySpec) {
            bySpec = new WeakMap();
            enumerations.set(context.namespaces, bySpec);
        }
        let values = bySpec.get(spec);
        if (!values) {
            values = enumerate(spec, context.namespaces);
            bySpec.set(spec, values);
        }
        return values;
    },
};
