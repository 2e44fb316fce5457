// Generators of whole programs for the no-drift property: every kind, every QR type, every link field, with the values
// users really write (unicode, emoji, & " ' < >, lower-case first letters, URLs in odd case, absent optional inputs)
// and only values the provider accepts. Natural keys are unique within a program, as the service needs them to be.
import fc from "fast-check";
import { PIXEL_TYPES, QR_TYPES } from "../../provider/client";
import { newAliasFailure, UTM_KEYS } from "../../provider/resources/link-values";
import type { Declared } from "../support/stack";

// ---- text ----------------------------------------------------------------------------------------------------

/** Pieces users type that the service escapes, capitalises or that stress encodings. No HTML tags: those are
 *  refused at preview by design (a separate test covers that). "<" is always followed by white space or ">". */
const AWKWARD_PIECES = [
    "&",
    '"',
    "'",
    " < ",
    " > ",
    "<>",
    " <",
    "R&D",
    "Editor's picks",
    "Café & co",
    "a < b > c",
    "&amp;",
    "&lt;",
    '"quoted"',
    "spring sale",
    "über",
    "ß",
    "İstanbul",
    "日本語",
    "Ελληνικά",
    "עברית",
    "😀",
    "👩‍💻",
    "🇫🇷",
    "e\u0301",
    "tab\there",
    "  ",
    "-",
    "#1",
    "100%",
    "\\",
    "{json}",
    "[x]",
    "a;b",
    "x=y&z=w",
];

const HTML_TAG = /<script\b[^>]*>[\s\S]*?<\/script\s*>|<[^\s<>][^>]*(?:>|$)/i;

/** Whether the service's cleaner would strip something from this text (then the provider refuses it at preview). */
export function hasTag(value: string): boolean {
    return HTML_TAG.test(value);
}

const word = fc.stringMatching(/^[a-zA-Z][a-z]{0,7}$/);
const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...AWKWARD_PIECES) },
    { weight: 3, arbitrary: word },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }) },
);

/** Text made of awkward pieces, without tags. */
export const awkwardText = fc
    .array(piece, { minLength: 1, maxLength: 5 })
    .map((pieces) => pieces.join(" "))
    .filter((text) => !hasTag(text));

/** A name the service keeps: at least 3 characters once trimmed; sometimes starting with a lower-case letter. */
export const nameText = fc
    .tuple(fc.constantFrom("", "", "", " "), awkwardText, fc.stringMatching(/^[a-z]{3,8}$/), fc.boolean())
    .map(([pad, text, lowerStart, lead]) => (lead ? `${lowerStart} ${text}` : `${pad}${text}${pad}`))
    // The provider counts characters (code points), not UTF-16 units.
    .filter((text) => [...text.trim()].length >= 3 && !hasTag(text));

const shortText = (max: number) => awkwardText.filter((text) => text.trim().length >= 1 && text.length <= max);

