// A QR code. Its type cannot change in place. Its data is typed per QR type: a string for text and link, a
// structured object for the others. The service shows only the link, scans, name and date of a QR code, so drift
// in its data cannot be seen; its deletion can.
import { ShortenerResource } from "./resource";
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { QR_TYPES, type QrCode as RemoteQrCode, type QrType } from "../client";
import type { Failure } from "./lifecycle";
import { adoptInput, listedResource } from "./listed";
import { httpUrl, rgbColour } from "./values";

const text = (what: string) => z.string().trim().min(1, { error: `${what} must not be empty` });
const phoneNumber = z.string().trim().regex(/^\+?[0-9 ()./-]{3,}$/, { error: "must be a phone number" });

/** The shape of `data` for each QR type. */
export const qrData = {
    text: text("the text"),
    link: httpUrl,
    email: z.strictObject({ email: z.email({ error: "must be an e-mail address" }), subject: z.string().optional(), body: z.string().optional() }),
    phone: z.strictObject({ phone: phoneNumber }),
    sms: z.strictObject({ phone: phoneNumber, message: z.string().optional() }),
    wifi: z.strictObject({ ssid: text("the network name"), password: z.string().optional(), encryption: z.enum(["wep", "wpa", "none"]).optional() }),
    vcard: z
        .strictObject({
            firstname: z.string().optional(),
            lastname: z.string().optional(),
            phone: z.string().optional(),
            email: z.email({ error: "must be an e-mail address" }).optional(),
            company: z.string().optional(),
            website: httpUrl.optional(),
            address: z.string().optional(),
        })
        .refine((card) => Object.values(card).some((value) => value), { error: "a vCard needs at least one field" }),
} satisfies Record<QrType, z.ZodType>;

const logoUrl = httpUrl.refine((url) => /\.(png|jpe?g)$/i.test(new URL(url).pathname), { error: "must be the URL of a .png or .jpg image" });

// type and data may be left out only by a QR code adopted as it is: the service does not show them.
const inputs = z.strictObject({
    type: z.enum(QR_TYPES, { error: `must be one of ${QR_TYPES.join(", ")}` }).optional(),
    data: z.union([z.string(), z.record(z.string(), z.string())], { error: "must be a string or an object of strings, depending on type" }).optional(),
    background: rgbColour.optional(),
    foreground: rgbColour.optional(),
    logo: logoUrl.optional(),
    adopt: adoptInput,
});
export type QrCodeInputs = z.output<typeof inputs>;

export const qrCode = listedResource<QrCodeInputs, RemoteQrCode>({
    kind: "QrCode",
    noun: "QR code",
    inputs,
    replaceOn: ["type"],
    list: (client) => client.qrCodes.all(),
    observe: () => ({}),
    computed: (remote) => ({ link: remote.link, scans: remote.scans }),
    rules: (news, olds) => (news.type !== undefined && news.data !== undefined ? dataFailures(news.type, news.data) : undeclaredFailures(news, olds)),
    create: async (client, wanted) => {
        const { id, link } = await client.qrCodes.create(body(wanted));
        return { id, computed: { link, scans: 0 } };
    },
    update: (client, id, wanted) => client.qrCodes.update(id, body(wanted)),
    remove: (client, id) => client.qrCodes.delete(id),
});

function body(wanted: QrCodeInputs) {
    if (wanted.type === undefined || wanted.data === undefined) throw new Error("type and data: required to change a QR code");
    const data = qrData[wanted.type].parse(wanted.data) as string | Record<string, string>;
    return { type: wanted.type, data, background: wanted.background, foreground: wanted.foreground, logo: wanted.logo };
}

const LOOK = ["background", "foreground", "logo"] as const;

/**
 * A QR code without type and data is one adopted as it is: nothing of it can be changed (every update must send
 * the data), and type and data once declared cannot be taken back.
 */
function undeclaredFailures(news: QrCodeInputs, olds: Record<string, unknown>): Failure[] {
    const missing = news.type === undefined ? "type" : "data";
    const why = "the service does not show a QR code's type and data";
    if (news.type !== undefined || news.data !== undefined) return [{ property: missing, reason: `required with ${missing === "type" ? "data" : "type"}` }];
    if (news.adopt === undefined) return [{ property: "type", reason: "required (only a QR code adopted as it is, with adopt: <id>, may leave out type and data)" }];
    if (olds.type !== undefined || olds.data !== undefined) return [{ property: "data", reason: `cannot be removed once declared (${why})` }];
    return LOOK.filter((field) => news[field] !== undefined).map((field) => ({
        property: field,
        reason: `can only be set together with type and data (${why}, and every change must send them)`,
    }));
}

function dataFailures(type: QrType, data: unknown): Failure[] {
    const result = qrData[type].safeParse(data);
    if (result.success) return [];
    return result.error.issues.map((issue) => ({
        property: ["data", ...issue.path.map(String)].join("."),
        reason: `${issue.message} (for a ${type} QR code)`,
    }));
}

/** `data` for each QR type. */
export interface QrDataByType {
    text: string;
    link: string;
    email: { email: string; subject?: string; body?: string };
    phone: { phone: string };
    sms: { phone: string; message?: string };
    wifi: { ssid: string; password?: string; encryption?: "wep" | "wpa" | "none" };
    vcard: { firstname?: string; lastname?: string; phone?: string; email?: string; company?: string; website?: string; address?: string };
}

export type QrCodeArgs = {
    [T in QrType]: {
        /** Changing the type replaces the QR code. */
        type: pulumi.Input<T>;
        data: pulumi.Input<QrDataByType[T]>;
        /** Background colour `rgb(r,g,b)`. */
        background?: pulumi.Input<string>;
        /** Foreground colour `rgb(r,g,b)`. */
        foreground?: pulumi.Input<string>;
        /** URL of a .png or .jpg logo. */
        logo?: pulumi.Input<string>;
        /** Take over an existing QR code by its id instead of creating one. */
        adopt?: pulumi.Input<number>;
    };
}[QrType] | {
    /** Take over an existing QR code as it is: the service does not show its type and data, so it cannot be changed
     *  until they are declared (declaring them updates it in place). */
    adopt: pulumi.Input<number>;
    type?: undefined;
    data?: undefined;
};

/** A QR code. */
export class QrCode extends ShortenerResource {
    declare readonly type: pulumi.Output<QrType>;
    declare readonly data: pulumi.Output<QrDataByType[QrType]>;
    declare readonly background: pulumi.Output<string | undefined>;
    declare readonly foreground: pulumi.Output<string | undefined>;
    declare readonly logo: pulumi.Output<string | undefined>;
    /** The QR code's short URL. */
    declare readonly link: pulumi.Output<string>;
    /** Scans counted when the QR code was last read (created, updated or refreshed). */
    declare readonly scans: pulumi.Output<number>;

    constructor(name: string, args: QrCodeArgs, opts?: pulumi.CustomResourceOptions) {
        super("QrCode", name, args, ["type", "data", "background", "foreground", "logo", "link", "scans"], opts);
    }
}
