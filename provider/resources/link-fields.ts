// Every field of a short link, declared once: its schema, the service's name for it and how the service takes it, the
// report's word, what the listing shows of it, what an update that leaves it out does, whether it is secret. The
// Link's inputs, the body of its create and update, its words, what drift cannot reach, shortener-import's note, its
// secret marking and the fields that cannot be removed are all derived from this table (link.ts).
// docs/service/links.md is the source of each fact.
import { z } from "zod";
import type { LinkBody, Link as RemoteLink } from "../client";
import type { Field } from "./fields";
import { expiryInput, queryParameters, redirectInput, redirectType, splitShortUrl, UTM_KEYS } from "./link-values";
import { httpUrl, imageUrl, normaliseOrigin, objectId, serviceText, storedText, withOwnNames } from "./values";

/** What the service's update does with a field it is not sent: keeps it, resets it, or (`lost`) resets it whatever is sent. */
export type LeftOut = "kept" | "reset" | "lost";

export interface LinkField extends Field {
    /** The service's name for it in the body of a create or update. */
    readonly service: keyof LinkBody;
    /** The service's value from the declared link, when it is not the field's own value as declared. */
    readonly sent?: (wanted: Readonly<Record<string, unknown>>) => unknown;
    readonly update: LeftOut;
    /** Why removing it is refused at preview: an update that leaves it out keeps it. */
    readonly irremovable?: string;
    /**
     * What the listing shows of it (with `shown`): undefined when this version of the service does not show it, null
     * when it shows none.
     */
    readonly listed?: (remote: RemoteLink) => unknown;
    /** The forms the service may store a declared value in (it escapes text). */
    readonly storedForms?: (declared: string) => readonly unknown[];
    /** Left out, the service (or another resource, for a campaign) fills it in: then its value is no drift. */
    readonly derivedWhenAbsent?: boolean;
}

const nonEmpty = (what: string) =>
    z
        .string()
        .trim()
        .min(1, { error: `${what} must not be empty` });

const target = <K extends string>(key: K, value: z.ZodType<string>) =>
    z.strictObject({ [key]: value, url: httpUrl } as { [P in K]: z.ZodType<string> } & { url: typeof httpUrl });

const languageCode = z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, { error: "must be a two-letter language code (the service keeps two letters)" });

/** A link's targets in the service's terms: `{ location, url }` is sent as `{ location, link }`. */
const targets =
    <K extends string>(field: string, key: K) =>
    (wanted: Readonly<Record<string, unknown>>) =>
        (wanted[field] as ({ url: string } & Record<K, string>)[] | undefined)?.map((entry) => ({
            [key]: entry[key],
            link: entry.url,
        }));

const keeps = (what: string, instead: string) =>
    `cannot be removed once set: the service keeps ${what} when it is left out; ${instead}`;

const utm = z.strictObject(
    Object.fromEntries(UTM_KEYS.map((key) => [key, nonEmpty(`utm.${key}`).optional()])) as Record<
        (typeof UTM_KEYS)[number],
        z.ZodOptional<z.ZodString>
    >,
);

