// YAML text from a file a user gives, parsed. What goes wrong is said by position, never by quoting the text: the
// text may hold secrets (a stack's API key, a sensitive parameter of a definition). Nothing is printed meanwhile (the
// yaml library's own warnings quote the line). Aliases are capped by the library (maxAliasCount).
import { Document, LineCounter, parseDocument } from "yaml";

export interface ParsedYaml {
    document: Document;
    lineCounter: LineCounter;
    value: unknown;
}

/** The parsed text and its value, or the problem: "not valid YAML (line 3, column 5)", never the text. */
export function parseYamlText(text: string): ParsedYaml | { problem: string } {
    const lineCounter = new LineCounter();
    const document = parseDocument(text, { lineCounter, prettyErrors: false, logLevel: "silent" });
    const [first] = document.errors;
    if (first) {
        const { line, col } = lineCounter.linePos(first.pos[0]);
        return { problem: `not valid YAML (line ${line}, column ${col})` };
    }
    try {
        return { document, lineCounter, value: document.toJS() };
    } catch (error) {
        // The library's message names the alias (text of the file): only its kind is kept.
        const unanchored = error instanceof Error && error.message.startsWith("Unresolved alias");
        return {
            problem: `not usable YAML (${unanchored ? "an alias names no anchor before it" : "its aliases expand too far"})`,
        };
    }
}
