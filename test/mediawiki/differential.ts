// The differential check: each definition goes to a real api.php (POST, errorformat=plaintext) and to the
// validator, given that wiki's own paraminfo as its catalogue, so that only the rules are compared.
// When the wiki errs, the validator must be invalid and list the wiki's error code, or list it among what may occur
// (an error that depends on the configuration); when the wiki accepts, the validator must be valid with the same
// warnings (code and module), those it says may occur with some pages counting when the wiki gives them. The
// validator's advice is the project's own voice and is not compared. Answers that depend on who asks or on which
// pages exist are counted apart.
import { implodeMultiValue } from "../../wiki/paramvalidator/multivalue";
import { validateWikiQuery, WikiQueryDefinition, WikiQueryResult } from "../../wiki";
import type { Catalogue } from "../../wiki/catalogue/model";
import type { CorpusCase } from "./corpus";

export interface WikiFinding {
    code: string;
    module: string;
}

export interface WikiAnswer {
    errors: WikiFinding[];
    warnings: WikiFinding[];
    /** Pages of the answer that do not exist or whose title is invalid, and revisions it did not find (badrevids). */
    absentPages: number;
}

export type Verdict = "agree" | "disagree" | "depends on data" | "wiki failed";

export interface Comparison {
    readonly testCase: CorpusCase;
    readonly wiki: WikiAnswer;
    readonly validator: WikiQueryResult;
    readonly verdict: Verdict;
}

// Error codes whose answer depends on the caller or on the wiki's content, not on the request's form.
const DATA_DEPENDENT_ERRORS = new Set([
    "notloggedin",
    "nosuchpageid",
    "nosuchrevid",
    "nosuchuser",
    "missingtitle",
    "bad_wlowner",
    "bad_wltoken",
    "permissiondenied",
    "readapidenied",
    "mustbeloggedin",
    "invaliduser",
    "nosuchusershort",
    "stashnotloggedin",
]);
// Warnings about the content found, never about the request's form (TextExtracts warns per page it extracts).
const DATA_DEPENDENT_WARNINGS = new Set([
    "nosuchuser",
    "nosuchpageid",
    "nosuchrevid",
    "missingtitle",
    "textextracts-sentences-and-html",
    "textextracts-limit",
    "textextracts-title-in-file-namespace",
]);
// Errors that depend on the pages found when the validator cannot tell: a continue value beyond the pages
// (extracts) or naming none of them (pageimages). The validator agrees when it reports them from the request alone.
const PAGE_DEPENDENT_ERRORS = new Set(["badcontinue@extracts", "badcontinue@pageimages"]);
const DEPRECATION_HELP = "deprecation-help@main";
// Rules that modules check only when some of the pages exist (ApiQueryRevisions counts only "good titles").
const EXISTING_PAGE_RULES = /(?:revisions|langlinks|iwlinks)$/;

/** The request body a definition makes: the same values any client of api.php would send. */
export function wireParams(definition: WikiQueryDefinition): URLSearchParams {
    const body = new URLSearchParams({ action: "query" });
    for (const group of ["prop", "list", "meta"] as const) {
        const names = definition[group];
        if (names !== undefined) body.set(group, typeof names === "string" ? names : implodeMultiValue(names));
    }
    if (definition.generator !== undefined) body.set("generator", definition.generator);
    for (const [name, value] of Object.entries(definition.params ?? {})) {
        if (value === false) continue;
        if (value === true) body.set(name, "1");
        else body.set(name, Array.isArray(value) ? implodeMultiValue(value.map(String)) : String(value));
    }
    body.set("format", "json");
    body.set("formatversion", "2");
    body.set("errorformat", "plaintext");
    return body;
}

function moduleName(path: unknown): string {
    return typeof path === "string" ? path.replace(/^query\+/, "") : "";
}

function findings(list: unknown): WikiFinding[] {
    if (!Array.isArray(list)) return [];
    return list.map((entry: { code?: unknown; module?: unknown }) => ({
        code: String(entry.code),
        module: moduleName(entry.module),
    }));
}

