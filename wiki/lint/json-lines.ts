// Lines of a definitions file that JSON.parse has already accepted, found without a second parse: one
// scan finds where each definition starts (and each line starts); a definition's own keys (its fields,
// and the parameters in its params) are scanned when a finding asks for them, one definition at a time.
// Every scan is linear in the text and iterative, so nesting depth costs no stack.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(code: number): boolean {
    return code === 0x20 || code === 0x09 || code === NEWLINE || code === 0x0d;
}

/** The index just past the string that opens at `start` (a quote). */
function endOfString(text: string, start: number): number {
    let at = start + 1;
    for (;;) {
        const next = text.indexOf('"', at);
        if (next < 0) return text.length;
        let backslashes = 0;
        while (text.charCodeAt(next - 1 - backslashes) === BACKSLASH) backslashes++;
        if (backslashes % 2 === 0) return next + 1;
        at = next + 1;
    }
}

function skipSpace(text: string, at: number): number {
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
    return at;
}

interface DefinitionKeys {
    readonly fields: Map<string, number>;
    readonly params: Map<string, number>;
}

export class JsonLines {
    private readonly lineStarts: Uint32Array;
    private readonly lineCount: number;
    /** The offset of each definition: the elements of a top-level array, or the one top-level object. */
    private readonly starts: number[] = [];
    private cached: { index: number; keys: DefinitionKeys } | undefined;

    constructor(private readonly text: string) {
        let lineStarts = new Uint32Array(1024);
        let lineCount = 1;
        for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) {
            if (lineCount === lineStarts.length) {
                const grown = new Uint32Array(lineStarts.length * 2);
                grown.set(lineStarts);
                lineStarts = grown;
            }
            lineStarts[lineCount++] = at + 1;
        }
        this.lineStarts = lineStarts;
        this.lineCount = lineCount;
        this.findDefinitions();
    }

    /** The 1-based line of a definition's field or parameter key, else of the definition itself. */
    lineOf(index: number, field?: string): number | undefined {
        const start = this.starts[index];
        if (start === undefined) return undefined;
        if (field !== undefined) {
            const keys = this.keysOf(index);
            const at = keys.fields.get(field) ?? keys.params.get(field);
            if (at !== undefined) return this.lineAt(at);
        }
        return this.lineAt(start);
    }

    private lineAt(offset: number): number {
        let low = 0;
        let high = this.lineCount - 1;
        while (low < high) {
            const middle = (low + high + 1) >> 1;
            if (this.lineStarts[middle] <= offset) low = middle;
            else high = middle - 1;
        }
        return low + 1;
    }

    private findDefinitions(): void {
        const { text } = this;
        const first = skipSpace(text, 0);
        if (text.charCodeAt(first) !== OPEN_BRACKET) {
            this.starts.push(first);
            return;
        }
        let depth = 0;
        let expectElement = false;
        for (let at = first; at < text.length; at++) {
            const code = text.charCodeAt(at);
            if (isSpace(code)) continue;
            if (expectElement && depth === 1 && code !== CLOSE_BRACKET) {
                this.starts.push(at);
                expectElement = false;
            }
            if (code === QUOTE) {
                at = endOfString(text, at) - 1;
            } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
                depth++;
                if (depth === 1) expectElement = true;
            } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
                depth--;
                if (depth === 0) return;
            } else if (code === COMMA && depth === 1) {
                expectElement = true;
            }
        }
    }

    private keysOf(index: number): DefinitionKeys {
        if (this.cached?.index === index) return this.cached.keys;
        const keys = this.scanKeys(this.starts[index]);
        this.cached = { index, keys };
        return keys;
    }

    // Keys at depth 1 are the definition's fields; keys at depth 2 inside the value of "params" its parameters.
    private scanKeys(start: number): DefinitionKeys {
        const { text } = this;
        const fields = new Map<string, number>();
        const params = new Map<string, number>();
        let depth = 0;
        let paramsNext = false;
        let paramsDepth = -1;
        for (let at = start; at < text.length; at++) {
            const code = text.charCodeAt(at);
            if (code === QUOTE) {
                const end = endOfString(text, at);
                const after = skipSpace(text, end);
                if (text.charCodeAt(after) === COLON && (depth === 1 || depth === paramsDepth)) {
                    const key = JSON.parse(text.slice(at, end)) as string;
                    if (depth === 1) {
                        fields.set(key, at);
                        paramsNext = key === "params";
                    } else {
                        params.set(key, at);
                    }
                }
                at = end - 1;
            } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
                depth++;
                if (paramsNext && depth === 2 && code === OPEN_BRACE) paramsDepth = 2;
                paramsNext = false;
            } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
                depth--;
                if (depth < 2) paramsDepth = -1;
                if (depth <= 0) break;
            } else if (code === COMMA) {
                paramsNext = false;
            }
        }
        return { fields, params };
    }
}
