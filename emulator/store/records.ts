// The stored shape of every object the emulator keeps. Field names here are the "store field names"
// that the admin surface (seed, patch, list) reads and writes.

export const KINDS = [
    "domains",
    "campaigns",
    "channels",
    "pixels",
    "qrcodes",
    "links",
    "bio",
    "overlays",
    "splash",
] as const;
export type Kind = (typeof KINDS)[number];
export type AdminKind = Kind | "accounts";

// The emulator keeps its own copies of the service's vocabularies (channel item types here, pixel types in
// api/pixels.ts) and of its escaping (profiles/) on purpose: it is an independent oracle written from the spec, so a
// mistake in provider/client/schemas.ts or provider/resources/values.ts shows as a disagreement, not shared by both.
export const CHANNEL_ITEM_TYPES = ["links", "bio", "qr"] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

/** Every object belongs to one account and remembers when it was created. */
export interface OwnedRecord {
    id: number;
    userId: number;
    date: string;
}

export interface AccountRecord {
    id: number;
    email: string;
    username: string;
    /** sha256 of the password, so the store (and a state file) never holds it in clear. */
    passwordHash: string;
    apiKey: string;
    avatar: string;
    status: string;
    expires: string;
    registered: string;
    /** The domain a link made without one gets; "" when the account has none (see api/links.ts). */
    defaultDomain: string;
    plan: Plan;
}

/** What an account's plan allows its links (the service's plan settings the Links API depends on). */
export interface Plan {
    customAlias: boolean;
    expiry: boolean;
    geotarget: boolean;
    devicetarget: boolean;
    languagetarget: boolean;
    parameters: boolean;
    /** frame, splash, custom splash pages and overlays. */
    linkTypes: boolean;
    deeplink: boolean;
    editLongUrl: boolean;
    /** Whether links may use the service's own (system) domains. */
    systemDomains: boolean;
    /** How many links the account may have; null: no limit. */
    linksLimit: number | null;
}

/** Every account starts with every feature and no limit. */
export function fullPlan(): Plan {
    return {
        customAlias: true,
        expiry: true,
        geotarget: true,
        devicetarget: true,
        languagetarget: true,
        parameters: true,
        linkTypes: true,
        deeplink: true,
        editLongUrl: true,
        systemDomains: true,
        linksLimit: null,
    };
}

export interface DomainRecord extends OwnedRecord {
    domain: string;
    redirectroot: string;
    redirect404: string;
}

export interface CampaignRecord extends OwnedRecord {
    name: string;
    /** "" when the campaign has no rotator. */
    slug: string;
    public: boolean;
}

export interface ChannelItemRef {
    type: ChannelItemType;
    id: number;
    /** When the item was assigned to the channel. */
    date: string;
}

export interface ChannelRecord extends OwnedRecord {
    name: string;
    description: string;
    color: string;
    starred: boolean;
    items: ChannelItemRef[];
}

export interface PixelRecord extends OwnedRecord {
    type: string;
    name: string;
    tag: string;
}

/** Clicks or scans of a short link, with the "top" tables of its statistics page. */
export interface QrStatistics {
    clicks: number;
    uniqueClicks: number;
    topCountries: Record<string, number>;
    topReferrers: Record<string, number>;
    topBrowsers: Record<string, number>;
    topOs: Record<string, number>;
    /** Shares by network; the answer lists the profile's networks, each 0 unless counted here. */
    socialCount: Record<string, number>;
}

export interface QrRecord extends OwnedRecord {
    type: string;
    data: unknown;
    /** What the code encodes (what a scanner reads), derived from type and data as the service reads them. */
    content: string;
    background: string;
    foreground: string;
    logo: string;
    name: string;
    scans: number;
    stats: QrStatistics;
}

export interface LinkTarget {
    link: string;
}

export type DeepLink = { apple?: string; google?: string } | { auto: true };

/**
 * A short link as the service stores it. Most fields are never returned by the API (links.md lists which); the admin
 * surface reads and writes them all.
 */
export interface LinkRecord extends OwnedRecord {
    url: string;
    /** The random alias; "" once a custom alias replaced it (for good). The link's alias is `custom || alias`. */
    alias: string;
    /** The custom alias, "" when none. */
    custom: string;
    /** As stored: as sent, or the default domain; null stands for the service's own address. */
    domain: string | null;
    /** The page's meta title and description. */
    title: string;
    description: string;
    metaimage: string;
    /** The campaign the link is assigned to, if any. */
    campaignId: number | null;
    /** In plain text, as the service stores it. */
    password: string;
    /** "direct", "frame", "splash", a custom splash page's id, or "overlay-<id>". */
    type: string;
    pixels: number[];
    parameters: { name: string; value: string }[];
    geotarget: (LinkTarget & { location: string })[];
    devicetarget: (LinkTarget & { device: string })[];
    languagetarget: (LinkTarget & { language: string })[];
    deeplink: DeepLink | null;
    public: boolean;
    /** The create body's `description`. */
    note: string;
    expiry: string | null;
    stats: QrStatistics;
    /** Channel assignment rows with an empty channel (written by every update without `channel`). */
    emptyChannelRows: number;
    /** Set when the link belongs to a QR code or a bio page: such links are not listed. */
    qrId: number | null;
    bioId: number | null;
}

export interface BioRecord extends OwnedRecord {
    name: string;
    alias: string;
}

export interface OverlayRecord extends OwnedRecord {
    type: string;
    name: string;
}

export interface SplashRecord extends OwnedRecord {
    name: string;
}

export interface RecordsByKind {
    domains: DomainRecord;
    campaigns: CampaignRecord;
    channels: ChannelRecord;
    pixels: PixelRecord;
    qrcodes: QrRecord;
    links: LinkRecord;
    bio: BioRecord;
    overlays: OverlayRecord;
    splash: SplashRecord;
}

export type RecordsByAdminKind = RecordsByKind & { accounts: AccountRecord };

/** The owner-independent fields of a new object of a kind. */
export type NewFields<K extends Kind> = Omit<RecordsByKind[K], keyof OwnedRecord>;

export function isKind(value: string): value is Kind {
    return (KINDS as readonly string[]).includes(value);
}

export function isAdminKind(value: string): value is AdminKind {
    return value === "accounts" || isKind(value);
}

/** The word the real service uses in "<Thing> does not exist." */
export const THING_NAMES: Record<Kind, string> = {
    domains: "Domain",
    campaigns: "Campaign",
    channels: "Channel",
    pixels: "Pixel",
    qrcodes: "QR code",
    links: "Link",
    bio: "Bio page",
    overlays: "Overlay",
    splash: "Splash page",
};

export function emptyQrStatistics(): QrStatistics {
    return {
        clicks: 0,
        uniqueClicks: 0,
        topCountries: {},
        topReferrers: {},
        topBrowsers: {},
        topOs: {},
        socialCount: {},
    };
}
