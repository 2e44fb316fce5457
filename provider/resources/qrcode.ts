// A QR code. Its type cannot change in place. Its data is typed per QR type: a string for text and link, a
// structured object for the others. The service shows only the link, scans, name and date of a QR code, so drift
// in its data cannot be seen; its deletion can.
import { declareKind, ShortenerResource } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { output, secret } from "@pulumi/pulumi/output";
import { z } from "zod";
import { QR_TYPES, type QrCode as RemoteQrCode, type QrType } from "../client";
import type { Failure } from "./lifecycle";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { shapeOf, unseenWords, declaredOutputs, wordsOf, type ComputedOutputs, type Field } from "./fields";
import { adoptInput, listedResource } from "./listed";
import { httpUrl, imageUrl, rgbColour, serviceText, withOwnNames } from "./values";

// `data` in the service's own dialect, per type. The real service answers data it cannot read with an HTTP 500 and
// silently drops fields it does not know, so everything it would refuse or drop is refused here, at preview. The
// names 0.1.0 used (wifi password, vCard firstname/lastname/company/website/address, phone as { phone }) are read
// as the service's names, so an old program sends what it always meant to.
const TEXT_MAX_BYTES = 4296;
const SUBJECT_MAX = 500;
const MESSAGE_MAX = 3500;

const nonEmpty = (what: string) =>
    serviceText(what)
        .trim()
        .min(1, { error: `${what} must not be empty` });
const upTo = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` });
const email = z.email({ error: "must be an e-mail address" });
const phoneDigits = z
    .string()
    .trim()
    .regex(/^\+?[0-9]{3,}$/, {
        error: "must be a phone number of digits with an optional leading + (no spaces or dashes: the service refuses them)",
    });

/** Reads the field names of 0.1.0 as the service's. */
const renamed = (aliases: Record<string, string>) => (value: unknown) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [aliases[key] ?? key, field]));
};

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
const vcardField = (field: string) =>
    field === "email" ? email : field === "site" ? httpUrl : serviceText(field).trim();
const vcardShape = Object.fromEntries(VCARD_FIELDS.map((field) => [field, vcardField(field).optional()]));
/** The vCard fields 0.1.0 named otherwise, each with the service's name for it. */
export const VCARD_RENAMES: Readonly<Record<string, string>> = {
    firstname: "fname",
    lastname: "lname",
    company: "org",
    website: "site",
    address: "street",
};

/** The shape of `data` for each QR type, as the service reads it. */
export const qrData = {
    text: nonEmpty("the text").refine((value) => Buffer.byteLength(value) <= TEXT_MAX_BYTES, {
        error: `must be at most ${TEXT_MAX_BYTES} bytes`,
    }),
    link: httpUrl,
    email: z.union(
        [email, z.strictObject({ email, subject: upTo(SUBJECT_MAX).optional(), body: upTo(MESSAGE_MAX).optional() })],
        {
            error: "must be an e-mail address, or { email, subject?, body? }",
        },
    ),
    phone: z.preprocess(
        (value) => (typeof value === "object" && value !== null && "phone" in value ? value.phone : value),
        phoneDigits,
    ),
    sms: z.strictObject({ phone: phoneDigits, message: upTo(MESSAGE_MAX).optional() }),
    wifi: z.preprocess(
        renamed({ password: "pass" }),
        z
            .strictObject({
                ssid: nonEmpty("the network name"),
                pass: z.string().optional(),
                encryption: z.enum(["wep", "wpa"]).optional(),
            })
            // The service encodes a password only when pass and encryption are both given: one alone is an open network.
            .refine((wifi) => !wifi.pass === !wifi.encryption, {
                error: "pass and encryption go together: with only one of them the service encodes an open network",
                path: ["encryption"],
            }),
    ),
    vcard: z.preprocess(
        renamed(VCARD_RENAMES),
        z.strictObject(vcardShape).refine((card) => Object.values(card).some((value) => value), {
            error: `a vCard needs at least one of ${VCARD_FIELDS.join(", ")}`,
        }),
    ),
} satisfies Record<QrType, z.ZodType>;

// The service shows none of them. type and data may be left out only by a QR code adopted as it is.
const FIELDS = {
    type: {
        schema: z.enum(QR_TYPES, { error: `must be one of ${QR_TYPES.join(", ")}` }).optional(),
        word: "QR type",
        shown: false,
        description: `One of ${QR_TYPES.join(", ")}. Changing it replaces the QR code.`,
    },
    data: {
        schema: withOwnNames(
            z.union([z.string(), z.record(z.string(), z.string())], {
                error: "must be a string or an object of strings, depending on type",
            }),
        ).optional(),
        word: "data",
        shown: false,
        description:
            "What the QR code holds, by its type: a string for `text`, `link` (an http or https URL) and `phone` " +
            "(digits with an optional leading `+`); an address or `{ email, subject?, body? }` for `email`; " +
            "`{ phone, message? }` for `sms`; `{ ssid, pass?, encryption? }` for `wifi` (`pass` and `encryption` " +
            `go together); any of ${VCARD_FIELDS.join(", ")} for \`vcard\` (at least one).`,
    },
    background: {
        schema: rgbColour.optional(),
        word: "background",
        shown: false,
        description: "The background colour, `rgb(r,g,b)`, each part 0 to 255.",
    },
    foreground: {
        schema: rgbColour.optional(),
        word: "foreground",
        shown: false,
        description: "The foreground colour, `rgb(r,g,b)`.",
    },
    logo: {
        schema: imageUrl.optional(),
        word: "logo",
        shown: false,
        description: "The URL of a `.png` or `.jpg` logo.",
    },
} as const satisfies Record<string, Field>;
const OUTPUTS = {
    link: { schema: z.string(), word: "short link", description: "The QR code's short URL, which its image encodes." },
    scans: { schema: z.number(), word: "scans", description: "How often the QR code was scanned." },
} as const satisfies ComputedOutputs;

