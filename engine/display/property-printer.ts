// How the CLI prints property values and their diffs (pkg/backend/display/object_diff.go: propertyPrinter and the
// functions it calls), on values as values/property-values.ts holds them. Assets and archives are not printed: a
// value of either kind throws, naming the Go function not followed.
import { parseAllDocuments } from "yaml";
import { PropertyMap, kindOf } from "../values/property-values";
import { ObjectDiff, ValueDiff, arrayDiffLength, deepEquals, diffValues } from "../values/object-diff";
import { PathPart, pathString } from "../values/property-path";
import * as colors from "./colors";
import { compareGoStrings, formatG, formatWhole, padRunes, quote, trimSpace, utf8Length } from "./go-format";
import { opColor, rawPrefix } from "./step-ops";
import { DELETE, EQUAL, INSERT, TextDiff, characterDiff, lineDiff } from "./text-diff";

/** What the port deliberately leaves out throws this, naming the Go it does not follow. */
export class NotFollowedError extends Error {}

export function notFollowed(what: string): NotFollowedError {
    return new NotFollowedError(`engine double: ${what} is not followed`);
}

export interface PrinterSettings {
    op: string;
    planning: boolean;
    prefix: boolean;
    debug: boolean;
    summary: boolean;
    truncateOutput: boolean;
    showSecrets: boolean;
    indent: number;
}

/** getIndentationString: four spaces a level, the last two replaced by the op's prefix when asked. */
export function indentation(indent: number, op: string, prefix: boolean): string {
    const result = "    ".repeat(indent);
    if (!prefix) return result;
    if (result === "") throw new Error("Expected indention for a prefixed line");
    return result.slice(0, -2) + rawPrefix(op);
}

/** writeIndentedf, the text already formatted. */
export function indentedText(indent: number, op: string, prefix: boolean, text: string): string {
    return opColor(op) + indentation(indent, op, prefix) + text + colors.Reset;
}

/** IsInternalPropertyKey. */
export const isInternalKey = (key: string) => key.startsWith("__");

/** PropertyMap.StableKeys. */
export const stableKeys = (props: PropertyMap) => Object.keys(props).sort(compareGoStrings);

/** ObjectDiff.Keys: every key of the four maps, sorted (a key in two maps comes twice, as in Go). */
export function diffKeys(diff: ObjectDiff): string[] {
    return [...diff.adds.keys(), ...diff.deletes.keys(), ...diff.sames.keys(), ...diff.updates.keys()].sort(
        compareGoStrings,
    );
}

/** maxKey: the longest key in bytes. */
export const maxKey = (keys: readonly string[]) => Math.max(0, ...keys.map(utf8Length));

/** shouldPrintPropertyValue: nulls, empty strings, arrays and objects are clutter; outputs only when asked. */
export function shouldPrintPropertyValue(value: unknown, outs: boolean): boolean {
    const kind = kindOf(value);
    if (kind === "null" || value === "") return false;
    if (kind === "array" && (value as unknown[]).length === 0) return false;
    if (kind === "object" && Object.keys(value as PropertyMap).length === 0) return false;
    return !(kind === "output" && !outs);
}

const PRIMITIVE_KINDS = ["null", "string", "number", "bool", "computed", "output", "secret"];
const isPrimitive = (value: unknown) => PRIMITIVE_KINDS.includes(kindOf(value));

type TitlePrinter = (printer: PropertyPrinter) => void;

export class PropertyPrinter {
    constructor(
        private readonly out: string[],
        readonly settings: PrinterSettings,
    ) {}

    indented(amount: number): PropertyPrinter {
        return new PropertyPrinter(this.out, { ...this.settings, indent: this.settings.indent + amount });
    }

    withOp(op: string): PropertyPrinter {
        return new PropertyPrinter(this.out, { ...this.settings, op });
    }

    withPrefix(prefix: boolean): PropertyPrinter {
        return new PropertyPrinter(this.out, { ...this.settings, prefix });
    }

    writeString(text: string): void {
        this.out.push(text);
    }

    /** writeIndentedf: a string argument is truncated first when output is truncated; the caller passes it through arg. */
    writeIndented(text: string): void {
        this.out.push(indentedText(this.settings.indent, this.settings.op, this.settings.prefix, text));
    }

