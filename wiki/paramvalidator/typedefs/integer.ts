// IntegerDef: an optional sign and decimal digits that fit a 64-bit integer. Out of range is not an
// error on api.php (PARAM_IGNORE_RANGE is the Action API's default): the value is clamped, with a warning.
import { ParamSpec, shownValue } from "../spec";
import { TypeDef, ValidationFailure, ValueContext } from "./typedef";

const SIGNED_DECIMAL = /^[+-]?\d+$/;
const SIGN_AND_LEADING_ZEROS = /^[+-]?0*/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;
// Below this many digits a value is far inside the 64-bit range.
const SAFE_DIGITS = 15;

function canonicalInteger(value: string): string | undefined {
    const negative = value.startsWith("-");
    const digits = value.replace(SIGN_AND_LEADING_ZEROS, "") || "0";
    if (digits.length >= SAFE_DIGITS) {
        const big = BigInt((negative ? "-" : "") + digits);
        if (big > INT64_MAX || big < INT64_MIN) return undefined;
    }
    return negative && digits !== "0" ? "-" + digits : digits;
}

function clamp(normalised: string, spec: ParamSpec, context: ValueContext, defaultMin: number | undefined): string {
    const { max, highmax } = spec.info;
    const min = spec.info.min ?? defaultMin;
    const number = Number(normalised);
    let bound: number | undefined;
    let relation = "";
    if (min !== undefined && number < min) {
        bound = min;
        relation = "no less than";
    } else if (max !== undefined && number > max) {
        const highLimit = context.highLimits && highmax !== undefined ? Math.max(max, highmax) : max;
        if (number > highLimit) {
            bound = highLimit;
            relation = "no greater than";
        }
    }
    if (bound === undefined) return normalised;
    context.record(
        "outofrange",
        `Value ${shownValue(spec, normalised)} for parameter "${spec.requestName}" must be ${relation} ${bound}; it is clamped to ${bound}.`,
    );
    return String(bound);
}

function validateInteger(
    value: string,
    spec: ParamSpec,
    context: ValueContext,
    defaultMin?: number,
): string | ValidationFailure {
    const normalised = SIGNED_DECIMAL.test(value) ? canonicalInteger(value) : undefined;
    if (normalised === undefined) {
        return new ValidationFailure(
            "badinteger",
            `Invalid value ${shownValue(spec, value)} for integer parameter "${spec.requestName}".`,
        );
    }
    return clamp(normalised, spec, context, defaultMin);
}

export const integerDef: TypeDef = {
    validate: validateInteger,
    enumValues: () => undefined,
};

/** LimitDef: an integer, or "max" for the highest value the caller may use. */
export const limitDef: TypeDef = {
    validate(value, spec, context) {
        // "max" stays in the request: api.php resolves it against the caller's own rights.
        if (value === "max") return value;
        return validateInteger(value, spec, context, 0);
    },
    enumValues: () => undefined,
};
