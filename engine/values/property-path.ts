// Property paths as the engine reads and writes them (sdk/go/common/resource/properties_path.go): `a.b[0]`,
// `a["b.c"]`, `a[*]`; a path is a list of keys (strings) and indices (numbers).
export type PathPart = string | number;

/** parsePropertyPath in its non-strict form (ParsePropertyPath): a bad path throws, with Go's message. */
export function parsePropertyPath(path: string): PathPart[] {
    const elements: PathPart[] = [];
    if (path.startsWith(".")) throw new Error("expected property path to start with a name or index");
    let rest = path;
    while (rest.length > 0) {
        if (rest[0] === ".") {
            rest = rest.slice(1);
            if (rest.length === 0) throw new Error("expected property path to end with a name or index");
        } else if (rest[0] === "[") {
            const [element, after] = rest[1] === '"' ? quotedKey(rest) : bracketIndex(rest);
            elements.push(element);
            rest = after.slice(1);
        } else {
            const end = rest.search(/[.[]/);
            const name = end === -1 ? rest : rest.slice(0, end);
            elements.push(name);
            rest = rest.slice(name.length);
        }
    }
    return elements;
}

/** A `["..."]` key, `\"` standing for a quote; answers the key and the rest from its closing bracket. */
function quotedKey(rest: string): [string, string] {
    let key = "";
    let index = 2;
    for (;;) {
        if (index >= rest.length) throw new Error("missing closing quote in property name");
        if (rest[index] === '"') {
            index++;
            break;
        }
        if (rest[index] === "\\" && rest[index + 1] === '"') {
            key += '"';
            index += 2;
        } else {
            key += rest[index++];
        }
    }
    if (rest[index] !== "]") throw new Error("missing closing bracket in property access");
    return [key, rest.slice(index)];
}

/** A `[N]` index or the `[*]` wildcard (strconv.ParseInt's syntax: an optional sign, decimal digits). */
function bracketIndex(rest: string): [PathPart, string] {
    const close = rest.indexOf("]");
    if (close === -1) throw new Error("missing closing bracket in array index");
    const segment = rest.slice(1, close);
    if (segment === "*") return ["*", rest.slice(close)];
    if (!/^[+-]?\d+$/.test(segment) || !Number.isSafeInteger(Number(segment))) {
        throw new Error(`invalid array index: strconv.ParseInt: parsing "${segment}": invalid syntax`);
    }
    return [Number(segment), rest.slice(close)];
}

/** PropertyPath.String: `a.b[0]`, a key with any character but ASCII letters, digits and `_` as `["a-b"]`. */
export function pathString(path: readonly PathPart[]): string {
    return path
        .map((part, index) => {
            if (typeof part === "number") return `[${part}]`;
            if (/[^A-Za-z0-9_]/.test(part)) return `["${part.replace(/"/g, '\\"')}"]`;
            return index === 0 ? part : `.${part}`;
        })
        .join("");
}

/** PropertyPath.Contains: `path` is `other` or a prefix of it, the key `*` matching any key or index. */
export function pathContains(path: readonly PathPart[], other: readonly PathPart[]): boolean {
    if (other.length < path.length) return false;
    return path.every((part, index) => (typeof part === "string" && part === "*") || part === other[index]);
}