    writeUnprefixedIndented(text: string): void {
        this.out.push(indentedText(this.settings.indent, this.settings.op, false, text));
    }

    /** writef and writeVerbatim: the op's color, no indentation. */
    write(text: string): void {
        this.out.push(indentedText(0, this.settings.op, false, text));
    }

    /** A string argument of writeIndentedf, truncated when output is truncated. */
    arg(text: string): string {
        return this.settings.truncateOutput ? truncatePropertyString(text) : text;
    }

    printObject(props: PropertyMap): void {
        const keys = stableKeys(props);
        const width = maxKey(keys);
        for (const key of keys.filter((candidate) => !isInternalKey(candidate)))
            this.printObjectProperty(key, props[key], width);
    }

    printObjectProperty(key: string, value: unknown, width: number): void {
        this.printPropertyTitle(key, width);
        this.printPropertyValue(value);
    }

    printPropertyTitle(name: string, align: number): void {
        this.writeIndented(`${padRunes(this.arg(name), align)}: `);
    }

    printPropertyValue(value: unknown): void {
        this.printPropertyValueRecurse(value);
        this.write("\n");
    }

    private printPropertyValueRecurse(value: unknown): void {
        const kind = kindOf(value);
        if (kind === "secret" && this.settings.showSecrets)
            return this.printPropertyValueRecurse((value as { value: unknown }).value);
        if (isPrimitive(value)) return this.printPrimitivePropertyValue(value);
        if (kind === "array") return this.printArray(value as unknown[]);
        if (kind === "object")
            return this.printBraced(value as PropertyMap, (inner) => inner.printObject(value as PropertyMap));
        if (kind === "resource")
            return this.printBraced(value as PropertyMap, (inner) =>
                inner.printResourceReference(value as PropertyMap),
            );
        throw notFollowed(`printing an ${kind} (object_diff.go printPropertyValueRecurse)`);
    }

    private printArray(items: unknown[]): void {
        if (items.length === 0) return this.write("[]");
        this.write("[\n");
        items.forEach((item, index) => {
            this.writeIndented(`    [${index}]: `);
            this.indented(1).printPropertyValue(item);
        });
        this.writeUnprefixedIndented("]");
    }

    private printBraced(value: PropertyMap, inner: (printer: PropertyPrinter) => void): void {
        if (kindOf(value) === "object" && Object.keys(value).length === 0) return this.write("{}");
        this.write("{\n");
        inner(this.indented(1));
        this.writeUnprefixedIndented("}");
    }

    /** printResourceReference: its URN, id (unknown while not created, null for a component) and package version. */
    private printResourceReference(reference: PropertyMap): void {
        this.printPropertyTitle("URN", 3);
        this.write(`${quote(String(reference.urn ?? ""))}\n`);
        this.printPropertyTitle("ID", 3);
        this.printPropertyValue(reference.id ?? null);
        this.printPropertyTitle("PackageVersion", 3);
        this.write(`${quote(String(reference.packageVersion ?? ""))}\n`);
    }

    printPrimitivePropertyValue(value: unknown): void {
        const kind = kindOf(value);
        if (kind === "null") return this.write("<null>");
        if (kind === "bool") return this.write(String(value));
        if (kind === "number")
            return this.write(Math.trunc(value as number) === value ? formatWhole(value) : formatG(value as number));
        if (kind === "computed") return this.write("[unknown]");
        if (kind === "secret") return this.write("[secret]");
        if (kind === "output") {
            const output = value as PropertyMap;
            return "value" in output ? this.printPrimitivePropertyValue(output.value) : this.write("[unknown]");
        }
        if (kind !== "string") throw new Error(`v: must be primitive`);
        const decoded = decodeValue(value as string);
        if (decoded) {
            this.write(`(${decoded.kind}) `);
            return this.printPropertyValue(decoded.value);
        }
        this.write(quote(this.settings.truncateOutput ? truncatePropertyString(value as string) : (value as string)));
    }

    printDelete(value: unknown, title: TitlePrinter): void {
        const printer = this.withOp("delete").withPrefix(true);
        title(printer);
        printer.printPropertyValue(value);
    }

