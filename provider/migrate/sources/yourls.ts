// YOURLS: the three files its users have, told apart by what the file holds (docs/migration.md names each one's source):
// - the CSV its Import Export plugin exports (GautamGupta/YOURLS-Import-Export, fileio/csv.php): a header
//   `source,target,hits`, then one link a row, its keyword written as a path (`/keyword/`);
// - its own table of links, `yourls_url` (created by includes/functions-install.php), exported as CSV with the column
//   names in the first row: `keyword,url,title,timestamp,ip,clicks`;
// - the JSON answer of its API's `action=stats` (includes/functions.php, yourls_get_stats): `links` holds `link_1`,
//   `link_2`, ... each with its `shorturl`, `url` and `title`, and `stats.total_links` counts the whole table. The API
//   answers `limit` links (10 unless asked), so an answer that holds fewer links than the table is refused, never
//   carried in part.
import { csvHeader, readCsv } from "../csv-table";
import { aliasOf, InputError, own, text, type SourceRow } from "../rows";
import { parsedJson, withinBound } from "./json-pages";

const PLUGIN = { known: ["source", "target", "hits"], required: ["source", "target"] };
const TABLE = {
    known: ["keyword", "url", "title", "timestamp", "ip", "clicks"],
    required: ["keyword", "url"],
};
const STATS = "the JSON answer of its API's action=stats";
export const YOURLS_LAYOUTS = `the Import Export plugin's CSV (${PLUGIN.known.join(",")}), the yourls_url table as CSV with its column names in the first row (${TABLE.known.join(",")}), or ${STATS}`;

export function readYourls(content: string): SourceRow[] {
    if (/^\uFEFF?\s*[[{]/.test(content)) return readStats(content);
    const header = csvHeader(content);
    if (header.includes("source")) return readPlugin(content);
    if (header.includes("keyword")) return readTable(content);
    throw new InputError(`line 1: not a layout of YOURLS this reads; it reads ${YOURLS_LAYOUTS}`);
}

function readPlugin(content: string): SourceRow[] {
    return readCsv(content, PLUGIN).map(({ line, cells }) => ({
        where: `line ${line}`,
        fields: { url: cells.target, alias: cells.source?.replace(/^\/+|\/+$/g, "") || undefined },
    }));
}

function readTable(content: string): SourceRow[] {
    return readCsv(content, TABLE).map(({ line, cells }) => ({
        where: `line ${line}`,
        fields: { url: cells.url, alias: cells.keyword, title: cells.title },
    }));
}

/** One answer, or the answers of several calls (pages asked with `start`) as an array. */
function readStats(content: string): SourceRow[] {
    const json = parsedJson(content);
    const answers: [string, unknown][] = Array.isArray(json)
        ? json.map((answer, index) => [`[${index}].`, answer])
        : [["", json]];
    const rows = withinBound(answers.flatMap(([where, answer]) => linksOf(answer, where)));
    const total = totalLinks(answers);
    if (rows.length !== total)
        throw new InputError(
            `the answer holds ${rows.length} of the ${total} links its stats count: ask action=stats with limit=${total} (or give every page)`,
        );
    return rows;
}

function linksOf(answer: unknown, where: string): SourceRow[] {
    const links = own(answer, "links") ?? {};
    if (typeof links !== "object" || links === null || Array.isArray(links))
        throw new InputError(`${where}links: not an object of links (${STATS} holds link_1, link_2, ... there)`);
    return Object.entries(links).map(([key, link]) => {
        const problems: string[] = [];
        const shortUrl = text(own(link, "shorturl"), "shorturl", problems);
        const fields = {
            url: text(own(link, "url"), "url", problems),
            alias: shortUrl === undefined ? undefined : aliasOf(shortUrl),
            title: text(own(link, "title"), "title", problems),
        };
        return {
            where: `${where}links.${key}`,
            fields,
            refused: problems.length > 0 ? problems.join("; ") : undefined,
        };
    });
}

/** The number of links the table holds, as every answer's `stats.total_links` says it, the same in each. */
function totalLinks(answers: readonly [string, unknown][]): number {
    const totals = answers.map(([where, answer]) => {
        const total = own(own(answer, "stats"), "total_links");
        const count =
            typeof total === "number" || (typeof total === "string" && /^\d+$/.test(total)) ? Number(total) : NaN;
        if (!Number.isSafeInteger(count) || count < 0)
            throw new InputError(`${where}stats.total_links: not a count of links (${STATS} carries one)`);
        return count;
    });
    if (new Set(totals).size > 1)
        throw new InputError(`the answers count different totals of links: ${totals.join(", ")}`);
    return totals[0] ?? 0;
}
