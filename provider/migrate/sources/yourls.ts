// YOURLS: the CSV the YOURLS Import Export plugin exports (GautamGupta/YOURLS-Import-Export, fileio/csv.php): a header
// `source,target,hits`, then one link a row, its keyword written as a path (`/keyword/`), its long URL and its clicks.
// YOURLS itself has no export; the plugin's is the one its users have.
import { readCsv } from "../csv-table";
import type { SourceRow } from "../rows";

export function readYourls(text: string): SourceRow[] {
    return readCsv(text, { known: ["source", "target", "hits"], required: ["source", "target"] }).map(
        ({ line, cells }) => ({
            where: `line ${line}`,
            fields: { url: cells.target, alias: cells.source?.replace(/^\/+|\/+$/g, "") || undefined },
        }),
    );
}