    printAdd(value: unknown, title: TitlePrinter): void {
        const printer = this.withOp("create").withPrefix(true);
        title(printer);
        printer.printPropertyValue(value);
    }

    printObjectDiff(diff: ObjectDiff, include?: readonly string[]): void {
        if (this.settings.indent <= 0) throw new Error("indentation must be > 0 to print object diffs");
        const keys = diffKeys(diff).filter((key) => include === undefined || include.includes(key));
        const width = maxKey(keys);
        for (const key of keys) this.printObjectPropertyDiff(key, width, diff);
    }

    printHiddenPaths(paths: readonly (readonly PathPart[])[]): void {
        const printer = this.withOp("update").withPrefix(true);
        for (const path of paths) printer.writeIndented(`${pathString(path)} (hidden)\n`);
    }

    printObjectPropertyDiff(key: string, width: number, diff: ObjectDiff): void {
        const title: TitlePrinter = (printer) => printer.printPropertyTitle(key, width);
        if (diff.adds.has(key)) return this.printAdd(diff.adds.get(key), title);
        if (diff.deletes.has(key)) return this.printDelete(diff.deletes.get(key), title);
        const update = diff.updates.get(key);
        if (update) return this.printPropertyValueDiff(title, update);
        const same = diff.sames.get(key);
        if (!this.settings.summary && shouldPrintPropertyValue(same, this.settings.planning)) {
            this.withOp("same").withPrefix(false).printObjectProperty(key, same, width);
        }
    }

    printPropertyValueDiff(title: TitlePrinter, diff: ValueDiff): void {
        const printer = this.withOp("update").withPrefix(true);
        if (printer.settings.indent <= 0) throw new Error("indentation must be > 0 to print property value diffs");
        const [oldKind, newKind] = [kindOf(diff.old), kindOf(diff.new)];
        if (printer.settings.showSecrets && (oldKind === "secret" || newKind === "secret")) {
            const reveal = (value: unknown) =>
                kindOf(value) === "secret" ? (value as { value: unknown }).value : value;
            const inner = diffValues(reveal(diff.old), reveal(diff.new));
            if (inner) return printer.printPropertyValueDiff(title, inner);
        }
        if (diff.array) return printer.printArrayDiff(title, diff);
        if (diff.object) {
            title(printer);
            printer.write("{\n");
            printer.indented(1).printObjectDiff(diff.object);
            printer.writeUnprefixedIndented("}\n");
            return;
        }
        printer.printScalarDiff(title, diff);
    }

    private printArrayDiff(title: TitlePrinter, diff: ValueDiff): void {
        const array = diff.array!;
        title(this);
        this.write("[\n");
        for (let index = 0; index < arrayDiffLength(array); index++) {
            const element = this.indented(2);
            const elementTitle: TitlePrinter = (printer) => printer.indented(-1).writeIndented(`[${index}]: `);
            const update = array.updates.get(index);
            if (array.adds.has(index)) element.printAdd(array.adds.get(index), elementTitle);
            else if (array.deletes.has(index)) element.printDelete(array.deletes.get(index), elementTitle);
            else if (update) element.printPropertyValueDiff(elementTitle, update);
            else if (array.sames.has(index) && !this.settings.summary) {
                const same = element.withOp("same").withPrefix(false);
                elementTitle(same);
                same.printPropertyValue(array.sames.get(index));
            }
        }
        this.writeUnprefixedIndented("]\n");
    }

    /** Two values that are not both arrays or both objects: old => new, a text diff of strings, or delete then add. */
    private printScalarDiff(title: TitlePrinter, diff: ValueDiff): void {
        const printOld = shouldPrintPropertyValue(diff.old, false);
        const printNew = shouldPrintPropertyValue(diff.new, false);
        if (printOld && printNew) {
            if (kindOf(diff.old) === "archive" && kindOf(diff.new) === "archive")
                throw notFollowed("an archive diff (object_diff.go printArchiveDiff)");
            if (isPrimitive(diff.old) && isPrimitive(diff.new)) {
                title(this);
                if (
                    typeof diff.old === "string" &&
                    typeof diff.new === "string" &&
                    kindOf(diff.old) === "string" &&
                    kindOf(diff.new) === "string"
                ) {
                    return this.printTextDiff(diff.old, diff.new);
                }
                this.withOp("delete").printPrimitivePropertyValue(diff.old);
                this.write(" => ");
                this.withOp("create").printPrimitivePropertyValue(diff.new);
                this.write("\n");
                return;
            }
        }
        if (printOld) this.printDelete(diff.old, title);
        if (printNew) this.printAdd(diff.new, title);
    }

