// This package's kinds in their own words: what names an object (a Domain's domain, a QR code's data), what each
// property is called, and the link to the object where its outputs carry one. A resource of any other type is shown
// by its property paths. test/report holds this table to the kinds the provider registers.

/** The type token of a kind: `pulumi-nodejs:dynamic/shortener:<Kind>` (provider/resources/resource.ts). */
/** A value of the state in a label: a string or number as it is, anything else (a hostile preview's object) as JSON. */
const plain = (value: unknown): string =>
    typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);

const KIND_TYPE_PREFIX = "pulumi-nodejs:dynamic/shortener:";

type Properties = Record<string, unknown>;

export interface KindWords {
    /** What the object is called in the report, e.g. "Domain". */
    noun: string;
    /** What names the object, shown beside the noun, and the properties it is read from. */
    label?: { from: readonly string[]; text: (properties: Properties) => unknown };
    /** The URL of the object on the service, from its outputs. */
    link?: (outputs: Properties) => unknown;
    /** Property names as a person says them. */
    words: Record<string, string>;
    /** Properties shown as [secret] whatever the preview says (defence in depth: a `--show-secrets` preview). */
    secret?: (properties: Properties) => readonly string[];
    /**
     * The object's public URL, which people hold outside the stack (printed posters, sent e-mails): deleting or
     * replacing the object breaks it, and so does a change of any of `changedBy`.
     */
    publicUrl?: { of: (outputs: Properties) => unknown; changedBy: readonly string[] };
    /** Properties the service never returns: a change to them by hand is drift no refresh can see. */
    unseen?: readonly string[];
}

export const KIND_WORDS: Readonly<Record<string, KindWords>> = {
    Domain: {
        noun: "Domain",
        label: { from: ["domain"], text: (p) => p.domain },
        link: (o) => o.domain,
        words: { domain: "domain", redirectRoot: "root redirect", redirect404: "404 redirect" },
    },
    Campaign: {
        noun: "Campaign",
        label: { from: ["name"], text: (p) => p.name },
        link: (o) => o.rotatorUrl ?? o.listUrl,
        words: { name: "name", slug: "rotator slug", public: "public", rotatorUrl: "rotator URL", listUrl: "list URL" },
    },
    CampaignLink: {
        noun: "Link in a campaign",
        label: {
            from: ["linkId", "campaignId"],
            text: (p) =>
                p.linkId === undefined ? undefined : `link ${plain(p.linkId)} in campaign ${plain(p.campaignId)}`,
        },
        words: { campaignId: "campaign", linkId: "link" },
    },
    Link: {
        noun: "Short link",
        label: { from: ["shortUrl"], text: (p) => p.shortUrl },
        link: (o) => o.shortUrl,
        words: {
            url: "long URL",
            alias: "alias",
            domain: "domain",
            shortUrl: "short URL",
            storedAlias: "alias held",
            title: "meta title",
            description: "meta description",
            note: "note",
            password: "password",
            expiry: "expiry",
            public: "public",
            redirect: "redirect",
            geoTargets: "country targets",
            deviceTargets: "device targets",
            languageTargets: "language targets",
            parameters: "query parameters",
            pixels: "pixels",
            campaign: "campaign",
            deepLink: "deep link",
            channels: "channels",
        },
        secret: () => ["password"],
        publicUrl: { of: (o) => o.shortUrl, changedBy: ["alias", "domain"] },
        // shared/spec/links.md: no endpoint returns them, and the listing a refresh reads shows no target either.
        unseen: [
            "password",
            "redirect",
            "pixels",
            "parameters",
            "geoTargets",
            "deviceTargets",
            "languageTargets",
            "deepLink",
            "public",
            "note",
        ],
    },
    Channel: {
        noun: "Channel",
        label: { from: ["name"], text: (p) => p.name },
        words: {
            name: "name",
            description: "description",
            color: "colour",
            effectiveColor: "colour shown",
            starred: "starred",
        },
    },
    ChannelItem: {
        noun: "Item in a channel",
        label: {
            from: ["type", "itemId", "channelId"],
            text: (p) =>
                p.itemId === undefined
                    ? undefined
                    : `${plain(p.type)} ${plain(p.itemId)} in channel ${plain(p.channelId)}`,
        },
        words: { channelId: "channel", type: "item type", itemId: "item" },
    },
    Pixel: {
        noun: "Pixel",
        label: { from: ["name"], text: (p) => p.name },
        words: { type: "pixel type", name: "name", tag: "tag" },
    },
    QrCode: {
        noun: "QR code",
        label: { from: ["data"], text: (p) => p.data },
        link: (o) => o.link,
        words: {
            type: "QR type",
            data: "data",
            background: "background",
            foreground: "foreground",
            logo: "logo",
            link: "short link",
            scans: "scans",
        },
        secret: (p) => (p.type === "wifi" ? ["data"] : []),
    },
    AccountSettings: {
        noun: "Account settings",
        label: { from: ["username"], text: (p) => p.username },
        words: { email: "e-mail address", password: "password", username: "user name", status: "plan" },
        secret: () => ["password"],
    },
    WikiQuery: {
        noun: "Wiki query",
        label: {
            from: ["definition"],
            text: (p) =>
                typeof p.definition === "object" && p.definition !== null
                    ? (p.definition as Properties).name
                    : undefined,
        },
        link: (o) => o.url,
        words: {
            definition: "definition",
            apiUrl: "wiki API",
            highLimits: "high limits",
            strict: "strict",
            catalogue: "catalogue",
            url: "URL",
            request: "request",
            warnings: "warnings",
            judgedWith: "judged with",
        },
    },
};

/** The kind of a type token of this package, or undefined for any other type. */
export function kindOf(type: string): string | undefined {
    if (!type.startsWith(KIND_TYPE_PREFIX)) return undefined;
    const kind = type.slice(KIND_TYPE_PREFIX.length);
    return Object.hasOwn(KIND_WORDS, kind) ? kind : undefined;
}
