import { z } from "zod";
import { ShortenerApiError } from "./errors";
import { BOUNDS } from "../bounds";
import { AllOptions, allItems, PageQuery } from "./pagination";
import { redactor, shownBaseUrl } from "./redact";
import {
    Account,
    accountResponseSchema,
    Campaign,
    campaignSchema,
    Channel,
    ChannelItem,
    channelItemSchema,
    ChannelItemType,
    channelSchema,
    createdQrSchema,
    createdSchema,
    Domain,
    DomainPage,
    domainPageSchema,
    Link,
    LinkDetails,
    linkDetailsResponseSchema,
    linkSchema,
    LinkStatistics,
    Overlay,
    overlaySchema,
    Page,
    pageSchema,
    Pixel,
    pixelSchema,
    PixelType,
    QrCode,
    qrCodeSchema,
    qrDetailsResponseSchema,
    QrStatistics,
    QrType,
    savedLinkSchema,
    Splash,
    splashSchema,
} from "./schemas";
import { ApiAnswer, ApiCall, HttpMethod, Transport, WaitEvent } from "./transport";

export interface ClientConfig {
    baseUrl: string;
    apiKey: string;
    // Each bound's default and range are in provider/bounds.ts (CLIENT_BOUNDS names which).
    /** Per attempt. */
    timeoutMs?: number;
    /** How many times a read is sent again after a 5xx, a dropped connection or a timeout. */
    maxRetries?: number;
    /** The longest wait for the service's rate limit before the call fails instead. */
    maxRateLimitWaitMs?: number;
    /** The largest answer read, in bytes. */
    maxResponseBytes?: number;
    /** The most pages a listing may have. */
    maxListPages?: number;
    /** The most bytes the items of one listing may hold, as JSON. */
    maxListingBytes?: number;
    onWait?: (event: WaitEvent) => void;
}

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

/** The bound each of the client's options sets, in the order they are checked. */
const CLIENT_BOUNDS = {
    timeoutMs: "requestTimeoutMs",
    maxRetries: "maxRetries",
    maxRateLimitWaitMs: "maxRateLimitWaitMs",
    maxResponseBytes: "maxResponseBytes",
    maxListPages: "maxListPages",
    maxListingBytes: "maxListingBytes",
} as const;

export function createShortenerClient(config: ClientConfig): ShortenerClient {
    const baseUrl = checkBaseUrl(config.baseUrl, config.apiKey);
    const apiKey = checkApiKey(config.apiKey);
    const { maxListPages, maxListingBytes, ...transportBounds } = checkedBounds(config);
    const api = new Endpoints(
        new Transport({ baseUrl, apiKey, ...transportBounds, onWait: config.onWait }),
        { maxPages: maxListPages, maxBytes: maxListingBytes },
        [],
    );
    return clientOver(api);
}

function clientOver(api: Endpoints): ShortenerClient {
    return {
        account: {
            get: async () => api.read("account.get", "/api/account", accountResponseSchema),
            update: async (body) =>
                api.write("account.update", "PUT", "/api/account/update", body, body.password ? [body.password] : []),
        },
        domains: domainEndpoints(api),
        overlays: api.listing("overlays", "/api/overlay", pageSchema(["overlay", "cta"], overlaySchema)),
        campaigns: campaignEndpoints(api),
        channels: channelEndpoints(api),
        splash: api.listing("splash", "/api/splash", pageSchema("splash", splashSchema)),
        pixels: pixelEndpoints(api),
        links: linkEndpoints(api),
        qrCodes: qrCodeEndpoints(api),
        withSecrets: (secrets) => clientOver(api.telling(secrets)),
    };
}

/** Each of the client's bounds as given, or its default, within the range the bounds table allows. */
function checkedBounds(config: ClientConfig): Record<keyof typeof CLIENT_BOUNDS, number> {
    const checked = Object.entries(CLIENT_BOUNDS).map(([field, name]) => {
        const bound = BOUNDS[name];
        const given = config[field as keyof typeof CLIENT_BOUNDS];
        return [
            field,
            checkCount(field, given ?? bound.default, bound.lowest, "highest" in bound ? bound.highest : undefined),
        ];
    });
    return Object.fromEntries(checked) as Record<keyof typeof CLIENT_BOUNDS, number>;
}

