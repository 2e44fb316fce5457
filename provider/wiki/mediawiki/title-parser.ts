// The part of MediaWiki's TitleParser (MediaWikiTitleCodec::splitTitleString) that decides whether a
// text is a valid page title, and in which namespace, for a wiki with the standard English namespace
// names. Interwiki prefixes are a wiki's own configuration and are not known here.

export interface ParsedTitle {
    namespace: number;
    /** The title without its namespace, first letter capitalised, with spaces (Title::getText). */
    text: string;
}

export const NS_MAIN = 0;
export const NS_USER = 2;
const NS_SPECIAL = -1;

const NAMESPACE_NUMBERS: ReadonlyMap<string, number> = new Map([
    ["media", -2], ["special", -1], ["talk", 1], ["user", 2], ["user_talk", 3], ["project", 4], ["project_talk", 5],
    ["file", 6], ["image", 6], ["file_talk", 7], ["image_talk", 7], ["mediawiki", 8], ["mediawiki_talk", 9],
    ["template", 10], ["template_talk", 11], ["help", 12], ["help_talk", 13], ["category", 14], ["category_talk", 15],
]);

/** The canonical English name of each standard namespace. */
export const NAMESPACE_NAMES: ReadonlyMap<number, string> = new Map([
    [-2, "Media"], [-1, "Special"], [1, "Talk"], [2, "User"], [3, "User talk"], [4, "Project"], [5, "Project talk"], [6, "File"],
    [7, "File talk"], [8, "MediaWiki"], [9, "MediaWiki talk"], [10, "Template"], [11, "Template talk"], [12, "Help"],
    [13, "Help talk"], [14, "Category"], [15, "Category talk"],
]);

const BIDI_MARKS = /[\u200E\u200F\u202A-\u202E]/g;
const WHITESPACE_RUNS = /[ _\u00A0\u1680\u180E\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/g;
const EDGE_UNDERSCORES = /^_+|_+$/g;
const UNDERSCORES = /_/g;
const NAMESPACE_PREFIX = /^(.+?)_*:_*(.*)$/s;
// Outside $wgLegalTitleChars: ASCII controls and #<>[]|{}; also percent-encoded bytes and HTML entities.
export const ILLEGAL_IN_TITLE = /[\x00-\x1f\x7f#<>[\]{|}]|%[0-9A-Fa-f]{2}|&[A-Za-z0-9\x80-\uFFFF]+;/;
const REPLACEMENT_CHARACTER = "\uFFFD";
const MAX_TITLE_BYTES = 255;
const MAX_SPECIAL_TITLE_BYTES = 512;

function isRelativePath(key: string): boolean {
    return (
        key.includes(".") &&
        (key === "." || key === ".." || key.startsWith("./") || key.startsWith("../") || key.includes("/./") ||
            key.includes("/../") || key.endsWith("/.") || key.endsWith("/.."))
    );
}

export function upperFirst(text: string): string {
    const first = text.codePointAt(0);
    if (first === undefined) return text;
    const length = first > 0xffff ? 2 : 1;
    return text.slice(0, length).toUpperCase() + text.slice(length);
}

export function parseTitle(text: string, defaultNamespace = NS_MAIN): ParsedTitle | undefined {
    let key = text.replace(BIDI_MARKS, "").replace(WHITESPACE_RUNS, "_").replace(EDGE_UNDERSCORES, "");
    if (key === "" || key.includes(REPLACEMENT_CHARACTER)) return undefined;
    let namespace = defaultNamespace;
    if (key.startsWith(":")) {
        namespace = NS_MAIN;
        key = key.slice(1).replace(EDGE_UNDERSCORES, "");
    }
    const prefixed = NAMESPACE_PREFIX.exec(key);
    const prefixNamespace = prefixed ? NAMESPACE_NUMBERS.get(prefixed[1].toLowerCase()) : undefined;
    if (prefixed && prefixNamespace !== undefined) {
        namespace = prefixNamespace;
        key = prefixed[2];
    }
    const fragment = key.indexOf("#");
    if (fragment >= 0) key = key.slice(0, fragment).replace(EDGE_UNDERSCORES, "");
    if (key === "" || ILLEGAL_IN_TITLE.test(key) || isRelativePath(key) || key.includes("~~~")) return undefined;
    const bytes = Buffer.byteLength(key, "utf8");
    if (bytes > MAX_SPECIAL_TITLE_BYTES || (namespace !== NS_SPECIAL && bytes > MAX_TITLE_BYTES)) return undefined;
    return { namespace, text: upperFirst(key).replace(UNDERSCORES, " ") };
}
