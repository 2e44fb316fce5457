// Reads the spec's module catalogue notation (notation.txt, the catalogue part of the wiki's specification, copied
// verbatim) into plain module and parameter descriptions. Every word a module line uses is either defined by the
// notation's own header lines (type letters, shapes such as L10 or AD, parameter sets such as REVSET, the shared
// lists) or is one of the keywords below; anything else is an error naming the line, so a change in the spec cannot
// slip through unread.
import { unflagged } from "../../wiki";

export interface NotatedNote {
    name: string;
    values?: number[];
}

export interface NotatedParam {
    name: string;
    type: string | string[];
    default?: string | number;
    multi: boolean;
    min?: number;
    max?: number;
    highmax?: number;
    allSpecifier?: string;
    required: boolean;
    deprecated: boolean;
    deprecatedValues: string[];
    subtypes?: string[];
    extraNamespaces?: number[];
    info: NotatedNote[];
    sensitive: boolean;
    allowsDuplicates: boolean;
}

export interface NotatedTemplatedParam extends NotatedParam {
    index: number;
    templateVars: Record<string, string>;
}

export interface NotatedModule {
    name: string;
    group: string;
    prefix: string;
    generator: boolean;
    deprecated: boolean;
    /** In index order; the indices the templated parameters hold are skipped. */
    parameters: NotatedParam[];
    templatedParameters: NotatedTemplatedParam[];
}

export interface MultiLimits {
    lowlimit: number;
    highlimit: number;
    limit: number;
}

export interface Notation {
    modules: NotatedModule[];
    multiLimits: MultiLimits;
    /** Reads further parameter clauses ("name S m; other B") with the notation's vocabulary. */
    readParameters(clauses: string): NotatedParam[];
}

export class NotationError extends Error {
    constructor(where: string, problem: string) {
        super(`${where}: ${problem}`);
        this.name = "NotationError";
    }
}

type Token =
    | { kind: "word"; text: string }
    | { kind: "comma" }
    | { kind: "note"; text: string }
    | { kind: "quoted"; text: string };

/** Words with a fixed meaning; the notation's flag line names them, the code below gives them their effect. */
const FLAG_WORDS = new Set(["m", "A*", "dep", "req", "sensitive", "allowsduplicates"]);
const VALUE_WORDS = new Set(["enum", "subtypes", "extranamespaces", "min", "max", "highmax", "type"]);
const FLAG_LINE_KEYS = new Set(["m", "A*", "dep", "req", "d="]);

/** The spec writes one URL scheme as a placeholder; the MediaWiki 1.45.4 reply has "wikipedia" at that place. */
const PLACEHOLDER_VALUES: Readonly<Record<string, string>> = { "<encyclopedia_scheme>": "wikipedia" };

const NUMERIC_TYPES = new Set(["integer", "limit", "namespace"]);

interface Vocabulary {
    typeLetters: Map<string, string>;
    shapes: Map<string, Token[]>;
    paramSets: Map<string, string[]>;
    lists: Map<string, string[]>;
    multiLimits?: MultiLimits;
}

interface Context {
    vocabulary: Vocabulary;
    where: string;
    moduleName?: string;
}

function tokenize(text: string, where: string): Token[] {
    const pattern = /\s*(?:(,)|\(([^)]*)\)|`([^`]*)`|([^\s,()`]+))/y;
    const tokens: Token[] = [];
    const end = text.trimEnd().length;
    while (pattern.lastIndex < end) {
        const at = pattern.lastIndex;
        const match = pattern.exec(text);
        if (!match) throw new NotationError(where, `cannot read "${text.slice(at)}"`);
        if (match[1] !== undefined) tokens.push({ kind: "comma" });
        else if (match[2] !== undefined) tokens.push({ kind: "note", text: match[2] });
        else if (match[3] !== undefined) tokens.push({ kind: "quoted", text: match[3] });
        else tokens.push({ kind: "word", text: match[4] });
    }
    return tokens;
}

class TokenReader {
    private at = 0;

    constructor(
        private readonly tokens: readonly Token[],
        private readonly where: string,
    ) {}

    done(): boolean {
        return this.at >= this.tokens.length;
    }

    peek(offset = 0): Token | undefined {
        return this.tokens[this.at + offset];
    }

    next(): Token {
        const token = this.tokens[this.at++];
        if (!token) throw new NotationError(this.where, "the clause ends too early");
        return token;
    }

