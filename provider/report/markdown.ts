// The report as GitHub-flavoured Markdown for a pull-request comment, a job summary or an issue. Safety rule: text
// from the preview (names, types, paths, values, messages, operations) reaches the Markdown only through `literal()`,
// as code (a code span, never empty: no emphasis, link, mention or tag inside, its pipes escaped in a table; <code> with
// HTML's escapes inside the raw HTML of a <summary>), or as the text of a `link()`, so no value can open a tag, a
// link, a mention, a line or a table column.
// Size rule: everything written counts against the cap. The marker, the title and the summary always fit (the summary
// table collapses to its counts by operation when by type it would not); a failed preview's errors come next, as many
// as fit, each cut to fit, the rest counted; the other sections follow while they fit, and a note says how many were
// left out.
import { BOUNDS } from "../bounds";
import { COMMON_BOUNDS } from "../../common/bounds";
import { cut, escapeControls } from "../../common/text/echo";
import {
    Break,
    DESTRUCTIVE,
    OPERATION_ORDER,
    PropertyChange,
    Report,
    ResourceChange,
    SummaryRow,
    ViolationRow,
} from "./model";
import { Shown, KNOWN_AFTER_UP, showLabel } from "./values";
import type { LintFinding } from "./lint";

/** GitHub refuses a comment longer than 65,536 characters; the default cap leaves room for what a workflow adds. */
export const DEFAULT_MAX_CHARS = BOUNDS.reportMaxChars.default;
/** The smallest cap taken: below it not even the summary of a large plan fits. */
export const MIN_MAX_CHARS = BOUNDS.reportMaxChars.lowest;
/** The most summary rows shown; the rest are counted in one row (a row is a type and an operation). */
const MAX_SUMMARY_ROWS = BOUNDS.maxReportSummaryRows.default;
/** The row of a collapsed summary that counts the operations OPERATION_ORDER does not name. */
const OTHER_OPERATIONS = "other operations";

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
    const blocks = [
        ...violationBlocks(report.violations),
        ...breakingBlocks(report.changes),
        ...driftSection(report),
        ...section("Changes", report.changes, false),
        ...diagnosticsBlocks(report),
        ...lintBlocks(options.lint ?? []),
    ];
    const reserve = leftOutNote(blocks.length, options.maxChars).length;
    const head = headOf(report, options, reserve);
    const errors = errorBlock(report.diagnostics.filter(isError), options.maxChars - head.length - reserve);
    return fitted(head + errors, blocks, options.maxChars);
}

/** The marker, the heading and the summary: by type, or by operation alone when by type it would pass the cap. */
function headOf(report: Report, options: MarkdownOptions, reserve: number): string {
    const head = (table: string) =>
        [
            markerComment(options.marker),
            `### ${escapeText(cut(options.title))}: ${headline(report)}`,
            "",
            table,
            "",
        ].join("\n");
    const byType = head(summaryTable(report.summary, report.changes));
    if (byType.length + reserve <= options.maxChars) return byType;
    return `${head(summaryTable(countsOnly(report.summary), report.changes))}\n> The summary by type is left out: it would pass ${options.maxChars} characters.\n`;
}

/**
 * Says how many sections were left out; counted in the cap like everything else. It sends the reader to the preview
 * itself: a workflow that pipes the preview's events into the report (as it must, for their secrets) logs none of it.
 */
function leftOutNote(left: number, maxChars: number): string {
    return `\n> ${left} more section${left === 1 ? "" : "s"} left out: the comment would pass ${maxChars} characters. \`pulumi preview\` of the same commit shows the whole preview.\n`;
}

/**
 * The head and as many blocks as fit under the cap, with a note of what did not: every character written is counted,
 * the note's included. (The head, its summary collapsed to counts, is at most a few hundred characters: under
 * MIN_MAX_CHARS.)
 */
