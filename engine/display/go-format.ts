// Go's text formatting where the display uses it: strconv.Quote (`%q`), strconv.QuoteToGraphic, the `%.f` and `%g`
// of a float64, `%-Ns` (padding counts runes), len() of a string (UTF-8 bytes), strings.TrimSpace and the byte order
// in which Go sorts strings. A JavaScript string holds UTF-16; a character U+DC80–U+DCFF standing alone is a byte cut
// out of a UTF-8 sequence (as `s[:n]` cuts one in Go), which Quote writes as `\xNN`.
const SPACE =
    /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
const SPACE_SEPARATOR = /^\p{Zs}$/u;
const ESCAPES: Record<number, string> = { 7: "\\a", 8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t", 11: "\\v" };

/** strconv.Quote. */
export function quote(text: string): string {
    return quoteWith(text, isPrint);
}

/** strconv.QuoteToGraphic: spaces other than U+0020 are kept too. */
export function quoteToGraphic(text: string): string {
    return quoteWith(text, (rune) => isPrint(rune) || SPACE_SEPARATOR.test(String.fromCodePoint(rune)));
}

function quoteWith(text: string, kept: (rune: number) => boolean): string {
    let out = '"';
    for (const character of text) {
        const rune = character.codePointAt(0) ?? 0;
        if (rune >= 0xdc80 && rune <= 0xdcff) out += `\\x${hex(rune - 0xdc00, 2)}`;
        else if (character === '"' || character === "\\") out += `\\${character}`;
        else if (kept(rune)) out += character;
        else if (ESCAPES[rune]) out += ESCAPES[rune];
        else if (rune < 0x20 || rune === 0x7f) out += `\\x${hex(rune, 2)}`;
        else if (rune >= 0xd800 && rune <= 0xdfff) out += "\\ufffd";
        else out += rune < 0x10000 ? `\\u${hex(rune, 4)}` : `\\U${hex(rune, 8)}`;
    }
    return out + '"';
}

const hex = (value: number, width: number) => value.toString(16).padStart(width, "0");

/** strconv.IsPrint: Latin-1 by its table, the rest letters, marks, numbers, punctuation and symbols. */
function isPrint(rune: number): boolean {
    if (rune <= 0xff) return (rune >= 0x20 && rune <= 0x7e) || (rune >= 0xa1 && rune !== 0xad);
    return PRINTABLE.test(String.fromCodePoint(rune));
}

/** `%.f` of a float64 with no fraction: every digit, no exponent. */
export function formatWhole(value: number): string {
    if (!Number.isFinite(value)) return value > 0 ? "+Inf" : "-Inf";
    return Object.is(value, -0) ? "-0" : BigInt(value).toString();
}

/** `%g` of a float64 (strconv.FormatFloat(f, 'g', -1, 64)): the shortest digits, an exponent below 1e-4 or from 1e6. */
export function formatG(value: number): string {
    if (Number.isNaN(value)) return "NaN";
    if (!Number.isFinite(value)) return value > 0 ? "+Inf" : "-Inf";
    const [mantissa, exponentText] = Math.abs(value).toExponential().split("e");
    const digits = mantissa.replace(".", "");
    const exponent = Number(exponentText);
    const sign = value < 0 || Object.is(value, -0) ? "-" : "";
    if (exponent < -4 || exponent >= 6) {
        const fraction = digits.length > 1 ? `.${digits.slice(1)}` : "";
        return `${sign}${digits[0]}${fraction}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
    }
    if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** `%-Ns`: the text, then spaces up to N runes. */
export function padRunes(text: string, width: number): string {
    return text + " ".repeat(Math.max(0, width - [...text].length));
}

/** len() of a Go string: its UTF-8 bytes. */
export function utf8Length(text: string): number {
    return Buffer.byteLength(text, "utf8");
}

/** strings.TrimSpace: Unicode's white space (not U+FEFF, which JavaScript's trim also drops). */
export function trimSpace(text: string): string {
    return text.replace(SPACE, "");
}

/** Go compares strings by their UTF-8 bytes, which is the order of their code points. */
export function compareGoStrings(left: string, right: string): number {
    const [a, b] = [[...left].map(codePoint), [...right].map(codePoint)];
    const differing = a.findIndex((point, index) => point !== b[index]);
    return differing === -1 ? a.length - b.length : differing >= b.length ? 1 : a[differing] - b[differing];
}

const codePoint = (character: string) => character.codePointAt(0) ?? 0;