    word(): string {
        const token = this.next();
        if (token.kind !== "word") throw new NotationError(this.where, `expected a word, found a ${token.kind}`);
        return token.text;
    }

    /** Reads `item, item, item`, stopping before a comma that is not followed by another item. */
    list<T>(isItem: (token: Token | undefined) => boolean, readItem: () => T): T[] {
        const items = [readItem()];
        while (this.peek()?.kind === "comma" && isItem(this.peek(1))) {
            this.next();
            items.push(readItem());
        }
        return items;
    }
}

function isWord(token: Token | undefined, text?: string): boolean {
    return token?.kind === "word" && (text === undefined || token.text === text);
}

function toInteger(text: string, where: string): number {
    if (!/^-?\d+$/.test(text)) throw new NotationError(where, `"${text}" is not an integer`);
    return Number(text);
}

function newParam(name: string): NotatedParam {
    return { name, type: "", ...unflagged() };
}

function applyTokens(param: NotatedParam, tokens: readonly Token[], context: Context): void {
    const reader = new TokenReader(tokens, context.where);
    while (!reader.done()) {
        const token = reader.next();
        // Commas between shape words ("type `limit`, d=10") carry no meaning of their own.
        if (token.kind === "comma") continue;
        if (token.kind === "note") applyNote(param, token.text, context);
        else if (token.kind === "word") applyWord(param, token.text, reader, context);
        else throw new NotationError(context.where, `unexpected quoted text \`${token.text}\``);
    }
}

function applyWord(param: NotatedParam, word: string, reader: TokenReader, context: Context): void {
    const { vocabulary, where } = context;
    const typeName = vocabulary.typeLetters.get(word);
    const shape = vocabulary.shapes.get(word);
    const list = vocabulary.lists.get(word);
    if (typeName !== undefined) param.type = typeName;
    else if (shape) applyTokens(param, shape, context);
    else if (list) param.type = [...list];
    else if (word.startsWith("d=")) param.default = readDefault(word.slice(2), reader, where);
    else if (word === "m") param.multi = true;
    else if (word === "A*") param.allSpecifier = "*";
    else if (word === "dep") param.deprecated = true;
    else if (word === "req") param.required = true;
    else if (word === "sensitive") param.sensitive = true;
    else if (word === "allowsduplicates") param.allowsDuplicates = true;
    else if (word === "enum") param.type = readEnumValues(reader, context);
    else if (word === "subtypes") param.subtypes = reader.list(isWord, () => reader.word());
    else if (word === "extranamespaces")
        param.extraNamespaces = reader.list(isWord, () => toInteger(reader.word(), where));
    else if (word === "min" || word === "max" || word === "highmax") param[word] = toInteger(reader.word(), where);
    else if (word === "type") param.type = readQuoted(reader, where);
    else throw new NotationError(where, `unknown word "${word}" in parameter "${param.name}"`);
}

function readQuoted(reader: TokenReader, where: string): string {
    const token = reader.next();
    if (token.kind !== "quoted") throw new NotationError(where, "expected `quoted` text");
    return token.text;
}

function readDefault(value: string, reader: TokenReader, where: string): string {
    if (value === "") return readQuoted(reader, where);
    if (value !== "empty") return value;
    // "d=empty" and "d=empty string" both mean the empty string.
    if (isWord(reader.peek(), "string")) reader.next();
    return "";
}

function isEnumValue(token: Token | undefined): boolean {
    if (token?.kind === "note") return token.text === "empty string";
    return token?.kind === "word" && !FLAG_WORDS.has(token.text) && !token.text.startsWith("d=");
}

function readEnumValues(reader: TokenReader, context: Context): string[] {
    // "enum of icon names (list below)": the words before the note only name the list.
    if (isWord(reader.peek(), "of")) {
        while (isWord(reader.peek())) reader.next();
    }
    const first = reader.peek();
    if (first?.kind === "note" && first.text === "list below") {
        reader.next();
        return listBelow(context);
    }
    return reader.list(isEnumValue, () => {
        const token = reader.next();
        if (!isEnumValue(token)) throw new NotationError(context.where, "expected an enumeration value");
        return token.kind === "word" ? token.text : "";
    });
}

/** "(list below)" in module M names the shared list whose label starts with M's name. */
function listBelow(context: Context): string[] {
    const labels = [...context.vocabulary.lists.keys()].filter((label) => label.startsWith(`${context.moduleName} `));
    if (labels.length !== 1) {
        throw new NotationError(
            context.where,
            `"(list below)" needs exactly one shared list for "${context.moduleName}", found ${labels.length}`,
        );
    }
    return [...context.vocabulary.lists.get(labels[0])!];
}