function fitted(head: string, blocks: readonly string[], maxChars: number): string {
    let out = head;
    for (let index = 0; index < blocks.length; index++) {
        const rest = blocks.length - index - 1;
        const reserve = rest > 0 ? leftOutNote(rest, maxChars).length : 0;
        if (out.length + blocks[index].length + reserve > maxChars)
            return out + leftOutNote(blocks.length - index, maxChars);
        out += blocks[index];
    }
    return out;
}

/** The summary by operation alone, all types together, the operations this report does not know in one row. */
function countsOnly(rows: readonly SummaryRow[]): SummaryRow[] {
    const counts = new Map<string, SummaryRow>();
    for (const row of rows) {
        if (row.operation === "same" && row.type !== "") continue;
        const operation = OPERATION_ORDER.includes(row.operation) ? row.operation : OTHER_OPERATIONS;
        const counted = counts.get(operation) ?? { type: "", operation, count: 0 };
        counted.count += row.count;
        counts.set(operation, counted);
    }
    return [...counts.values()];
}

/** What the preview found and planned; for one that stopped, that it failed or was canceled first. */
function headline(report: Report): string {
    const counts = new Map<string, number>();
    for (const row of report.summary) counts.set(row.operation, (counts.get(row.operation) ?? 0) + row.count);
    const parts = ["replace", "delete", "create", "update", "import"]
        .filter((op) => counts.has(op))
        .map((op) => `${counts.get(op)} to ${op}`);
    const drift = report.refreshed ? [`${report.drift.length + report.undetailedDrift} drifted`] : [];
    const breaking = report.changes.filter((change) => change.breaks !== undefined).length;
    const plan = [
        ...drift,
        ...parts,
        ...(breaking > 0 ? [`${breaking} break${breaking === 1 ? "s" : ""} a public short URL`] : []),
    ];
    const found = violationCounts(report.violations);
    if (report.stopped === undefined) {
        const said = [...found, ...plan];
        return said.length === 0 ? "no changes" : said.join(", ");
    }
    const errors = report.diagnostics.filter(isError).length;
    const stopped =
        report.stopped === "canceled" || errors === 0
            ? report.stopped
            : `failed with ${errors} error${errors === 1 ? "" : "s"}`;
    const planned = plan.length === 0 ? "" : `; planned before it stopped: ${plan.join(", ")}`;
    return `${[stopped, ...found].join(", ")}${planned}`;
}

/**
 * The changes that break a public short URL, each named by the URL, in one block ahead of the resources: printed
 * posters and sent e-mails point at it, and no later change can mend them. The summary table counts them; the list
 * names at most as many as the summary has rows.
 */
function breakingBlocks(changes: readonly ResourceChange[]): string[] {
    const breaking = changes.filter((change) => change.breaks !== undefined);
    if (breaking.length === 0) return [];
    const lines = breaking
        .slice(0, MAX_SUMMARY_ROWS)
        .map(
            (change) =>
                `- ${shownCode(change.breaks!.url)}: ${breakWords(change.breaks!)} (${shownCode(showLabel(change.name))})`,
        );
    if (breaking.length > MAX_SUMMARY_ROWS)
        lines.push(`- and ${breaking.length - MAX_SUMMARY_ROWS} more, each marked in its block below`);
    return [
        `\n#### ⚠️ Public short URLs that break\n\nPrinted posters and sent e-mails point at them.\n\n${lines.join("\n")}\n`,
    ];
}

/** "deleted", "replaced", or "`alias` and `domain` changed". */
function breakWords(broken: Break): string {
    if (broken.why !== "changed") return broken.why;
    const paths = broken.changed.map((path) => literal(path, "text"));
    return `${paths.length < 2 ? paths.join("") : `${paths.slice(0, -1).join(", ")} and ${paths[paths.length - 1]}`} changed`;
}

