// Every field of a short link, declared once: its schema, the service's name for it and how the service takes it, the
// report's word, what the listing shows of it, what an update that leaves it out does, whether it is secret. The
// Link's inputs, the body of its create and update, its words, what drift cannot reach, shortener-import's note, its
// secret marking and the fields that cannot be removed are all derived from this table (link.ts).
// docs/service/links.md is the source of each fact.
import { z } from "zod";
import type { LinkBody, Link as RemoteLink } from "../client";
import type { ComputedOutputs, Field } from "./fields";
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
        description: "The long URL the short link sends visitors to, with its scheme (http or https).",
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
        description:
            "The custom alias, exactly as the service stores it: an alias the service would rewrite (it makes a slug of it) is refused at preview, naming the form it would take. Left out, the service picks a random one. Cannot be removed once set.",
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
        description:
            "A domain of the account (`https://go.example.com`, or a Domain's `domain` output). Left out, the service's default domain at the create; an update keeps the domain the link has.",
        shown: true,
        service: "domain",
        update: "reset",
        listed: (remote) => splitShortUrl(remote.shortUrl).origin,
        derivedWhenAbsent: true,
    },
    title: {
        schema: serviceText("title").optional(),
        word: "meta title",
        description:
            "The page's meta title; left out (with `description`), the service fetches the page's own. Cannot be removed once set.",
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
        description:
            "The page's meta description; left out (with `title`), the service fetches the page's own. Cannot be removed once set.",
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
        description:
            "The preview image the link shows: the URL of a `.png` or `.jpg` image. Cannot be removed once set.",
        shown: false,
        service: "metaimage",
        update: "kept",
        irremovable: keeps("the preview image", "declare another image instead"),
    },
    note: {
        schema: serviceText("note").optional(),
        word: "note",
        description: "A note only the account sees.",
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
        description: "A password visitors must give. Secret everywhere: in the state, logs, diffs and errors.",
        shown: false,
        secret: true,
        service: "password",
        update: "reset",
    },
    // Only the link's own page shows it, which a refresh does not read (it reads the listing).
    expiry: {
        schema: expiryInput.optional(),
        word: "expiry",
        description:
            "When the link expires: `2027-01-31`, `2027-01-31 18:00` or `2027-01-31 18:00:00`; a time that has passed is refused at preview where a write would send it.",
        shown: false,
        service: "expiry",
        update: "reset",
    },
    public: {
        schema: z.boolean().default(false),
        word: "public",
        description: "Whether the link's statistics are public; default `false`.",
        shown: false,
        service: "status",
        sent: (wanted) => (wanted.public ? "public" : "private"),
        update: "lost",
    },
    redirect: {
        schema: redirectInput.optional(),
        word: "redirect",
        description:
            "How visitors are sent on: `direct`, `frame`, `splash`, `{ splash: id }` (a custom splash page) or `{ overlay: id }` (a CTA overlay). Cannot be removed once set (declare `direct` instead).",
        shown: false,
        service: "type",
        sent: (wanted) => redirectType(wanted.redirect),
        update: "kept",
        irremovable: keeps("the redirect", 'declare redirect: "direct" instead'),
    },
    geoTargets: {
        schema: z.array(target("location", nonEmpty("location"))).optional(),
        word: "country targets",
        description: "Country targets: each `{ location, url }` sends a country's visitors to `url`.",
        shown: false,
        service: "geotarget",
        sent: targets("geoTargets", "location"),
        update: "reset",
    },
    deviceTargets: {
        schema: z.array(target("device", nonEmpty("device"))).optional(),
        word: "device targets",
        description: "Device targets: each `{ device, url }` sends a device's visitors to `url`.",
        shown: false,
        service: "devicetarget",
        sent: targets("deviceTargets", "device"),
        update: "reset",
    },
    languageTargets: {
        schema: z.array(target("language", languageCode)).optional(),
        word: "language targets",
        description:
            "Language targets: each `{ language, url }` (a two-letter code) sends visitors of that language to `url`.",
        shown: false,
        service: "languagetarget",
        sent: targets("languageTargets", "language"),
        update: "reset",
    },
    parameters: {
        schema: withOwnNames(z.record(nonEmpty("a parameter's name"), nonEmpty("a parameter's value"))).optional(),
        word: "query parameters",
        description: "Query parameters added to the long URL, by name.",
        shown: false,
        service: "parameters",
        sent: queryParameters,
        update: "reset",
    },
    // Sent as the service's parameters (utm_source, ...), with those of `parameters`.
    utm: {
        schema: utm.optional(),
        word: "UTM parameters",
        description:
            "The UTM parameters by name (`source`, `medium`, `campaign`, `term`, `content`), sent as `utm_source` and so on with `parameters`.",
        shown: false,
        service: "parameters",
        sent: queryParameters,
        update: "reset",
    },
    pixels: {
        schema: z.array(objectId).optional(),
        word: "pixels",
        description: "The ids of the account's pixels the link carries.",
        shown: false,
        service: "pixels",
        update: "reset",
    },
    campaign: {
        schema: objectId.optional(),
        word: "campaign",
        description:
            "The id of the account's campaign the link is in. Left out, a campaign set otherwise (a CampaignLink) is kept.",
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
        description: "App links: `{ apple?, google? }` or `{ auto: true }`. Cannot be removed once set.",
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

/** The outputs the service computes. */
export const LINK_OUTPUTS = {
    shortUrl: {
        schema: z.string(),
        word: "short URL",
        description: "The short URL: the domain and the alias the link has.",
    },
    storedAlias: {
        schema: z.string(),
        word: "alias held",
        description: "The alias the service holds: the declared one, or the random one it picked.",
    },
    channels: {
        schema: z.array(z.number()),
        word: "channels",
        description: "The ids of the channels holding the link, as the last refresh saw them (empty until then).",
    },
} as const satisfies ComputedOutputs;
