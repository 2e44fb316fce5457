// The Links API (docs/service/links.md): the service's short links, as its source serves them. Body fields are read
// in link-body-readers.ts.
import { randomBytes } from "node:crypto";
import { now } from "../store/dates";
import { LinkRecord, NewFields } from "../store/records";
import { linkDefaults } from "../store/seed-defaults";
import { ApiContext, ApiRoute, done, ownedOrFail } from "./context";
import { ApiFailure, notFollowed, RawAnswer } from "./answers";
import * as read from "./link-body-readers";
import { DEFAULT_LIMIT, pagedListResponse } from "./pagination";
import { countsAsStrings } from "./qrcodes";

const RANDOM_ALIAS_LENGTH = 6;
const RANDOM_ALIAS_TRIES = 100;
/** The networks of a link's socialCount (links.md). */
const LINK_SOCIAL_NETWORKS = ["facebook", "twitter", "instagram", "linkedin"];

/** The short URL: the domain (or the service's own address) + "/" + the alias. */
export function linkShortUrl(baseUrl: string, link: Pick<LinkRecord, "domain" | "custom" | "alias">): string {
    return `${link.domain ?? baseUrl}/${link.custom || link.alias}`;
}

function shortUrl(context: ApiContext, link: LinkRecord): string {
    return linkShortUrl(context.settings.baseUrl, link);
}

function parsedUrl(value: string): URL | undefined {
    try {
        return new URL(value);
    } catch {
        return undefined;
    }
}

/** A link of a QR code or bio page is not one of the account's links. */
function isPlainLink(link: LinkRecord): boolean {
    return link.qrId === null && link.bioId === null;
}

function linkOrFail(context: ApiContext, id: number): LinkRecord {
    const link = ownedOrFail(context, "links", id);
    if (!isPlainLink(link))
        notFollowed(`link ${id} of a QR code or bio page`, "links.md does not say how the Links API treats it");
    return link;
}

/** A free random alias; 36^6 aliases make a miss rare, and RANDOM_ALIAS_TRIES of them in a row a broken store. */
function randomAlias(context: ApiContext, domain: string): string {
    const letters = "abcdefghijklmnopqrstuvwxyz0123456789";
    for (let attempt = 0; attempt < RANDOM_ALIAS_TRIES; attempt++) {
        const alias = Array.from(randomBytes(RANDOM_ALIAS_LENGTH), (byte) => letters[byte % letters.length]).join("");
        if (!read.aliasTaken(context, alias, domain)) return alias;
    }
    throw new Error(`no free random alias on ${domain} after ${RANDOM_ALIAS_TRIES} tries`);
}

function channelsHolding(context: ApiContext, link: LinkRecord): number[] {
    return context.store
        .owned("channels", context.user.id)
        .filter((channel) => channel.items.some((item) => item.type === "links" && item.id === link.id))
        .map((channel) => channel.id);
}

/** What the list and the single answer both show of a link. */
function linkBasics(context: ApiContext, link: LinkRecord) {
    return {
        id: link.id,
        alias: link.custom || link.alias,
        shorturl: shortUrl(context, link),
        longurl: link.url,
        title: link.title,
        description: link.description,
    };
}

function listItem(context: ApiContext, link: LinkRecord): object {
    return {
        ...linkBasics(context, link),
        clicks: String(link.stats.clicks),
        uniqueclicks: String(link.stats.uniqueClicks),
        date: link.date,
        domain: link.domain,
        campaign: link.campaignId,
        channel: channelsHolding(context, link),
    };
}

function singleAnswer(context: ApiContext, link: LinkRecord): object {
    const { stats } = link;
    const details = {
        ...linkBasics(context, link),
        location: link.geotarget.length > 0 ? link.geotarget : null,
        // The service reads a column that does not exist.
        device: null,
        expiry: link.expiry,
        date: link.date,
    };
    const counted = stats.clicks > 0 && {
        topCountries: countsAsStrings(stats.topCountries),
        topBrowsers: countsAsStrings(stats.topBrowsers),
        topOs: countsAsStrings(stats.topOs),
        topReferrers: countsAsStrings(stats.topReferrers),
        socialCount: Object.fromEntries(
            LINK_SOCIAL_NETWORKS.map((network) => [network, stats.socialCount[network] ?? 0]),
        ),
    };
    return {
        error: 0,
        id: link.id,
        details,
        data: { clicks: stats.clicks, uniqueClicks: stats.uniqueClicks, ...counted },
    };
}

