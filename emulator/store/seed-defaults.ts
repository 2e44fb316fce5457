import { randomBytes } from "node:crypto";
import { emptyQrStatistics, Kind, LinkRecord, NewFields } from "./records";

export const QR_DEFAULT_BACKGROUND = "rgb(255,255,255)";
export const QR_DEFAULT_FOREGROUND = "rgb(0,0,0)";

function shortCode(): string {
    return randomBytes(4).toString("hex");
}

/** Fields of an object seeded through the admin surface, before the caller's fields are laid over them. */
export function seedDefaults(kind: Kind): NewFields<Kind> {
    switch (kind) {
        case "domains":
            return { domain: `https://${shortCode()}.seeded.example`, redirectroot: "", redirect404: "" };
        case "campaigns":
            return { name: "Seeded campaign", slug: "", public: false };
        case "channels":
            return { name: "Seeded channel", description: "", color: "", starred: false, items: [] };
        case "pixels":
            return { type: "analyticspixel", name: "Seeded pixel", tag: "SEEDED-TAG" };
        case "qrcodes":
            return {
                type: "text",
                data: "Seeded QR code",
                content: "Seeded QR code",
                background: QR_DEFAULT_BACKGROUND,
                foreground: QR_DEFAULT_FOREGROUND,
                logo: "",
                name: "Seeded QR code",
                scans: 0,
                stats: emptyQrStatistics(),
            };
        case "links":
            return { ...linkDefaults(), url: "https://example.com/", alias: shortCode(), title: "Seeded link" };
        case "bio":
            return { name: "Seeded bio page", alias: shortCode() };
        case "overlays":
            return { type: "message", name: "Seeded overlay" };
        case "splash":
            return { name: "Seeded splash page" };
    }
}

/** A link's fields that neither a seed nor an older state file has to name. */
export function linkDefaults(): Omit<NewFields<"links">, "url" | "alias" | "title"> {
    return {
        custom: "",
        domain: null,
        description: "",
        metaimage: "",
        campaignId: null,
        password: "",
        type: "direct",
        pixels: [],
        parameters: [],
        geotarget: [],
        devicetarget: [],
        languagetarget: [],
        deeplink: null,
        public: false,
        note: "",
        expiry: null,
        stats: emptyQrStatistics(),
        emptyChannelRows: 0,
        qrId: null,
        bioId: null,
    } satisfies Partial<LinkRecord>;
}
