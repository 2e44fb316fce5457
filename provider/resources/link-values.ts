// A link's inputs that the service reads in a form of its own: the alias it rewrites as a slug, the expiry it stores
// as `YYYY-MM-DD HH:MM:SS`, and the redirect it takes as one string. Each is read here with the rules the service
// applies when it is sent one, which the Link's rules apply where a value is sent, so that what a program declares is
// what the service stores, or is refused at preview. The emulator knows the same rules, written apart on purpose (it
// is the service's double, not the provider's); test/provider/service-rules.test.ts holds the two to agree.
import { z } from "zod";
import { escapeHtml, normaliseOrigin, objectId, withoutTags } from "./values";

/**
 * The first path segments of the service's own pages, which it refuses as an alias whatever their case (links.md:
 * "reserved"). The service's source builds the list from its routes; these are the routes of its public pages.
 */
export const RESERVED_ALIASES: ReadonlySet<string> = new Set([
    "admin",
    "affiliate",
    "api",
    "bio",
    "blog",
    "checkout",
    "contact",
    "developers",
    "faq",
    "forgot",
    "help",
    "invite",
    "login",
    "logout",
    "page",
    "pricing",
    "privacy",
    "q",
    "qr",
    "r",
    "register",
    "report",
    "reset",
    "shorten",
    "sitemap",
    "terms",
    "u",
    "upgrade",
    "user",
    "webhook",
]);

/** The service's minimum length of a custom alias. */
export const MIN_ALIAS = 3;

/** Printable ASCII: how the service's slug treats any other character is not known (links.md does not say). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The alias as the service stores it (links.md, "custom"): tags stripped and & " ' < > escaped, as every text, then
 * rewritten as a slug: ASCII punctuation other than `/ _ | +` and the characters from space to `.` dropped, each run of
 * those then made one `-`, and `-` trimmed at both ends.
 */
export function aliasSlug(alias: string): string {
    return escapeHtml(withoutTags(alias))
        .replace(/[:;<=>?@[\\\]^`{}~]/g, "")
        .replace(/[/_|+ -.]+/g, "-")
        .replace(/^-+|-+$/g, "");
}

/**
 * Why the service would not store this alias as declared if it were sent new (rewritten as a slug, too short,
 * reserved, or holding characters whose slug is not known), or undefined when it would. An alias the service already
 * holds may break these rules: it was made before them, or by the service's admin.
 */
export function newAliasFailure(alias: string): string | undefined {
    if (!PRINTABLE_ASCII.test(withoutTags(alias)))
        return "holds a character outside printable ASCII, which the service's slug rewrites in a way not known; use letters, digits and dashes";
    const stored = aliasSlug(alias);
    // The service judges the stored form: a rewritten alias too short or reserved is refused, not stored.
    const subject = stored === alias ? "" : `would be stored as ${JSON.stringify(stored)}, which `;
    if (stored.length < MIN_ALIAS)
        return `${subject}must be at least ${MIN_ALIAS} characters (the service refuses shorter aliases)`;
    if (RESERVED_ALIASES.has(stored.toLowerCase()))
        return `${subject || `"${stored}" `}is reserved by the service for its own pages; choose another alias (reserved: ${[...RESERVED_ALIASES].join(", ")})`;
    if (subject)
        return `would be stored as ${JSON.stringify(stored)}: the service rewrites an alias as a slug; declare ${JSON.stringify(stored)}`;
    return undefined;
}

const EXPIRY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** An expiry as the service stores it, `YYYY-MM-DD HH:MM:SS`, from a date with an optional time. */
export const expiryInput = z
    .string()
    .trim()
    .transform((value, context) => {
        const parts = EXPIRY.exec(value);
        const [year, month, day, hour = "00", minute = "00", second = "00"] = parts?.slice(1) ?? [];
        const stored = `${year}-${month}-${day} ${hour}:${minute}:${second}`;
        const time = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
        if (!parts || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== `${year}-${month}-${day}`) {
            context.addIssue({
                code: "custom",
                message: "must be a date YYYY-MM-DD, optionally with a time HH:MM or HH:MM:SS",
            });
            return z.NEVER;
        }
        return stored;
    });

/** Whether an expiry in its stored form is not later than now, which the service refuses whenever it is sent. */
export function expiryPassed(stored: string): boolean {
    return Date.parse(`${stored.replace(" ", "T")}Z`) <= Date.now();
}

/** How a link sends its visitors on. */
export type Redirect = "direct" | "frame" | "splash" | { splash: number | string } | { overlay: number | string };

export const redirectInput = z.union(
    [
        z.enum(["direct", "frame", "splash"]),
        z.strictObject({ splash: objectId }),
        z.strictObject({ overlay: objectId }),
    ],
    { error: 'must be "direct", "frame", "splash", { splash: <splash page id> } or { overlay: <overlay id> }' },
);

/** The service's `type` for a declared redirect (valid inputs), or undefined for none. */
export function redirectType(redirect: unknown): string | undefined {
    const declared = redirect as z.output<typeof redirectInput> | undefined;
    if (declared === undefined || typeof declared === "string") return declared;
    return "splash" in declared ? String(declared.splash) : `overlay-${declared.overlay}`;
}

/** The keys of a link's `utm`, each sent as the query parameter `utm_<key>`. */
export const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;

/** The service's query parameters of a declared link (valid inputs): its `parameters` and its `utm`, in the order of their names. */
export function queryParameters(
    wanted: Readonly<Record<string, unknown>>,
): { name: string; value: string }[] | undefined {
    const parameters = wanted.parameters as Record<string, string> | undefined;
    const utm = wanted.utm as Partial<Record<(typeof UTM_KEYS)[number], string>> | undefined;
    if (parameters === undefined && utm === undefined) return undefined;
    const named = new Map(Object.entries(parameters ?? {}));
    for (const key of UTM_KEYS) if (utm?.[key] !== undefined) named.set(`utm_${key}`, utm[key]);
    return [...named].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, value]) => ({ name, value }));
}

/** The origin and alias of a short URL: https://go.example.com/summer → [https://go.example.com, summer]. */
export function splitShortUrl(shortUrl: string): { origin: string; alias: string } {
    const slash = shortUrl.lastIndexOf("/");
    return { origin: normaliseOrigin(shortUrl.slice(0, slash)), alias: shortUrl.slice(slash + 1) };
}
