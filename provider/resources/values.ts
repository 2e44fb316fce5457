// Input types shared by several kinds, each validating and normalising the way the service does, so that an
// unchanged program always previews as no change.
import { z } from "zod";

/**
 * An http(s) URL, sent as declared: only its scheme and host are case-insensitive, so only they are written in lower
 * case (the host as the URL standard writes it: punycode, no default port). The path, its case and a trailing slash
 * are the user's: many web servers answer `/Docs/`, `/Docs` and `/docs` with different pages, or a redirect, or a 404.
 */
export const httpUrl = z
    .string()
    .trim()
    .refine((value) => parseHttpUrl(value) !== undefined, { error: "must be a URL starting with http:// or https://" })
    .transform((value) => normaliseUrl(value));

/** Everything after the authority, exactly as written: what `new URL` would re-encode or resolve stays the user's. */
const AFTER_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/\\?#]*(.*)$/is;

export function normaliseUrl(value: string): string {
    const trimmed = value.trim();
    const url = parseHttpUrl(trimmed);
    if (!url) return value;
    const rest = AFTER_AUTHORITY.exec(trimmed)?.[1];
    // A form only a lenient parser reads ("https:example.com") is written the standard way.
    if (rest === undefined) return url.href;
    const userInfo = url.username ? `${url.username}${url.password ? `:${url.password}` : ""}@` : "";
    return `${url.protocol}//${userInfo}${url.host}${rest}`;
}

/** A branded domain is a bare origin, which the service compares without case or trailing slash: it is kept without one. */
export function normaliseOrigin(value: string): string {
    // Only a URL is an origin: any other text the service holds is kept as it is, like normaliseUrl keeps it.
    return parseHttpUrl(value.trim()) ? withoutTrailingSlashes(normaliseUrl(value)) : value;
}

/** Linear in the length, unlike /\/+$/, which rescans the slashes from each one of a long run. */
function withoutTrailingSlashes(path: string): string {
    let end = path.length;
    while (end > 0 && path[end - 1] === "/") end--;
    return path.slice(0, end);
}

function parseHttpUrl(value: string): URL | undefined {
    try {
        const url = new URL(value);
        return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
    } catch {
        return undefined;
    }
}

// The real service passes every text input through a cleaner before storing it: <script> blocks and HTML tags are
// removed (as PHP's strip_tags: a "<" before white space is not a tag), then & " ' < > are escaped as HTML entities.
// Escaping can be undone, so the escaped form counts as the declared text; removal cannot, so it is refused.
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&#039;", "<": "&lt;", ">": "&gt;" };

/** The cleaner's result: time linear in the length, whatever the text (a regular expression for script blocks is not). */
export function withoutTags(value: string): string {
    return withoutScripts(value).replace(/<[^\s<>][^>]*(?:>|$)/g, "");
}

const SCRIPT_OPEN = /<script\b/gi;
const SCRIPT_CLOSE = /<\/script\s*>/gi;

/**
 * Removes each `<script ...>` tag with everything up to the first `</script>` after it, as
 * /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi would, in one pass: when an opening tag has no ">" or no closing tag
 * after it, no later one has either, so the search stops instead of scanning the rest again from each later "<script".
 */
function withoutScripts(value: string): string {
    let kept = "";
    let from = 0;
    for (;;) {
        SCRIPT_OPEN.lastIndex = from;
        const open = SCRIPT_OPEN.exec(value);
        if (!open) break;
        const tagEnd = value.indexOf(">", SCRIPT_OPEN.lastIndex);
        if (tagEnd < 0) break;
        SCRIPT_CLOSE.lastIndex = tagEnd + 1;
        const close = SCRIPT_CLOSE.exec(value);
        if (!close) break;
        kept += value.slice(from, open.index);
        from = SCRIPT_CLOSE.lastIndex;
    }
    return kept + value.slice(from);
}

