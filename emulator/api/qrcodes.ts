import { QR_DEFAULT_BACKGROUND, QR_DEFAULT_FOREGROUND } from "../store/seed-defaults";
import { emptyQrStatistics, QrRecord } from "../store/records";
import { ApiContext, ApiRoute, deleteRoute, done, ownedOrFail } from "./context";
import { ApiFailure } from "./answers";
import { oneOf, optionalString, requiredString } from "./fields";
import { ownedListRoute } from "./pagination";
import { isImageUrl, isRgbColor, QR_TYPES, QrType, readQrData } from "./qr-data";

export function qrLink(baseUrl: string, id: number): string {
    return `${baseUrl}/q/${id}`;
}

/** The short link of a QR code, or null for the types the profile encodes without one. */
function shortLink(context: ApiContext, record: Pick<QrRecord, "id" | "type">): string | null {
    return context.settings.profile.qrHasShortLink(record.type) ? qrLink(context.settings.baseUrl, record.id) : null;
}

/** background, foreground and logo: checked, and left out when not sent. */
function lookFields(body: Record<string, unknown>): Partial<Pick<QrRecord, "background" | "foreground" | "logo">> {
    const look: Partial<Pick<QrRecord, "background" | "foreground" | "logo">> = {};
    for (const field of ["background", "foreground"] as const) {
        const color = optionalString(body, field);
        if (color === undefined) continue;
        if (!isRgbColor(color))
            throw new ApiFailure(`${field} must be a colour like rgb(255,255,255), each part 0..255.`);
        look[field] = color;
    }
    const logo = optionalString(body, "logo");
    if (logo !== undefined && logo !== "" && !isImageUrl(logo)) {
        throw new ApiFailure("logo must be an http(s) URL of a .png, .jpg or .jpeg image.");
    }
    if (logo !== undefined) look.logo = logo;
    return look;
}

function present(record: QrRecord, context: ApiContext): object {
    return {
        id: record.id,
        link: shortLink(context, record),
        scans: record.scans,
        name: record.name,
        date: record.date,
    };
}

/** The service gives the counts of the "top" tables (of QR codes and links) as strings. */
export function countsAsStrings(counts: Record<string, number>): Record<string, string> {
    return Object.fromEntries(Object.entries(counts).map(([name, count]) => [name, String(count)]));
}

export const qrRoutes: ApiRoute[] = [
    ownedListRoute("/api/qr", "qrcodes", "qrs", present),
    {
        method: "GET",
        pattern: "/api/qr/:id",
        handler: (context) => {
            const record = ownedOrFail(context, "qrcodes", context.ids.id);
            const stats = record.stats;
            const details = present(record, context);
            // Statistics are counted on the short link: a code without one has none.
            if (!shortLink(context, record)) return { error: 0, details };
            return {
                error: 0,
                details,
                data: {
                    clicks: stats.clicks,
                    uniqueClicks: stats.uniqueClicks,
                    topCountries: countsAsStrings(stats.topCountries),
                    topReferrers: countsAsStrings(stats.topReferrers),
                    topBrowsers: countsAsStrings(stats.topBrowsers),
                    topOs: countsAsStrings(stats.topOs),
                    socialCount: Object.fromEntries(
                        context.settings.profile.socialNetworks.map((network) => [
                            network,
                            stats.socialCount[network] ?? 0,
                        ]),
                    ),
                },
            };
        },
    },
    {
        method: "POST",
        pattern: "/api/qr/add",
        handler: (context) => {
            const type: QrType = oneOf(requiredString(context.body, "type"), QR_TYPES, "type");
            const content = readQrData(type, context.body.data, context.settings.profile);
            const look = lookFields(context.body);
            const name = context.settings.profile.storedText(optionalString(context.body, "name") || `${type} QR code`);
            const record = context.store.insert("qrcodes", context.user.id, {
                type,
                data: context.body.data,
                content,
                background: look.background ?? QR_DEFAULT_BACKGROUND,
                foreground: look.foreground ?? QR_DEFAULT_FOREGROUND,
                logo: look.logo ?? "",
                name,
                scans: 0,
                stats: emptyQrStatistics(),
            });
            return { error: 0, id: record.id, link: shortLink(context, record) };
        },
    },
    {
        method: "PUT",
        pattern: "/api/qr/:id/update",
        handler: (context) => {
            const record = ownedOrFail(context, "qrcodes", context.ids.id);
            const sentType = optionalString(context.body, "type");
            const type = sentType ? oneOf(sentType, QR_TYPES, "type") : oneOf(record.type, QR_TYPES, "type");
            const content = readQrData(type, context.body.data, context.settings.profile);
            context.store.update("qrcodes", record, {
                ...lookFields(context.body),
                type,
                data: context.body.data,
                content,
            });
            return done("QR code has been updated successfully.");
        },
    },
    deleteRoute("qrcodes", "/api/qr/:id/delete"),
];