/** A key that two values the service may store alike share: trimmed, unescaped, case-folded. */
export function naturalKey(value: string): string {
    return value
        .trim()
        .replace(
            /&(amp|quot|#039|lt|gt);/g,
            (_, entity: string) => ({ amp: "&", quot: '"', "#039": "'", lt: "<", gt: ">" })[entity]!,
        )
        .toLowerCase();
}

// ---- URLs, e-mail, phone ---------------------------------------------------------------------------------------

const hostLabel = fc.stringMatching(/^[a-z][a-z0-9]{1,10}$/);
const oddHost = fc.oneof(
    hostLabel,
    hostLabel.map((label) => label.toUpperCase()),
    fc.constantFrom("café", "bücher", "日本", "münchen"),
);
const tld = fc.constantFrom("com", "org", "io", "example", "de");
const urlPath = fc.oneof(
    fc.constant(""),
    fc.constant("/"),
    fc.stringMatching(/^(\/[a-z0-9_-]{1,8}){1,3}\/?$/),
    fc.constantFrom("/café", "/a b", "/x?utm_source=a&utm_medium=b", "/p#frag", "/?q=R%26D", "/emoji/😀"),
);
const scheme = fc.constantFrom("https://", "http://", "HTTPS://");

/** An http(s) URL with a path, in any case, maybe with a trailing slash, unicode and a query. */
export const awkwardUrl = fc
    .tuple(scheme, oddHost, oddHost, tld, urlPath)
    .map(([s, sub, host, top, path]) => `${s}${sub}.${host}.${top}${path}`);

/** A bare origin, for a branded domain. */
export const domainUrl = fc
    .tuple(scheme, oddHost, hostLabel, tld, fc.boolean())
    .map(([s, sub, host, top, slash]) => `${s}${sub}.${host}.${top}${slash ? "/" : ""}`);

export const email = fc
    .tuple(
        fc.stringMatching(/^[a-z0-9]([a-z0-9_'+-]{0,7}[a-z0-9_+-])?$/),
        fc.option(fc.stringMatching(/^[a-z0-9]{1,5}$/), { nil: undefined }),
        hostLabel,
        tld,
    )
    .map(([local, dotted, host, top]) => `${local}${dotted ? `.${dotted}` : ""}@${host}.${top}`);

const phone = fc.stringMatching(/^\+?[0-9]{3,14}$/);

const rgb = fc
    .tuple(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.boolean(),
    )
    .map(([r, g, b, spaced]) => (spaced ? `rgb( ${r}, ${g} ,${b} )` : `rgb(${r},${g},${b})`));

const hexColour = fc.stringMatching(/^#[0-9a-fA-F]{6}$/);

const logo = fc
    .tuple(awkwardUrl, fc.constantFrom(".png", ".jpg", ".jpeg", ".PNG"))
    .map(([url, ext]) => `${url.replace(/[?#].*$/, "").replace(/\/$/, "")}/logo${ext}`);

// ---- QR data -------------------------------------------------------------------------------------------------

const VCARD_TEXT_FIELDS = [
    "fname",
    "lname",
    "org",
    "phone",
    "cell",
    "fax",
    "facebook",
    "instagram",
    "twitter",
    "linkedin",
    "street",
    "city",
    "state",
    "zip",
    "country",
] as const;
/** 0.1.0's names, still read as the service's. */
const VCARD_OLD_NAMES: Record<string, string> = {
    fname: "firstname",
    lname: "lastname",
    org: "company",
    site: "website",
    street: "address",
};

const vcard = fc
    .tuple(
        fc.subarray([...VCARD_TEXT_FIELDS], { minLength: 0, maxLength: 5 }),
        fc.array(shortText(60), { minLength: 5, maxLength: 5 }),
        fc.option(email, { nil: undefined }),
        fc.option(awkwardUrl, { nil: undefined }),
        fc.boolean(),
    )
    .map(([fields, texts, mail, site, oldNames]) => {
        const card: Record<string, string> = {};
        const put = (field: string, value: string) =>
            (card[oldNames && VCARD_OLD_NAMES[field] ? VCARD_OLD_NAMES[field] : field] = value);
        fields.forEach((field, index) => put(field, texts[index]));
        if (mail) put("email", mail);
        if (site) put("site", site);
        if (Object.keys(card).length === 0) put("fname", texts[0]);
        return card;
    });

const wifi = fc
    .tuple(
        shortText(32),
        fc.option(
            fc.tuple(fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }), fc.constantFrom("wep", "wpa")),
            { nil: undefined },
        ),
        fc.boolean(),
    )
    .map(([ssid, secured, oldName]) =>
        secured ? { ssid, [oldName ? "password" : "pass"]: secured[0], encryption: secured[1] } : { ssid },
    );

export const QR_DATA: Record<(typeof QR_TYPES)[number], fc.Arbitrary<unknown>> = {
    text: shortText(400),
    link: awkwardUrl,
    email: fc.oneof(
        email,
        fc.record({ email, subject: shortText(120), body: awkwardText }, { requiredKeys: ["email"] }),
    ),
    phone: fc.oneof(
        phone,
        phone.map((digits) => ({ phone: digits })),
        phone.map((digits) => ` ${digits} `),
    ),
    sms: fc.record({ phone, message: awkwardText }, { requiredKeys: ["phone"] }),
    wifi,
    vcard,
};

// ---- resources -----------------------------------------------------------------------------------------------

export interface Args {
    [field: string]: unknown;
}

const domainArgs = fc.record(
    { domain: domainUrl, redirectRoot: awkwardUrl, redirect404: awkwardUrl },
    { requiredKeys: ["domain"] },
);

const campaignArgs = fc.record(
    { name: nameText, slug: fc.stringMatching(/^[A-Za-z0-9_-]{4,16}$/), public: fc.boolean() },
    { requiredKeys: ["name"] },
);

const channelArgs = fc.record(
    { name: nameText, description: nameText, color: hexColour, starred: fc.boolean() },
    { requiredKeys: ["name"] },
);

const pixelArgs = fc.record({ type: fc.constantFrom(...PIXEL_TYPES), name: shortText(80), tag: shortText(40) });

export const qrArgsOf = (type: (typeof QR_TYPES)[number]) =>
    fc.record(
        { type: fc.constant(type), data: QR_DATA[type], background: rgb, foreground: rgb, logo },
        { requiredKeys: ["type", "data"] },
    );

const qrArgs = fc.oneof(...QR_TYPES.map(qrArgsOf));

// ---- links ---------------------------------------------------------------------------------------------------

/** A URL the service takes as a link's long URL or target: no white space (the service refuses it). */
const linkUrl = awkwardUrl.filter((url) => !/\s/.test(url));

/**
 * An alias the service stores as declared. It holds a dash, which the service's random aliases never do, so a random
 * alias can never take one of these first.
 */
const alias = fc
    .tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{1,6}$/), fc.stringMatching(/^[A-Za-z0-9]{1,6}$/))
    .map(([head, tail]) => `${head}-${tail}`)
    .filter((value) => newAliasFailure(value) === undefined);

const target = <K extends string>(key: K, value: fc.Arbitrary<string>) =>
    fc.array(fc.record({ [key]: value, url: linkUrl }), {
        minLength: 1,
        maxLength: 2,
    });

const parameterName = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/).filter((name) => !name.startsWith("utm_"));
const utm = fc.record(Object.fromEntries(UTM_KEYS.map((key) => [key, shortText(40)])), { requiredKeys: [] });