const inputs = z.strictObject({ ...shapeOf(FIELDS), adopt: adoptInput });
export type QrCodeInputs = z.output<typeof inputs>;

export const qrCode = listedResource<QrCodeInputs, RemoteQrCode>({
    kind: "QrCode",
    description:
        "A QR code with typed data. A QR code of type `link` is a short link of the service that sends visitors to its data.",
    words: {
        noun: "QR code",
        label: { from: ["data"], text: (p) => p.data },
        link: (o) => o.link,
        ...wordsOf(FIELDS, OUTPUTS),
        secret: (p) => (p.type === "wifi" ? ["data"] : []),
    },
    noun: "QR code",
    importNote:
        `${unseenWords(FIELDS)}: the service does not show them. Left out, the first \`up\` changes nothing; declare ` +
        "type and data before changing this QR code (that updates it in place).",
    imported: {
        option: "qrcodes",
        snapshotKey: "qrCodes",
        title: "QR codes",
        prefix: "qr",
        nameText: (remote) => remote.name,
    },
    inputs,
    replaceOn: ["type"],
    list: (client, walk) => client.qrCodes.all(walk),
    observe: () => ({}),
    ...declaredOutputs(OUTPUTS),
    computed: (remote) => ({ link: remote.link, scans: remote.scans }),
    rules: (news, olds) => ({
        failures:
            news.type !== undefined && news.data !== undefined
                ? dataFailures(news.type, news.data)
                : undeclaredFailures(news, olds),
    }),
    normalise: (inputs) => {
        if (inputs.type === undefined || inputs.data === undefined) return inputs;
        const data = qrData[inputs.type].safeParse(inputs.data);
        return data.success ? { ...inputs, data: data.data as QrCodeInputs["data"] } : inputs;
    },
    serverErrorHint:
        "the service answers QR data it cannot read with HTTP 500; check data against the QR data shapes in docs/resources.md",
    create: async (client, wanted) => {
        const { id, link } = await client.qrCodes.create(body(wanted));
        return { id, computed: { link, scans: 0 } };
    },
    update: (client, id, wanted) => client.qrCodes.update(id, body(wanted)),
    remove: (client, id) => client.qrCodes.delete(id),
});

