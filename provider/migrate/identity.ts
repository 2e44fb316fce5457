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

/** The stored forms of a long URL a row or an entry declares: a listing shows one of them (storedText). */
function urlForms(url: unknown): string[] {
    return storedText(normaliseUrl(String(url)));
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
    return urlForms(args.url).includes(remote.longUrl)
        ? `${where} has the same long URL, and a create without an alias would be answered with it: declare it in links.json with adopt: ${remote.id}, or give the row an alias`
        : undefined;
}

/**
 * What links.json declares of the account's links: the ids it adopts, the aliases it has, and (for an entry without
 * an alias) the long URLs in the forms a listing shows. A link is declared when it has one of them.
 */
function declaredIn(entries: readonly LinksEntry[]): (remote: RemoteLink) => boolean {
    const ids = new Set(entries.flatMap(({ args }) => (typeof args.adopt === "number" ? [args.adopt] : [])));
    const aliases = new Set(entries.flatMap(({ args }) => (typeof args.alias === "string" ? [args.alias] : [])));
    const urls = new Set(
        entries.flatMap(({ args }) =>
            typeof args.alias !== "string" && typeof args.url === "string" ? urlForms(args.url) : [],
        ),
    );
    return (remote) => ids.has(remote.id) || aliases.has(remote.alias) || urls.has(remote.longUrl);
}

/** The first link in the listing's order of each value `key` gives. */
function firstBy(links: readonly RemoteLink[], key: (remote: RemoteLink) => string): Map<string, RemoteLink> {
    const first = new Map<string, RemoteLink>();
    for (const remote of links) if (!first.has(key(remote))) first.set(key(remote), remote);
    return first;
}

/**
 * The rows a link of the account stands in the way of, that links.json does not declare already, each naming the
 * first such link in the listing's order. A row is judged only against the link found by its alias (on its domain,
 * when it names one) or, without one, by its long URL, so the check grows with the rows and the links, not with their
 * product.
 */
export function collisions(
    carried: readonly Carried[],
    account: readonly RemoteLink[],
    declared: readonly LinksEntry[],
): Refused[] {
    const isDeclared = declaredIn(declared);
    const others = account.filter((remote) => !isDeclared(remote));
    const order = new Map(others.map((remote, index) => [remote, index]));
    const byAlias = firstBy(others, (remote) => remote.alias);
    const byAliasOn = firstBy(others, (remote) => `${splitShortUrl(remote.shortUrl).origin} ${remote.alias}`);
    const byUrl = firstBy(others, (remote) => remote.longUrl);
    const inTheWay = ({ alias, domain, url }: Readonly<Record<string, unknown>>): RemoteLink | undefined => {
        if (typeof alias === "string")
            return typeof domain === "string"
                ? byAliasOn.get(`${normaliseOrigin(domain)} ${alias}`)
                : byAlias.get(alias);
        const found = urlForms(url).flatMap((form) => byUrl.get(form) ?? []);
        return found.sort((a, b) => order.get(a)! - order.get(b)!)[0];
    };
    return carried.flatMap((row) => {
        const remote = inTheWay(row.args);
        const reason = remote && blocks(row.args, remote);
        return reason === undefined ? [] : [{ where: row.where, reason }];
    });
}
