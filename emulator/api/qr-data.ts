import type { ServiceProfile } from "../profiles";
import { isEmail, isHttpUrl } from "./fields";

export const QR_TYPES = ["text", "vcard", "link", "email", "phone", "sms", "wifi"] as const;
export type QrType = (typeof QR_TYPES)[number];

// The service's request dialect for QR data, the same in both profiles (the spec only says "string or array
// depending on type"). Fields a type does not know are ignored, as the real service ignores them; what the code
// encodes is kept as the record's `content`, so a test can see what a scanner would read.

export const VCARD_FIELDS = [
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
] as const;

const TEXT_MAX_BYTES = 4296;
const SUBJECT_MAX = 500;
const MESSAGE_MAX = 3500;
const DIGITS = /^\+?[0-9]+$/;

type Fields = Record<string, unknown>;

/** What the QR code encodes for valid data, or the reason the data is refused. */
type Reading = { content: string } | { refused: string };

function isFields(data: unknown): data is Fields {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}

function str(fields: Fields, name: string): string {
    const value = fields[name];
    return typeof value === "string" ? value : "";
}

function tooLong(value: string, max: number): boolean {
    return [...value].length > max;
}

const READERS: Record<QrType, (data: unknown, profile: ServiceProfile) => Reading> = {
    text: (data, profile) => {
        if (typeof data !== "string" || data === "")
            return { refused: "data must be a non-empty string for a text QR code" };
        if (Buffer.byteLength(data) > TEXT_MAX_BYTES) return { refused: `data is longer than ${TEXT_MAX_BYTES} bytes` };
        return { content: profile.storedText(data) };
    },
    link: (data) =>
        typeof data === "string" && isHttpUrl(data)
            ? { content: data }
            : { refused: "data must be a URL starting with http:// or https:// for a link QR code" },
    phone: (data) =>
        typeof data === "string" && DIGITS.test(data)
            ? { content: `tel:${data}` }
            : { refused: "data must be a phone number of digits with an optional leading + for a phone QR code" },
    email: (data) => {
        if (typeof data === "string")
            return isEmail(data) ? { content: `mailto:${data}` } : { refused: "data.email must be an e-mail address" };
        if (!isFields(data) || !isEmail(str(data, "email"))) return { refused: "data.email must be an e-mail address" };
        if (tooLong(str(data, "subject"), SUBJECT_MAX) || tooLong(str(data, "body"), MESSAGE_MAX))
            return { refused: `data.subject may have ${SUBJECT_MAX} characters and data.body ${MESSAGE_MAX}` };
        return { content: `MATMSG:TO:${str(data, "email")};SUB:${str(data, "subject")};BODY:${str(data, "body")};;` };
    },
    sms: (data) => {
        if (!isFields(data) || !DIGITS.test(str(data, "phone")))
            return { refused: "data.phone must be digits with an optional leading + for an sms QR code" };
        if (tooLong(str(data, "message"), MESSAGE_MAX))
            return { refused: `data.message may have ${MESSAGE_MAX} characters` };
        return { content: `SMSTO:${str(data, "phone")}:${str(data, "message")}` };
    },
    wifi: (data) => {
        if (!isFields(data) || str(data, "ssid") === "") return { refused: "data.ssid is required for a wifi QR code" };
        const [ssid, pass, encryption] = [str(data, "ssid"), str(data, "pass"), str(data, "encryption")];
        // A password is encoded only when the encryption is given too; otherwise the network is an open one.
        if (pass && encryption) return { content: `WIFI:T:${encryption.toUpperCase()};S:${ssid};P:${pass};;` };
        return { content: `WIFI:T:nopass;S:${ssid};;` };
    },
    vcard: (data, profile) => {
        if (!isFields(data)) return { refused: "data must be an object of vCard fields" };
        const lines = VCARD_FIELDS.filter((field) => str(data, field) !== "").map(
            (field) => `${field.toUpperCase()}:${profile.storedText(str(data, field))}`,
        );
        if (lines.length === 0)
            return { refused: `data needs at least one of ${VCARD_FIELDS.join(", ")} for a vcard QR code` };
        return { content: ["BEGIN:VCARD", ...lines, "END:VCARD"].join("\n") };
    },
};

/** What a QR code of this type encodes for `data`; data the service cannot encode is refused as the profile says. */
export function readQrData(type: QrType, data: unknown, profile: ServiceProfile): string {
    const reading = READERS[type](data, profile);
    if ("refused" in reading) return profile.refuseQrData(`The QR data is not valid: ${reading.refused}.`);
    return reading.content;
}

/** An "rgb(r,g,b)" colour with each part 0..255. */
export function isRgbColor(value: string): boolean {
    const match = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(value);
    return !!match && match.slice(1).every((part) => Number(part) <= 255);
}

export function isImageUrl(value: string): boolean {
    return isHttpUrl(value) && /\.(png|jpe?g)$/i.test(new URL(value).pathname);
}