export async function askWiki(apiUrl: string, definition: WikiQueryDefinition): Promise<WikiAnswer> {
    const response = await fetch(apiUrl, { method: "POST", body: wireParams(definition) });
    const text = await response.text();
    let body: {
        errors?: unknown;
        warnings?: unknown;
        query?: { pages?: { missing?: boolean; invalid?: boolean }[]; badrevids?: Record<string, unknown> };
    };
    try {
        body = JSON.parse(text);
    } catch {
        throw new Error(`api.php answered HTTP ${response.status} with no JSON: ${text.slice(0, 200)}`);
    }
    const absentPages =
        (body.query?.pages ?? []).filter((page) => page.missing || page.invalid).length +
        Object.keys(body.query?.badrevids ?? {}).length;
    return { errors: findings(body.errors), warnings: findings(body.warnings), absentPages };
}

function key(finding: WikiFinding): string {
    return `${finding.code}@${finding.module}`;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
    const left = new Set(a);
    const right = new Set(b);
    return left.size === right.size && [...left].every((item) => right.has(item));
}

function existingPageRuleOnAbsentPages(wiki: WikiAnswer, validator: WikiQueryResult): boolean {
    return (
        wiki.absentPages > 0 &&
        validator.errors.length > 0 &&
        validator.errors.every((issue) => issue.code === "invalidparammix" && EXISTING_PAGE_RULES.test(issue.module))
    );
}

function possibleKeys(validator: WikiQueryResult, severity: "error" | "warning"): Set<string> {
    return new Set(validator.possible.filter((issue) => issue.severity === severity).map(key));
}

// The wiki's warnings that the validator must also give: each one it says may occur accounts for one the wiki gave
// (and a possible deprecation for the deprecation-help that comes with every deprecation, once).
function certainWarnings(wiki: WikiAnswer, validator: WikiQueryResult): string[] {
    const given = wiki.warnings.filter((warning) => !DATA_DEPENDENT_WARNINGS.has(warning.code)).map(key);
    const helpIsOurs = validator.warnings.some((warning) => key(warning) === DEPRECATION_HELP);
    const remove = (warning: string) => {
        const at = given.indexOf(warning);
        if (at >= 0) given.splice(at, 1);
        return at >= 0;
    };
    for (const warning of validator.possible.filter((issue) => issue.severity === "warning").map(key)) {
        if (remove(warning) && warning.startsWith("deprecation@") && !helpIsOurs) remove(DEPRECATION_HELP);
    }
    return given;
}

export function judge(wiki: WikiAnswer, validator: WikiQueryResult): Verdict {
    const [error] = wiki.errors;
    if (error && validator.valid && possibleKeys(validator, "error").has(key(error))) return "agree";
    // An exception inside the wiki (internal_api_error_*) is no rule to compare with.
    if (error?.code.startsWith("internal_api_error")) return "wiki failed";
    if (!error && existingPageRuleOnAbsentPages(wiki, validator)) return "depends on data";
    if (error) {
        const reported = !validator.valid && validator.errors.some((issue) => issue.code === error.code);
        // badid_<param>: a revision id that does not exist on this wiki.
        if (DATA_DEPENDENT_ERRORS.has(error.code) || error.code.startsWith("badid_")) return "depends on data";
        if (!reported && PAGE_DEPENDENT_ERRORS.has(key(error))) return "depends on data";
        return reported ? "agree" : "disagree";
    }
    return validator.valid && sameSet(certainWarnings(wiki, validator), validator.warnings.map(key))
        ? "agree"
        : "disagree";
}

async function mapConcurrently<T, R>(
    items: readonly T[],
    concurrency: number,
    work: (item: T) => Promise<R>,
): Promise<R[]> {
    const results: R[] = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const index = next++;
            results[index] = await work(items[index]);
        }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    return results;
}

export interface DifferentialOptions {
    apiUrl: string;
    catalogue: Catalogue;
    /** The wiki's MediaWiki version, for the rules that changed between versions; the catalogue's own when absent (a pin records it). */
    version?: string;
    cases: readonly CorpusCase[];
    concurrency?: number;
}

export interface ClassRow {
    kind: string;
    cases: number;
    agree: number;
    disagree: number;
    dependsOnData: number;
    wikiFailed: number;
}