const expiry = fc
    .tuple(fc.integer({ min: 2031, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .chain(([year, month, day]) => {
        const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        return fc.constantFrom(date, `${date} 18:30`, `${date}T07:05:09`);
    });

const deepLink = fc.oneof(
    fc
        .record({ apple: shortText(60), google: shortText(60) }, { requiredKeys: [] })
        .filter((link) => Object.keys(link).length > 0 && Object.values(link).every((value) => value.trim() !== "")),
    fc.constant({ auto: true as const }),
);

/** What the service's update loses (a note, public: true): rare, since a link that holds either can only be replaced. */
const lostByUpdate = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.record({ note: shortText(60), public: fc.constant(true) }, { requiredKeys: [] }) },
);

const linkFields = fc.record(
    {
        url: linkUrl,
        alias,
        title: shortText(80),
        description: shortText(120),
        image: logo,
        password: fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }),
        expiry,
        public: fc.constant(false),
        redirect: fc.constantFrom("direct", "frame", "splash"),
        geoTargets: target(
            "location",
            shortText(30).filter((text) => text.trim() !== ""),
        ),
        deviceTargets: target("device", fc.constantFrom("iPhone", "Android", "Windows", "Mac")),
        languageTargets: target("language", fc.constantFrom("fr", "DE", " es ", "ja")),
        parameters: fc.dictionary(parameterName, shortText(40), { minKeys: 1, maxKeys: 3 }),
        utm,
        deepLink,
    },
    { requiredKeys: ["url"] },
);

const linkArgs = fc.tuple(linkFields, lostByUpdate).map(([fields, lost]): Args => ({ ...fields, ...lost }));

/** A link and the objects it names, as indices taken modulo the program's domains, campaigns and pixels. */
export interface LinkPlan {
    args: Args;
    domain?: number;
    campaign?: number;
    pixels?: number[];
}

