// Kutt: the answer of its API's link list (GET /api/v2/links, documented in thedevs-network/kutt's docs/api/api.js):
// `{ limit, skip, total, data: [...] }`, saved as it comes, one page or an array of pages. A link's address is its
// alias, its target the long URL, its description the title; `expire_in` (an ISO time) its expiry, in UTC.
import { own, text, type SourceRow } from "../rows";
import { readPages } from "./json-pages";

/** 2030-01-31T18:00:00.000Z as the service's expiry, `2030-01-31 18:00:00` (UTC); anything else as it is, to be judged. */
function expiryOf(value: string | undefined): string | undefined {
    const time = value === undefined ? NaN : Date.parse(value);
    return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 19).replace("T", " ");
}

/** Why a link Kutt holds cannot be carried over as it is. */
function refusalOf(value: unknown): string | undefined {
    if (own(value, "banned") === true) return "banned in Kutt";
    if (own(value, "password") === true)
        return "protected by a password in Kutt, which does not export it: carried over it would be open to anyone; declare it in the program with its password";
    return undefined;
}

export function readKutt(json: string): SourceRow[] {
    return readPages(json, "data").map(({ where, value }) => {
        const problems: string[] = [];
        const fields = {
            url: text(own(value, "target"), "target", problems),
            alias: text(own(value, "address"), "address", problems),
            title: text(own(value, "description"), "description", problems),
            expiry: expiryOf(text(own(value, "expire_in"), "expire_in", problems)),
        };
        return { where, fields, refused: problems.length > 0 ? problems.join("; ") : refusalOf(value) };
    });
}