export class DifferentialReport {
    constructor(readonly comparisons: readonly Comparison[]) {}

    get compared(): number {
        return this.comparisons.filter(
            (comparison) => comparison.verdict === "agree" || comparison.verdict === "disagree",
        ).length;
    }

    get agreed(): number {
        return this.comparisons.filter((comparison) => comparison.verdict === "agree").length;
    }

    /** Agreement among the answers that depend only on the request, as a percentage. */
    get agreement(): number {
        return this.compared === 0 ? 0 : (100 * this.agreed) / this.compared;
    }

    get disagreements(): Comparison[] {
        return this.comparisons.filter((comparison) => comparison.verdict === "disagree");
    }

    rows(): ClassRow[] {
        const rows = new Map<string, ClassRow>();
        for (const { testCase, verdict } of this.comparisons) {
            let row = rows.get(testCase.kind);
            if (!row) {
                row = { kind: testCase.kind, cases: 0, agree: 0, disagree: 0, dependsOnData: 0, wikiFailed: 0 };
                rows.set(testCase.kind, row);
            }
            row.cases++;
            if (verdict === "agree") row.agree++;
            else if (verdict === "disagree") row.disagree++;
            else if (verdict === "wiki failed") row.wikiFailed++;
            else row.dependsOnData++;
        }
        return [...rows.values()].sort((a, b) => a.kind.localeCompare(b.kind));
    }

    table(): string {
        const header = `${"class".padEnd(26)} ${"cases".padStart(6)} ${"agree".padStart(6)} ${"differ".padStart(6)} ${"data".padStart(6)} ${"crash".padStart(6)}`;
        const lines = [header, "-".repeat(header.length)];
        for (const row of this.rows()) {
            lines.push(
                `${row.kind.padEnd(26)} ${String(row.cases).padStart(6)} ${String(row.agree).padStart(6)} ${String(row.disagree).padStart(6)} ${String(row.dependsOnData).padStart(6)} ${String(row.wikiFailed).padStart(6)}`,
            );
        }
        const dependent = this.comparisons.filter((comparison) => comparison.verdict === "depends on data").length;
        const failed = this.comparisons.filter((comparison) => comparison.verdict === "wiki failed").length;
        lines.push(
            `${this.comparisons.length} definitions; ${dependent} depend on the caller or the pages; the wiki failed internally on ${failed}; ` +
                `agreement ${this.agreed}/${this.compared} = ${this.agreement.toFixed(2)}%`,
        );
        return lines.join("\n");
    }

    /** One line per disagreement: what the wiki said and what the validator said. */
    describeDisagreements(limit = Infinity): string {
        return this.disagreements
            .slice(0, limit)
            .map(({ testCase, wiki, validator }) => {
                const said = (list: readonly WikiFinding[]) => list.map(key).join(",") || "-";
                return `[${testCase.kind}] ${wireParams(testCase.definition).toString()}\n    wiki: errors ${said(wiki.errors)} warnings ${said(wiki.warnings)}\n    ours: errors ${said(validator.errors)} warnings ${said(validator.warnings)}`;
            })
            .join("\n");
    }
}

/** The same wiki answers judged by the validator with another catalogue (the wiki is not asked again). */
export function rejudge(report: DifferentialReport, catalogue: Catalogue, version?: string): DifferentialReport {
    return new DifferentialReport(
        report.comparisons.map(({ testCase, wiki }) => {
            const validator = validateWikiQuery(testCase.definition, { catalogue, mediawikiVersion: version });
            return { testCase, wiki, validator, verdict: judge(wiki, validator) };
        }),
    );
}

export async function runDifferential(options: DifferentialOptions): Promise<DifferentialReport> {
    const validatorOptions = { catalogue: options.catalogue, mediawikiVersion: options.version };
    const comparisons = await mapConcurrently(options.cases, options.concurrency ?? 4, async (testCase) => {
        const wiki = await askWiki(options.apiUrl, testCase.definition);
        const validator = validateWikiQuery(testCase.definition, validatorOptions);
        return { testCase, wiki, validator, verdict: judge(wiki, validator) };
    });
    return new DifferentialReport(comparisons);
}
