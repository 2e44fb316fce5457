// The lint command's three output formats: text for people, json for programs, github for workflow
// annotations. Request values of sensitive parameters are never printed. The wiki's own findings (error,
// warning) and the project's advice are told apart in each: "advice" in text, an "advice" array in json,
// ::notice annotations in github.
import type { WikiQueryIssue } from "./issues";
import type { DefinitionsFile } from "./lint-source";
import type { WikiQueryResult } from "./validate";

export const OUTPUT_FORMATS = ["text", "json", "github"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface LintedDefinition {
    readonly source: DefinitionsFile;
    readonly index: number;
    readonly result: WikiQueryResult;
}

const HIDDEN = "(sensitive value not shown)";

function publicRequest(result: WikiQueryResult): Record<string, string> {
    const sensitive = new Set(result.advice.filter((issue) => issue.code === "sensitive").map((issue) => issue.param));
    const request: Record<string, string> = {};
    for (const [name, value] of Object.entries(result.request)) request[name] = sensitive.has(name) ? HIDDEN : value;
    return request;
}

function definitionLabel({ source, index }: LintedDefinition): string {
    const name = source.definitions[index].name;
    return `[${index}]${name === undefined ? "" : ` ${JSON.stringify(name)}`}`;
}

type Severity = "error" | "warning" | "advice";

function issuesOf({ result }: LintedDefinition): [Severity, WikiQueryIssue][] {
    const tagged = (severity: Severity) => (issue: WikiQueryIssue): [Severity, WikiQueryIssue] => [severity, issue];
    return [...result.errors.map(tagged("error")), ...result.warnings.map(tagged("warning")), ...result.advice.map(tagged("advice"))];
}

const GITHUB_COMMANDS: Readonly<Record<Severity, string>> = { error: "error", warning: "warning", advice: "notice" };

function textReport(linted: readonly LintedDefinition[], fileCount: number): string {
    const lines: string[] = [];
    for (const entry of linted) {
        for (const [severity, issue] of issuesOf(entry)) {
            const line = entry.source.lineOf(entry.index, issue.param);
            const where = line === undefined ? entry.source.file : `${entry.source.file}:${line}`;
            const owner = severity === "advice" ? "pulumi-shortener" : issue.module;
            lines.push(`${where}: ${definitionLabel(entry)} ${issue.param}: ${severity} ${issue.code} (${owner}): ${issue.message}`);
        }
    }
    const withErrors = linted.filter(({ result }) => result.errors.length > 0).length;
    const warningsOnly = linted.filter(({ result }) => result.errors.length === 0 && result.warnings.length > 0).length;
    const adviceOnly = linted.filter(({ result }) => result.errors.length === 0 && result.warnings.length === 0 && result.advice.length > 0).length;
    const files = fileCount === 1 ? "1 file" : `${fileCount} files`;
    lines.push(`${linted.length} definition${linted.length === 1 ? "" : "s"} in ${files}: ${withErrors} with errors, ${warningsOnly} with warnings only${adviceOnly > 0 ? `, ${adviceOnly} with advice only` : ""}.`);
    return lines.join("\n");
}

function jsonReport(linted: readonly LintedDefinition[]): string {
    const entries = linted.map(({ source, index, result }) => ({
        file: source.file,
        index,
        name: source.definitions[index].name ?? null,
        valid: result.valid,
        errors: result.errors,
        warnings: result.warnings,
        advice: result.advice,
        request: publicRequest(result),
    }));
    return JSON.stringify(entries, null, 2);
}

// The workflow command syntax: data escapes %, CR and LF; property values also : and ,.
function escapeData(text: string): string {
    return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function escapeProperty(text: string): string {
    return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

function githubReport(linted: readonly LintedDefinition[]): string {
    const lines: string[] = [];
    for (const entry of linted) {
        for (const [severity, issue] of issuesOf(entry)) {
            const line = entry.source.lineOf(entry.index, issue.param);
            const properties = [`file=${escapeProperty(entry.source.file)}`];
            if (line !== undefined) properties.push(`line=${line}`);
            properties.push(`title=${escapeProperty(`${issue.code} in ${definitionLabel(entry)} ${issue.param}`)}`);
            lines.push(`::${GITHUB_COMMANDS[severity]} ${properties.join(",")}::${escapeData(`${issue.param} (${issue.module}): ${issue.message}`)}`);
        }
    }
    return lines.join("\n");
}

export function formatReport(format: OutputFormat, linted: readonly LintedDefinition[], fileCount: number): string {
    if (format === "json") return jsonReport(linted);
    if (format === "github") return githubReport(linted);
    return textReport(linted, fileCount);
}