function applyNote(param: NotatedParam, note: string, context: Context): void {
    const deprecated = /^(.+) deprecated$/.exec(note);
    const modes = /^modes? ([\d,]+)$/.exec(note);
    if (deprecated) {
        for (const value of deprecated[1].split(/, | and /)) {
            if (!Array.isArray(param.type) || !param.type.includes(value)) {
                throw new NotationError(context.where, `deprecated value "${value}" is not a value of "${param.name}"`);
            }
            param.deprecatedValues.push(value);
        }
    } else if (modes) {
        param.info.push({ name: "modes", values: modes[1].split(",").map((mode) => toInteger(mode, context.where)) });
    } else if (/^[a-z]+$/.test(note)) {
        param.info.push({ name: note });
    } else {
        throw new NotationError(context.where, `unknown note "(${note})" on parameter "${param.name}"`);
    }
}

/** Completes a parameter after all its words: numeric defaults become numbers; defaults and types are checked. */
function finishParam(param: NotatedParam, where: string): NotatedParam {
    if (param.type === "" || (Array.isArray(param.type) && param.type.length === 0)) {
        throw new NotationError(where, `parameter "${param.name}" has no type`);
    }
    if (typeof param.default === "string" && typeof param.type === "string" && NUMERIC_TYPES.has(param.type)) {
        param.default = toInteger(param.default, where);
    }
    if (typeof param.default === "string" && Array.isArray(param.type)) {
        const values = param.multi ? param.default.split("|").filter((value) => value !== "") : [param.default];
        const allowed = new Set<string>(param.type);
        if (param.allSpecifier !== undefined) allowed.add(param.allSpecifier);
        const stray = values.find((value) => !allowed.has(value));
        if (stray !== undefined)
            throw new NotationError(where, `default "${stray}" of "${param.name}" is not one of its values`);
    }
    return param;
}

function readClause(clause: string, context: Context): NotatedParam {
    const [nameToken, ...rest] = tokenize(clause, context.where);
    if (nameToken?.kind !== "word")
        throw new NotationError(context.where, `clause "${clause}" does not start with a name`);
    const param = newParam(nameToken.text);
    applyTokens(param, rest, context);
    return finishParam(param, context.where);
}

function readClauses(clauses: readonly string[], context: Context): NotatedParam[] {
    const params: NotatedParam[] = [];
    for (const clause of clauses) {
        const set = context.vocabulary.paramSets.get(clause);
        const defaultOfAll = /^default is all \S+ values joined in that order$/.test(clause);
        if (set) {
            params.push(...readClauses(set, context));
        } else if (defaultOfAll) {
            const previous = params[params.length - 1];
            if (!previous || !Array.isArray(previous.type))
                throw new NotationError(context.where, `"${clause}" follows no enumeration`);
            previous.default = previous.type.join("|");
        } else {
            params.push(readClause(clause, context));
        }
    }
    return params;
}

// ---- the notation's header lines: type letters, flag words, shapes and parameter sets

function readTypeLetters(body: string, vocabulary: Vocabulary, where: string): void {
    for (const entry of body.replace(/\.$/, "").split(", ")) {
        const match = /^([A-Z]+) (?:type `(\w+)`|(\w+))$/.exec(entry);
        if (!match) throw new NotationError(where, `cannot read type letter "${entry}"`);
        vocabulary.typeLetters.set(match[1], match[2] ?? match[3]);
    }
}