/** & " ' < > as the real service's HTML entities. */
export function escapeHtml(value: string): string {
    return value.replace(/[&"'<>]/g, (char) => HTML_ESCAPES[char]);
}

const HTML_UNESCAPES: Record<string, string> = Object.fromEntries(
    Object.entries(HTML_ESCAPES).map(([char, entity]) => [entity, char]),
);

/**
 * The inverse of the real service's escaping: the text that escapes to `stored`, or undefined when no text does
 * (`stored` holds a bare & " ' < >, so it was not escaped: it is the text itself).
 */
export function unescapedText(stored: string): string | undefined {
    const text = withoutEntities(stored);
    return escapeHtml(text) === stored ? text : undefined;
}

/** The text with the real service's entities read as the characters they stand for, whatever else it holds. */
export function withoutEntities(stored: string): string {
    return stored.replace(/&(?:amp|quot|#039|lt|gt);/g, (entity) => HTML_UNESCAPES[entity]);
}

/** PHP's ucfirst, which the service applies to campaign names (and channel names on update): ASCII letters only. */
function upperFirst(value: string): string {
    return value.replace(/^[a-z]/, (letter) => letter.toUpperCase());
}

/** The forms the service may store a declared text in: as sent (the spec's service) or escaped (the real one). */
export function storedText(declared: string): string[] {
    return [declared, escapeHtml(declared)];
}

/** Likewise for a name whose first letter the service upper-cases. */
export function storedName(declared: string): string[] {
    return [...storedText(declared), upperFirst(escapeHtml(declared))];
}

/** Text the service stores as given or escaped; text it would change for good (tags it strips) is refused. */
export const serviceText = (what: string) =>
    z.string().superRefine((value, context) => {
        const kept = withoutTags(value);
        if (kept !== value) {
            context.addIssue({
                code: "custom",
                message: `${what} would be stored as ${JSON.stringify(kept)}: the service removes HTML tags and <script> blocks`,
            });
        }
    });

/**
 * The real service's update silently ignores names (and channel descriptions) of 2 characters or fewer: such a
 * value would never reach the service and the stack would show a diff forever, so it is refused up front.
 */
export const meaningfulText = (what: string) =>
    serviceText(what)
        .trim()
        .min(3, { error: `${what} must be at least 3 characters (the service ignores shorter ones)` });

/** A badge colour #RRGGBB; upper case, as it is stored, so #ff0000 and #FF0000 are the same colour. */
export const hexColour = z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: "must be a colour of the form #RRGGBB" })
    .transform((value) => value.toUpperCase());

/** A QR colour rgb(r,g,b) with components 0..255, written without spaces. */
export const rgbColour = z
    .string()
    .trim()
    .transform((value, context) => {
        const match = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value);
        const parts = match?.slice(1).map(Number);
        if (!parts || parts.some((part) => part > 255)) {
            context.addIssue({
                code: "custom",
                message: "must be a colour of the form rgb(r,g,b) with each part 0 to 255",
            });
            return z.NEVER;
        }
        return `rgb(${parts.join(",")})`;
    });

/** The URL of a .png or .jpg image, as the service takes a QR code's logo and a link's preview image. */
export const imageUrl = httpUrl.refine((url) => /\.(png|jpe?g)$/i.test(new URL(url).pathname), {
    error: "must be the URL of a .png or .jpg image",
});

/** An id of another object: Outputs of other resources arrive as numbers or numeric strings. */
export const objectId = z.coerce
    .number({ error: "must be the numeric id of an existing object" })
    .int({ error: "must be a whole number" })
    .positive({ error: "must be a positive id" });

/**
 * A schema of an object whose names the program chooses (a link's query parameters, a QR code's data fields).
 * `__proto__` is a name JSON.parse makes an own key of, which a record's parser would skip without a word; it is
 * refused by name instead.
 */
export const withOwnNames = <S extends z.ZodType>(schema: S) =>
    z.preprocess((given, context) => {
        if (typeof given === "object" && given !== null && Object.hasOwn(given, "__proto__")) {
            context.addIssue({
                code: "custom",
                path: ["__proto__"],
                input: given,
                message: "is a name a JavaScript object cannot hold as data; choose another name",
            });
        }
        return given;
    }, schema);
