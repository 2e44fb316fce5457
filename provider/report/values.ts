// A property value as a report shows it: secrets as [secret] (also a secret Go did not blind), an output not known
// until `up` as "known after up", anything else as short JSON, cut by depth and length so that no value can make a
// report large or its rendering recurse without end.
import { BOUNDS } from "../bounds";
import { SECRET_SIGNATURE, SECRET_VALUE, UNKNOWN_VALUE } from "./digest";

export const KNOWN_AFTER_UP = "known after up";
/** The longest value shown, in characters; the rest is cut with a note. */
const MAX_VALUE_CHARS = BOUNDS.maxReportValueChars.default;
/** How deep a value is shown; deeper parts are "…". */
const MAX_VALUE_DEPTH = BOUNDS.maxReportValueDepth.default;

export type Shown = { kind: "secret" } | { kind: "unknown" } | { kind: "absent" } | { kind: "value"; text: string };

export function showValue(value: unknown): Shown {
    if (value === undefined) return { kind: "absent" };
    if (holdsSecret(value, 0)) return { kind: "secret" };
    if (value === UNKNOWN_VALUE) return { kind: "unknown" };
    const text = compact(value, 0);
    return {
        kind: "value",
        text: text.length <= MAX_VALUE_CHARS ? text : `${text.slice(0, MAX_VALUE_CHARS)}… (${text.length} characters)`,
    };
}

/** What names an object: a string as it is (no quotes), anything else as a value. */
export function showLabel(value: unknown): Shown {
    const shown = showValue(value);
    if (shown.kind !== "value" || typeof value !== "string") return shown;
    return {
        kind: "value",
        text:
            value.length <= MAX_VALUE_CHARS
                ? value
                : `${value.slice(0, MAX_VALUE_CHARS)}… (${value.length} characters)`,
    };
}

/** A value is shown as secret when any part of it is: a secret nested in an object hides the whole object. */
function holdsSecret(value: unknown, depth: number): boolean {
    if (value === SECRET_VALUE) return true;
    if (typeof value !== "object" || value === null || depth > MAX_VALUE_DEPTH) return false;
    if (!Array.isArray(value) && SECRET_SIGNATURE in value) return true;
    return Object.values(value).some((part) => holdsSecret(part, depth + 1));
}

function compact(value: unknown, depth: number): string {
    if (value === UNKNOWN_VALUE) return KNOWN_AFTER_UP;
    if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? String(value);
    if (depth >= MAX_VALUE_DEPTH) return "…";
    if (Array.isArray(value)) return `[${value.map((part) => compact(part, depth + 1)).join(", ")}]`;
    return `{${Object.entries(value)
        .map(([key, part]) => `${JSON.stringify(key)}: ${compact(part, depth + 1)}`)
        .join(", ")}}`;
}

/** The value of a plain object's own property: never one it inherits (`constructor`, `toString`, `__proto__`). */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
    return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * The value at a detailed diff's path (`a.b[0]`, `["a.b"].c`, as plugin.PropertyPath prints it) in a property map;
 * undefined where the path leads nowhere.
 */
export function valueAt(properties: Record<string, unknown> | undefined, path: string): unknown {
    let current: unknown = properties;
    for (const key of pathKeys(path)) {
        if (typeof current !== "object" || current === null) return undefined;
        current = own(current as Record<string, unknown>, key);
    }
    return current;
}

/** The keys of a property path: names split at dots, `[0]` indexes, `["quoted.name"]` names. */
function pathKeys(path: string): string[] {
    const keys: string[] = [];
    const pattern = /\["((?:[^"\\]|\\.)*)"\]|\[(\d+)\]|([^.[\]]+)/g;
    for (let match = pattern.exec(path); match; match = pattern.exec(path)) {
        keys.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : (match[2] ?? match[3]));
    }
    return keys;
}