const linkPlan: fc.Arbitrary<LinkPlan> = fc.record(
    {
        args: linkArgs,
        domain: fc.nat(),
        campaign: fc.nat(),
        pixels: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
    },
    { requiredKeys: ["args"] },
);

/** The address a long URL is the same one by, whatever the case of its scheme and host: unique, no create is taken
 *  for another (the service answers a create without an alias that equals a link with that link). */
const linkKey = (plan: LinkPlan) => new URL(String(plan.args.url)).href.toLowerCase();
const aliasKey = (plan: LinkPlan) =>
    plan.args.alias === undefined ? `no alias ${linkKey(plan)}` : String(plan.args.alias).toLowerCase();

function linkList(min: number, max: number): fc.Arbitrary<LinkPlan[]> {
    const list = (minLength: number) =>
        fc
            .uniqueArray(linkPlan, { minLength, maxLength: max, selector: linkKey })
            .filter((all) => new Set(all.map(aliasKey)).size === all.length);
    return min === 0 ? list(0) : atLeast(list(min), list(0), true);
}

/** The kinds a program holds, each as a list of argument sets, with keys unique as the service needs. */
export interface ProgramArgs {
    domains: Args[];
    campaigns: Args[];
    channels: Args[];
    pixels: Args[];
    qrcodes: Args[];
    links: LinkPlan[];
    /** QR codes put into channels: indices, taken modulo the number of channels and QR codes. */
    channelItems: { channel: number; qr: number }[];
}

const domainKey = (args: Args) => new URL(String(args.domain)).host.toLowerCase();
const campaignKey = (args: Args) => naturalKey(String(args.name));
const slugKey = (args: Args) =>
    args.slug === undefined ? `no slug ${campaignKey(args)}` : String(args.slug).toLowerCase();
const pixelKey = (args: Args) => `${args.type} ${naturalKey(String(args.tag))}`;

class AtLeast<T> extends fc.Arbitrary<T[]> {
    /** @param sameShape whether `big` and `small` are the same arbitrary but for the bound, so their shrinking
     *  contexts fit each other; else the first shrink starts without one (elements are then only removed). */
    constructor(
        private readonly big: fc.Arbitrary<T[]>,
        private readonly small: fc.Arbitrary<T[]>,
        private readonly sameShape: boolean,
    ) {
        super();
    }
    generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
        const value = this.big.generate(random, biasFactor);
        return this.sameShape ? value : new fc.Value(value.value_, undefined);
    }
    canShrinkWithoutContext(value: unknown): value is T[] {
        return this.small.canShrinkWithoutContext(value);
    }
    shrink(value: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
        return this.small.shrink(value, context);
    }
}

/**
 * An array arbitrary generated at `minLength` or more (so every run is big) whose shrinker may go down to nothing
 * (so a failure shrinks to the smallest program): the shrinker of the same array without the lower bound.
 */
export function atLeast<T>(big: fc.Arbitrary<T[]>, small: fc.Arbitrary<T[]>, sameShape: boolean): fc.Arbitrary<T[]> {
    return new AtLeast(big, small, sameShape);
}

/** @param keys the first is unique by construction; the others (a campaign's slug) are checked after. */
function uniqueList(
    arb: fc.Arbitrary<Args>,
    keys: ((args: Args) => string)[],
    min: number,
    max: number,
): fc.Arbitrary<Args[]> {
    const list = (minLength: number) =>
        fc
            .uniqueArray(arb, { minLength, maxLength: max, selector: keys[0] })
            .filter((all) => keys.slice(1).every((key) => new Set(all.map(key)).size === all.length));
    return min === 0 ? list(0) : atLeast(list(min), list(0), true);
}

