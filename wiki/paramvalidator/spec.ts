// A catalogue parameter prepared once for validation: its request name and the lookups its checks need, so that
// validating a definition allocates and compiles nothing. Its type definition is the validator's to resolve
// (ParamValidator::getTypeDef), so that the spec depends on no type definition and each one may depend on the spec.
import type { ParamInfo, ParamInfoNote } from "../catalogue/model";
import { quoted } from "../../common/text/echo";
import { closestName } from "../../common/text/suggest";

const DEFAULT_LOW_LIMIT = 50;
const DEFAULT_HIGH_LIMIT = 500;

export interface ParamSpec {
    /** The name in the request: module prefix (with "g" for a generator) + parameter name. */
    readonly requestName: string;
    /** The module whose parameter it is, as issues name it. */
    readonly module: string;
    readonly info: ParamInfo;
    /** The values of an enumeration. */
    readonly allowed: ReadonlySet<string> | undefined;
    readonly deprecatedValues: ReadonlySet<string>;
    /** How many values a multi-valued parameter takes, without and with elevated rights. */
    readonly lowLimit: number;
    readonly highLimit: number;
    /** The info notes (useronly, singlepageonly, modes, ...) by name. */
    readonly notes: ReadonlyMap<string, ParamInfoNote>;
    /** Extra words for an unrecognized value, e.g. that a module belongs to another group. */
    readonly explainUnknownValue?: (value: string) => string | undefined;
}

interface SharedLookups {
    allowed: ReadonlySet<string> | undefined;
    deprecatedValues: ReadonlySet<string>;
    notes: ReadonlyMap<string, ParamInfoNote>;
}

// A module's parameter and the same parameter under the generator prefix share these.
const sharedLookups = new WeakMap<ParamInfo, SharedLookups>();

function lookupsOf(info: ParamInfo): SharedLookups {
    let lookups = sharedLookups.get(info);
    if (!lookups) {
        lookups = {
            allowed: typeof info.type === "string" ? undefined : new Set(info.type),
            deprecatedValues: new Set(info.deprecatedValues),
            notes: new Map(info.info.map((note) => [note.name, note])),
        };
        sharedLookups.set(info, lookups);
    }
    return lookups;
}

export function makeParamSpec(
    info: ParamInfo,
    module: string,
    requestName: string,
    explainUnknownValue?: (value: string) => string | undefined,
): ParamSpec {
    const lowLimit = info.lowlimit ?? DEFAULT_LOW_LIMIT;
    return {
        requestName,
        module,
        info,
        ...lookupsOf(info),
        lowLimit,
        highLimit: Math.max(lowLimit, info.highlimit ?? DEFAULT_HIGH_LIMIT),
        explainUnknownValue,
    };
}

/** The one guard on sensitive values, for messages and reports alike: such a value is never shown, in any form. */
export function unlessSensitive(sensitive: boolean, value: string, show: (value: string) => string): string {
    return sensitive ? "(sensitive value not shown)" : show(value);
}

/** A value as messages may show it: never the value of a sensitive parameter; cut and escaped (echo.ts). */
export function shownValue(spec: ParamSpec, value: string): string {
    return unlessSensitive(spec.info.sensitive, value, quoted);
}

/** The allowed value closest to an unknown one; never for a sensitive parameter, where it would tell how close the value came. */
export function closestValue(spec: ParamSpec, value: string, allowed: Iterable<string>): string | undefined {
    return spec.info.sensitive ? undefined : closestName(value, allowed);
}