export const LINK_FIELDS = {
    url: {
        schema: serviceText("url").pipe(httpUrl),
        word: "long URL",
        shown: true,
        service: "url",
        update: "kept",
        listed: (remote) => remote.longUrl,
        // The real service HTML-escapes the URL on update and every text it is given.
        storedForms: storedText,
    },
    // The rules for a new alias are the Link's rules: they apply only where an alias is sent new.
    alias: {
        schema: z.string().optional(),
        word: "alias",
        shown: true,
        service: "custom",
        update: "kept",
        irremovable:
            "cannot be removed once set: the service keeps a custom alias for good; declare another alias instead",
        listed: (remote) => remote.alias,
        derivedWhenAbsent: true,
    },
    domain: {
        schema: httpUrl.transform(normaliseOrigin).optional(),
        word: "domain",
        shown: true,
        service: "domain",
        update: "reset",
        listed: (remote) => splitShortUrl(remote.shortUrl).origin,
        derivedWhenAbsent: true,
    },
    title: {
        schema: serviceText("title").optional(),
        word: "meta title",
        shown: true,
        service: "metatitle",
        update: "kept",
        irremovable: keeps("the title", "declare another title instead"),
        listed: (remote) => remote.title,
        storedForms: storedText,
        derivedWhenAbsent: true,
    },
    description: {
        schema: serviceText("description").optional(),
        word: "meta description",
        shown: true,
        service: "metadescription",
        update: "kept",
        irremovable: keeps("the description", "declare another one instead"),
        listed: (remote) => remote.description,
        storedForms: storedText,
        derivedWhenAbsent: true,
    },
    image: {
        schema: imageUrl.optional(),
        word: "preview image",
        shown: false,
        service: "metaimage",
        update: "kept",
        irremovable: keeps("the preview image", "declare another image instead"),
    },
    note: {
        schema: serviceText("note").optional(),
        word: "note",
        shown: false,
        service: "description",
        update: "lost",
    },
    password: {
        schema: z
            .string()
            .min(1, { error: "must not be empty (leave password out for a link without one)" })
            .optional(),
        word: "password",
        shown: false,
        secret: true,
        service: "password",
        update: "reset",
    },
    // Only the link's own page shows it, which a refresh does not read (it reads the listing).
    expiry: { schema: expiryInput.optional(), word: "expiry", shown: false, service: "expiry", update: "reset" },
    public: {
        schema: z.boolean().default(false),
        word: "public",
        shown: false,
        service: "status",
        sent: (wanted) => (wanted.public ? "public" : "private"),
        update: "lost",
    },
    redirect: {
        schema: redirectInput.optional(),
        word: "redirect",
        shown: false,
        service: "type",
        sent: (wanted) => redirectType(wanted.redirect),
        update: "kept",
        irremovable: keeps("the redirect", 'declare redirect: "direct" instead'),
    },
    geoTargets: {
        schema: z.array(target("location", nonEmpty("location"))).optional(),
        word: "country targets",
        shown: false,
        service: "geotarget",
        sent: targets("geoTargets", "location"),
        update: "reset",
    },
    deviceTargets: {
        schema: z.array(target("device", nonEmpty("device"))).optional(),
        word: "device targets",
        shown: false,
        service: "devicetarget",
        sent: targets("deviceTargets", "device"),
        update: "reset",
    },
    languageTargets: {
        schema: z.array(target("language", languageCode)).optional(),
        word: "language targets",
        shown: false,
        service: "languagetarget",
        sent: targets("languageTargets", "language"),
        update: "reset",
    },
    parameters: {
        schema: withOwnNames(z.record(nonEmpty("a parameter's name"), nonEmpty("a parameter's value"))).optional(),
        word: "query parameters",
        shown: false,
        service: "parameters",
        sent: queryParameters,
        update: "reset",
    },
    // Sent as the service's parameters (utm_source, ...), with those of `parameters`.
    utm: {
        schema: utm.optional(),
        word: "UTM parameters",
        shown: false,
        service: "parameters",
        sent: queryParameters,
        update: "reset",
    },
    pixels: { schema: z.array(objectId).optional(), word: "pixels", shown: false, service: "pixels", update: "reset" },
    campaign: {
        schema: objectId.optional(),
        word: "campaign",
        shown: true,
        service: "campaign",
        update: "reset",
        // Older versions of the service show no campaign in the listing.
        listed: (remote) => remote.campaign,
        // A CampaignLink may set it.
        derivedWhenAbsent: true,
    },
    deepLink: {
        schema: z
            .union([
                z.strictObject({ apple: nonEmpty("apple").optional(), google: nonEmpty("google").optional() }),
                z.strictObject({ auto: z.literal(true) }),
            ])
            .optional(),
        word: "deep link",
        shown: false,
        service: "deeplink",
        update: "kept",
        irremovable: "cannot be removed once set: the service keeps the deep link when it is left out",
    },
} as const satisfies Record<string, LinkField>;

export type LinkFieldName = keyof typeof LINK_FIELDS;

/** The table as its rows, each with its name. */
export const LINK_FIELD_ROWS: readonly (LinkField & { name: LinkFieldName })[] = Object.entries(LINK_FIELDS).map(
    ([name, field]) => ({ ...(field as LinkField), name: name as LinkFieldName }),
);

/** The outputs the service computes, by the report's words. */
export const LINK_OUTPUTS = { shortUrl: "short URL", storedAlias: "alias held", channels: "channels" } as const;
