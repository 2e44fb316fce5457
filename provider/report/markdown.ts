// The report as GitHub-flavoured Markdown for a pull-request comment, a job summary or an issue. Safety rule: text
// from the preview (names, types, paths, values, messages) reaches the Markdown only through `code()` or `link()`,
// which escape it for HTML and for table cells, so no value can open a tag, a link, a mention or a table column.
// Size rule: the marker, the title and the summary table always fit; the resources follow while they fit under the
// cap, and a note says how many were left out.
import { DESTRUCTIVE, PropertyChange, Report, ResourceChange, SummaryRow } from "./model";
import { Shown, KNOWN_AFTER_UP } from "./values";
import type { LintFinding } from "./lint";

/** GitHub refuses a comment longer than 65,536 characters; the default cap leaves room for what a workflow adds. */
export const DEFAULT_MAX_CHARS = 60_000;
/** The smallest cap taken: below it not even the summary of a large plan fits. */
export const MIN_MAX_CHARS = 2_000;
/** The most summary rows shown; the rest are counted in one row (a row is a type and an operation). */
const MAX_SUMMARY_ROWS = 60;

export interface MarkdownOptions {
    /** Names the comment, so a workflow finds its own and edits it: `<!-- pulumi-shortener-report:<marker> -->`. */
    marker: string;
    title: string;
    maxChars: number;
    lint?: readonly LintFinding[];
}

export function markerComment(marker: string): string {
    return `<!-- pulumi-shortener-report:${marker.replace(/[^A-Za-z0-9._-]/g, "_")} -->`;
}

export function renderMarkdown(report: Report, options: MarkdownOptions): string {
    const head = [markerComment(options.marker), `### ${escapeText(options.title)}: ${headline(report)}`, "", summaryTable(report.summary), ""].join("\n");
    const blocks = [
        ...section(report.refreshed ? "Drift: changed outside Pulumi" : undefined, report.drift, true),
        ...section("Changes", report.changes, false),
        ...diagnosticsBlocks(report),
        ...lintBlocks(options.lint ?? []),
    ];
    return fitted(head, blocks, options.maxChars);
}

/** The head and as many blocks as fit under the cap, with a note of what did not. */
function fitted(head: string, blocks: readonly string[], maxChars: number): string {
    const note = (left: number) => `\n> ${left} more section${left === 1 ? "" : "s"} left out: the comment would pass ${maxChars} characters. The job's log has the whole preview.\n`;
    let out = head;
    for (let index = 0; index < blocks.length; index++) {
        const rest = blocks.length - index - 1;
        const reserve = rest > 0 ? note(rest).length : 0;
        if (out.length + blocks[index].length + reserve > maxChars) return out + note(blocks.length - index);
        out += blocks[index];
    }
    return out;
}

function headline(report: Report): string {
    const counts = new Map<string, number>();
    for (const row of report.summary) counts.set(row.operation, (counts.get(row.operation) ?? 0) + row.count);
    const parts = ["replace", "delete", "create", "update", "import"].filter((op) => counts.has(op)).map((op) => `${counts.get(op)} to ${op}`);
    const drift = report.refreshed ? [`${report.drift.length} drifted`] : [];
    const said = [...drift, ...parts];
    return said.length === 0 ? "no changes" : said.join(", ");
}

function summaryTable(rows: readonly SummaryRow[]): string {
    const shown = rows.filter((row) => row.operation !== "same" || row.type === "");
    if (shown.length === 0) return "No resource changes.";
    const lines = ["| | operation | type | resources |", "|---|---|---|---:|"];
    for (const row of shown.slice(0, MAX_SUMMARY_ROWS)) {
        const mark = DESTRUCTIVE.has(row.operation) ? "⚠️" : "";
        const type = row.type === "" ? "all types" : code(row.type);
        lines.push(`| ${mark} | ${DESTRUCTIVE.has(row.operation) ? `**${row.operation}**` : row.operation} | ${type} | ${row.count} |`);
    }
    if (shown.length > MAX_SUMMARY_ROWS) {
        const left = shown.slice(MAX_SUMMARY_ROWS);
        lines.push(`| | … | ${left.length} more rows | ${left.reduce((sum, row) => sum + row.count, 0)} |`);
    }
    return lines.join("\n");
}

