// What the service should hold for a declared resource, read back through the emulator's admin surface. The service
// may store a text as declared or escaped (& " ' < > as HTML entities), and a campaign or channel name with an ASCII
// capital first letter; URLs count by what they address; a QR code's `content` is what a scanner would read; a link
// holds the objects it names by their ids.
import { expiryInput, queryParameters } from "../../provider/resources/link-values";
import { VCARD_FIELDS, VCARD_RENAMES } from "../../provider/resources/qrcode";
import { escapeHtml, storedName, storedText } from "../../provider/resources/values";
import type { Declared } from "../support/stack";
import type { Args } from "./generators";

const asIs = (value: string) => value;

const textForms = (declared: string) => storedText(declared.trim());
const nameForms = (declared: string) => storedName(declared.trim());

/** Two URLs address the same thing: scheme and host in any case (unicode hosts as punycode), no trailing slash. */
export function sameUrl(a: string, b: string): boolean {
    return normaliseUrl(a) === normaliseUrl(b);
}

function normaliseUrl(value: string): string {
    const url = new URL(value.trim());
    const path = url.pathname.replace(/\/+$/, "");
    return `${url.protocol}//${url.host}${path}${url.search}${url.hash}`;
}

const compactRgb = (value: string) => value.replace(/\s+/g, "");

/** What a QR code encodes for the declared data, when the service stores text fields through `stored`. */
function encoded(type: string, data: unknown, stored: (text: string) => string): string {
    const fields = (typeof data === "object" && data !== null ? data : {}) as Record<string, string>;
    switch (type) {
        case "text":
            return stored(String(data).trim());
        case "link":
            return normaliseUrl(String(data));
        case "phone":
            return `tel:${String(typeof data === "string" ? data : fields.phone).trim()}`;
        case "email":
            return typeof data === "string"
                ? `mailto:${data}`
                : `MATMSG:TO:${fields.email};SUB:${fields.subject ?? ""};BODY:${fields.body ?? ""};;`;
        case "sms":
            return `SMSTO:${fields.phone.trim()}:${fields.message ?? ""}`;
        case "wifi": {
            const pass = fields.pass ?? fields.password;
            const ssid = fields.ssid.trim();
            return pass && fields.encryption
                ? `WIFI:T:${fields.encryption.toUpperCase()};S:${ssid};P:${pass};;`
                : `WIFI:T:nopass;S:${ssid};;`;
        }
        case "vcard": {
            const card = Object.fromEntries(
                Object.entries(fields).map(([key, value]) => [VCARD_RENAMES[key] ?? key, value.trim()]),
            );
            const lines = VCARD_FIELDS.filter((field) => card[field]).map(
                (field) => `${field.toUpperCase()}:${stored(card[field])}`,
            );
            return ["BEGIN:VCARD", ...lines, "END:VCARD"].join("\n");
        }
        default:
            throw new Error(`no encoding known for QR type ${type}`);
    }
}

