// JSON as Go's encoding/json writes it (json.MarshalIndent(v, "", "    ")): a struct's fields in their declared order
// (here a plain object's, in the order it was built), a map's keys sorted (here a Map's, sorted when written: a plain
// object would put integer-like keys first), and the escapes Go's encoder adds to JSON.stringify's: <, > and &
// (escapeHTML) and the line and paragraph separators U+2028 and U+2029.
import { compareGoStrings } from "./go-format";

const INDENT = "    ";
const GO_ESCAPES: Record<string, string> = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
};

export function marshalIndent(value: unknown): string {
    return write(value, "");
}

function write(value: unknown, indent: string): string {
    if (value === null || value === undefined) {
        return "null";
    }
    if (typeof value === "string") {
        return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => GO_ESCAPES[character]);
    }
    if (typeof value === "number" || typeof value === "boolean") {
        return JSON.stringify(value);
    }
    const inner = indent + INDENT;
    if (Array.isArray(value)) {
        return value.length === 0
            ? "[]"
            : `[\n${value.map((item) => inner + write(item, inner)).join(",\n")}\n${indent}]`;
    }
    const entries = value instanceof Map ? sortedEntries(value) : Object.entries(value);
    return entries.length === 0
        ? "{}"
        : `{\n${entries.map(([key, item]) => `${inner}${write(String(key), inner)}: ${write(item, inner)}`).join(",\n")}\n${indent}}`;
}

/** Go sorts a map's keys by their UTF-8 bytes. */
function sortedEntries(map: Map<unknown, unknown>): [string, unknown][] {
    return [...map]
        .map(([key, item]): [string, unknown] => [String(key), item])
        .sort(([left], [right]) => compareGoStrings(left, right));
}
