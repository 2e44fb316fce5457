// Secrets (the API key, a password sent to the account) must not reach an error in any form. A service that echoes
// the request in its error message shows them as it encodes them: JSON-escaped (with PHP's \/ and \u escapes),
// HTML-escaped, percent-encoded, or an encoding of one of these (JSON inside an HTML page, a form field inside
// JSON). So each character of a secret is matched in any of those forms, up to two encodings deep, independently
// of its neighbours; and the whole secret is also matched in base64 (a service that echoes an Authorization or a
// Basic header, or a token built from the key), at any alignment.

type Encoder = (text: string) => string;

const hex = (code: number, width: number) => code.toString(16).padStart(width, "0");
const utf8Bytes = (text: string) => [...Buffer.from(text, "utf8")];
const eachUnit = (text: string, encode: (unit: number, char: string) => string) =>
    Array.from({ length: text.length }, (_, index) => encode(text.charCodeAt(index), text[index])).join("");

const JSON_SHORT: Record<string, string> = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\f": "\\f",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
};
const HTML_SPECIAL: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#039;" };

const ENCODERS: readonly Encoder[] = [
    // JSON.stringify's own escaping.
    (text) => JSON.stringify(text).slice(1, -1),
    // PHP's json_encode: also "/" and every non-ASCII unit escaped.
    (text) =>
        eachUnit(
            text,
            (unit, char) =>
                JSON_SHORT[char] ?? (char === "/" ? "\\/" : unit > 0x7e || unit < 0x20 ? `\\u${hex(unit, 4)}` : char),
        ),
    (text) => eachUnit(text, (unit) => `\\u${hex(unit, 4)}`),
    (text) => eachUnit(text, (unit) => `\\u${hex(unit, 4).toUpperCase()}`),
    // htmlspecialchars (ENT_QUOTES) and its other spellings of the apostrophe, then numeric references.
    (text) => text.replace(/[&<>"']/g, (char) => HTML_SPECIAL[char]),
    (text) => text.replace(/'/g, "&#39;"),
    (text) => text.replace(/'/g, "&apos;"),
    (text) => text.replace(/'/g, "&#x27;"),
    (text) => [...text].map((char) => `&#${char.codePointAt(0)};`).join(""),
    (text) => [...text].map((char) => `&#x${hex(char.codePointAt(0)!, 1)};`).join(""),
    // Percent-encoding as URLs and forms carry it, in both cases of hex.
    (text) => encodeURIComponent(text),
    (text) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    (text) => encodeURIComponent(text).replace(/%20/g, "+"),
    (text) =>
        utf8Bytes(text)
            .map((byte) => `%${hex(byte, 2).toUpperCase()}`)
            .join(""),
    (text) =>
        utf8Bytes(text)
            .map((byte) => `%${hex(byte, 2)}`)
            .join(""),
];

/** Every form one character (or surrogate pair) may take, up to two encodings deep. */
function formsOf(char: string): string[] {
    const once = new Set([char]);
    for (const encode of ENCODERS) once.add(safely(encode, char));
    const twice = new Set(once);
    for (const form of once) for (const encode of ENCODERS) twice.add(safely(encode, form));
    twice.delete("");
    return [...twice].sort((a, b) => b.length - a.length);
}

/** A lone surrogate cannot be percent-encoded; that form then does not exist. */
function safely(encode: Encoder, text: string): string {
    try {
        return encode(text);
    } catch {
        return "";
    }
}

// Shorter base64 runs would match ordinary text by chance; a secret that short is not protected by base64 either.
const MIN_BASE64_RUN = 8;

/** The part of the secret's base64 that does not depend on the bytes around it, at each of the three alignments. */
function base64Forms(secret: string): string[] {
    const forms = new Set<string>();
    for (let offset = 0; offset < 3; offset++) {
        const bytes = Buffer.concat([Buffer.alloc(offset), Buffer.from(secret, "utf8")]);
        const encoded = bytes.toString("base64").replace(/=+$/, "");
        const head = [0, 2, 3][offset];
        const tail = bytes.length % 3 === 0 ? 0 : 1;
        const core = encoded.slice(head, encoded.length - tail);
        if (core.length < MIN_BASE64_RUN) continue;
        forms.add(core);
        forms.add(core.replace(/\+/g, "-").replace(/\//g, "_"));
    }
    return [...forms];
}

const escapeRegExp = (text: string) =>
    eachUnit(text, (unit, char) => (/[A-Za-z0-9]/.test(char) ? char : `\\u${hex(unit, 4)}`));

function patternOf(secret: string): string {
    const perCharacter = [...secret].map((char) => `(?:${formsOf(char).map(escapeRegExp).join("|")})`).join("");
    return [perCharacter, ...base64Forms(secret).map(escapeRegExp)].join("|");
}

const REDACTED = "[redacted]";

/** A function that replaces every form of every non-empty secret in a text by "[redacted]". */
export function redactor(secrets: readonly string[]): (text: string) => string {
    const present = [...new Set(secrets.filter((secret) => secret !== ""))].sort((a, b) => b.length - a.length);
    if (present.length === 0) return (text) => text;
    const pattern = new RegExp(present.map(patternOf).join("|"), "g");
    return (text) => text.replace(pattern, REDACTED);
}

/**
 * A base URL as a message, a generated program or a report shows it: without user-info, query or fragment, where
 * credentials hide (`https://user:pass@short.example/?key=...` is `https://short.example`), and with every form of
 * the secrets redacted (a key pasted into its path). One that does not parse (`https//user:pass@short.example`)
 * loses its query and fragment, and all before its last "@" but the scheme.
 */
export function shownBaseUrl(baseUrl: string, secrets: readonly string[]): string {
    return redactor(secrets)(withoutCredentials(baseUrl));
}

function withoutCredentials(baseUrl: string): string {
    try {
        const url = new URL(baseUrl);
        return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
    } catch {
        const bare = baseUrl.replace(/[?#][\s\S]*$/, "");
        const at = bare.lastIndexOf("@");
        if (at < 0) return bare;
        const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:?\/+/.exec(bare)?.[0] ?? "";
        return `${scheme}${REDACTED}${bare.slice(at)}`;
    }
}