    /** printTextDiff: as JSON or YAML if both decode, else by character (one line) or by line. */
    printTextDiff(oldText: string, newText: string): void {
        if (this.printEncodedValueDiff(oldText, newText)) return;
        if (!oldText.includes("\n") && !newText.includes("\n"))
            return this.printCharacterDiff(characterDiff(oldText, newText));
        this.indented(1).printLineDiff(lineDiff(oldText, newText));
    }

    private printCharacterDiff(diffs: readonly TextDiff[]): void {
        const side = (kept: number, op: string) => {
            this.write('"');
            for (const diff of diffs) {
                if (diff.type === kept) this.withOp(op).write(escape(diff.text));
                else if (diff.type === EQUAL) this.withOp("same").write(escape(diff.text));
            }
        };
        side(DELETE, "delete");
        this.write('"');
        this.write(" => ");
        side(INSERT, "create");
        this.write('"\n');
    }

    /** printLineDiff: the changed lines, with two unchanged lines of context around each change. */
    private printLineDiff(diffs: readonly TextDiff[]): void {
        this.write("\n");
        const writeDiff = (op: string, text: string) =>
            this.withOp(op)
                .withPrefix(op === "create" || op === "delete")
                .writeIndented(this.arg(text));
        const printLines = (op: string, lines: readonly string[]) => {
            for (const line of lines.filter((candidate) => trimSpace(candidate) !== "")) {
                writeDiff(op, line);
                this.writeString("\n");
            }
        };
        const context = 2;
        diffs.forEach((diff, index) => {
            const lines = diff.text.split("\n");
            if (diff.type !== EQUAL) return printLines(diff.type === INSERT ? "create" : "delete", lines);
            const kept = lines.filter((line) => trimSpace(line) !== "");
            const head = kept.slice(0, context);
            const tail = kept.slice(kept.length - context);
            if (index === 0 && kept.length > context + 1) {
                writeDiff("same", "...\n");
                printLines("same", tail);
            } else if (index !== 0 && index === diffs.length - 1 && kept.length > context + 1) {
                printLines("same", head);
                writeDiff("same", "...\n");
            } else if (index !== 0 && index !== diffs.length - 1 && kept.length > 2 * context + 1) {
                printLines("same", head);
                writeDiff("same", "...\n");
                printLines("same", tail);
            } else {
                printLines("same", kept);
            }
        });
    }

    /** printEncodedValueDiff: two strings that both decode as JSON or YAML are diffed as the values they hold. */
    private printEncodedValueDiff(oldText: string, newText: string): boolean {
        const [decodedOld, decodedNew] = [decodeValue(oldText), decodeValue(newText)];
        if (!decodedOld || !decodedNew) return false;
        if (deepEquals(decodedOld.value, decodedNew.value)) {
            this.printTextDiff(quote(oldText), quote(newText));
            return true;
        }
        this.write(
            decodedOld.kind === decodedNew.kind
                ? `(${decodedOld.kind}) `
                : `(${decodedOld.kind} => ${decodedNew.kind}) `,
        );
        const diff = diffValues(decodedOld.value, decodedNew.value, { ignoreKey: isInternalKey });
        if (!diff) this.withOp("same").printPropertyValue(decodedOld.value);
        else this.printPropertyValueDiff(() => undefined, diff);
        return true;
    }
}

/** escape: strconv.Quote without its quotes. */
const escape = (text: string) => quote(text).slice(1, -1);