/** A link's URL in the form the service keeps it: compare by address. */
function sameContent(type: string, data: unknown, content: string): boolean {
    if (type === "link") return content === "" ? false : sameUrl(content, String(data));
    if (type === "vcard" && typeof data === "object" && data !== null) {
        const site = (data as Record<string, string>).site ?? (data as Record<string, string>).website;
        if (site) {
            // The site is sent with a lower-case scheme and host, its path as declared; put the declared one in that
            // form before comparing the whole card.
            const normalised = site
                .trim()
                .replace(
                    /^[a-z][a-z0-9+.-]*:\/\/[^/\\?#]*/i,
                    (origin) => `${new URL(origin).protocol}//${new URL(origin).host}`,
                );
            const withSite = Object.fromEntries(
                Object.entries(data as Record<string, string>).map(([key, value]) => [
                    key,
                    key === "site" || key === "website" ? normalised : value,
                ]),
            );
            return [asIs, escapeHtml].some((stored) => encoded(type, withSite, stored) === content);
        }
    }
    return [asIs, escapeHtml].some((stored) => encoded(type, data, stored) === content);
}

type Stored = Record<string, unknown>;
/** The value a `{ $ref: "name.output" }` of the program stands for: another resource's id, or its declared domain. */
type Resolve = (value: unknown) => unknown;

/** A text the link's field holds: as declared, or escaped by the real service. */
const linkText = (declared: unknown, stored: unknown) =>
    declared === undefined ? stored === "" : [String(declared), escapeHtml(String(declared))].includes(String(stored));

/** A URL as the service may hold it: as sent, or HTML-escaped by the real service's update. */
const linkUrlHeld = (declared: string, stored: unknown) =>
    [declared, escapeHtml(declared)].some((form) => sameUrl(String(stored), form));

/** A link's targets as the service stores them: `{ location, link }`, the key's value trimmed, two letters of a language. */
function targetsStored(declared: unknown, key: string): unknown[] {
    const entries = (declared ?? []) as Record<string, string>[];
    return entries.map((entry) => ({
        [key]: key === "language" ? entry[key].trim().toLowerCase() : entry[key].trim(),
        link: normaliseUrl(entry.url),
    }));
}

const storedTargets = (stored: unknown) =>
    ((stored ?? []) as Record<string, string>[]).map((entry) =>
        Object.fromEntries(
            Object.entries(entry).map(([key, value]) => [key, key === "link" ? normaliseUrl(value) : value]),
        ),
    );

/** The query parameters the link sends, trimmed as the provider takes them, in the order of their names. */
function parametersSent(args: Args): unknown[] {
    const trimmed = (record: unknown) =>
        record === undefined
            ? undefined
            : Object.fromEntries(
                  Object.entries(record as Record<string, string>).map(([k, v]) => [k.trim(), v.trim()]),
              );
    return queryParameters({ parameters: trimmed(args.parameters), utm: trimmed(args.utm) }) ?? [];
}

const byName = (entries: unknown) =>
    [...((entries ?? []) as { name: string }[])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** What a link holds of what the program declared: its every field, the objects it names by their ids. */
function linkChecks(args: Args, stored: Stored, resolve: Resolve): string[] {
    const deepLink = args.deepLink as Record<string, unknown> | undefined;
    const trimmedDeepLink =
        deepLink &&
        Object.fromEntries(Object.entries(deepLink).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v]));
    const json = (value: unknown) => JSON.stringify(value);
    return [
        expect("url", linkUrlHeld(String(args.url), stored.url), args.url, stored.url),
        expect("alias", args.alias === undefined || stored.custom === args.alias, args.alias, stored.custom),
        expect(
            "domain",
            args.domain === undefined || sameUrl(String(stored.domain), String(resolve(args.domain))),
            args.domain,
            stored.domain,
        ),
        expect("title", linkText(args.title, stored.title), args.title, stored.title),
        expect("description", linkText(args.description, stored.description), args.description, stored.description),
        expect(
            "image",
            args.image === undefined ? stored.metaimage === "" : sameUrl(String(stored.metaimage), String(args.image)),
            args.image,
            stored.metaimage,
        ),
        expect("note", linkText(args.note, stored.note), args.note, stored.note),
        expect("password", stored.password === (args.password ?? ""), "[secret]", "[secret]"),
        expect(
            "expiry",
            stored.expiry === (args.expiry === undefined ? null : expiryInput.parse(args.expiry)),
            args.expiry,
            stored.expiry,
        ),
        expect("public", stored.public === (args.public ?? false), args.public, stored.public),
        expect("redirect", stored.type === (args.redirect ?? "direct"), args.redirect, stored.type),
        ...[
            "geoTargets:geotarget:location",
            "deviceTargets:devicetarget:device",
            "languageTargets:languagetarget:language",
        ]
            .map((names) => names.split(":"))
            .map(([field, key, name]) =>
                expect(
                    field,
                    json(storedTargets(stored[key])) === json(targetsStored(args[field], name)),
                    args[field],
                    stored[key],
                ),
            ),
        expect(
            "parameters and utm",
            json(byName(stored.parameters)) === json(parametersSent(args)),
            [args.parameters, args.utm],
            stored.parameters,
        ),
        expect(
            "pixels",
            json(stored.pixels) === json(((args.pixels ?? []) as unknown[]).map(resolve)),
            args.pixels,
            stored.pixels,
        ),
        expect(
            "campaign",
            stored.campaignId === (args.campaign === undefined ? null : resolve(args.campaign)),
            args.campaign,
            stored.campaignId,
        ),
        expect("deepLink", json(stored.deeplink) === json(trimmedDeepLink ?? null), args.deepLink, stored.deeplink),
    ];
}