function readDefinitions(body: string, vocabulary: Vocabulary, where: string): void {
    let previous: Token[] | undefined;
    for (const entry of body.replace(/\.$/, "").split(/\. (?=[^\s:]+(?: \([^)]*\))?: )/)) {
        const match = /^([^\s:]+)(?: \([^)]*\))?: (.*)$/.exec(entry);
        if (!match) throw new NotationError(where, `cannot read definition "${entry}"`);
        const [, key, definition] = match;
        if (FLAG_LINE_KEYS.has(key)) {
            readFlagDefinition(key, definition, vocabulary, where);
            continue;
        }
        const context: Context = { vocabulary, where };
        const same = /^same with (.*)$/.exec(definition);
        const firstWord = definition.split(/[\s,]/)[0];
        const isShape =
            same !== null ||
            vocabulary.typeLetters.has(firstWord) ||
            vocabulary.shapes.has(firstWord) ||
            FLAG_WORDS.has(firstWord) ||
            VALUE_WORDS.has(firstWord);
        if (!isShape) {
            // A parameter set: clauses as in module lines, a clause's shape possibly in parentheses: "slots (m enum main, A*)".
            const clauses = definition.split("; ").map((clause) => clause.replace(/^(\S+) \((.*)\)$/, "$1 $2"));
            readClauses(clauses, context);
            vocabulary.paramSets.set(key, clauses);
            continue;
        }
        let tokens: Token[];
        if (same) {
            if (!previous) throw new NotationError(where, `"${key}: same with" follows no definition`);
            const base = previous;
            tokens =
                same[1] === "no default"
                    ? base.filter((token) => !(token.kind === "word" && token.text.startsWith("d=")))
                    : [...base, ...tokenize(same[1], where)];
        } else {
            tokens = tokenize(definition.replace(/; /g, " "), where);
        }
        applyTokens(newParam(key), tokens, context);
        vocabulary.shapes.set(key, tokens);
        previous = tokens;
    }
}

function readFlagDefinition(key: string, definition: string, vocabulary: Vocabulary, where: string): void {
    if (key !== "m") return;
    const limits = /\((\d+)\/(\d+)\/(\d+)\)/.exec(definition);
    if (!limits) throw new NotationError(where, `"m:" does not give its limits as (low/high/limit)`);
    vocabulary.multiLimits = { lowlimit: Number(limits[1]), highlimit: Number(limits[2]), limit: Number(limits[3]) };
}

// ---- shared lists

function readSharedList(line: string, vocabulary: Vocabulary, where: string): void {
    const match = /^- (.+?)(?: \([^)]*\))?: (.*)\.$/.exec(line);
    if (!match) throw new NotationError(where, "cannot read shared list");
    const [, label, body] = match;
    const without = /^(\S+) without (.*)$/.exec(body);
    if (without) {
        const base = vocabulary.lists.get(without[1]);
        if (!base) throw new NotationError(where, `"${without[1]}" is not a shared list defined above`);
        const removed = without[2].split(", ");
        const unknown = removed.find((value) => !base.includes(value));
        if (unknown !== undefined) throw new NotationError(where, `"${unknown}" is not in ${without[1]}`);
        vocabulary.lists.set(
            label,
            base.filter((value) => !removed.includes(value)),
        );
        return;
    }
    const values = body
        .split(", ")
        .map((value) => (value === "(empty string)" ? "" : (PLACEHOLDER_VALUES[value] ?? value)));
    const odd = values.find((value) => /[\s,()`<>]/.test(value));
    if (odd !== undefined) throw new NotationError(where, `cannot read list value "${odd}"`);
    vocabulary.lists.set(label, values);
}

// ---- module lines

interface ModuleLine {
    spec: NotatedModule;
    where: string;
    alias?: { target: string; amendment?: string };
    templated?: string;
}

function readModuleLine(line: string, vocabulary: Vocabulary, where: string): ModuleLine {
    const match = /^- `([a-z]+)` \(([^)]*)\): (.*)$/.exec(line);
    if (!match) throw new NotationError(where, "cannot read module line");
    const [, name, header, body] = match;
    const [group, prefixPart, ...marks] = header.split(/[,;] /);
    const prefix = prefixPart === "no prefix" ? "" : prefixPart;
    if (prefix === undefined || !/^[a-z]*$/.test(prefix))
        throw new NotationError(where, `cannot read prefix "${prefixPart}"`);
    const unknownMark = marks.find((mark) => mark !== "G" && mark !== "deprecated flag");
    if (unknownMark !== undefined) throw new NotationError(where, `unknown module mark "${unknownMark}"`);
    const spec: NotatedModule = {
        name,
        group,
        prefix,
        generator: marks.includes("G"),
        deprecated: marks.includes("deprecated flag"),
        parameters: [],
        templatedParameters: [],
    };
    const alias = /^as `([a-z]+)`(?: with (.+))?\.$/.exec(body);
    if (alias) return { spec, where, alias: { target: alias[1], amendment: alias[2] } };
    const templated = /^(.*\.) Templated (\S+)\.$/.exec(body);
    const clauses = (templated ? templated[1] : body).replace(/\.$/, "").split("; ");
    spec.parameters = readClauses(clauses, { vocabulary, where, moduleName: name });
    return { spec, where, templated: templated?.[2] };
}

function resolveAlias(line: ModuleLine, byName: ReadonlyMap<string, ModuleLine>, vocabulary: Vocabulary): void {
    const target = byName.get(line.alias!.target);
    if (!target || target.alias)
        throw new NotationError(line.where, `"as \`${line.alias!.target}\`" names no module described in full`);
    line.spec.parameters = structuredClone(target.spec.parameters);
    line.templated = target.templated;
    const amendment = line.alias!.amendment;
    if (amendment === undefined) return;
    const [nameToken, ...rest] = tokenize(amendment, line.where);
    const param = line.spec.parameters.find((candidate) => isWord(nameToken, candidate.name));
    if (!param) throw new NotationError(line.where, `"with ${amendment}" names no parameter of ${target.spec.name}`);
    applyTokens(param, rest, { vocabulary, where: line.where, moduleName: line.spec.name });
    finishParam(param, line.where);
}

interface TemplatedDefinition {
    modules: string[];
    name: string;
    templateVars: Record<string, string>;
    index: number;
    shape: string;
}

function readTemplatedDefinition(line: string, where: string): TemplatedDefinition {
    const match =
        /^Templated parameter \(modules (.+)\): name `(.+)`, templatevars `\{(\w+): (\w+)\}`, index (\d+), type = (\S+) list\.$/.exec(
            line,
        );
    if (!match) throw new NotationError(where, "cannot read the templated parameter sentence");
    return {
        modules: match[1].split(", ").map((module) => module.replace(/`/g, "")),
        name: match[2],
        templateVars: { [match[3]]: match[4] },
        index: Number(match[5]),
        shape: match[6],
    };
}

