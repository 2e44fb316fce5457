// Reads one definitions file (JSON, or YAML for any other extension) into definitions, and finds the
// line of a definition's field for annotations. The work is bounded by the file's size, never by what
// the file asks for: only regular files are read, up to a size limit; JSON is parsed by JSON.parse and
// its lines found by one linear scan; YAML, whose document parser needs far more memory per byte, has
// a lower limit, and its aliases are capped by the yaml library (maxAliasCount). Errors give a
// position, never the file's text, which may hold sensitive values.
import { WIKI_BOUNDS } from "../bounds";
import { InputFileError as LintInputError, readFileBounded } from "../../common/fs/read-bounded";
import { extname } from "path";
import { isSeq } from "yaml";
import { parseYamlText } from "../../common/text/yaml-text";
import { DEFINITION_FIELDS, definitionsOf, WikiQueryDefinition } from "../definition";
import { JsonLines } from "./json-lines";
import { messageOf } from "../../common/text/message-of";

/** A definitions file that cannot be read or used: the file and the problem. */
export { InputFileError as LintInputError } from "../../common/fs/read-bounded";

export interface DefinitionsFile {
    readonly file: string;
    readonly definitions: readonly WikiQueryDefinition[];
    /** The 1-based line of a definition's field (a query field or a request parameter), or of the definition. */
    lineOf(index: number, field?: string): number | undefined;
}

function parseJson(file: string, text: string): unknown {
    try {
        return JSON.parse(text);
    } catch (error) {
        const position = /position (\d+)/.exec(error instanceof Error ? error.message : "");
        throw new LintInputError(file, `not valid JSON${position ? ` (at character ${position[1]})` : ""}`);
    }
}

function checkedDefinitions(file: string, parsed: unknown): WikiQueryDefinition[] {
    if (parsed === null || parsed === undefined) throw new LintInputError(file, "the file holds no definition");
    try {
        return definitionsOf(parsed);
    } catch (error) {
        throw new LintInputError(file, messageOf(error));
    }
}

function readJsonFile(file: string, text: string): DefinitionsFile {
    const definitions = checkedDefinitions(file, parseJson(file, text));
    const lines = new JsonLines(text);
    return { file, definitions, lineOf: (index, field) => lines.lineOf(index, field) };
}

function readYamlFile(file: string, text: string): DefinitionsFile {
    const parsed = parseYamlText(text);
    if ("problem" in parsed) throw new LintInputError(file, parsed.problem);
    const { document, lineCounter } = parsed;
    const definitions = checkedDefinitions(file, parsed.value);
    const inArray = isSeq(document.contents);
    return {
        file,
        definitions,
        lineOf(index, field) {
            const base = inArray ? [index] : [];
            const path =
                field === undefined
                    ? base
                    : DEFINITION_FIELDS.has(field)
                      ? [...base, field]
                      : [...base, "params", field];
            const node = (document.getIn(path, true) ?? document.getIn(base, true)) as
                { range?: [number, number, number] } | undefined;
            return node?.range ? lineCounter.linePos(node.range[0]).line : undefined;
        },
    };
}

/** Reads and checks one definitions file; every failure is a LintInputError that names the file. */
export function readDefinitionsFile(
    file: string,
    maxBytes: number = WIKI_BOUNDS.maxDefinitionsFileBytes.default,
): DefinitionsFile {
    const json = extname(file).toLowerCase() === ".json";
    const yamlBytes = WIKI_BOUNDS.maxYamlFileBytes.default;
    const limit = json ? maxBytes : Math.min(maxBytes, yamlBytes);
    const setBy = ` (${WIKI_BOUNDS.maxDefinitionsFileBytes.option.flag} sets it)`;
    const hint = json ? setBy : maxBytes > yamlBytes ? " for YAML (write larger sets as JSON)" : setBy;
    const text = readFileBounded(file, limit, hint);
    try {
        return json ? readJsonFile(file, text) : readYamlFile(file, text);
    } catch (error) {
        if (error instanceof LintInputError) throw error;
        // A parser that runs out of stack on deep nesting, or any other failure on hostile text.
        throw new LintInputError(file, `cannot be parsed (${error instanceof Error ? error.name : "error"})`);
    }
}
