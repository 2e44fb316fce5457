// JSON text from a file a user gives, parsed by JSON.parse. What is wrong with broken JSON is said by its line and
// column and what was expected there, never by quoting the text (V8's own message quotes it, and gives no position
// for some errors): a scan of the text finds the first place JSON's grammar (RFC 8259) does not allow. The scan runs
// only on text JSON.parse refused; it is linear in the text and iterative, so nesting depth costs no stack.

/**
 * The value, or the problem: "not JSON (line 3, column 7: expected ':' after a key)", never the text. A byte-order
 * mark before the text is no part of it.
 */
export function parseJsonText(withMark: string): { value: unknown } | { problem: string } {
    const text = withMark.replace(/^\uFEFF/, "");
    try {
        return { value: JSON.parse(text) as unknown };
    } catch {
        const { at, what } = firstError(text);
        const before = text.slice(0, at);
        const line = before.split("\n").length;
        const column = at - before.lastIndexOf("\n");
        return { problem: `not JSON (line ${line}, column ${column}: ${what})` };
    }
}

interface JsonProblem {
    at: number;
    /** What is wrong there, in words. */
    what: string;
}

/** What the scan expects next: a value, an object's key (or its end), a ':' or what follows a value. */
type Expecting = "value" | "value or ]" | "key or }" | "key" | ":" | "after value";

const SPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERAL = /true|false|null/y;
const STRING_PART = /[^"\\\u0000-\u001f]+|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

function matchAt(pattern: RegExp, text: string, at: number): number {
    pattern.lastIndex = at;
    return pattern.test(text) ? pattern.lastIndex : at;
}

/** The index past the string that opens at `at`, or where it breaks the grammar. */
function scanString(text: string, at: number): number | JsonProblem {
    let next = at + 1;
    for (;;) {
        if (next >= text.length) return { at: next, what: "the text ends inside a string" };
        if (text[next] === '"') return next + 1;
        const after = matchAt(STRING_PART, text, next);
        if (after === next)
            return {
                at: next,
                what: text[next] === "\\" ? "an escape JSON does not have" : "a control character inside a string",
            };
        next = after;
    }
}

/** The index past the value that starts at `at` when it is a string, a number or a literal; a container opens. */
function scanScalar(text: string, at: number): number | JsonProblem {
    if (text[at] === '"') return scanString(text, at);
    const after = Math.max(matchAt(NUMBER, text, at), matchAt(LITERAL, text, at));
    if (after > at) return after;
    if (at >= text.length) return { at, what: "the text ends where a value is expected" };
    return { at, what: "expected a value (an object, an array, a string, a number, true, false or null)" };
}

/** The first place `text` breaks JSON's grammar (JSON.parse refused it, so there is one). */
function firstError(text: string): JsonProblem {
    const open: string[] = [];
    let expecting: Expecting = "value";
    let at = 0;
    for (;;) {
        at = matchAt(SPACE, text, at);
        const char = text[at];
        const closing = open.at(-1) === "{" ? "}" : "]";
        if (expecting === "after value") {
            if (open.length === 0) return { at, what: "text after the value" };
            if (char === ",") expecting = closing === "}" ? "key" : "value";
            else if (char === closing) open.pop();
            else return { at, what: `expected ',' or '${closing}' after a value` };
            at++;
            continue;
        }
        if (expecting === ":") {
            if (char !== ":") return { at, what: "expected ':' after a key" };
            expecting = "value";
            at++;
            continue;
        }
        if ((expecting === "value or ]" && char === "]") || (expecting === "key or }" && char === "}")) {
            open.pop();
            expecting = "after value";
            at++;
            continue;
        }
        if (expecting === "key" || expecting === "key or }") {
            if (char !== '"')
                return {
                    at,
                    what: expecting === "key" ? "expected a key in quotes" : "expected a key in quotes or '}'",
                };
            const after = scanString(text, at);
            if (typeof after !== "number") return after;
            expecting = ":";
            at = after;
            continue;
        }
        if (char === "{" || char === "[") {
            open.push(char);
            expecting = char === "{" ? "key or }" : "value or ]";
            at++;
            continue;
        }
        const after = scanScalar(text, at);
        if (typeof after !== "number") return after;
        expecting = "after value";
        at = after;
    }
}
