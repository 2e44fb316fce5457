// The report as GitHub-flavoured Markdown for a pull-request comment, a job summary or an issue. Safety rule: text
// from the preview (names, types, paths, values, messages) reaches the Markdown only through `code()` (a code span:
// no emphasis, link, mention or tag inside; its pipes escaped in a table), `htmlCode()` (inside the raw HTML of a
// <summary>, which GitHub does not read as Markdown) or `link()`, so no value can open a tag, a link, a mention, a
// line or a table column.
// Size rule: the marker, the title and the summary table always fit; the resources follow while they fit under the
// cap, and a note says how many were left out.
import { BOUNDS } from "../bounds";
import { Break, DESTRUCTIVE, PropertyChange, Report, ResourceChange, SummaryRow } from "./model";
import { Shown, KNOWN_AFTER_UP, showLabel } from "./values";
import type { LintFinding } from "./lint";

/** GitHub refuses a comment longer than 65,536 characters; the default cap leaves room for what a workflow adds. */
export const DEFAULT_MAX_CHARS = BOUNDS.reportMaxChars.default;
/** The smallest cap taken: below it not even the summary of a large plan fits. */
export const MIN_MAX_CHARS = BOUNDS.reportMaxChars.lowest;
/** The most summary rows shown; the rest are counted in one row (a row is a type and an operation). */
const MAX_SUMMARY_ROWS = BOUNDS.maxReportSummaryRows.default;

export interface MarkdownOptions {
    /** Names the comment, so a workflow finds its own and edits it: `<!-- pulumi-shortener-report:<marker> -->`. */
    marker: string;
    title: string;
    maxChars: number;
    lint?: readonly LintFinding[];
}

function markerComment(marker: string): string {
    return `<!-- pulumi-shortener-report:${marker.replace(/[^A-Za-z0-9._-]/g, "_")} -->`;
}

