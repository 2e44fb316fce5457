// EnumDef: the value must be one of the listed values; listed-but-deprecated values warn.
import { quoted } from "../../../common/text/echo";
import { closestValue, ParamSpec, shownValue } from "../spec";
import { TypeDef, ValidationFailure, ValueContext } from "./typedef";

const MAX_LISTED_VALUES = 12;

export function listOfAllowed(values: readonly (string | number)[]): string {
    const shown = values.slice(0, MAX_LISTED_VALUES).map((value) => quoted(String(value)));
    const more = values.length > MAX_LISTED_VALUES ? `, ... (${values.length} in all)` : "";
    return shown.join(", ") + more;
}

function didYouMean(spec: ParamSpec, value: string, allowed: readonly (string | number)[]): string {
    const closest = closestValue(spec, value, allowed.map(String));
    return closest === undefined ? "" : ` Did you mean ${quoted(closest)}?`;
}

export function badValue(spec: ParamSpec, value: string, allowed: readonly (string | number)[]): ValidationFailure {
    return new ValidationFailure(
        "badvalue",
        `Unrecognized value for parameter "${spec.requestName}": ${shownValue(spec, value)}.${didYouMean(spec, value, allowed)} Allowed: ${listOfAllowed(allowed)}.`,
    );
}

// A deprecated module named in prop, list or meta is the module's own deprecation, reported by the walker.
export function recordDeprecatedValue(spec: ParamSpec, value: string, context: ValueContext): void {
    if (spec.deprecatedValues.has(value) && spec.info.submodules === undefined) {
        context.record(
            "deprecation",
            `The value ${shownValue(spec, value)} for parameter "${spec.requestName}" is deprecated.`,
        );
    }
}

export const enumDef: TypeDef = {
    validate(value, spec, context) {
        if (!spec.allowed?.has(value)) return badValue(spec, value, this.enumValues(spec, context) ?? []);
        recordDeprecatedValue(spec, value, context);
        return value;
    },
    enumValues(spec) {
        return typeof spec.info.type === "string" ? undefined : spec.info.type;
    },
};
