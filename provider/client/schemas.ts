import { z } from "zod";

// Shapes of what the service sends, turned into the client's models (camelCase, numeric ids).
// Tolerant where the real service is known to vary; strict where a lenient parse would hide a broken answer
// (a list without its array, an item without an id) and so let a caller take a failure for "nothing there".

export const PIXEL_TYPES = [
    "tagmanagerpixel",
    "analyticspixel",
    "socialpixel",
    "adspixel",
    "professionalpixel",
    "microblogpixel",
    "retargetpixel",
    "qapixel",
    "pinboard",
    "searchengine",
    "photomessage",
    "forum",
    "shortvideo",
] as const;
export type PixelType = (typeof PIXEL_TYPES)[number];

/** What a channel holds: short links, bio pages and QR codes. */
export const CHANNEL_ITEM_TYPES = ["links", "bio", "qr"] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

export const QR_TYPES = ["text", "vcard", "link", "email", "phone", "sms", "wifi"] as const;
export type QrType = (typeof QR_TYPES)[number];

const missingOr = (expected: string) => (issue: { input?: unknown }) =>
    issue.input === undefined ? "missing" : `expected ${expected}, got ${JSON.stringify(issue.input)}`;
/** Ids come as 12 or "12" depending on the resource. */
const id = z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)], {
    error: missingOr("a positive integer id (number or digits)"),
});
/** Counts come as numbers or numeric strings. */
const count = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)], {
    error: missingOr("a count (number or digits)"),
});
/** Free text the service may leave empty, null or out. */
const text = z
    .string()
    .nullish()
    .transform((value) => value ?? "");
/** Flags come as booleans, and from some PHP services as 0/1. */
const flag = z.union([z.boolean(), z.literal([0, 1, "0", "1"]).transform((value) => value === 1 || value === "1")]);
/** name -> count (given as strings); an empty map is serialized as [] by the service. */
const countMap = z.union([
    z.record(z.string(), count),
    z.array(z.never()).transform((): Record<string, number> => ({})),
]);

export const accountSchema = z.object({
    id,
    email: z.string(),
    username: z.string(),
    avatar: text,
    status: z.string(),
    expires: text,
    registered: text,
});
export type Account = z.output<typeof accountSchema>;

const domainFields = { domain: z.string(), redirectroot: text, redirect404: text };
const toDomain = (raw: { domain: string; redirectroot: string; redirect404: string }) => ({
    domain: raw.domain,
    redirectRoot: raw.redirectroot,
    redirect404: raw.redirect404,
});
export const domainSchema = z.object({ id, ...domainFields }).transform((raw) => ({ id: raw.id, ...toDomain(raw) }));
export type Domain = z.output<typeof domainSchema>;
/** A domain of the service itself, offered to every account; it has no id and cannot be changed. */
export const systemDomainSchema = z.object({ id: z.null(), ...domainFields }).transform(toDomain);
export type SystemDomain = z.output<typeof systemDomainSchema>;

export const overlaySchema = z.object({ id, type: z.string(), name: text, date: text });
export type Overlay = z.output<typeof overlaySchema>;

export const splashSchema = z.object({ id, name: text, date: text });
export type Splash = z.output<typeof splashSchema>;

export const pixelSchema = z.object({ id, type: z.string(), name: text, tag: text, date: text });
export type Pixel = z.output<typeof pixelSchema>;

/** A QR code's short link; the real service gives text, sms and wifi codes none (null, "" or absent). */
const shortLink = z
    .string()
    .nullish()
    .transform((value) => value || null);

export const qrCodeSchema = z.object({ id, link: shortLink, scans: count, name: text, date: text });
export type QrCode = z.output<typeof qrCodeSchema>;

export const qrStatisticsSchema = z.object({
    clicks: count,
    uniqueClicks: count,
    topCountries: countMap,
    topReferrers: countMap,
    topBrowsers: countMap,
    topOs: countMap,
    socialCount: countMap,
});
export type QrStatistics = z.output<typeof qrStatisticsSchema>;

export const channelSchema = z.object({ id, name: text, description: text, color: text, starred: flag });
export type Channel = z.output<typeof channelSchema>;

export const channelItemSchema = z.object({ type: z.string(), id, title: text, preview: text, link: text, date: text });
export type ChannelItem = z.output<typeof channelItemSchema>;

/** A list of ids the service may send as numbers, numeric strings or a comma-separated string; absent in older versions. */
const idList = z
    .union([
        z.array(id),
        z
            .string()
            .regex(/^(\d+(,\d+)*)?$/)
            .transform((value) => (value === "" ? [] : value.split(",").map(Number))),
        z.null(),
    ])
    .transform((value) => value ?? []);
const optionalId = z
    .union([id, z.null(), z.literal(""), z.literal(0), z.literal("0")])
    .transform((value) => (typeof value === "number" && value > 0 ? value : null));

/** What the listing and the single-link answer both show of a link. */
const linkFields = {
    id,
    alias: z.string(),
    shorturl: z.string(),
    longurl: z.string(),
    title: text,
    description: text,
    date: text,
};
const toLink = (raw: z.output<z.ZodObject<typeof linkFields>>) => ({
    id: raw.id,
    alias: raw.alias,
    shortUrl: raw.shorturl,
    longUrl: raw.longurl,
    title: raw.title,
    description: raw.description,
    date: raw.date,
});

/**
 * A short link as the listing shows it. `domain`, `campaign` and `channel` are absent in older versions of the service
 * (undefined here, so that a caller can tell "not shown" from "none").
 */