/** Each difference between what was declared and what the service holds, as "field: declared …, stored …". */
const CHECKS: Record<string, (args: Args, stored: Stored, resolve: Resolve) => string[]> = {
    Domain: (args, stored) => [
        expect("domain", sameUrl(String(stored.domain), String(args.domain)), args.domain, stored.domain),
        expect(
            "redirectRoot",
            args.redirectRoot === undefined
                ? stored.redirectroot === ""
                : sameUrl(String(stored.redirectroot), String(args.redirectRoot)),
            args.redirectRoot,
            stored.redirectroot,
        ),
        expect(
            "redirect404",
            args.redirect404 === undefined
                ? stored.redirect404 === ""
                : sameUrl(String(stored.redirect404), String(args.redirect404)),
            args.redirect404,
            stored.redirect404,
        ),
    ],
    Campaign: (args, stored) => [
        expect("name", nameForms(String(args.name)).includes(String(stored.name)), args.name, stored.name),
        expect("slug", args.slug === undefined || stored.slug === args.slug, args.slug, stored.slug),
        expect("public", stored.public === (args.public ?? false), args.public, stored.public),
    ],
    Channel: (args, stored) => [
        expect("name", nameForms(String(args.name)).includes(String(stored.name)), args.name, stored.name),
        expect(
            "description",
            args.description === undefined
                ? stored.description === ""
                : textForms(String(args.description)).includes(String(stored.description)),
            args.description,
            stored.description,
        ),
        // Without a colour the service may pick one (a derived output).
        expect(
            "color",
            args.color === undefined
                ? /^(#[0-9a-f]{6})?$/i.test(String(stored.color))
                : String(stored.color).toUpperCase() === String(args.color).toUpperCase(),
            args.color,
            stored.color,
        ),
        expect("starred", stored.starred === (args.starred ?? false), args.starred, stored.starred),
    ],
    Pixel: (args, stored) => [
        expect("type", stored.type === args.type, args.type, stored.type),
        expect("name", textForms(String(args.name)).includes(String(stored.name)), args.name, stored.name),
        expect("tag", textForms(String(args.tag)).includes(String(stored.tag)), args.tag, stored.tag),
    ],
    Link: linkChecks,
    QrCode: (args, stored) => [
        expect("type", stored.type === args.type, args.type, stored.type),
        expect(
            "data (the encoded content)",
            sameContent(String(args.type), args.data, String(stored.content)),
            args.data,
            stored.content,
        ),
        expect(
            "background",
            stored.background ===
                (args.background === undefined ? "rgb(255,255,255)" : compactRgb(String(args.background))),
            args.background,
            stored.background,
        ),
        expect(
            "foreground",
            stored.foreground === (args.foreground === undefined ? "rgb(0,0,0)" : compactRgb(String(args.foreground))),
            args.foreground,
            stored.foreground,
        ),
        expect(
            "logo",
            args.logo === undefined ? stored.logo === "" : sameUrl(String(stored.logo), String(args.logo)),
            args.logo,
            stored.logo,
        ),
    ],
};

function expect(field: string, holds: boolean, declared: unknown, stored: unknown): string {
    return holds ? "" : `${field}: declared ${JSON.stringify(declared)}, stored ${JSON.stringify(stored)}`;
}

export const STORE_KIND: Record<string, "domains" | "campaigns" | "channels" | "pixels" | "qrcodes" | "links"> = {
    Domain: "domains",
    Campaign: "campaigns",
    Channel: "channels",
    Pixel: "pixels",
    QrCode: "qrcodes",
    Link: "links",
};

/** What a `{ $ref }` of the declared program stands for, by the ids the run gave its resources. */
function resolverOf(declared: readonly Declared[], ids: Record<string, string>): Resolve {
    return (value) => {
        if (typeof value !== "object" || value === null || !("$ref" in value)) return value;
        const [name, output] = String(value.$ref).split(".");
        return output === "id" ? Number(ids[name]) : declared.find((resource) => resource.name === name)?.args[output];
    };
}

/** Every declared value that the service does not hold as declared, per resource; [] when all match. */
export function storedMismatches(
    declared: readonly Declared[],
    ids: Record<string, string>,
    records: Record<string, Stored[]>,
): string[] {
    const resolve = resolverOf(declared, ids);
    return declared.flatMap((resource) => {
        if (resource.kind === "ChannelItem") return assignmentMismatches(resource, ids, records);
        const id = Number(ids[resource.name]);
        const stored = records[STORE_KIND[resource.kind]].find((record) => record.id === id);
        if (!stored) return [`${resource.name} (${resource.kind}, id ${ids[resource.name]}): not on the service`];
        return CHECKS[resource.kind](resource.args, stored, resolve)
            .filter((problem) => problem !== "")
            .map((problem) => `${resource.name} (${resource.kind} ${id}) ${problem}`);
    });
}

/** A channel item is stored as an entry { type, id } in its channel's items. */
function assignmentMismatches(
    resource: Declared,
    ids: Record<string, string>,
    records: Record<string, Stored[]>,
): string[] {
    const [channelName, qrName] = [resource.args.channelId, resource.args.itemId].map(
        (ref) => String((ref as { $ref: string }).$ref).split(".")[0],
    );
    const channel = records.channels.find((record) => record.id === Number(ids[channelName]));
    const items = (channel?.items ?? []) as { type: string; id: number }[];
    if (items.some((item) => item.type === "qr" && item.id === Number(ids[qrName]))) return [];
    return [
        `${resource.name} (ChannelItem): QR code ${ids[qrName]} (${qrName}) is not in channel ${ids[channelName]} (${channelName}): ${JSON.stringify(items)}`,
    ];
}