/** truncatePropertyString: at most three lines of at most 150 bytes each, cut ones marked with "...". */
export function truncatePropertyString(text: string): string {
    const lines = text.split("\n");
    let truncated = lines.length > 3;
    const count = Math.min(lines.length, 3);
    for (let index = 0; index < count; index++) {
        if (utf8Length(lines[index]) > 150) {
            lines[index] = cutBytes(lines[index], 150) + "...";
            truncated = true;
        }
    }
    if (!truncated) return text;
    return lines.length <= 3 ? lines.join("\n") : lines.slice(0, count).join("\n") + "\n...";
}

/** s[:n] of a Go string: the bytes of a character cut in two stand alone as U+DC80–U+DCFF (see go-format.ts). */
function cutBytes(text: string, bytes: number): string {
    const encoded = Buffer.from(text, "utf8").subarray(0, bytes);
    let last = encoded.length - 1;
    while (last > 0 && (encoded[last] & 0xc0) === 0x80) last--;
    const lead = encoded[last];
    const width = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    const whole = last + width <= encoded.length ? encoded.length : last;
    const dangling = [...encoded.subarray(whole)].map((byte) => String.fromCharCode(0xdc00 + byte)).join("");
    return encoded.subarray(0, whole).toString("utf8") + dangling;
}

/** decodeValue: a string holding a JSON or (when it has several lines) YAML array or object, and which it was. */
export function decodeValue(text: string): { value: unknown; kind: "json" | "yaml" } | undefined {
    const trimmed = trimSpace(text);
    const json = decodeJson(trimmed);
    const decoded =
        json !== undefined
            ? { value: json.value, kind: "json" as const }
            : /[\r\n]/.test(trimmed)
              ? decodeYaml(trimmed)
              : undefined;
    const kind = decoded && kindOf(decoded.value);
    return kind === "array" || kind === "object" ? decoded : undefined;
}

/**
 * json.Decoder.Decode then !More(): the first value, when nothing but white space, `]` or `}` follows it. A value
 * decoded there is the answer even when it is no array or object (YAML is then not tried).
 */
function decodeJson(text: string): { value: unknown } | undefined {
    const parse = (candidate: string) => {
        try {
            return { value: JSON.parse(candidate) as unknown };
        } catch {
            return undefined;
        }
    };
    const whole = parse(text);
    if (whole || !/^[[{]/.test(text)) return whole;
    const end = endOfContainer(text);
    const rest = text.slice(end).replace(/^[ \t\r\n]+/, "");
    return end > 0 && (rest === "" || /^[\]}]/.test(rest)) ? parse(text.slice(0, end)) : undefined;
}

/** Where the array or object the text starts with ends (0 when it does not). */
export function endOfContainer(text: string): number {
    let depth = 0;
    for (let index = 0; index < text.length; index++) {
        const character = text[index];
        if (character === '"') {
            for (index++; index < text.length && text[index] !== '"'; index++) if (text[index] === "\\") index++;
        } else if (character === "[" || character === "{") depth++;
        else if (character === "]" || character === "}") {
            if (--depth === 0) return index + 1;
        }
    }
    return 0;
}

/** yaml.v3's Decoder: exactly one document; mapping keys as translateYAMLValue makes them strings (numbers in Go's %g). */
function decodeYaml(text: string): { value: unknown; kind: "yaml" } | undefined {
    const documents = parseAllDocuments(text, { merge: true, uniqueKeys: true });
    if (!Array.isArray(documents) || documents.length !== 1 || documents[0].errors.length > 0) return undefined;
    const translated = translateYaml(documents[0].toJS({ mapAsMap: true, maxAliasCount: -1 }));
    return translated.ok ? { value: translated.value, kind: "yaml" } : undefined;
}

function translateYaml(value: unknown): { ok: boolean; value?: unknown } {
    if (Array.isArray(value)) {
        const items = value.map(translateYaml);
        return items.every((item) => item.ok) ? { ok: true, value: items.map((item) => item.value) } : { ok: false };
    }
    if (!(value instanceof Map)) return { ok: true, value };
    const entries: [string, unknown][] = [];
    for (const [key, inner] of value) {
        const name = typeof key === "string" ? key : typeof key === "number" ? formatG(key) : undefined;
        const translated = translateYaml(inner);
        if (name === undefined || !translated.ok) return { ok: false };
        entries.push([name, translated.value]);
    }
    return { ok: true, value: Object.fromEntries(entries) };
}