export const linkSchema = z
    .object({
        ...linkFields,
        domain: z.string().nullish(),
        campaign: optionalId.optional(),
        channel: idList.optional(),
    })
    .transform((raw) => ({ ...toLink(raw), domain: raw.domain, campaign: raw.campaign, channels: raw.channel }));
export type Link = z.output<typeof linkSchema>;

/** A link's statistics (`data` of the single-link answer); the top lists are absent until it has clicks. */
export const linkStatisticsSchema = z.object({
    clicks: count,
    uniqueClicks: count,
    topCountries: countMap.optional(),
    topReferrers: countMap.optional(),
    topBrowsers: countMap.optional(),
    topOs: countMap.optional(),
    socialCount: countMap.optional(),
});
export type LinkStatistics = z.output<typeof linkStatisticsSchema>;

/** The single-link answer: its details (with the expiry and geo targets the listing lacks) and its statistics. */
export const linkDetailsResponseSchema = z
    .object({
        details: z.object({ ...linkFields, location: z.unknown().optional(), expiry: z.string().nullish() }),
        data: linkStatisticsSchema,
    })
    .transform((raw) => ({
        link: { ...toLink(raw.details), location: raw.details.location, expiry: raw.details.expiry || null },
        statistics: raw.data,
    }));
export type LinkDetails = z.output<typeof linkDetailsResponseSchema>["link"];

/** The answer to a link's create and update: its id and short URL. */
export const savedLinkSchema = z
    .object({ id, shorturl: z.string() })
    .transform((raw) => ({ id: raw.id, shortUrl: raw.shorturl }));

/**
 * A campaign as lists and create/update answers carry it: the name sits under `name`, `domain` or `campaign`,
 * and `rotator` is false (no rotator) or its URL.
 */
export const campaignSchema = z
    .object({
        id,
        name: z.string().optional(),
        domain: z.string().optional(),
        campaign: z.string().optional(),
        public: flag,
        rotator: z.union([z.literal(false), z.null(), z.string()]),
        // The real service lists a campaign without a slug with list: false.
        list: z.union([z.literal(false), text]),
    })
    .refine((raw) => [raw.name, raw.domain, raw.campaign].some((name) => name !== undefined), {
        message: "the campaign name is missing (expected under name, domain or campaign)",
    })
    .transform((raw) => ({
        id: raw.id,
        name: raw.name ?? raw.campaign ?? raw.domain ?? "",
        public: raw.public,
        rotatorUrl: typeof raw.rotator === "string" && raw.rotator !== "" ? raw.rotator : null,
        listUrl: raw.list || null,
    }));
export type Campaign = z.output<typeof campaignSchema>;

/** Answers that only carry the id of what was created. */
export const createdSchema = z.object({ id }).transform((raw) => ({ id: raw.id }));
export const createdQrSchema = z.object({ id, link: shortLink }).transform((raw) => ({ id: raw.id, link: raw.link }));

export const accountResponseSchema = z.object({ data: accountSchema }).transform((raw) => raw.data);
/** Statistics are counted on the short link: the real service sends no `data` for a QR code without one. */
export const qrDetailsResponseSchema = z
    .object({ details: qrCodeSchema, data: qrStatisticsSchema.optional() })
    .transform((raw) => ({ qrCode: raw.details, statistics: raw.data ?? null }));

const pageNumber = count;
/** The pagination fields every list answer carries beside its array. */
const paginationFields = {
    result: count,
    perpage: pageNumber,
    currentpage: pageNumber,
    nextpage: z.union([pageNumber, z.null()]).optional(),
    maxpage: pageNumber,
};

export interface Page<T> {
    items: T[];
    result: number;
    perPage: number;
    currentPage: number;
    /** null on the last page. */
    nextPage: number | null;
    maxPage: number;
}

/**
 * The envelope of a list answer whose items sit under `key` (or under one of several keys, where the spec and the
 * real service name the array differently); every item must parse, or the whole page fails.
 */
export function pageSchema<T>(key: string | readonly [string, ...string[]], item: z.ZodType<T>) {
    const keys: readonly string[] = typeof key === "string" ? [key] : key;
    const arrays = Object.fromEntries(keys.map((name) => [name, z.array(item).optional()]));
    // The array's key is only known at run time, so its type is restated here rather than inferred.
    const data = z
        .object({ ...paginationFields, ...arrays })
        .refine((raw) => keys.some((name) => (raw as Record<string, unknown>)[name] !== undefined), {
            message: `the list array is missing (expected under ${keys.join(" or ")})`,
            path: [keys[0]],
        }) as unknown as z.ZodType<Pagination & Record<string, T[] | undefined>>;
    return z
        .object({ data })
        .transform(({ data }): Page<T> => toPage(data, keys.map((name) => data[name]).find(Boolean) ?? []));
}

/**
 * The domains list: the service's own domains (id null) come on every page beside the account's, and are kept
 * apart so that they are never taken for the account's domains.
 */
export const domainPageSchema = z
    .object({ data: z.object({ ...paginationFields, domains: z.array(z.union([domainSchema, systemDomainSchema])) }) })
    .transform(({ data }) => {
        const items: Domain[] = [];
        const systemDomains: SystemDomain[] = [];
        for (const entry of data.domains) {
            if ("id" in entry) items.push(entry);
            else systemDomains.push(entry);
        }
        return { ...toPage(data, items), systemDomains };
    });
export type DomainPage = z.output<typeof domainPageSchema>;

type Pagination = z.output<z.ZodObject<typeof paginationFields>>;

function toPage<T>(data: Pagination, items: T[]): Page<T> {
    return {
        items,
        result: data.result,
        perPage: data.perpage,
        currentPage: data.currentpage,
        nextPage: data.nextpage ?? null,
        maxPage: data.maxpage,
    };
}