function domainEndpoints(api: Endpoints): ShortenerClient["domains"] {
    return {
        ...api.listing("domains", "/api/domains", domainPageSchema),
        create: async (body) =>
            api.create("domains.create", "/api/domain/add", createdSchema, {
                domain: body.domain,
                redirectroot: body.redirectRoot,
                redirect404: body.redirect404,
            }),
        update: async (id, body) =>
            api.write(
                "domains.update",
                "PUT",
                `/api/domain/${api.positiveInteger("domains.update", "id", id)}/update`,
                {
                    redirectroot: body.redirectRoot,
                    redirect404: body.redirect404,
                },
            ),
        delete: async (id) => api.remove("domains.delete", "domain", id),
    };
}

function campaignEndpoints(api: Endpoints): ShortenerClient["campaigns"] {
    return {
        ...api.listing("campaigns", "/api/campaigns", pageSchema("campaigns", campaignSchema)),
        create: async (body) => api.create("campaigns.create", "/api/campaign/add", campaignSchema, body),
        update: async (id, body) =>
            api.send(
                "campaigns.update",
                "PUT",
                `/api/campaign/${api.positiveInteger("campaigns.update", "id", id)}/update`,
                campaignSchema,
                body,
            ),
        delete: async (id) => api.remove("campaigns.delete", "campaign", id),
        assignLink: async (campaignId, linkId) => {
            const operation = "campaigns.assignLink";
            const path = `/api/campaign/${api.positiveInteger(operation, "campaignId", campaignId)}/assign/${api.positiveInteger(operation, "linkId", linkId)}`;
            return api.write(operation, "POST", path);
        },
    };
}

function channelEndpoints(api: Endpoints): ShortenerClient["channels"] {
    return {
        ...api.listing("channels", "/api/channels", pageSchema("channels", channelSchema)),
        items: async (channelId, query) =>
            api.page("channels.items", channelItemsPath(api, "channels.items", channelId), itemsPage, query),
        allItems: (channelId, options) =>
            api.walk(
                "channels.allItems",
                (query) =>
                    api.page(
                        "channels.allItems",
                        channelItemsPath(api, "channels.allItems", channelId),
                        itemsPage,
                        query,
                    ),
                // A link, a bio page and a QR code may share an id; the items of deleted objects are counted, not listed.
                { identity: (item: ChannelItem) => `${item.type}/${item.id}`, countsUnlisted: true, ...options },
            ),
        create: async (body) => api.create("channels.create", "/api/channel/add", channelSchema, body),
        update: async (id, body) =>
            api.write(
                "channels.update",
                "PUT",
                `/api/channel/${api.positiveInteger("channels.update", "id", id)}/update`,
                body,
            ),
        delete: async (id) => api.remove("channels.delete", "channel", id),
        assignItem: async (channelId, type, itemId) => {
            const operation = "channels.assignItem";
            const path =
                `/api/channel/${api.positiveInteger(operation, "channelId", channelId)}` +
                `/assign/${encodeURIComponent(type)}/${api.positiveInteger(operation, "itemId", itemId)}`;
            return api.write(operation, "POST", path);
        },
    };
}

function pixelEndpoints(api: Endpoints): ShortenerClient["pixels"] {
    return {
        ...api.listing("pixels", "/api/pixels", pageSchema("pixels", pixelSchema)),
        create: async (body) => api.create("pixels.create", "/api/pixel/add", createdSchema, body),
        update: async (id, body) =>
            api.write(
                "pixels.update",
                "PUT",
                `/api/pixel/${api.positiveInteger("pixels.update", "id", id)}/update`,
                body,
            ),
        delete: async (id) => api.remove("pixels.delete", "pixel", id),
    };
}

