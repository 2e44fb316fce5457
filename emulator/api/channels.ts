import { datePart, now } from "../store/dates";
import { CHANNEL_ITEM_TYPES, ChannelItemRef, ChannelItemType, ChannelRecord, Kind } from "../store/records";
import { ApiContext, ApiRoute, deleteRoute, done, ownedOrFail } from "./context";
import { oneOf, optionalString, requiredString } from "./fields";
import { ownedListRoute, pagedListResponse } from "./pagination";
import { qrLink } from "./qrcodes";
import { linkShortUrl } from "./links";

/** The service silently keeps the old name or description when the new one is this short. */
const IGNORED_TEXT_LENGTH = 2;

const ITEM_KINDS: Record<ChannelItemType, Kind> = { links: "links", bio: "bio", qr: "qrcodes" };

function optionalColor(context: ApiContext): string | undefined {
    const color = optionalString(context.body, "color");
    return color === undefined ? undefined : context.settings.profile.channelColor(color);
}

function optionalText(context: ApiContext, field: string): string | undefined {
    const value = optionalString(context.body, field);
    return value === undefined ? undefined : context.settings.profile.storedText(value);
}

function keepIfShort(value: string | undefined, old: string): string {
    return value !== undefined && value.length > IGNORED_TEXT_LENGTH ? value : old;
}

function present(record: ChannelRecord): object {
    return {
        id: String(record.id),
        name: record.name,
        description: record.description,
        color: record.color,
        starred: record.starred,
    };
}

/** A channel item as listed, or undefined when the object behind it is gone. */
function presentItem(context: ApiContext, item: ChannelItemRef): object | undefined {
    const base = context.settings.baseUrl;
    const { store } = context;
    const shown = (title: string, preview: string, link: string, date: string) => ({
        type: item.type,
        id: item.id,
        title,
        preview,
        link,
        date: datePart(date),
    });
    if (item.type === "links") {
        const link = store.find("links", item.id);
        return link && shown(link.title, link.url, linkShortUrl(base, link), link.date);
    }
    if (item.type === "bio") {
        const bio = store.find("bio", item.id);
        return bio && shown(bio.name, `${base}/${bio.alias}`, `${base}/${bio.alias}`, bio.date);
    }
    const qr = store.find("qrcodes", item.id);
    return qr && shown(qr.name, qrLink(base, qr.id), qrLink(base, qr.id), qr.date);
}

export const channelRoutes: ApiRoute[] = [
    ownedListRoute("/api/channels", "channels", "channels", present),
    {
        method: "GET",
        pattern: "/api/channel/:id",
        handler: (context) => {
            const channel = ownedOrFail(context, "channels", context.ids.id);
            // An assignment whose object is gone is not listed, but takes its place in the paging.
            return pagedListResponse("items", channel.items, (item) => presentItem(context, item), context);
        },
    },
    {
        method: "POST",
        pattern: "/api/channel/add",
        handler: (context) => {
            const { profile } = context.settings;
            const name = profile.storedText(requiredString(context.body, "name"));
            const description = optionalText(context, "description") ?? "";
            const color = optionalColor(context) || profile.channelColorWhenAbsent();
            const starred = profile.flag(context.body.starred, "starred") ?? false;
            const record = context.store.insert("channels", context.user.id, {
                name,
                description,
                color,
                starred,
                items: [],
            });
            return { error: 0, id: record.id, name, description, color, starred };
        },
    },
    {
        method: "PUT",
        pattern: "/api/channel/:id/update",
        handler: (context) => {
            const { profile } = context.settings;
            const record = ownedOrFail(context, "channels", context.ids.id);
            const name = optionalString(context.body, "name");
            const description = optionalText(context, "description");
            const color = optionalColor(context);
            const starred = profile.flag(context.body.starred, "starred");
            context.store.update("channels", record, {
                name: keepIfShort(name === undefined ? undefined : profile.channelNameOnUpdate(name), record.name),
                description: keepIfShort(description, record.description),
                color: color ?? record.color,
                starred: starred ?? record.starred,
            });
            if (profile.channelUpdateShowsChannel) return { error: 0, ...present(record) };
            return done("Channel has been updated successfully.");
        },
    },
    {
        method: "POST",
        pattern: "/api/channel/:channelid/assign/:type/:itemid",
        handler: (context) => {
            const channel = ownedOrFail(context, "channels", context.ids.channelid);
            const type = oneOf(context.params.type, CHANNEL_ITEM_TYPES, "type");
            const itemId = context.ids.itemid;
            ownedOrFail(context, ITEM_KINDS[type], itemId);
            if (channel.items.some((item) => item.type === type && item.id === itemId)) {
                context.settings.profile.repeatedAssignment("channel");
            } else {
                context.store.update("channels", channel, {
                    items: [...channel.items, { type, id: itemId, date: now() }],
                });
            }
            return done("Item has been added to the channel.");
        },
    },
    deleteRoute("channels", "/api/channel/:id/delete"),
];
