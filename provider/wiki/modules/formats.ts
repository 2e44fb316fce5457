// Value formats that module code checks after ParamValidator has accepted a string (the dieWithError
// checks of the ApiQuery*.php modules): title parts, titles in a namespace, hashes, IPs and ranges,
// hexadecimal sort keys, diffto, and continue values.
import { isValidIP, isValidRange } from "../mediawiki/ip-utils";
import { ILLEGAL_IN_TITLE, NAMESPACE_NAMES, parseTitle } from "../mediawiki/title-parser";

export type FormatCheck = (value: string, namespace: number) => boolean;

const SHA1 = /^[0-9a-f]{40}$/;
const SHA1_BASE36 = /^[0-9a-z]{31}$/;
const HEX_SORTKEY = /^(?:[a-fA-F0-9]{2})*$/;
const DIGITS = /^\d+$/;
/** An integer as PHP's strval((int) $value) writes it. */
export const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;

// ApiQueryBase::titlePartToKey: Title::makeTitleSafe($namespace, $part . 'x') must stay in that namespace, without a fragment.
function isTitlePart(value: string, namespace: number): boolean {
    if (value.includes("#")) return false;
    const prefix = namespace === 0 ? "" : `${NAMESPACE_NAMES.get(namespace) ?? ""}:`;
    const title = parseTitle(`${prefix}${value}x`);
    return title !== undefined && title.namespace === namespace;
}

function isTitle(value: string): boolean {
    return parseTitle(value) !== undefined;
}

// A continue value: "|"-separated fields, as many as the module wrote, those marked "int" an integer
// written as PHP's strval((int) $field) would write it.
export function continueFormat(fields: readonly ("int" | "string")[]): FormatCheck {
    return (value) => {
        const parts = value.split("|");
        return parts.length === fields.length && fields.every((field, index) => field === "string" || CANONICAL_INTEGER.test(parts[index]));
    };
}

export const FORMATS = {
    titlepart: isTitlePart,
    title: isTitle,
    /** A valid title in the rule's namespace. */
    titleinnamespace: (value: string, namespace: number) => parseTitle(value)?.namespace === namespace,
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
    languagecode: (value: string) => value === "" || !/[:/\\\0&<>'"]/.test(value) && !ILLEGAL_IN_TITLE.test(value),
    languagetag: (value: string) => value === "*" || /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/.test(value),
    positiveinteger: (value: string) => /^\d+$/.test(value) && Number(value) > 0,
} satisfies Record<string, FormatCheck>;

export type FormatName = keyof typeof FORMATS;
