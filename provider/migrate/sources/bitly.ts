// Bitly: the answer of its API v4's "Retrieve Bitlinks by Group" (GET /v4/groups/{group_guid}/bitlinks, documented at
// dev.bitly.com): `{ links: [...], pagination }`, saved as it comes, one page or an array of pages. A link's custom
// back-half (`custom_bitlinks`) is its alias where it has one, else the hash of `link`. Bitly's dashboard export is
// not documented: it is not read.
import { aliasOf, own, text, type SourceRow } from "../rows";
import { readPages } from "./json-pages";

function aliasOfBitlink(value: unknown, problems: string[]): string | undefined {
    const custom = own(value, "custom_bitlinks");
    const first = Array.isArray(custom) ? text(custom[0], "custom_bitlinks[0]", problems) : undefined;
    const link = first ?? text(own(value, "link"), "link", problems) ?? text(own(value, "id"), "id", problems);
    return link === undefined ? undefined : aliasOf(link);
}

export function readBitly(json: string): SourceRow[] {
    return readPages(json, "links").map(({ where, value }) => {
        const problems: string[] = [];
        const fields = {
            url: text(own(value, "long_url"), "long_url", problems),
            alias: aliasOfBitlink(value, problems),
            title: text(own(value, "title"), "title", problems),
        };
        const archived = own(value, "archived") === true ? "archived in Bitly" : undefined;
        return { where, fields, refused: problems.length > 0 ? problems.join("; ") : archived };
    });
}