function summaryTable(rows: readonly SummaryRow[], changes: readonly ResourceChange[]): string {
    const shown = rows.filter((row) => row.operation !== "same" || row.type === "");
    if (shown.length === 0) return "No resource changes.";
    const lines = ["| | operation | type | resources |", "|---|---|---|---:|"];
    // A change that breaks a public short URL is marked in its row.
    for (const row of shown.slice(0, MAX_SUMMARY_ROWS)) {
        const breaking = changes.filter(
            (change) => change.breaks && change.operation === row.operation && change.type === row.type,
        ).length;
        const mark = [
            DESTRUCTIVE.has(row.operation) ? "⚠️" : "",
            breaking > 0 ? `🔗 ${breaking} break${breaking === 1 ? "s" : ""} a short URL` : "",
        ]
            .filter(Boolean)
            .join(" ");
        const type = row.type === "" ? "all types" : literal(row.type, "cell");
        lines.push(
            `| ${mark} | ${DESTRUCTIVE.has(row.operation) ? `**${row.operation}**` : operationShown(row.operation, "cell")} | ${type} | ${row.count} |`,
        );
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

/**
 * The drift, when the preview refreshed: a block per drifted resource, after a note of those a refresh's JSON counts
 * without naming them (their provider gives no detailed diff), which `pulumi preview --refresh` names.
 */
function driftSection(report: Report): string[] {
    if (!report.refreshed) return [];
    const title = "Drift: changed outside Pulumi";
    const count = report.undetailedDrift;
    if (count === 0) return section(title, report.drift, true);
    const more = report.drift.length > 0 ? " more" : "";
    const note = `${count}${more} resource${count === 1 ? " was" : "s were"} changed outside Pulumi, which \`pulumi refresh --json\` counts but does not name (a provider without a detailed diff); \`pulumi preview --refresh --json\` names each, property by property.`;
    return [`\n#### ${title}\n\n${note}\n`, ...report.drift.map((change) => resourceBlock(change, true))];
}

/** What happened to a resource, as its block's summary says it: drift is open and told in the past. */
function operationWords(change: ResourceChange, drift: boolean): string {
    const words = drift
        ? change.operation === "delete"
            ? "deleted"
            : "changed"
        : operationShown(change.operation, "html");
    return DESTRUCTIVE.has(change.operation) ? `<b>${words}</b> ⚠️` : words;
}

/** An operation of OPERATION_ORDER in our words; one a later engine adds (or a hostile preview makes up) as data. */
function operationShown(operation: string, place: Place): string {
    return OPERATION_ORDER.includes(operation) || operation === OTHER_OPERATIONS
        ? operation
        : literal(operation, place);
}

function resourceBlock(change: ResourceChange, drift: boolean): string {
    const label = change.label ? ` ${shownHtml(change.label)}` : "";
    const what = change.noun
        ? `${change.noun}${label} (${literal(change.name, "html")})`
        : `${literal(change.name, "html")} ${literal(change.type, "html")}`;
    const lines = [`\n<details${drift ? " open" : ""}><summary>${operationWords(change, drift)} ${what}</summary>\n`];
    if (change.link) lines.push(`On the service: ${link(change.link)}\n`);
    if (change.breaks)
        lines.push(
            `⚠️ **Breaks the public short URL** ${shownCode(change.breaks.url)}: ${breakWords(change.breaks)}.\n`,
        );
    if (change.unseen.length > 0) {
        const named = change.unseen.map((property) => literal(property, "text")).join(", ");
        lines.push(
            `The service does not show ${named}: drift in ${change.unseen.length === 1 ? "it" : "them"} cannot be checked.\n`,
        );
    }
    if (change.replaceReasons.length > 0)
        lines.push(
            `Replaced because ${change.replaceReasons.map((reason) => literal(reason, "text")).join(", ")} changed.\n`,
        );
    if (change.properties.length > 0) lines.push(propertyTable(change.properties), "");
    else if (change.operation === "update" || change.operation === "replace")
        lines.push("Only values that are not shown change: secrets, or the provider's own.\n");
    lines.push("</details>\n");
    return lines.join("\n");
}

function propertyTable(properties: readonly PropertyChange[]): string {
    const lines = ["| property | before | after |", "|---|---|---|"];
    for (const property of properties) {
        const named = property.word !== undefined && property.word !== property.path;
        const name = named
            ? `${escapeText(property.word!)} ${literal(property.path, "cell")}`
            : literal(property.path, "cell");
        const replaces = property.kind.endsWith("-replace") ? " (replaces)" : "";
        lines.push(`| ${name}${replaces} | ${shownCode(property.old)} | ${shownCode(property.new)} |`);
    }
    return lines.join("\n");
}

/** "2 mandatory policy violations", "1 advisory policy violation": what the packs found, the blocking level first. */
function violationCounts(violations: readonly ViolationRow[]): string[] {
    const counts = new Map<string, number>();
    for (const violation of violations) counts.set(violation.level, (counts.get(violation.level) ?? 0) + 1);
    return [...counts].map(([level, count]) => {
        const word = KNOWN_LEVELS.has(level) ? level : literal(level, "text");
        return `${count} ${word} policy violation${count === 1 ? "" : "s"}`;
    });
}

/** The enforcement levels written as our words; any other is the engine's text, shown as code. */
const KNOWN_LEVELS = new Set(["mandatory", "advisory", "remediate"]);

/** The policy packs' violations, mandatory first, ahead of every resource: a mandatory one blocks the change. */
function violationBlocks(violations: readonly ViolationRow[]): string[] {
    if (violations.length === 0) return [];
    const lines = ["| level | rule | resource | violation |", "|---|---|---|---|"];
    for (const violation of violations) {
        const level = violation.level === "mandatory" ? "**mandatory**" : literal(violation.level, "cell");
        const resource =
            violation.name === undefined ? "_the stack_" : literal(`${violation.type} ${violation.name}`, "cell");
        const rule = literal(`${violation.pack}/${violation.rule}`, "cell");
        lines.push(`| ${level} | ${rule} | ${resource} | ${literal(violation.message, "cell")} |`);
    }
    return [`\n#### Policy violations\n\n${lines.join("\n")}\n`];
}

type Diagnostic = Report["diagnostics"][number];

const isError = (entry: Diagnostic) => entry.severity === "error";

/** The resource a diagnostic names, as its URN's name part, cut. */
function diagnosticPlace(entry: Diagnostic): string {
    return entry.urn ? ` ${literal(cut(entry.urn.split("::").slice(3).join("::")), "text")}` : "";
}

/** The diagnostics but the errors, which come first (errorBlock): the warnings. */
function diagnosticsBlocks(report: Report): string[] {
    const warnings = report.diagnostics.filter((entry) => !isError(entry));
    if (warnings.length === 0) return [];
    const lines = warnings.map(
        (entry) => `- **${entry.severity}**${diagnosticPlace(entry)}: ${literal(entry.message, "text")}`,
    );
    return [`\n#### Diagnostics\n\n${lines.join("\n")}\n`];
}

/** The most characters of one error the report shows; one longer is cut, and cut further to fit the cap. */
const MAX_ERROR_CHARS = COMMON_BOUNDS.maxReportMessageChars.default;
/** An error that would show fewer characters than this is counted with those left out, not shown. */
const MIN_ERROR_CHARS = 40;

/**
 * The errors of a failed preview, first among the sections, in at most `budget` characters: as many as fit, each cut
 * to fit, the rest counted. What made the preview fail is what its reader needs first, whatever the plan's length.
 */
function errorBlock(errors: readonly Diagnostic[], budget: number): string {
    const title = "\n#### ❌ Errors\n\n";
    const leftOut = (left: number) => `- and ${left} more error${left === 1 ? "" : "s"}, left out for the cap\n`;
    const reserve = leftOut(errors.length).length + 1;
    if (errors.length === 0 || title.length + reserve > budget) return "";
    let out = title;
    for (let index = 0; index < errors.length; index++) {
        const line = errorLine(errors[index], budget - out.length - reserve);
        if (line === undefined) return `${out}${leftOut(errors.length - index)}\n`;
        out += line;
    }
    return `${out}\n`;
}

/** One error as a list item of at most `room` characters, its message cut to fit; undefined when too little fits. */
function errorLine(entry: Diagnostic, room: number): string | undefined {
    const line = (chars: number) =>
        `- **error**${diagnosticPlace(entry)}: ${literal(cut(entry.message.trimEnd(), chars), "text")}\n`;
    let chars: number = MAX_ERROR_CHARS;
    let shown = line(chars);
    // Escapes make a character up to 12 long: shrink by the ratio until it fits.
    while (shown.length > room && chars >= MIN_ERROR_CHARS) {
        chars = Math.min(chars - 1, Math.floor((chars * room) / shown.length));
        shown = line(chars);
    }
    return shown.length <= room && chars >= MIN_ERROR_CHARS ? shown : undefined;
}

function lintBlocks(findings: readonly LintFinding[]): string[] {
    if (findings.length === 0) return [];
    const lines = ["| file | definition | parameter | finding |", "|---|---|---|---|"];
    for (const finding of findings) {
        const cells = [finding.file, finding.definition, finding.param].map((text) => literal(text, "cell"));
        lines.push(
            `| ${cells.join(" | ")} | **${finding.severity}** ${literal(finding.code, "cell")}: ${literal(finding.message, "cell")} |`,
        );
    }
    return [`\n#### Wiki queries\n\n${lines.join("\n")}\n`];
}

/** A value in a table cell. */
function shownCode(shown: Shown): string {
    if (shown.kind === "value") return literal(shown.text, "cell");
    return shownWords(shown);
}

/** A value in the raw HTML of a summary. */
function shownHtml(shown: Shown): string {
    if (shown.kind === "value") return literal(shown.text, "html");
    return shownWords(shown)
        .replace(/`([^`]*)`/, "<code>$1</code>")
        .replace(/_([^_]*)_/, "<em>$1</em>");
}

function shownWords(shown: Exclude<Shown, { kind: "value" }>): string {
    if (shown.kind === "secret") return "`[secret]`";
    if (shown.kind === "unknown") return `_${KNOWN_AFTER_UP}_`;
    return "_none_";
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Controls, line breaks and invisible format characters (bidi, zero-width) as visible escapes: a line break would
 *  end a table row or a list item, a bidi override turn the text around it. */
const visible = escapeControls;

/** Where a value is set: Markdown text, a table cell (GFM splits cells at pipes before it reads code spans), or the
 *  raw HTML of a <summary> (which GitHub does not read as Markdown). */
type Place = "text" | "cell" | "html";

/**
 * The one way text from the preview reaches the Markdown: as code. In Markdown, a code span fenced by more backticks
 * than the text holds in a row, never empty (an empty span would pair with the next one on the line), padded where
 * the text starts or ends with a backtick or a space; in a cell its pipes escaped. In HTML, <code> with HTML's escapes.
 */
function literal(text: string, place: Place): string {
    const shown = visible(text);
    if (place === "html") return `<code>${shown.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char])}</code>`;
    const inner = place === "cell" ? shown.replace(/\|/g, "\\|") : shown;
    const longest = Math.max(0, ...(inner.match(/`+/g) ?? []).map((run) => run.length));
    const fence = "`".repeat(longest + 1);
    // CommonMark strips one space from each side of a span that is not all spaces; an empty text becomes two spaces.
    const pad = inner === "" || (/^[ `]|[ `]$/.test(inner) && /[^ ]/.test(inner)) ? " " : "";
    return `${fence}${pad}${inner}${pad}${fence}`;
}

/** An http(s) URL from the preview as a Markdown link whose text is the URL as code. */
function link(url: string): string {
    const destination = url.replace(/[<>\s\\]/g, (char) => encodeURIComponent(char));
    return `[${literal(url, "text")}](<${destination}>)`;
}

/** Our own words set in Markdown text: only Markdown's punctuation needs escaping. */
function escapeText(text: string): string {
    return visible(text).replace(/[\\`*_{}[\]()#+\-.!|<>@~&]/g, "\\$&");
}
