import { ApiFailure } from "./context";
import { isEmail, isHttpUrl } from "./fields";

export const QR_TYPES = ["text", "vcard", "link", "email", "phone", "sms", "wifi"] as const;
export type QrType = (typeof QR_TYPES)[number];

const WIFI_ENCRYPTIONS = ["wep", "wpa", "none"];
const VCARD_FIELDS = ["firstname", "lastname", "phone", "email", "company", "website", "address"];

interface ObjectShape {
    required: string[];
    optional: string[];
    /** At least one of these must be present (vcard). */
    anyOf?: string[];
}

const OBJECT_SHAPES: Partial<Record<QrType, ObjectShape>> = {
    email: { required: ["email"], optional: ["subject", "body"] },
    phone: { required: ["phone"], optional: [] },
    sms: { required: ["phone"], optional: ["message"] },
    wifi: { required: ["ssid"], optional: ["password", "encryption"] },
    vcard: { required: [], optional: VCARD_FIELDS, anyOf: VCARD_FIELDS },
};

function checkObject(type: QrType, shape: ObjectShape, data: unknown): void {
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
        throw new ApiFailure(`data must be an object for a ${type} QR code.`);
    }
    const fields = data as Record<string, unknown>;
    const known = [...shape.required, ...shape.optional];
    for (const [field, value] of Object.entries(fields)) {
        if (!known.includes(field)) throw new ApiFailure(`data.${field} is not a field of a ${type} QR code (allowed: ${known.join(", ")}).`);
        if (typeof value !== "string") throw new ApiFailure(`data.${field} must be a string.`);
    }
    for (const field of shape.required) {
        if (!fields[field]) throw new ApiFailure(`data.${field} is required for a ${type} QR code.`);
    }
    if (shape.anyOf && !shape.anyOf.some((field) => fields[field])) {
        throw new ApiFailure(`data needs at least one of ${shape.anyOf.join(", ")} for a ${type} QR code.`);
    }
}

/** Checks that `data` has the shape its QR type asks for. */
export function checkQrData(type: QrType, data: unknown): void {
    if (data === undefined || data === null || data === "") throw new ApiFailure("data is required.");
    const shape = OBJECT_SHAPES[type];
    if (shape) {
        checkObject(type, shape, data);
    } else if (typeof data !== "string") {
        throw new ApiFailure(`data must be a string for a ${type} QR code.`);
    }
    const fields = data as Record<string, string>;
    if (type === "link" && !isHttpUrl(data as string)) throw new ApiFailure("data must be a URL starting with http:// or https:// for a link QR code.");
    if (type === "email" && !isEmail(fields.email)) throw new ApiFailure("data.email must be a valid e-mail address.");
    if (type === "wifi" && fields.encryption !== undefined && !WIFI_ENCRYPTIONS.includes(fields.encryption)) {
        throw new ApiFailure(`data.encryption must be one of: ${WIFI_ENCRYPTIONS.join(", ")}.`);
    }
}

/** An "rgb(r,g,b)" colour with each part 0..255. */
export function isRgbColor(value: string): boolean {
    const match = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(value);
    return !!match && match.slice(1).every((part) => Number(part) <= 255);
}

export function isImageUrl(value: string): boolean {
    return isHttpUrl(value) && /\.(png|jpe?g)$/i.test(new URL(value).pathname);
}