/** A program of every kind, at least `perKind` of each; QR codes of every type, at least perKind / 7 of each. */
export function programArgs(perKind: number): fc.Arbitrary<ProgramArgs> {
    // Little above the minimum: every resource costs engine time.
    const max = Math.max(Math.ceil(perKind * 1.05), 4);
    return fc.record({
        domains: uniqueList(domainArgs, [domainKey], perKind, max),
        campaigns: uniqueList(campaignArgs, [campaignKey, slugKey], perKind, max),
        channels: uniqueList(channelArgs, [(args) => naturalKey(String(args.name))], perKind, max),
        pixels: uniqueList(pixelArgs, [pixelKey], perKind, max),
        links: linkList(perKind, max),
        qrcodes:
            perKind === 0
                ? fc.array(qrArgs, { maxLength: max })
                : atLeast(
                      everyQrType(Math.ceil(perKind / QR_TYPES.length)),
                      fc.array(qrArgs, { maxLength: max * 2 }),
                      false,
                  ),
        channelItems: atLeast(
            fc.array(itemPick, { minLength: Math.ceil(perKind / 4), maxLength: max }),
            fc.array(itemPick, { maxLength: max }),
            true,
        ),
    });
}

const itemPick = fc.record({ channel: fc.nat(), qr: fc.nat() });

/** At least `perType` QR codes of every type, in one list. */
function everyQrType(perType: number): fc.Arbitrary<Args[]> {
    return fc
        .tuple(...QR_TYPES.map((type) => fc.array(qrArgsOf(type), { minLength: perType, maxLength: perType })))
        .map((lists) => lists.flat());
}

const RESOURCE_KIND: Record<Exclude<keyof ProgramArgs, "channelItems" | "links">, string> = {
    domains: "Domain",
    campaigns: "Campaign",
    channels: "Channel",
    pixels: "Pixel",
    qrcodes: "QrCode",
};

/** The declared resources of a program; names are stable so the state of one run fits the next. */
export function declaredOf(program: ProgramArgs): Declared[] {
    const objects = (Object.keys(RESOURCE_KIND) as (keyof typeof RESOURCE_KIND)[]).flatMap((kind) =>
        program[kind].map((args, index) => ({ kind: RESOURCE_KIND[kind], name: `${kind}-${index}`, args })),
    );
    return [...objects, ...linksOf(program), ...channelItemsOf(program)];
}

/** Whether a link can be updated in place: the service's update makes it private and empties its note. */
export const updatable = (args: Args) => args.public !== true && args.note === undefined;

/** Each link, naming the program's objects its picks choose by reference (none where the program has none). */
function linksOf(program: ProgramArgs): Declared[] {
    const ref = (kind: "domains" | "campaigns" | "pixels", pick: number, output: string) => ({
        $ref: `${kind}-${pick % program[kind].length}.${output}`,
    });
    return program.links.map((plan, index) => {
        const args: Args = { ...plan.args };
        if (plan.domain !== undefined && program.domains.length > 0)
            args.domain = ref("domains", plan.domain, "domain");
        // A new id of an object it names is an update of the link, which a public link or one with a note refuses.
        if (!updatable(args)) return { kind: "Link", name: `links-${index}`, args };
        if (plan.campaign !== undefined && program.campaigns.length > 0)
            args.campaign = ref("campaigns", plan.campaign, "id");
        if (plan.pixels !== undefined && program.pixels.length > 0)
            args.pixels = [...new Set(plan.pixels.map((pick) => pick % program.pixels.length))].map((pick) =>
                ref("pixels", pick, "id"),
            );
        return { kind: "Link", name: `links-${index}`, args };
    });
}

/** Each distinct (channel, QR code) pair the picks name, as a ChannelItem referring to both by their ids. */
function channelItemsOf(program: ProgramArgs): Declared[] {
    const { channels, qrcodes } = program;
    if (channels.length === 0 || qrcodes.length === 0) return [];
    const pairs = new Set(
        program.channelItems.map((pick) => `${pick.channel % channels.length} ${pick.qr % qrcodes.length}`),
    );
    return [...pairs].map((pair, index) => {
        const [channel, qr] = pair.split(" ");
        return {
            kind: "ChannelItem",
            name: `channelitems-${index}`,
            args: { channelId: { $ref: `channels-${channel}.id` }, type: "qr", itemId: { $ref: `qrcodes-${qr}.id` } },
        };
    });
}