/** `limit`: no maximum; 0 or a non-number falls back to 15. */
function listLimit(context: ApiContext): number {
    const raw = context.query.limit;
    if (raw === undefined || !/^-?\d+$/.test(raw) || Number(raw) === 0) return DEFAULT_LIMIT;
    if (Number(raw) < 0) notFollowed(`limit=${raw}`, "links.md does not say how a negative limit is answered");
    return Number(raw);
}

/** `GET /urls?short=<full short URL>`: the link behind a short URL, answered as `GET /url/:id`. */
function byShortUrl(context: ApiContext, short: string): object {
    const url = parsedUrl(short);
    if (!url) throw new ApiFailure("Invalid short url. Please try again.");
    // URL lower-cases the host and keeps the path (the alias) as it is.
    const link = context.store
        .records("links")
        .filter(isPlainLink)
        .find((candidate) => {
            const candidateUrl = parsedUrl(shortUrl(context, candidate));
            return candidateUrl?.host === url.host && candidateUrl.pathname === url.pathname;
        });
    if (!link) throw new ApiFailure("Link does not exist.");
    if (link.userId !== context.user.id)
        throw new ApiFailure("You do not have the permission to access this short url.");
    return singleAnswer(context, link);
}

function listLinks(context: ApiContext): object {
    if (context.query.short !== undefined) return byShortUrl(context, context.query.short);
    const q = (context.query.q ?? "").toLowerCase();
    const matches = (link: LinkRecord) =>
        [link.url, link.custom || link.alias, link.title].some((text) => text.toLowerCase().includes(q));
    const byClicks = context.query.order === "click";
    const links = context.store
        .owned("links", context.user.id)
        .filter((link) => isPlainLink(link) && matches(link))
        .sort(
            (a, b) => (byClicks ? b.stats.clicks - a.stats.clicks : 0) || b.date.localeCompare(a.date) || b.id - a.id,
        );
    return pagedListResponse("urls", links, (link) => listItem(context, link), context, {
        perpage: listLimit(context),
    });
}

/** The limit is checked before the service's try block: its refusal is the HTTP 500 error page, not JSON. */
function checkLinksLimit(context: ApiContext): void {
    const limit = context.user.plan.linksLimit;
    if (limit !== null && context.store.owned("links", context.user.id).filter(isPlainLink).length >= limit) {
        throw new RawAnswer(500, "html");
    }
}

/** The fields an update resets when they are omitted, read as a create reads them. */
function replacedFields(context: ApiContext) {
    const { body } = context;
    return {
        domain: read.readDomain(context, body.domain),
        password: typeof body.password === "string" ? body.password : "",
        expiry: read.readExpiry(context, body.expiry),
        geotarget: read.readEntries(context, body, "geotarget"),
        devicetarget: read.readEntries(context, body, "devicetarget"),
        languagetarget: read.readEntries(context, body, "languagetarget"),
        parameters: read.readEntries(context, body, "parameters"),
        pixels: read.readPixels(context, body.pixels),
        campaignId: read.readCampaign(context, body.campaign),
    };
}

/** An identical create is answered with the existing link (the service's `duplicateurls` off). */
function identicalLink(context: ApiContext, fields: NewFields<"links">): LinkRecord | undefined {
    const compared: (keyof NewFields<"links">)[] = [
        "url",
        "domain",
        "password",
        "geotarget",
        "devicetarget",
        "languagetarget",
        "pixels",
    ];
    if (read.isSent(context.body.type)) compared.push("type");
    if (read.isSent(context.body.parameters)) compared.push("parameters");
    const same = (link: LinkRecord) =>
        compared.every((field) => JSON.stringify(link[field]) === JSON.stringify(fields[field]));
    return context.store.owned("links", context.user.id).find((link) => isPlainLink(link) && same(link));
}

function addToChannel(context: ApiContext, link: LinkRecord, channelId: number): void {
    const channel = ownedOrFail(context, "channels", channelId);
    if (channel.items.some((item) => item.type === "links" && item.id === link.id)) return;
    context.store.update("channels", channel, {
        items: [...channel.items, { type: "links", id: link.id, date: now() }],
    });
}

