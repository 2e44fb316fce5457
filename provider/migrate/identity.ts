// What names a link on the service, for telling two rows, a row and an entry of links.json, or a row and a link the
// account holds, apart: its domain and alias, or without an alias its long URL (a create without an alias whose
// content equals a link's is answered with that link: links.md, "Identical create").
import type { Link as RemoteLink } from "../client";
import { splitShortUrl } from "../resources/link-values";
import { normaliseOrigin, normaliseUrl, storedText } from "../resources/values";
import type { Carried, Refused } from "./carry";
import type { LinksEntry } from "./links-file";

/** The identity of a link's inputs: "alias <domain> <alias>" (the domain empty for the default one), or "url <url>". */
export function identityOf(args: Readonly<Record<string, unknown>>): string {
    const domain = typeof args.domain === "string" ? normaliseOrigin(args.domain) : "";
    return typeof args.alias === "string" ? `alias ${domain} ${args.alias}` : `url ${normaliseUrl(String(args.url))}`;
}

/** How a row's identity is said in a reason. */
function describe(args: Readonly<Record<string, unknown>>): string {
    if (typeof args.alias !== "string") return "the same long URL, without an alias,";
    return `the alias ${JSON.stringify(args.alias)}${typeof args.domain === "string" ? ` on ${args.domain}` : ""}`;
}

/** Every row after the first of an identity, refused naming where the first is. */
export function withoutDuplicates(carried: readonly Carried[]): { kept: Carried[]; refused: Refused[] } {
    const first = new Map<string, Carried>();
    const refused: Refused[] = [];
    for (const row of carried) {
        const seen = first.get(identityOf(row.args));
        if (seen) refused.push({ where: row.where, reason: `${describe(row.args)} is on ${seen.where} too` });
        else first.set(identityOf(row.args), row);
    }
    return { kept: [...first.values()], refused };
}

/** Why a link of the account stands in the way of a row, or undefined when it does not. */
function blocks(args: Readonly<Record<string, unknown>>, remote: RemoteLink): string | undefined {
    const where = `the account's link ${remote.id} (${remote.shortUrl})`;
    if (typeof args.alias === "string") {
        const { origin } = splitShortUrl(remote.shortUrl);
        const domain = typeof args.domain === "string" ? normaliseOrigin(args.domain) : undefined;
        return remote.alias === args.alias && (domain === undefined || domain === origin)
            ? `${where} has ${describe(args)}: declare it in links.json with adopt: ${remote.id}, or choose another alias`
            : undefined;
    }
    return storedText(normaliseUrl(String(args.url))).includes(remote.longUrl)
        ? `${where} has the same long URL, and a create without an alias would be answered with it: declare it in links.json with adopt: ${remote.id}, or give the row an alias`
        : undefined;
}

/** Whether an entry of links.json is the account's link: adopts it, or has its alias, or (without one) its long URL. */
function declares(args: Readonly<Record<string, unknown>>, remote: RemoteLink): boolean {
    if (args.adopt === remote.id) return true;
    if (typeof args.alias === "string") return args.alias === remote.alias;
    return typeof args.url === "string" && storedText(normaliseUrl(args.url)).includes(remote.longUrl);
}

/** The rows a link of the account stands in the way of, that links.json does not declare already. */
export function collisions(
    carried: readonly Carried[],
    account: readonly RemoteLink[],
    declared: readonly LinksEntry[],
): Refused[] {
    const others = account.filter((remote) => !declared.some((entry) => declares(entry.args, remote)));
    return carried.flatMap((row) => {
        const reason = others.map((remote) => blocks(row.args, remote)).find((found) => found !== undefined);
        return reason === undefined ? [] : [{ where: row.where, reason }];
    });
}
