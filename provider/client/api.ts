// One typed function per endpoint of the service, in groups by kind: the path, the service's field names, the shape of
// the answer. Each is one of the shapes of endpoints.ts, which checks ids and page numbers and parses answers.
import type { Endpoints } from "./endpoints";
import {
    accountResponseSchema,
    campaignSchema,
    ChannelItem,
    channelItemSchema,
    channelSchema,
    createdQrSchema,
    createdSchema,
    domainPageSchema,
    linkDetailsResponseSchema,
    linkSchema,
    overlaySchema,
    pageSchema,
    pixelSchema,
    qrCodeSchema,
    qrDetailsResponseSchema,
    savedLinkSchema,
    splashSchema,
} from "./schemas";
import type { LinkBody, ShortenerClient } from "./shortener-client";

/** The client whose every function calls the service through these endpoints. */
export function clientOver(api: Endpoints): ShortenerClient {
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
