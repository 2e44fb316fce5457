// Value formats that module code checks after ParamValidator has accepted a string (the dieWithError
// checks of the ApiQuery*.php modules): title parts, titles in a namespace, hashes, IPs and ranges,
// hexadecimal sort keys, diffto, and continue values.
import { isValidIP, isValidRange } from "../mediawiki/ip-utils";
import type { SiteRules } from "../mediawiki/site";
import { ILLEGAL_IN_TITLE, parseLocalTitle } from "../mediawiki/title-parser";
import { toMediaWikiForm } from "../paramvalidator/typedefs/timestamp";

/** Whether a value has the format, in the rule's namespace, on the wiki with these site data. */
export type FormatCheck = (value: string, namespace: number, site: SiteRules) => boolean;

const SHA1 = /^[0-9a-f]{40}$/;
const SHA1_BASE36 = /^[0-9a-z]{31}$/;
const HEX_SORTKEY = /^(?:[a-fA-F0-9]{2})*$/;
const DIGITS = /^\d+$/;
/** An integer as PHP's strval((int) $value) writes it. */
export const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;

// ApiQueryBase::titlePartToKey: Title::makeTitleSafe($namespace, $part . 'x') must stay in that namespace, on this
// wiki (not behind an interwiki prefix), without a fragment.
function isTitlePart(value: string, namespace: number, site: SiteRules): boolean {
    if (value.includes("#")) return false;
    const prefix = namespace === 0 ? "" : `${site.namespaceNames.get(namespace) ?? ""}:`;
    return parseLocalTitle(`${prefix}${value}x`, 0, site)?.namespace === namespace;
}

// Modules that need a page of this wiki refuse an interwiki title (Title::isExternal) as invalid.
function isLocalTitle(value: string, _namespace: number, site: SiteRules): boolean {
    return parseLocalTitle(value, 0, site) !== undefined;
}

/** A field of a continue value: any text, an integer, an integer compared loosely, or a timestamp. */
export type ContinueField = "int" | "looseint" | "string" | "timestamp";

// A PHP numeric string (leading and, since PHP 8, trailing whitespace allowed).
const PHP_NUMERIC = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;
const PHP_LEADING_INTEGER = /^[ \t\n\r\v\f]*[+-]?\d+/;

/** PHP's (int) of a string: a numeric string's whole value, else its leading integer, else 0. */
export function phpIntval(text: string): number {
    if (PHP_NUMERIC.test(text)) return Math.trunc(Number(text.trim()));
    const leading = PHP_LEADING_INTEGER.exec(text);
    return leading ? Number(leading[0].trim()) : 0;
}

// ApiBase::parseContinueParamOrDie: an int as (string)(int) writes it back, a timestamp as the database writes it
// (IDatabase::timestamp: MediaWiki's 14-digit form).
const CONTINUE_FIELD: Readonly<Record<ContinueField, (field: string) => boolean>> = {
    string: () => true,
    int: (field) => CANONICAL_INTEGER.test(field),
    // Before parseContinueParamOrDie, some modules compared `(int)$field != $field`: a numeric string of whole value.
    looseint: (field) => PHP_NUMERIC.test(field) && Number.isInteger(Number(field.trim())),
    timestamp: (field) => toMediaWikiForm(field) === field,
};

// A continue value: "|"-separated fields, as many as the module wrote, each of its type.
export function continueFormat(fields: readonly ContinueField[]): FormatCheck {
    return (value) => {
        const parts = value.split("|");
        return parts.length === fields.length && fields.every((field, index) => CONTINUE_FIELD[field](parts[index]));
    };
}

// ApiQueryBase::parsePrefixedTitlePart: the part and an "X" parse as a title of this wiki, without a fragment, with more
// than the "X" after its namespace.
function isPrefixedTitlePart(value: string, _namespace: number, site: SiteRules): boolean {
    const title = value.includes("#") ? undefined : parseLocalTitle(`${value}X`, 0, site);
    return title !== undefined && title.text !== "X";
}

// LinkFilter::makeLikeArray: an asterisk only at the start of the domain ("*.example.org", or "*@example.org" for mailto).
const LEADING_WILDCARD = /^\*[.@]/;
function isLinkQuery(value: string): boolean {
    return !value.replace(LEADING_WILDCARD, "").includes("*");
}

export const FORMATS = {
    titlepart: isTitlePart,
    linkquery: isLinkQuery,
    prefixedtitlepart: isPrefixedTitlePart,
    title: isLocalTitle,
    /** A valid title of this wiki in the rule's namespace. */
    titleinnamespace: (value: string, namespace: number, site: SiteRules) =>
        parseLocalTitle(value, 0, site)?.namespace === namespace,
    sha1: (value: string) => SHA1.test(value.toLowerCase()),
    sha1base36: (value: string) => SHA1_BASE36.test(value.toLowerCase()),
    // ApiQueryBlocks: IPUtils::isIPv4 or isIPv6, which take an optional CIDR suffix.
    ip: (value: string) => isValidIP(value) || isValidRange(value),
    // ApiQueryUserContribs: an address with a CIDR suffix.
    iprange: (value: string) => isValidRange(value),
    hexsortkey: (value: string) => HEX_SORTKEY.test(value),
    // ApiQueryRevisionsBase: a revision number, or prev, next or cur.
    diffto: (value: string) => DIGITS.test(value) || value === "prev" || value === "next" || value === "cur",
    // Language::isValidCode: no character of :/\\ NUL & < > ' " and none a title may not hold.
    languagecode: (value: string) => value === "" || (!/[:/\\\0&<>'"]/.test(value) && !ILLEGAL_IN_TITLE.test(value)),
    // ApiQueryLanguageinfo: the codes the wiki knows; without its list, the shape of a language tag.
    languagetag: (value: string, _namespace: number, site: SiteRules) =>
        site.languages ? site.languages.has(value) : /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/.test(value),
    positiveinteger: (value: string) => /^\d+$/.test(value) && Number(value) > 0,
} satisfies Record<string, FormatCheck>;

export type FormatName = keyof typeof FORMATS;