function createLink(context: ApiContext): object {
    checkLinksLimit(context);
    const { body } = context;
    const url = read.readLongUrl(context, body.url, "create");
    const replaced = replacedFields(context);
    const custom =
        read.isSent(body.custom) && context.user.plan.customAlias
            ? read.readCustomAlias(context, body.custom, replaced.domain)
            : "";
    const fields: NewFields<"links"> = {
        ...linkDefaults(),
        ...replaced,
        url,
        custom,
        alias: custom ? "" : randomAlias(context, replaced.domain),
        title: read.optionalText(context, body, "metatitle") ?? "",
        description: read.optionalText(context, body, "metadescription") ?? "",
        metaimage: read.readMetaImage(body.metaimage) ?? "",
        type: read.readType(context, body.type) ?? read.SITE_DEFAULT_TYPE,
        deeplink: read.readDeepLink(context, body.deeplink) ?? null,
        public: body.status === "public",
        note: read.optionalText(context, body, "description") ?? "",
    };
    const existing = custom ? undefined : identicalLink(context, fields);
    if (existing) return { error: 0, id: existing.id, shorturl: shortUrl(context, existing) };
    const link = context.store.insert("links", context.user.id, fields);
    const channelId = read.readChannel(context, body.channel);
    if (channelId !== undefined) addToChannel(context, link, channelId);
    return { error: 0, id: link.id, shorturl: shortUrl(context, link) };
}

/** The alias after an update: a new custom alias drops the random one for good. */
function updatedAlias(context: ApiContext, link: LinkRecord, domain: string): Pick<LinkRecord, "alias" | "custom"> {
    const { body } = context;
    if (read.isSent(body.custom) && context.user.plan.customAlias) {
        const custom = read.readCustomAlias(context, body.custom, domain, link.id);
        if (custom !== (link.custom || link.alias)) return { custom, alias: "" };
    }
    if (domain !== link.domain && read.aliasTaken(context, link.custom || link.alias, domain, link.id)) {
        notFollowed(
            "an update onto a domain where the link's alias is used",
            "links.md does not say what the service does",
        );
    }
    return { custom: link.custom, alias: link.alias };
}

function updateLink(context: ApiContext): object {
    const link = linkOrFail(context, context.ids.id);
    const { body } = context;
    const replaced = replacedFields(context);
    const editUrl = read.isSent(body.url) && context.user.plan.editLongUrl;
    const type = read.readType(context, body.type);
    const deeplink = read.readDeepLink(context, body.deeplink);
    context.store.update("links", link, {
        ...replaced,
        ...updatedAlias(context, link, replaced.domain),
        url: editUrl ? read.readLongUrl(context, body.url, "update") : link.url,
        title: read.optionalText(context, body, "metatitle") ?? link.title,
        description: read.optionalText(context, body, "metadescription") ?? link.description,
        metaimage: read.readMetaImage(body.metaimage) ?? link.metaimage,
        type: type ?? link.type,
        deeplink: deeplink === undefined ? link.deeplink : deeplink,
        public: false,
        note: "",
    });
    const channelId = read.readChannel(context, body.channel);
    if (channelId !== undefined) addToChannel(context, link, channelId);
    // Its check for an existing assignment row never matches an empty channel, so each such update adds one.
    else if (!read.isSent(body.channel))
        context.store.update("links", link, { emptyChannelRows: link.emptyChannelRows + 1 });
    return { error: 0, id: link.id, shorturl: shortUrl(context, link) };
}

/** Removes the link and every channel assignment whose item id is the link's, whatever the item's type. */
function deleteLink(context: ApiContext): object {
    const link = linkOrFail(context, context.ids.id);
    context.store.remove("links", link.id, { keepChannelItems: true });
    for (const channel of context.store.records("channels")) {
        if (channel.items.some((item) => item.id === link.id)) {
            context.store.update("channels", channel, { items: channel.items.filter((item) => item.id !== link.id) });
        }
    }
    return done("Link has been successfully deleted.");
}

export const linkRoutes: ApiRoute[] = [
    { method: "GET", pattern: "/api/urls", handler: listLinks },
    {
        method: "GET",
        pattern: "/api/url/:id",
        handler: (context) => singleAnswer(context, linkOrFail(context, context.ids.id)),
    },
    { method: "POST", pattern: "/api/url/add", handler: createLink },
    { method: "PUT", pattern: "/api/url/:id/update", handler: updateLink },
    { method: "DELETE", pattern: "/api/url/:id/delete", handler: deleteLink },
];
