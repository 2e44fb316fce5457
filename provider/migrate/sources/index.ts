// The sources a migration reads, by the name --from gives them: each with the documented format it follows.
import type { SourceRow } from "../rows";
import { readBitly } from "./bitly";
import { CSV_COLUMNS, readOwnCsv } from "./csv";
import { readKutt } from "./kutt";
import { readShlink } from "./shlink";
import { readYourls, YOURLS_LAYOUTS } from "./yourls";

export interface Source {
    /** What the file is, as the usage says it. */
    file: string;
    read(text: string): SourceRow[];
}

export const SOURCES: Readonly<Record<string, Source>> = {
    csv: { file: `a CSV with a header row; columns ${CSV_COLUMNS.join(", ")} (url required)`, read: readOwnCsv },
    bitly: {
        file: "Bitly's API answer GET /v4/groups/{group_guid}/bitlinks, a page or an array of pages",
        read: readBitly,
    },
    yourls: { file: `YOURLS: ${YOURLS_LAYOUTS}`, read: readYourls },
    shlink: { file: "the CSV the Shlink web client exports (short_urls.csv)", read: readShlink },
    kutt: { file: "Kutt's API answer GET /api/v2/links, a page or an array of pages", read: readKutt },
};