function attachTemplated(line: ModuleLine, definition: TemplatedDefinition | undefined, vocabulary: Vocabulary): void {
    const listed = definition?.modules.includes(line.spec.name) ?? false;
    if (line.templated === undefined && !listed) return;
    if (!definition || !listed || line.templated !== definition.name) {
        throw new NotationError(
            line.where,
            `module line and templated parameter sentence disagree about "${line.spec.name}"`,
        );
    }
    const param = newParam(definition.name);
    applyTokens(param, [{ kind: "word", text: definition.shape }], { vocabulary, where: line.where });
    line.spec.templatedParameters = [
        { ...finishParam(param, line.where), index: definition.index, templateVars: definition.templateVars },
    ];
}

// ---- the whole text

type Section = "definitions" | "modules" | "lists";

export function parseNotation(text: string): Notation {
    const vocabulary: Vocabulary = {
        typeLetters: new Map(),
        shapes: new Map(),
        paramSets: new Map(),
        lists: new Map(),
    };
    const moduleLines: Array<{ line: string; where: string }> = [];
    let templated: TemplatedDefinition | undefined;
    let section: Section = "definitions";
    text.split("\n").forEach((line, lineIndex) => {
        const where = `notation line ${lineIndex + 1}`;
        if (line.startsWith("Templated parameter ")) templated = readTemplatedDefinition(line, where);
        else if (line.startsWith("Line format:")) section = "modules";
        else if (line === "### Shared lists") section = "lists";
        else if (!line.startsWith("- ")) return;
        else if (section === "lists") readSharedList(line, vocabulary, where);
        else if (section === "modules") moduleLines.push({ line, where });
        else if (line.includes(": ")) readDefinitions(line.slice(2), vocabulary, where);
        else readTypeLetters(line.slice(2), vocabulary, where);
    });
    if (!vocabulary.multiLimits) throw new NotationError("notation", 'no "m:" definition with the multi-value limits');
    // Module lines refer to the shared lists written after them, so they are read last.
    const lines = moduleLines.map(({ line, where }) => readModuleLine(line, vocabulary, where));
    const byName = new Map(lines.map((line) => [line.spec.name, line]));
    for (const line of lines) {
        if (line.alias) resolveAlias(line, byName, vocabulary);
        attachTemplated(line, templated, vocabulary);
    }
    const unlisted = templated?.modules.find((name) => !byName.has(name));
    if (unlisted !== undefined)
        throw new NotationError("notation", `templated parameter names unknown module "${unlisted}"`);
    return {
        modules: lines.map((line) => line.spec),
        multiLimits: vocabulary.multiLimits,
        readParameters: (clauses) => readClauses(clauses.split("; "), { vocabulary, where: `parameters "${clauses}"` }),
    };
}
