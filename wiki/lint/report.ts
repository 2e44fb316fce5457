// The lint command's output formats: text for people, json for programs, github for workflow
// annotations, sarif (SARIF 2.1.0) for code-scanning dashboards. Each is written as the definitions are
// linted, one piece per definition, so that memory does not grow with the number of definitions.
// Request values of sensitive parameters are never printed; every value a report shows is cut to a few
// hundred characters and its control characters are escaped (echo.ts), in every format. The wiki's own
// findings (error, warning) and the project's advice are told apart in each: "advice" in text, an
// "advice" array in json, ::notice annotations in github, level "note" in sarif.
import { isAbsolute, sep } from "path";
import { pathToFileURL } from "url";
import { WIKI_BOUNDS } from "../bounds";
import { cut, escapeControls, escapeJsonControls, quoted } from "../../common/text/echo";
import type { WikiQueryIssue } from "../issues";
import { unlessSensitive } from "../paramvalidator/spec";
import type { DefinitionsFile } from "./source";
import type { WikiQueryResult } from "../validate";

export const OUTPUT_FORMATS = ["text", "json", "github", "sarif"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface LintedDefinition {
    readonly source: DefinitionsFile;
    readonly index: number;
    readonly result: WikiQueryResult;
}

/** A file that could not be linted, and why (the reason names the file). */
export interface UnreadableFile {
    readonly file: string;
    readonly reason: string;
}

export interface LintTally {
    files: number;
    definitions: number;
    withErrors: number;
    warningsOnly: number;
    adviceOnly: number;
}

export interface ToolIdentity {
    readonly name: string;
    readonly version: string;
    /** The tool's home page, left out of the report while there is none. */
    readonly informationUri?: string;
}

/** Writes one format: a piece per definition, then the end once every file was read. */
export interface Reporter {
    definition(entry: LintedDefinition): string;
    end(tally: LintTally, unreadable: readonly UnreadableFile[]): string;
}

// Names, codes and modules are short in any real catalogue; a message quotes values already cut.
/** A name, code or module as a report shows it. */
function shownName(text: string): string {
    return escapeControls(cut(text, WIKI_BOUNDS.maxReportNameChars.default));
}

function shownMessage(text: string): string {
    return escapeControls(cut(text, WIKI_BOUNDS.maxReportMessageChars.default));
}

function shownIssue(issue: WikiQueryIssue): WikiQueryIssue {
    return {
        code: shownName(issue.code),
        param: shownName(issue.param),
        module: shownName(issue.module),
        message: shownMessage(issue.message),
    };
}

function publicRequest(result: WikiQueryResult): Record<string, string> {
    const sensitive = new Set(result.advice.filter((issue) => issue.code === "sensitive").map((issue) => issue.param));
    const request: Record<string, string> = {};
    for (const [name, value] of Object.entries(result.request))
        request[shownName(name)] = unlessSensitive(sensitive.has(name), value, (shown) => escapeControls(cut(shown)));
    return request;
}

function definitionLabel({ source, index }: LintedDefinition): string {
    const name = source.definitions[index].name;
    return `[${index}]${name === undefined ? "" : ` ${quoted(name)}`}`;
}

/** "possible": what the wiki may say with some pages or some configuration; it never fails a run. */
type Severity = "error" | "warning" | "advice" | "possible";

interface Finding {
    readonly severity: Severity;
    /** As reports show it (shownIssue). */
    readonly issue: WikiQueryIssue;
    readonly line: number | undefined;
}

/** Each finding of a definition, rendered by a format and joined. */
function renderFindings(entry: LintedDefinition, render: (finding: Finding) => string): string {
    const { result, source, index } = entry;
    const tagged =
        (severity: Severity) =>
        (issue: WikiQueryIssue): string =>
            render({ severity, issue: shownIssue(issue), line: source.lineOf(index, issue.param) });
    return [
        ...result.errors.map(tagged("error")),
        ...result.warnings.map(tagged("warning")),
        ...result.possible.map(tagged("possible")),
        ...result.advice.map(tagged("advice")),
    ].join("");
}

// JSON.stringify leaves C1 controls and the line separators raw; JSON allows them escaped.
function jsonText(value: unknown, indent?: number): string {
    return escapeJsonControls(JSON.stringify(value, null, indent));
}

function textReporter(): Reporter {
    return {
        definition(entry) {
            const file = escapeControls(entry.source.file);
            return renderFindings(entry, ({ severity, issue, line }) => {
                const where = line === undefined ? file : `${file}:${line}`;
                const owner = severity === "advice" ? "pulumi-shortener" : issue.module;
                return `${where}: ${definitionLabel(entry)} ${issue.param}: ${severity} ${issue.code} (${owner}): ${issue.message}\n`;
            });
        },
        end(tally) {
            if (tally.files === 0) return "";
            const files = tally.files === 1 ? "1 file" : `${tally.files} files`;
            const advice = tally.adviceOnly > 0 ? `, ${tally.adviceOnly} with advice only` : "";
            const definitions = `${tally.definitions} definition${tally.definitions === 1 ? "" : "s"}`;
            return `${definitions} in ${files}: ${tally.withErrors} with errors, ${tally.warningsOnly} with warnings only${advice}.\n`;
        },
    };
}

function jsonReporter(): Reporter {
    let written = 0;
    return {
        definition({ source, index, result }) {
            const entry = {
                file: escapeControls(source.file),
                index,
                name: source.definitions[index].name === undefined ? null : shownName(source.definitions[index].name),
                valid: result.valid,
                errors: result.errors.map(shownIssue),
                warnings: result.warnings.map(shownIssue),
                advice: result.advice.map(shownIssue),
                possible: result.possible.map(shownIssue),
                request: publicRequest(result),
            };
            const indented = jsonText(entry, 2).replace(/^/gm, "  ");
            return `${written++ === 0 ? "[\n" : ",\n"}${indented}`;
        },
        end(tally) {
            if (tally.files === 0) return "";
            return written === 0 ? "[]\n" : "\n]\n";
        },
    };
}

// The workflow command syntax: data escapes %, CR and LF; property values also : and ,.
function escapeData(text: string): string {
    return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
    return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

const GITHUB_COMMANDS: Readonly<Record<Severity, string>> = {
    error: "error",
    warning: "warning",
    advice: "notice",
    possible: "notice",
};

function githubReporter(): Reporter {
    return {
        definition(entry) {
            return renderFindings(entry, ({ severity, issue, line }) => {
                const properties = [`file=${escapeProperty(escapeControls(entry.source.file))}`];
                if (line !== undefined) properties.push(`line=${line}`);
                properties.push(`title=${escapeProperty(`${issue.code} in ${definitionLabel(entry)} ${issue.param}`)}`);
                return `::${GITHUB_COMMANDS[severity]} ${properties.join(",")}::${escapeData(`${issue.param} (${issue.module}): ${issue.message}`)}\n`;
            });
        },
        end: () => "",
    };
}

const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
const SARIF_LEVELS: Readonly<Record<Severity, string>> = {
    error: "error",
    warning: "warning",
    advice: "note",
    possible: "note",
};

/** A file name as a SARIF artifact URI: relative paths stay relative (to the working directory), absolute ones become
 *  file: URLs. Only the platform's separators divide it: on POSIX a backslash is part of a name, written %5C. */
function artifactUri(file: string): string {
    if (isAbsolute(file)) return pathToFileURL(file).href;
    return file
        .split(sep === "\\" ? /[\\/]/ : "/")
        .map(encodeURIComponent)
        .join("/");
}

// The log is one JSON object; its results are written as they come, and the rules they used after them.
function sarifReporter(tool: ToolIdentity): Reporter {
    const rules = new Map<string, number>();
    let written = 0;
    const head = `{\n  "$schema": ${JSON.stringify(SARIF_SCHEMA)},\n  "version": "2.1.0",\n  "runs": [\n    {\n      "results": [`;
    return {
        definition(entry) {
            const first = written === 0;
            const results = renderFindings(entry, ({ severity, issue, line }) => {
                if (!rules.has(issue.code)) rules.set(issue.code, rules.size);
                const region = line === undefined ? {} : { region: { startLine: line } };
                const result = {
                    ruleId: issue.code,
                    ruleIndex: rules.get(issue.code),
                    level: SARIF_LEVELS[severity],
                    message: {
                        text: `${definitionLabel(entry)} ${issue.param} (${severity === "advice" ? "pulumi-shortener" : issue.module}): ${issue.message}`,
                    },
                    locations: [
                        { physicalLocation: { artifactLocation: { uri: artifactUri(entry.source.file) }, ...region } },
                    ],
                    properties: { definition: entry.index, parameter: issue.param, module: issue.module },
                };
                return `${written++ === 0 ? "\n" : ",\n"}        ${jsonText(result)}`;
            });
            return (first && written > 0 ? head : "") + results;
        },
        end(_tally, unreadable) {
            const driver = {
                name: tool.name,
                version: tool.version,
                informationUri: tool.informationUri,
                rules: [...rules.keys()].map((code) => ({ id: code, name: code })),
            };
            const invocation = {
                executionSuccessful: unreadable.length === 0,
                toolExecutionNotifications: unreadable.map(({ file, reason }) => ({
                    level: "error",
                    message: { text: shownMessage(reason) },
                    locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(file) } } }],
                })),
            };
            const opening = written === 0 ? head : "";
            const tail = `${written === 0 ? "" : "\n      "}],\n      "tool": { "driver": ${jsonText(driver)} },\n      "invocations": [${jsonText(invocation)}]\n    }\n  ]\n}\n`;
            return opening + tail;
        },
    };
}

export function reporterFor(format: OutputFormat, tool: ToolIdentity): Reporter {
    if (format === "json") return jsonReporter();
    if (format === "github") return githubReporter();
    if (format === "sarif") return sarifReporter(tool);
    return textReporter();
}
