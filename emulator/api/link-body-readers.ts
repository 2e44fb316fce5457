// Readers of the Links API's body fields, each as the service's `Links` trait reads it (docs/service/links.md).
// A reader returns the stored value, throws the service's refusal, or, where links.md leaves the service's answer
// unknown, refuses with notFollowed.
import { DeepLink, LinkRecord, Plan } from "../store/records";
import type { ServiceProfile } from "../profiles";
import { ApiContext } from "./context";
import { ApiFailure, notFollowed } from "./answers";
import { isHttpUrl } from "./fields";
import { isImageUrl } from "./qr-data";
import { systemDomainUrls } from "./domains";

type Body = Record<string, unknown>;

/** The type a link gets when none is sent or the plan lacks link types: the emulator's site setting. */
export const SITE_DEFAULT_TYPE = "direct";
const NAMED_TYPES = ["direct", "frame", "splash"];
export const MIN_ALIAS_LENGTH = 3;

/**
 * First path segments of the service's routes that the emulator knows (its own: api, q, r, u; the service's public
 * pages it names). The service's whole route table is not known; an alias outside this list is accepted. The admin
 * surface's __admin needs no entry: the slug makes it "admin".
 */
export const RESERVED_ALIASES = [
    "api",
    "q",
    "r",
    "u",
    "user",
    "admin",
    "login",
    "register",
    "logout",
    "page",
    "blog",
    "pricing",
    "contact",
    "faq",
    "qr",
    "bio",
    "developers",
    "sitemap",
    "forgot",
    "reset",
    "upgrade",
    "checkout",
    "webhook",
    "affiliate",
    "report",
    "terms",
    "privacy",
    "shorten",
    "help",
    "invite",
];

export function isSent(value: unknown): boolean {
    return value !== undefined && value !== null && value !== "";
}

function hostOf(value: string): string | undefined {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return undefined;
    try {
        return new URL(value).hostname.toLowerCase() || undefined;
    } catch {
        return undefined;
    }
}

