// MediaWiki's TitleParser (MediaWikiTitleCodec::splitTitleString): whether a text is a valid page title, in which
// namespace, and whether it links to another wiki, for a wiki's namespaces, aliases, interwiki prefixes and case
// rules (its site data; the standard English ones when none is known).
import { sanitizeIP } from "./ip-utils";
import { STANDARD_SITE_RULES, SiteRules } from "./site";

export interface ParsedTitle {
    namespace: number;
    /** The title without its namespace, first letter capitalised where the namespace is, with spaces (Title::getText). */
    text: string;
    /** The interwiki prefix (lower case) of a title on another wiki; "" for a local title. */
    interwiki: string;
}

export const NS_MAIN = 0;
export const NS_USER = 2;
const NS_SPECIAL = -1;
const NS_TALK = 1;
const NS_USER_TALK = 3;

const BIDI_MARKS = /[\u200E\u200F\u202A-\u202E]/g;
const WHITESPACE_RUNS = /[ _\u00A0\u1680\u180E\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;
const EDGE_UNDERSCORES = /^_+|_+$/g;
const UNDERSCORES = /_/g;
// Outside $wgLegalTitleChars: ASCII controls and #<>[]|{}; also percent-encoded bytes and HTML entities.
export const ILLEGAL_IN_TITLE = /[\x00-\x1f\x7f#<>[\]{|}]|%[0-9A-Fa-f]{2}|&[A-Za-z0-9\x80-\uFFFF]+;/;
const REPLACEMENT_CHARACTER = "\uFFFD";
const MAX_TITLE_BYTES = 255;
const MAX_SPECIAL_TITLE_BYTES = 512;

function isRelativePath(key: string): boolean {
    return (
        key.includes(".") &&
        (key === "." ||
            key === ".." ||
            key.startsWith("./") ||
            key.startsWith("../") ||
            key.includes("/./") ||
            key.includes("/../") ||
            key.endsWith("/.") ||
            key.endsWith("/.."))
    );
}

export function upperFirst(text: string): string {
    const first = text.codePointAt(0);
    if (first === undefined) return text;
    const length = first > 0xffff ? 2 : 1;
    return text.slice(0, length).toUpperCase() + text.slice(length);
}

interface Split {
    namespace: number;
    interwiki: string;
    key: string;
}

/** The prefix before the first colon of key[from..] and where the rest starts, as /^(.+?)_*:_*(.*)$/s splits key[from..]
 *  (the prefix at least one character, the underscores around the colon dropped); undefined when it has no prefix.
 *  Read by index, not by matching the rest again: a title of many prefixes costs time linear in its length. */
function prefixAt(key: string, from: number): { prefix: string; rest: number } | undefined {
    const colon = key.indexOf(":", from + 1);
    if (colon < 0) return undefined;
    let end = colon;
    while (end > from + 1 && key[end - 1] === "_") end--;
    let rest = colon + 1;
    while (key[rest] === "_") rest++;
    return { prefix: key.slice(from, end), rest };
}

// The namespace and interwiki prefixes of a key, as splitTitleString's loop takes them; undefined when invalid
// (Talk: before another namespace or an interwiki prefix).
function splitPrefixes(start: Split, site: SiteRules): Split | undefined {
    const { namespace, key } = start;
    let from = 0;
    for (;;) {
        const prefixed = prefixAt(key, from);
        if (!prefixed) return { namespace, interwiki: start.interwiki, key: key.slice(from) };
        const prefix = prefixed.prefix.toLowerCase();
        const prefixNamespace = site.namespaceIds.get(prefix);
        if (prefixNamespace !== undefined) {
            const inner = prefixAt(key, prefixed.rest);
            const innerPrefix = inner?.prefix.toLowerCase();
            if (
                prefixNamespace === NS_TALK &&
                innerPrefix !== undefined &&
                (site.namespaceIds.get(innerPrefix) || site.interwikiPrefixes.has(innerPrefix))
            )
                return undefined;
            return { namespace: prefixNamespace, interwiki: start.interwiki, key: key.slice(prefixed.rest) };
        }
        if (!site.interwikiPrefixes.has(prefix)) return { namespace, interwiki: start.interwiki, key: key.slice(from) };
        from = prefixed.rest;
        // A prefix naming this wiki itself is dropped, and the split starts again.
        if (site.localInterwikiPrefixes.has(prefix) && from < key.length) continue;
        if (site.localInterwikiPrefixes.has(prefix)) return { namespace: NS_MAIN, interwiki: "", key: "Main_Page" };
        if (key[from] === ":")
            return { namespace: NS_MAIN, interwiki: prefix, key: key.slice(from + 1).replace(EDGE_UNDERSCORES, "") };
        return { namespace, interwiki: prefix, key: key.slice(from) };
    }
}

export function parseTitle(
    text: string,
    defaultNamespace = NS_MAIN,
    site: SiteRules = STANDARD_SITE_RULES,
): ParsedTitle | undefined {
    let key = text.replace(BIDI_MARKS, "").replace(WHITESPACE_RUNS, "_").replace(EDGE_UNDERSCORES, "");
    if (key === "" || key.includes(REPLACEMENT_CHARACTER)) return undefined;
    let namespace = defaultNamespace;
    if (key.startsWith(":")) {
        namespace = NS_MAIN;
        key = key.slice(1).replace(EDGE_UNDERSCORES, "");
    }
    const split = splitPrefixes({ namespace, interwiki: "", key }, site);
    if (split === undefined) return undefined;
    ({ namespace, key } = split);
    const { interwiki } = split;
    const fragment = key.indexOf("#");
    if (fragment >= 0) key = key.slice(0, fragment).replace(EDGE_UNDERSCORES, "");
    // User pages of IPv6 addresses are named by the address written out, so "User:::1" is "User:0:0:0:0:0:0:0:1".
    if (namespace === NS_USER || namespace === NS_USER_TALK) key = sanitizeIP(key);
    // An interwiki link may name the other wiki alone; a local title needs a name.
    if (
        (key === "" && interwiki === "") ||
        key.startsWith(":") ||
        ILLEGAL_IN_TITLE.test(key) ||
        isRelativePath(key) ||
        key.includes("~~~")
    )
        return undefined;
    const bytes = Buffer.byteLength(key, "utf8");
    if (bytes > MAX_SPECIAL_TITLE_BYTES || (namespace !== NS_SPECIAL && bytes > MAX_TITLE_BYTES)) return undefined;
    // Other wikis' titles keep their case: the other wiki may be case-sensitive.
    const capitalised = interwiki === "" && !site.caseSensitive.has(namespace) ? upperFirst(key) : key;
    return { namespace, text: capitalised.replace(UNDERSCORES, " "), interwiki };
}

/** A title on this wiki: valid, without an interwiki prefix (Title::isExternal). */
export function parseLocalTitle(
    text: string,
    defaultNamespace = NS_MAIN,
    site: SiteRules = STANDARD_SITE_RULES,
): ParsedTitle | undefined {
    const title = parseTitle(text, defaultNamespace, site);
    return title?.interwiki === "" ? title : undefined;
}
