// What the service should hold for a declared resource, read back through the emulator's admin surface. The service
// may store a text as declared or escaped (& " ' < > as HTML entities), and a campaign or channel name with an ASCII
// capital first letter; URLs count by what they address; a QR code's `content` is what a scanner would read.
import type { Declared } from "../support/stack";
import type { Args } from "./generators";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&#039;", "<": "&lt;", ">": "&gt;" };
const escapeHtml = (value: string) => value.replace(/[&"'<>]/g, (char) => HTML_ESCAPES[char]);
const upperFirst = (value: string) => value.replace(/^[a-z]/, (letter) => letter.toUpperCase());
const asIs = (value: string) => value;

const textForms = (declared: string) => [declared.trim(), escapeHtml(declared.trim())];
const nameForms = (declared: string) => [...textForms(declared), upperFirst(escapeHtml(declared.trim()))];

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

const VCARD_FIELDS = [
    "fname",
    "lname",
    "org",
    "phone",
    "cell",
    "fax",
    "email",
    "site",
    "facebook",
    "instagram",
    "twitter",
    "linkedin",
    "street",
    "city",
    "state",
    "zip",
    "country",
];
const VCARD_NEW_NAMES: Record<string, string> = {
    firstname: "fname",
    lastname: "lname",
    company: "org",
    website: "site",
    address: "street",
};

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
                Object.entries(fields).map(([key, value]) => [VCARD_NEW_NAMES[key] ?? key, value.trim()]),
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

/** Each difference between what was declared and what the service holds, as "field: declared …, stored …". */
const CHECKS: Record<string, (args: Args, stored: Stored) => string[]> = {
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

export const STORE_KIND: Record<string, "domains" | "campaigns" | "channels" | "pixels" | "qrcodes"> = {
    Domain: "domains",
    Campaign: "campaigns",
    Channel: "channels",
    Pixel: "pixels",
    QrCode: "qrcodes",
};

/** Every declared value that the service does not hold as declared, per resource; [] when all match. */
export function storedMismatches(
    declared: readonly Declared[],
    ids: Record<string, string>,
    records: Record<string, Stored[]>,
): string[] {
    return declared.flatMap((resource) => {
        if (resource.kind === "ChannelItem") return assignmentMismatches(resource, ids, records);
        const id = Number(ids[resource.name]);
        const stored = records[STORE_KIND[resource.kind]].find((record) => record.id === id);
        if (!stored) return [`${resource.name} (${resource.kind}, id ${ids[resource.name]}): not on the service`];
        return CHECKS[resource.kind](resource.args, stored)
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