/** The long URL: cleaned as the profile says, `https://` added when it has no scheme, then checked. */
export function readLongUrl(context: ApiContext, value: unknown, when: "create" | "update"): string {
    if (!isSent(value)) throw new ApiFailure("Missing required parameter: url");
    if (typeof value !== "string") throw new ApiFailure("Please enter a valid URL.");
    const cleaned = context.settings.profile.linkUrl(value.trim(), when);
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(cleaned) ? cleaned : `https://${cleaned}`;
    if (!/^https?:\/\//i.test(url))
        notFollowed(`a long URL with the scheme of "${url.split(":")[0]}"`, "links.md names only http(s) URLs");
    if (!isHttpUrl(url) || /\s/.test(url)) throw new ApiFailure("Please enter a valid URL.");
    if (hostOf(url) === hostOf(context.settings.baseUrl))
        throw new ApiFailure("You cannot shorten URLs of this website.");
    return url;
}

/** The service's slug of a custom alias (links.md: runs of / _ | + and of space..'.' become one "-"). */
export function aliasSlug(value: string): string {
    if (/[^\x20-\x7e]/.test(value))
        notFollowed(
            "a custom alias with characters outside printable ASCII",
            "links.md does not say how the slug rewrites them",
        );
    return value
        .replace(/[^A-Za-z0-9/_|+\x20-\x2e]/g, "")
        .replace(/[/_|+\x20-\x2e]+/g, "-")
        .replace(/^-+|-+$/g, "");
}

/** A custom alias as the profile stores it, checked for length and reserved words: the service's refusal otherwise. */
export function storedAlias(profile: ServiceProfile, value: string): string {
    const alias = aliasSlug(profile.storedText(value));
    if (alias.length < MIN_ALIAS_LENGTH) throw new ApiFailure("Custom alias must be at least 3 characters.");
    if (RESERVED_ALIASES.includes(alias.toLowerCase()))
        throw new ApiFailure("That alias is reserved. Please choose another one.");
    return alias;
}

/** A custom alias as stored, checked for length, reserved words and use by any account on the same domain. */
export function readCustomAlias(context: ApiContext, value: unknown, domain: string | null, linkId?: number): string {
    if (typeof value !== "string") notFollowed("a custom alias that is not a string", "links.md names only strings");
    const alias = storedAlias(context.settings.profile, value);
    if (aliasTaken(context, alias, domain, linkId))
        throw new ApiFailure("That alias is taken. Please choose another one.");
    return alias;
}

/** Whether a link other than `exceptId` has the alias on the domain: the short URL's host, however it is spelt. */
export function aliasTaken(context: ApiContext, alias: string, domain: string | null, exceptId?: number): boolean {
    const host = (stored: string | null) => hostOf(stored ?? context.settings.baseUrl) ?? stored;
    return context.store
        .records("links")
        .some(
            (link) =>
                link.id !== exceptId && host(link.domain) === host(domain) && (link.custom || link.alias) === alias,
        );
}

/** The account's default domain, else the first system domain the plan allows, else the service's own address. */
export function defaultDomain(context: ApiContext): string {
    const firstSystem = systemDomainUrls(context.settings.systemDomains)[0];
    return context.user.defaultDomain || (context.user.plan.systemDomains && firstSystem) || context.settings.baseUrl;
}

/** The domain as sent when its host is one of the account's domains or an allowed system domain, else the default. */
export function readDomain(context: ApiContext, value: unknown): string {
    const host = typeof value === "string" ? hostOf(value) : undefined;
    if (!host) return defaultDomain(context);
    const usable = [
        ...context.store.owned("domains", context.user.id).map((record) => record.domain),
        ...(context.user.plan.systemDomains ? systemDomainUrls(context.settings.systemDomains) : []),
    ];
    return usable.some((domain) => hostOf(domain) === host) ? (value as string) : defaultDomain(context);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The time of an expiry, read strictly: the ISO forms only (strtotime reads far more, which the emulator refuses
 * rather than guess). A day past the month's end rolls over as strtotime does; a month past 12 is unreadable.
 */
export function expiryTime(value: unknown): number {
    const match = typeof value === "string" ? ISO_DATE.exec(value.trim()) : null;
    if (!match)
        notFollowed(
            `the expiry ${JSON.stringify(value)}`,
            "the emulator reads only YYYY-MM-DD[ HH:MM[:SS]], the service any strtotime date",
        );
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
    const readable = month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59;
    if (!readable) throw new ApiFailure("The expiry date must be later than today.");
    // setUTCFullYear, not Date.UTC, which reads a year below 100 as 19xx.
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(hour, minute, second);
    return date.getTime();
}

/** An expiry time as the service stores it. */
export const storedExpiry = (time: number): string => new Date(time).toISOString().slice(0, 19).replace("T", " ");

/** The expiry as "YYYY-MM-DD HH:MM:SS"; refused when it is not later than now, dropped when the plan has none. */
export function readExpiry(context: ApiContext, value: unknown): string | null {
    if (!isSent(value)) return null;
    const time = expiryTime(value);
    if (time <= Date.now()) throw new ApiFailure("The expiry date must be later than today.");
    return context.user.plan.expiry ? storedExpiry(time) : null;
}

function ownId(
    context: ApiContext,
    kind: "pixels" | "campaigns" | "channels" | "splash" | "overlays",
    value: unknown,
): number | undefined {
    const id =
        typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(id) && context.store.findOwned(kind, context.user.id, id) ? id : undefined;
}

/** The redirect type, or undefined when none is sent. */
export function readType(context: ApiContext, value: unknown): string | undefined {
    if (!isSent(value)) return undefined;
    if (!context.user.plan.linkTypes) return SITE_DEFAULT_TYPE;
    if (typeof value === "string" && NAMED_TYPES.includes(value)) return value;
    if (ownId(context, "splash", value) !== undefined) return String(value);
    const overlay = typeof value === "string" ? /^overlay-(\d+)$/.exec(value) : null;
    if (overlay && ownId(context, "overlays", overlay[1]) !== undefined) return value as string;
    return notFollowed(
        `the type ${JSON.stringify(value)}`,
        "links.md names direct, frame, splash, an own splash page's id and overlay-<own overlay id>",
    );
}

type EntryField = "geotarget" | "devicetarget" | "languagetarget" | "parameters";
const ENTRY_KEYS: Record<EntryField, [string, string]> = {
    geotarget: ["location", "link"],
    devicetarget: ["device", "link"],
    languagetarget: ["language", "link"],
    parameters: ["name", "value"],
};

/** A list of targets or parameters: [] without the plan feature; entries kept when both fields are non-empty strings. */
export function readEntries<F extends EntryField>(context: ApiContext, body: Body, field: F): LinkRecord[F] {
    const value = body[field];
    if (!isSent(value) || !context.user.plan[field as keyof Plan]) return [];
    if (!Array.isArray(value)) notFollowed(`a ${field} that is not an array`, "links.md names only arrays of entries");
    const [key, target] = ENTRY_KEYS[field];
    const valid = (entry: Record<string, unknown>) =>
        typeof entry[key] === "string" &&
        entry[key] !== "" &&
        typeof entry[target] === "string" &&
        entry[target] !== "" &&
        (target !== "link" || isHttpUrl(entry[target]));
    return value
        .filter(
            (entry): entry is Record<string, unknown> =>
                typeof entry === "object" && entry !== null && valid(entry as Record<string, unknown>),
        )
        .map((entry) => ({
            [key]: field === "languagetarget" ? (entry[key] as string).slice(0, 2) : entry[key],
            [target]: entry[target],
        })) as LinkRecord[F];
}

/** Only the account's own pixels are kept. */
export function readPixels(context: ApiContext, value: unknown): number[] {
    if (!isSent(value)) return [];
    if (!Array.isArray(value)) notFollowed("pixels that are not an array", "links.md names only an array of ids");
    return value.map((entry) => ownId(context, "pixels", entry)).filter((id): id is number => id !== undefined);
}

export function readCampaign(context: ApiContext, value: unknown): number | null {
    return ownId(context, "campaigns", value) ?? null;
}

export function readChannel(context: ApiContext, value: unknown): number | undefined {
    return ownId(context, "channels", value);
}

/** {apple, google} or {auto: true}; null without the plan feature, undefined when not sent. */
export function readDeepLink(context: ApiContext, value: unknown): DeepLink | null | undefined {
    if (!isSent(value)) return undefined;
    if (!context.user.plan.deeplink) return null;
    const link = typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    if (link.auto === true) return { auto: true };
    const stores = ["apple", "google"].filter((store) => typeof link[store] === "string" && link[store] !== "");
    if (stores.length === 0)
        notFollowed("a deeplink that is neither {apple, google} nor {auto: true}", "links.md names only those");
    return Object.fromEntries(stores.map((store) => [store, link[store]]));
}

export function readMetaImage(value: unknown): string | undefined {
    if (!isSent(value)) return undefined;
    if (typeof value !== "string" || !isImageUrl(value))
        notFollowed("a metaimage that is not a jpg/png URL", "links.md names only those");
    return value;
}

export function optionalText(context: ApiContext, body: Body, field: string): string | undefined {
    const value = body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") notFollowed(`a ${field} that is not a string`, "links.md names only strings");
    return context.settings.profile.storedText(value);
}