function section(title: string | undefined, changes: readonly ResourceChange[], open: boolean): string[] {
    if (title === undefined) return [];
    if (changes.length === 0) return [`\n#### ${title}\n\nNone.\n`];
    return [`\n#### ${title}\n`, ...changes.map((change) => resourceBlock(change, open))];
}

function resourceBlock(change: ResourceChange, open: boolean): string {
    const what = change.noun ? `${change.noun}${change.label ? ` ${shownCode(change.label)}` : ""} (${code(change.name)})` : `${code(change.name)} ${code(change.type)}`;
    const operation = DESTRUCTIVE.has(change.operation) ? `<b>${change.operation}</b> ⚠️` : change.operation;
    const lines = [`\n<details${open ? " open" : ""}><summary>${operation} ${what}</summary>\n`];
    if (change.link) lines.push(`On the service: ${link(change.link)}\n`);
    if (change.replaceReasons.length > 0) lines.push(`Replaced because ${change.replaceReasons.map(code).join(", ")} changed.\n`);
    if (change.properties.length > 0) lines.push(propertyTable(change.properties), "");
    lines.push("</details>\n");
    return lines.join("\n");
}

function propertyTable(properties: readonly PropertyChange[]): string {
    const lines = ["| property | before | after |", "|---|---|---|"];
    for (const property of properties) {
        const name = property.word ? `${escapeText(property.word)} ${code(property.path)}` : code(property.path);
        const replaces = property.kind.endsWith("-replace") ? " (replaces)" : "";
        lines.push(`| ${name}${replaces} | ${shownCode(property.old)} | ${shownCode(property.new)} |`);
    }
    return lines.join("\n");
}

function diagnosticsBlocks(report: Report): string[] {
    if (report.diagnostics.length === 0) return [];
    const lines = report.diagnostics.map((entry) => `- **${entry.severity}**${entry.urn ? ` ${code(entry.urn.split("::").slice(3).join("::"))}` : ""}: ${code(entry.message)}`);
    return [`\n#### Diagnostics\n\n${lines.join("\n")}\n`];
}

function lintBlocks(findings: readonly LintFinding[]): string[] {
    if (findings.length === 0) return [];
    const lines = ["| file | definition | parameter | finding |", "|---|---|---|---|"];
    for (const finding of findings) {
        lines.push(`| ${code(finding.file)} | ${code(finding.definition)} | ${code(finding.param)} | **${finding.severity}** ${code(finding.code)}: ${code(finding.message)} |`);
    }
    return [`\n#### Wiki queries\n\n${lines.join("\n")}\n`];
}

function shownCode(shown: Shown): string {
    if (shown.kind === "secret") return "`[secret]`";
    if (shown.kind === "unknown") return `_${KNOWN_AFTER_UP}_`;
    if (shown.kind === "absent") return "_none_";
    return code(shown.text);
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "|": "&#124;", "`": "&#96;", "\\": "&#92;" };

/** Text from the preview as inline code: HTML-escaped, table-safe, controls and line breaks made visible. */
export function code(text: string): string {
    const visible = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => (char === "\n" ? "↵" : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`));
    return `<code>${visible.replace(/[&<>"'|`\\]/g, (char) => HTML_ESCAPES[char])}</code>`;
}

/** An http(s) URL from the preview as a link whose text is the URL itself, both escaped. */
function link(url: string): string {
    const escaped = url.replace(/[&<>"'|`\\]/g, (char) => HTML_ESCAPES[char]);
    return `<a href="${escaped}">${code(url)}</a>`;
}

/** Our own words set in Markdown text: only Markdown's punctuation needs escaping. */
function escapeText(text: string): string {
    return text.replace(/[\\`*_{}[\]()#+\-.!|<>@~]/g, "\\$&");
}