function linkEndpoints(api: Endpoints): ShortenerClient["links"] {
    const secretsOf = (body: LinkBody) => (body.password ? [body.password] : []);
    return {
        ...api.listing("links", "/api/urls", pageSchema("urls", linkSchema)),
        get: async (id) =>
            api.read("links.get", `/api/url/${api.positiveInteger("links.get", "id", id)}`, linkDetailsResponseSchema),
        create: async (body) =>
            api.send("links.create", "POST", "/api/url/add", savedLinkSchema, { ...body }, secretsOf(body)),
        update: async (id, body) =>
            api.send(
                "links.update",
                "PUT",
                `/api/url/${api.positiveInteger("links.update", "id", id)}/update`,
                savedLinkSchema,
                { ...body },
                secretsOf(body),
            ),
        delete: async (id) => api.remove("links.delete", "url", id),
    };
}

function qrCodeEndpoints(api: Endpoints): ShortenerClient["qrCodes"] {
    return {
        ...api.listing("qrCodes", "/api/qr", pageSchema("qrs", qrCodeSchema)),
        get: async (id) =>
            api.read("qrCodes.get", `/api/qr/${api.positiveInteger("qrCodes.get", "id", id)}`, qrDetailsResponseSchema),
        create: async (body) => api.create("qrCodes.create", "/api/qr/add", createdQrSchema, { ...body }),
        update: async (id, body) =>
            api.write("qrCodes.update", "PUT", `/api/qr/${api.positiveInteger("qrCodes.update", "id", id)}/update`, {
                ...body,
            }),
        delete: async (id) => api.remove("qrCodes.delete", "qr", id),
    };
}

const itemsPage = pageSchema("items", channelItemSchema);

function channelItemsPath(api: Endpoints, operation: string, channelId: number): string {
    return `/api/channel/${api.positiveInteger(operation, "channelId", channelId)}`;
}

/** The few shapes every endpoint is one of, each checking its input and parsing its answer. */
class Endpoints {
    /** Removes the API key and the secrets every call is told, in every form, from text that goes into an error. */
    private readonly redact: (text: string) => string;

    constructor(
        private readonly transport: Transport,
        private readonly listingBounds: Required<Pick<AllOptions, "maxPages" | "maxBytes">>,
        /** Kept out of the errors of every call, beside each call's own. */
        private readonly secrets: readonly string[],
    ) {
        const withoutSecrets = redactor(secrets);
        this.redact = (text) => withoutSecrets(transport.redact(text));
    }

    /** Endpoints whose every call is also told these secrets. */
    telling(secrets: readonly string[]): Endpoints {
        return new Endpoints(this.transport, this.listingBounds, [...this.secrets, ...secrets]);
    }

    listing<T, P extends Page<T>>(resource: string, path: string, schema: z.ZodType<P>): Listing<T, P> {
        const operation = `${resource}.list`;
        const list = (query?: PageQuery) => this.page(operation, path, schema, query);
        return { list, all: (options) => this.walk(`${resource}.all`, list, options) };
    }

    walk<T>(
        operation: string,
        fetchPage: (query: PageQuery) => Promise<Page<T>>,
        options: AllOptions = {},
    ): AsyncIterable<T> {
        return allItems(operation, fetchPage, { ...this.listingBounds, ...options });
    }

    async page<P>(operation: string, path: string, schema: z.ZodType<P>, query: PageQuery = {}): Promise<P> {
        const checked = {
            limit: query.limit === undefined ? undefined : this.positiveInteger(operation, "limit", query.limit),
            page: query.page === undefined ? undefined : this.positiveInteger(operation, "page", query.page),
        };
        return this.parse(operation, schema, await this.call({ operation, method: "GET", path, query: checked }));
    }

    async read<T>(operation: string, path: string, schema: z.ZodType<T>): Promise<T> {
        return this.parse(operation, schema, await this.call({ operation, method: "GET", path }));
    }

    create<T>(operation: string, path: string, schema: z.ZodType<T>, body: Record<string, unknown>): Promise<T> {
        return this.send(operation, "POST", path, schema, body);
    }