function body(wanted: QrCodeInputs) {
    if (wanted.type === undefined || wanted.data === undefined)
        throw new Error("type and data: required to change a QR code");
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
    if (news.type !== undefined || news.data !== undefined)
        return [{ property: missing, reason: `required with ${missing === "type" ? "data" : "type"}` }];
    if (news.adopt === undefined)
        return [
            {
                property: "type",
                reason: "required (only a QR code adopted as it is, with adopt: <id>, may leave out type and data)",
            },
        ];
    if (olds.type !== undefined || olds.data !== undefined)
        return [{ property: "data", reason: `cannot be removed once declared (${why})` }];
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

/** A vCard: any of these fields, at least one. */
export type VCard = { [F in (typeof VCARD_FIELDS)[number]]?: string } & {
    /** @deprecated 0.1.0's name of fname. */
    firstname?: string;
    /** @deprecated 0.1.0's name of lname. */
    lastname?: string;
    /** @deprecated 0.1.0's name of org. */
    company?: string;
    /** @deprecated 0.1.0's name of site. */
    website?: string;
    /** @deprecated 0.1.0's name of street. */
    address?: string;
};

/** `data` for each QR type, in the service's own terms (see docs/resources.md). */
export interface QrDataByType {
    /** At most 4296 bytes. */
    text: string;
    link: string;
    /** An address, or a message to it: subject at most 500 characters, body 3500. */
    email: string | { email: string; subject?: string; body?: string };
    /** Digits with an optional leading +. (0.1.0's { phone } is still read.) */
    phone: string | { phone: string };
    /** phone: digits with an optional leading +; message at most 3500 characters. */
    sms: { phone: string; message?: string };
    /** pass and encryption go together: the service encodes a password only with both. */
    wifi: {
        ssid: string;
        pass?: string;
        encryption?: "wep" | "wpa";
        /** @deprecated 0.1.0's name of pass. */ password?: string;
    };
    vcard: VCard;
}

export type QrCodeArgs =
    | {
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
      }[QrType]
    | {
          /** Take over an existing QR code as it is: the service does not show its type and data, so it cannot be changed
           *  until they are declared (declaring them updates it in place). */
          adopt: pulumi.Input<number>;
          type?: undefined;
          data?: undefined;
      };
export type QrCodeArgsAgree = ArgsAgree<AgreeWith<QrCodeArgs, typeof inputs>>;

/** A QR code. */
export class QrCode extends ShortenerResource {
    static {
        declareKind(this, qrCode);
    }

    declare readonly type: pulumi.Output<QrType>;
    declare readonly data: pulumi.Output<QrDataByType[QrType]>;
    declare readonly background: pulumi.Output<string | undefined>;
    declare readonly foreground: pulumi.Output<string | undefined>;
    declare readonly logo: pulumi.Output<string | undefined>;
    /** The QR code's short URL; null for the types the service encodes without one (text, sms and wifi). */
    declare readonly link: pulumi.Output<string | null>;
    /** Scans counted when the QR code was last read (created, updated or refreshed). */
    declare readonly scans: pulumi.Output<number>;

    constructor(name: string, args: QrCodeArgs, opts?: pulumi.CustomResourceOptions) {
        const data =
            args.data === undefined
                ? undefined
                : output(args.data).apply((value) => (holdsCredential(value) ? secret(value) : value));
        super(name, { ...args, data }, opts);
    }
}

/** The wifi password, under its name and 0.1.0's. */
const CREDENTIAL_FIELDS = ["pass", "password"];

/**
 * Data holding a credential is secret, whatever the program wrote: the engine then keeps `data` secret in the state,
 * in inputs and outputs (a dynamic provider cannot mark outputs secret itself). All of `data`, not only the field:
 * the engine carries secrecy from an input to the output of the same path, and the 0.1.0 name is renamed on the way.
 */
function holdsCredential(data: unknown): boolean {
    return typeof data === "object" && data !== null && CREDENTIAL_FIELDS.some((field) => Object.hasOwn(data, field));
}