export function renderMarkdown(report: Report, options: MarkdownOptions): string {
    const head = [markerComment(options.marker), `### ${escapeText(options.title)}: ${headline(report)}`, "", summaryTable(report.summary, report.changes), ""].join("\n");
    const blocks = [
        ...breakingBlocks(report.changes),
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
    const breaking = report.changes.filter((change) => change.breaks !== undefined).length;
    const said = [...drift, ...parts, ...(breaking > 0 ? [`${breaking} break${breaking === 1 ? "s" : ""} a public short URL`] : [])];
    return said.length === 0 ? "no changes" : said.join(", ");
}

/**
 * The changes that break a public short URL, each named by the URL, in one block ahead of the resources: printed
 * posters and sent e-mails point at it, and no later change can mend them. The summary table counts them; the list
 * names at most as many as the summary has rows.
 */
function breakingBlocks(changes: readonly ResourceChange[]): string[] {
    const breaking = changes.filter((change) => change.breaks !== undefined);
    if (breaking.length === 0) return [];
    const lines = breaking.slice(0, MAX_SUMMARY_ROWS).map((change) => `- ${shownCode(change.breaks!.url)}: ${breakWords(change.breaks!)} (${shownCode(showLabel(change.name))})`);
    if (breaking.length > MAX_SUMMARY_ROWS) lines.push(`- and ${breaking.length - MAX_SUMMARY_ROWS} more, each marked in its block below`);
    return [`\n#### ⚠️ Public short URLs that break\n\nPrinted posters and sent e-mails point at them.\n\n${lines.join("\n")}\n`];
}

/** "deleted", "replaced", or "`alias` and `domain` changed". */
function breakWords(broken: Break): string {
    if (broken.why !== "changed") return broken.why;
    const paths = broken.changed.map((path) => code(path));
    return `${paths.length < 2 ? paths.join("") : `${paths.slice(0, -1).join(", ")} and ${paths[paths.length - 1]}`} changed`;
}

function summaryTable(rows: readonly SummaryRow[], changes: readonly ResourceChange[]): string {
    const shown = rows.filter((row) => row.operation !== "same" || row.type === "");
    if (shown.length === 0) return "No resource changes.";
    const lines = ["| | operation | type | resources |", "|---|---|---|---:|"];
    // A change that breaks a public short URL is marked in its row.
    for (const row of shown.slice(0, MAX_SUMMARY_ROWS)) {
        const breaking = changes.filter((change) => change.breaks && change.operation === row.operation && change.type === row.type).length;
        const mark = [DESTRUCTIVE.has(row.operation) ? "⚠️" : "", breaking > 0 ? `🔗 ${breaking} break${breaking === 1 ? "s" : ""} a short URL` : ""].filter(Boolean).join(" ");
        const type = row.type === "" ? "all types" : code(row.type, IN_TABLE);
        lines.push(`| ${mark} | ${DESTRUCTIVE.has(row.operation) ? `**${row.operation}**` : row.operation} | ${type} | ${row.count} |`);
    }
    if (shown.length > MAX_SUMMARY_ROWS) {
        const left = shown.slice(MAX_SUMMARY_ROWS);
        lines.push(`| | … | ${left.length} more rows | ${left.reduce((sum, row) => sum + row.count, 0)} |`);
    }
    return lines.join("\n");
}

function section(title: string | undefined, changes: readonly ResourceChange[], drift: boolean): string[] {
    if (title === undefined) return [];
    if (changes.length === 0) return [`\n#### ${title}\n\nNone.\n`];
    return [`\n#### ${title}\n`, ...changes.map((change) => resourceBlock(change, drift))];
}

/** What happened to a resource, as its block's summary says it: drift is open and told in the past. */
function operationWords(change: ResourceChange, drift: boolean): string {
    const words = drift ? (change.operation === "delete" ? "deleted" : "changed") : change.operation;
    return DESTRUCTIVE.has(change.operation) ? `<b>${words}</b> ⚠️` : words;
}

function resourceBlock(change: ResourceChange, drift: boolean): string {
    const label = change.label ? ` ${shownHtml(change.label)}` : "";
    const what = change.noun ? `${change.noun}${label} (${htmlCode(change.name)})` : `${htmlCode(change.name)} ${htmlCode(change.type)}`;
    const lines = [`\n<details${drift ? " open" : ""}><summary>${operationWords(change, drift)} ${what}</summary>\n`];
    if (change.link) lines.push(`On the service: ${link(change.link)}\n`);
    if (change.breaks) lines.push(`⚠️ **Breaks the public short URL** ${shownCode(change.breaks.url)}: ${breakWords(change.breaks)}.\n`);
    if (change.unseen.length > 0) {
        const named = change.unseen.map((property) => code(property)).join(", ");
        lines.push(`The service does not show ${named}: drift in ${change.unseen.length === 1 ? "it" : "them"} cannot be checked.\n`);
    }
    if (change.replaceReasons.length > 0) lines.push(`Replaced because ${change.replaceReasons.map((reason) => code(reason)).join(", ")} changed.\n`);
    if (change.properties.length > 0) lines.push(propertyTable(change.properties), "");
    else if (change.operation === "update" || change.operation === "replace") lines.push("Only values that are not shown change: secrets, or the provider's own.\n");
    lines.push("</details>\n");
    return lines.join("\n");
}

function propertyTable(properties: readonly PropertyChange[]): string {
    const lines = ["| property | before | after |", "|---|---|---|"];
    for (const property of properties) {
        const named = property.word !== undefined && property.word !== property.path;
        const name = named ? `${escapeText(property.word!)} ${code(property.path, IN_TABLE)}` : code(property.path, IN_TABLE);
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
        const cells = [finding.file, finding.definition, finding.param].map((text) => code(text, IN_TABLE));
        lines.push(`| ${cells.join(" | ")} | **${finding.severity}** ${code(finding.code, IN_TABLE)}: ${code(finding.message, IN_TABLE)} |`);
    }
    return [`\n#### Wiki queries\n\n${lines.join("\n")}\n`];
}

/** A value in a table cell. */
function shownCode(shown: Shown): string {
    if (shown.kind === "value") return code(shown.text, IN_TABLE);
    return shownWords(shown);
}

/** A value in the raw HTML of a summary. */
function shownHtml(shown: Shown): string {
    if (shown.kind === "value") return htmlCode(shown.text);
    return shownWords(shown).replace(/`([^`]*)`/, "<code>$1</code>").replace(/_([^_]*)_/, "<em>$1</em>");
}

function shownWords(shown: Exclude<Shown, { kind: "value" }>): string {
    if (shown.kind === "secret") return "`[secret]`";
    if (shown.kind === "unknown") return `_${KNOWN_AFTER_UP}_`;
    return "_none_";
}

const IN_TABLE = true;
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Controls and line breaks as visible escapes: a line break would end a table row or a list item. */
function visible(text: string): string {
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => (char === "\n" ? "↵" : `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`));
}

/**
 * Text from the preview as a Markdown code span: fenced by more backticks than it holds in a row, padded where it
 * starts or ends with one, and in a table its pipes escaped (GFM splits cells before it reads code spans).
 */
function code(text: string, inTable = false): string {
    const shown = inTable ? visible(text).replace(/\|/g, "\\|") : visible(text);
    const longest = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
    const fence = "`".repeat(longest + 1);
    const pad = shown.startsWith("`") || shown.endsWith("`") || shown.startsWith(" ") ? " " : "";
    return `${fence}${pad}${shown}${pad}${fence}`;
}

/** Text from the preview inside raw HTML: escaped for HTML. */
function htmlCode(text: string): string {
    return `<code>${visible(text).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char])}</code>`;
}

/** An http(s) URL from the preview as a Markdown link whose text is the URL as code. */
function link(url: string): string {
    const destination = url.replace(/[<>\s\\]/g, (char) => encodeURIComponent(char));
    return `[${code(url)}](<${destination}>)`;
}

/** Our own words set in Markdown text: only Markdown's punctuation needs escaping. */
function escapeText(text: string): string {
    return text.replace(/[\\`*_{}[\]()#+\-.!|<>@~]/g, "\\$&");
}