    /** A write whose answer is parsed; `secrets`, the body's own, are kept out of its errors and its answer's. */
    async send<T>(
        operation: string,
        method: HttpMethod,
        path: string,
        schema: z.ZodType<T>,
        body: Record<string, unknown>,
        secrets: readonly string[] = [],
    ): Promise<T> {
        const told = secrets.length > 0 ? this.telling(secrets) : this;
        return told.parse(
            operation,
            schema,
            await told.call({ operation, method, path, body: withoutUndefined(body) }),
        );
    }

    async write(
        operation: string,
        method: HttpMethod,
        path: string,
        body?: Record<string, unknown>,
        secrets: readonly string[] = [],
    ): Promise<void> {
        const call: ApiCall = { operation, method, path };
        if (body !== undefined) call.body = withoutUndefined(body);
        await (secrets.length > 0 ? this.telling(secrets) : this).call(call);
    }

    remove(operation: string, singular: string, id: number): Promise<void> {
        return this.write(operation, "DELETE", `/api/${singular}/${this.positiveInteger(operation, "id", id)}/delete`);
    }

    private call(call: Omit<ApiCall, "secrets">): Promise<ApiAnswer> {
        return this.transport.call({ ...call, secrets: this.secrets });
    }

    /** A positive integer for a path segment or a page query, or a validation error naming the argument. */
    positiveInteger(operation: string, field: string, value: number): number {
        if (Number.isSafeInteger(value) && value >= 1) return value;
        throw new ShortenerApiError({
            operation,
            kind: "validation",
            reason: `${field} must be a positive integer, got ${JSON.stringify(value) ?? String(value)}`,
            retryable: false,
        });
    }

    private parse<T>(operation: string, schema: z.ZodType<T>, answer: { status: number; body: unknown }): T {
        const parsed = schema.safeParse(answer.body);
        if (parsed.success) return parsed.data;
        throw new ShortenerApiError({
            operation,
            kind: "bad-response",
            // A shape error quotes what the service sent, which may echo the request.
            reason: this.redact(`the answer does not have the expected shape: ${describeIssues(parsed.error.issues)}`),
            status: answer.status,
            retryable: false,
        });
    }
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
    return issues
        .slice(0, 3)
        .map((issue) => {
            const where = issue.path.length > 0 ? issue.path.join(".") : "the body";
            // A union without a message of its own only says "Invalid input"; what each branch expected says more.
            const generic = issue.code === "invalid_union" && issue.message === "Invalid input";
            const said = generic
                ? issue.errors.map((branch) => branch.map((inner) => inner.message).join(", ")).join(" or ")
                : issue.message;
            return `${where}: ${said}`;
        })
        .join("; ");
}

function withoutUndefined(body: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

function checkBaseUrl(baseUrl: string, apiKey: string): string {
    if (typeof baseUrl === "string" && /^https?:\/\/[^\s/]+/i.test(baseUrl)) return baseUrl;
    const shown =
        typeof baseUrl === "string"
            ? JSON.stringify(
                  shownBaseUrl(
                      baseUrl,
                      [apiKey].filter((key) => typeof key === "string"),
                  ),
              )
            : typeof baseUrl;
    throw configError(`baseUrl must be an http(s) URL such as https://short.example, got ${shown}`);
}

function checkApiKey(apiKey: string): string {
    if (typeof apiKey === "string" && apiKey.trim() !== "") return apiKey;
    throw configError("apiKey is missing or empty");
}

function checkCount(field: string, value: number, minimum: number, maximum = Number.MAX_SAFE_INTEGER): number {
    if (Number.isSafeInteger(value) && value >= minimum && value <= maximum) return value;
    const range = maximum === Number.MAX_SAFE_INTEGER ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`;
    throw configError(`${field} must be an integer ${range}, got ${JSON.stringify(value)}`);
}

function configError(reason: string): ShortenerApiError {
    return new ShortenerApiError({ operation: "createShortenerClient", kind: "validation", reason, retryable: false });
}
