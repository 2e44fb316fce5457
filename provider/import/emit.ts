// The one way anything reaches a generated program. A value (from the service, the command line or anywhere else)
// is only ever written as a literal: a string as a JSON string literal with every character that could end a line,
// hide text or confuse an editor escaped; a number as a checked integer; a boolean as itself. Comments are fixed
// text of this package, with values interpolated as such quoted literals. So no value can become code, end a
// comment early, or show as something it is not.
// The other way is data: a JSON data file beside the program (jsonData), which the program only ever reads with
// JSON.parse and hands to a resource as its inputs (dataLoop). Its values are escaped as the literals are.

/**
 * Written as \u escapes even where JSON.stringify leaves them: control characters (C0 and C1, NEL among them),
 * the line and paragraph separators U+2028 and U+2029 (line terminators in JavaScript), format characters
 * (bidirectional overrides, zero-width characters, the byte-order mark), lone surrogates, private-use and
 * unassigned code points.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu;
const HAS_UNSAFE = new RegExp(UNSAFE.source, "u");

function escaped(character: string): string {
    const code = character.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** A value as a TypeScript literal that evaluates to exactly the value. */
export function literal(value: string | number | boolean): string {
    if (typeof value === "string") return JSON.stringify(value).replace(UNSAFE, escaped);
    if (typeof value === "boolean") return String(value);
    if (!Number.isSafeInteger(value))
        throw new Error(
            `cannot write ${value} in the program: only whole numbers up to ${Number.MAX_SAFE_INTEGER} are held exactly`,
        );
    return String(value);
}

/** Each UTF-16 unit of the text as a \u escape: the form both JSON and TypeScript read (JSON has no \u{...}). */
function unitsEscaped(text: string): string {
    return Array.from(
        { length: text.length },
        (_, index) => `\\u${text.charCodeAt(index).toString(16).padStart(4, "0")}`,
    ).join("");
}

/** A scalar of a data file: what a literal may be. */
export type DataValue = string | number | boolean;
/** One entry of a data file: a resource's name, what the service shows of it, and its inputs. */
export interface DataEntry {
    name: string;
    shown: Readonly<Record<string, DataValue | null>>;
    args: readonly (readonly [string, DataValue])[];
}

/**
 * A JSON data file's text, one entry a line (a diff of two imports shows one object per changed line). Values as
 * JSON.stringify writes them, with every character a literal escapes escaped too; numbers checked as literal() checks
 * them; keys checked as field names.
 */
export function jsonData(entries: readonly DataEntry[]): string {
    const fields = (pairs: readonly (readonly [string, DataValue | null])[]) =>
        Object.fromEntries(
            pairs.map(([field, value]) => {
                if (!/^[a-z][A-Za-z0-9]*$/.test(field))
                    throw new Error(`internal error: ${literal(field)} is not a field name`);
                if (typeof value === "number") literal(value);
                return [field, value];
            }),
        );
    return dataLines(
        entries.map((entry) => ({
            name: entry.name,
            ...fields(Object.entries(entry.shown)),
            args: fields(entry.args),
        })),
    );
}

/** JSON data, one entry a line, with every character a literal escapes escaped as a \u escape. */
export function dataLines(entries: readonly object[]): string {
    const line = (entry: object) => JSON.stringify(entry).replace(UNSAFE, unitsEscaped);
    return entries.length === 0 ? "[]\n" : `[\n${entries.map((entry) => `    ${line(entry)}`).join(",\n")}\n]\n`;
}

/** The package's imports a program needs to read a data file beside it. */
export const DATA_IMPORTS = 'import { readFileSync } from "node:fs";\nimport { join } from "node:path";';

/**
 * The statements that declare one resource of `kind` per entry of the data file `file` beside the program: the
 * entries are read, never evaluated, and each one's `args` are the resource's inputs.
 */
export function dataLoop(kind: string, file: string, variable: string): string {
    if (!/^[A-Z][A-Za-z]*$/.test(kind)) throw new Error(`internal error: ${literal(kind)} is not a kind`);
    if (!/^[a-z][a-z0-9-]*\.json$/.test(file))
        throw new Error(`internal error: ${literal(file)} is not a data file's name`);
    const entries = checkedVariable(variable);
    return [
        `const ${entries}: { name: string; args: shortener.${kind}Args }[] = JSON.parse(readFileSync(join(__dirname, ${literal(file)}), "utf8"));`,
        `for (const { name, args } of ${entries}) new shortener.${kind}(name, args);`,
    ].join("\n");
}

/** A variable of the generated program: derived names are letters, digits and "_" only (see names.ts). */
function checkedVariable(name: string): string {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        throw new Error(`internal error: ${literal(name)} is not a plain identifier`);
    return name;
}

/** The id of a resource declared earlier in the program, e.g. `channelNews.id`. */
export class IdOf {
    readonly expression: string;
    constructor(variable: string) {
        this.expression = `${checkedVariable(variable)}.id`;
    }
}

export type Value = string | number | boolean | IdOf;

/** Text of this package (a field's name, a marker), written into a comment as it is. */
export class Fixed {
    constructor(readonly text: string) {}
}

/**
 * Comment lines: the template's own text as it is (it belongs to this package), each interpolated value as a
 * quoted literal (null as `null`), unless it is Fixed. Fixed text may hold "\n" to start another comment line.
 */
export function comment(text: TemplateStringsArray, ...values: (string | number | boolean | null | Fixed)[]): string {
    const shown = (value: string | number | boolean | null | Fixed) =>
        value === null ? "null" : value instanceof Fixed ? value.text : literal(value);
    return note(text.reduce((all, part, index) => all + shown(values[index - 1]) + part));
}

/** The width of the text of a comment line the program wraps (a kind's note): the "// " makes it 115. */
const NOTE_WIDTH = 112;

/** Fixed text of this package as comment lines, each line of it broken between words to fit NOTE_WIDTH. */
export function wrappedNote(text: string): string {
    return note(text.split("\n").map(wrapped).join("\n"));
}

function wrapped(line: string): string {
    const lines: string[] = [];
    let current = "";
    for (const word of line.split(" ")) {
        if (current !== "" && current.length + 1 + word.length > NOTE_WIDTH) {
            lines.push(current);
            current = word;
        } else current = current === "" ? word : `${current} ${word}`;
    }
    return [...lines, current].join("\n");
}

/** Fixed text of this package as comment lines, one per "\n". */
export function note(text: string): string {
    return text
        .split("\n")
        .map((line) => {
            if (HAS_UNSAFE.test(line))
                throw new Error(`internal error: a comment line holds a control character: ${literal(line)}`);
            return line === "" ? "//" : `// ${line}`;
        })
        .join("\n");
}

/** `new shortener.<kind>("<name>", { ... });`, assigned to a const when given a variable. */
export function construction(
    kind: string,
    name: string,
    fields: readonly (readonly [string, Value])[],
    variable?: string,
): string {
    if (!/^[A-Z][A-Za-z]*$/.test(kind)) throw new Error(`internal error: ${literal(kind)} is not a kind`);
    const body = fields
        .map(([field, value]) => {
            if (!/^[a-z][A-Za-z0-9]*$/.test(field))
                throw new Error(`internal error: ${literal(field)} is not a field name`);
            return `    ${field}: ${value instanceof IdOf ? value.expression : literal(value)},`;
        })
        .join("\n");
    const statement = `new shortener.${kind}(${literal(name)}, {\n${body}\n});`;
    return variable === undefined ? statement : `const ${checkedVariable(variable)} = ${statement}`;
}
