// What the client offers its callers: one group of typed functions per kind of the service's objects, each listing
// as a Listing, and the bodies a link's and a QR code's writes take. api.ts makes it of the endpoints.
import type { AllOptions, PageQuery } from "./pagination";
import type {
    Account,
    Campaign,
    Channel,
    ChannelItem,
    ChannelItemType,
    Domain,
    DomainPage,
    Link,
    LinkDetails,
    LinkStatistics,
    Overlay,
    Page,
    Pixel,
    PixelType,
    QrCode,
    QrStatistics,
    QrType,
    Splash,
} from "./schemas";

/** One list endpoint: a single page, or every item across all pages. */
export interface Listing<T, P extends Page<T> = Page<T>> {
    list(query?: PageQuery): Promise<P>;
    all(options?: AllOptions): AsyncIterable<T>;
}

/**
 * A link's create and update body in the service's own field names (see docs/resources.md's Link section for the
 * inputs they come from). The update replaces the link: a field left out is reset.
 */
export interface LinkBody {
    url: string;
    custom?: string;
    domain?: string;
    password?: string;
    expiry?: string;
    metatitle?: string;
    metadescription?: string;
    /** The preview image: a .png or .jpg URL. */
    metaimage?: string;
    /** The note. */
    description?: string;
    status: "public" | "private";
    /** direct, frame, splash, a splash page's id, or overlay-<id>. */
    type?: string;
    geotarget?: { location: string; link: string }[];
    devicetarget?: { device: string; link: string }[];
    languagetarget?: { language: string; link: string }[];
    parameters?: { name: string; value: string }[];
    pixels?: number[];
    campaign?: number;
    deeplink?: { apple?: string; google?: string } | { auto: true };
}

/** QR data: a string for text and link, an object of named fields for the other types. */
export type QrData = string | Record<string, string>;

export interface QrCodeBody {
    type: QrType;
    data: QrData;
    background?: string;
    foreground?: string;
    logo?: string;
}

export interface ShortenerClient {
    account: {
        get(): Promise<Account>;
        update(body: { email?: string; password?: string }): Promise<void>;
    };
    domains: Listing<Domain, DomainPage> & {
        create(body: { domain: string; redirectRoot?: string; redirect404?: string }): Promise<{ id: number }>;
        update(id: number, body: { redirectRoot?: string; redirect404?: string }): Promise<void>;
        delete(id: number): Promise<void>;
    };
    overlays: Listing<Overlay>;
    campaigns: Listing<Campaign> & {
        create(body: { name?: string; slug?: string; public?: boolean }): Promise<Campaign>;
        update(id: number, body: { name: string; slug?: string; public?: boolean }): Promise<Campaign>;
        delete(id: number): Promise<void>;
        assignLink(campaignId: number, linkId: number): Promise<void>;
    };
    channels: Listing<Channel> & {
        items(channelId: number, query?: PageQuery): Promise<Page<ChannelItem>>;
        allItems(channelId: number, options?: AllOptions): AsyncIterable<ChannelItem>;
        create(body: { name: string; description?: string; color?: string; starred?: boolean }): Promise<Channel>;
        update(
            id: number,
            body: Partial<{ name: string; description: string; color: string; starred: boolean }>,
        ): Promise<void>;
        delete(id: number): Promise<void>;
        assignItem(channelId: number, type: ChannelItemType, itemId: number): Promise<void>;
    };
    splash: Listing<Splash>;
    pixels: Listing<Pixel> & {
        create(body: { type: PixelType; name: string; tag: string }): Promise<{ id: number }>;
        update(id: number, body: { name?: string; tag: string }): Promise<void>;
        delete(id: number): Promise<void>;
    };
    links: Listing<Link> & {
        get(id: number): Promise<{ link: LinkDetails; statistics: LinkStatistics }>;
        create(body: LinkBody): Promise<{ id: number; shortUrl: string }>;
        update(id: number, body: LinkBody): Promise<{ id: number; shortUrl: string }>;
        delete(id: number): Promise<void>;
    };
    qrCodes: Listing<QrCode> & {
        /** statistics is null for a QR code without a short link (the real service's text, sms and wifi codes). */
        get(id: number): Promise<{ qrCode: QrCode; statistics: QrStatistics | null }>;
        create(body: QrCodeBody): Promise<{ id: number; link: string | null }>;
        update(id: number, body: Partial<QrCodeBody> & { data: QrData }): Promise<void>;
        delete(id: number): Promise<void>;
    };
    /**
     * The same client, whose every call also keeps these secrets out of its errors: for an operation that sends a secret
     * in one call and makes others (a read-back, a listing) that a service echoing it could answer with it.
     */
    withSecrets(secrets: readonly string[]): ShortenerClient;
}
