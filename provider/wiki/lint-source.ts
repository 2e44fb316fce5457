// Reads one definitions file (JSON, or YAML for any other extension) into definitions, and finds the
// line of a definition's field for annotations. Parse errors give a position, never the file's text,
// which may hold sensitive values.
import { readFileSync } from "fs";
import { extname } from "path";
import { Document, isSeq, LineCounter, parseDocument } from "yaml";
import { DEFINITION_FIELDS, definitionsOf, WikiQueryDefinition } from "./definition";

export class LintInputError extends Error {
    constructor(readonly file: string, problem: string) {
        super(`${file}: ${problem}`);
        this.name = "LintInputError";
    }
}

export interface DefinitionsFile {
    readonly file: string;
    readonly definitions: readonly WikiQueryDefinition[];
    /** The 1-based line of a definition's field (a query field or a request parameter), or of the definition. */
    lineOf(index: number, field?: string): number | undefined;
}

function readText(file: string): string {
    try {
        return readFileSync(file, "utf8");
    } catch (error) {
        throw new LintInputError(file, `cannot read the file (${(error as NodeJS.ErrnoException).code ?? "read error"})`);
    }
}

function parseJson(file: string, text: string): unknown {
    try {
        return JSON.parse(text);
    } catch (error) {
        const position = /position (\d+)/.exec(error instanceof Error ? error.message : "");
        throw new LintInputError(file, `not valid JSON${position ? ` (at character ${position[1]})` : ""}`);
    }
}

function yamlDocument(text: string, lineCounter: LineCounter): Document {
    return parseDocument(text, { lineCounter, prettyErrors: false });
}

function parseYaml(file: string, document: Document, lineCounter: LineCounter): unknown {
    const [first] = document.errors;
    if (first) {
        const { line, col } = lineCounter.linePos(first.pos[0]);
        throw new LintInputError(file, `not valid YAML (line ${line}, column ${col})`);
    }
    return document.toJS();
}

export function readDefinitionsFile(file: string): DefinitionsFile {
    const text = readText(file);
    const lineCounter = new LineCounter();
    // JSON is YAML too, so one parsed document serves the line lookups of both.
    const document = yamlDocument(text, lineCounter);
    const parsed = extname(file).toLowerCase() === ".json" ? parseJson(file, text) : parseYaml(file, document, lineCounter);
    if (parsed === null || parsed === undefined) throw new LintInputError(file, "the file holds no definition");
    let definitions: WikiQueryDefinition[];
    try {
        definitions = definitionsOf(parsed);
    } catch (error) {
        throw new LintInputError(file, error instanceof Error ? error.message : String(error));
    }
    const inArray = isSeq(document.contents);
    return {
        file,
        definitions,
        lineOf(index, field) {
            const base = inArray ? [index] : [];
            const path = field === undefined ? base : DEFINITION_FIELDS.has(field) ? [...base, field] : [...base, "params", field];
            const node = (document.getIn(path, true) ?? document.getIn(base, true)) as { range?: [number, number, number] } | undefined;
            return node?.range ? lineCounter.linePos(node.range[0]).line : undefined;
        },
    };
}
