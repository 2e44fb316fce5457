// The real service as its source and an independent imitation of it behave: stored-value rewriting, its request
// dialect and its answer shapes.
import { randomBytes } from "node:crypto";
import { ApiFailure, RawAnswer } from "../api/answers";
import { Kind } from "../store/records";
import { ServiceProfile } from "./profile";

/** Kinds whose update, in the real service, saves nothing and answers an empty 200 when the object is not found. */
const SILENT_WHEN_GONE: readonly Kind[] = ["domains", "pixels"];
/** QR types the real service encodes directly, without a short link in between. */
const WITHOUT_SHORT_LINK = ["text", "sms", "wifi"];

export const realProfile: ServiceProfile = {
    name: "real",
    campaignNameKey: "campaign",
    overlayListKey: "overlay",
    storedText: cleanText,
    // The link controller strips tags from the URL on create, and cleans it whole (tags and escaping) on update.
    linkUrl: (value, when) => (when === "create" ? stripTags(value) : cleanText(value)),
    campaignName: (name) => upperFirst(cleanText(name)),
    channelNameOnUpdate: (name) => upperFirst(cleanText(name)),
    channelColorWhenAbsent: () => `#${randomBytes(3).toString("hex")}`,
    campaignSlugWhenAbsent: () => randomSlug(),
    channelColor: (value) => value.slice(0, 7),
    flag: (value) => (value === undefined ? undefined : phpTruthy(value)),
    refuseQrData: () => {
        throw new RawAnswer(500, "html");
    },
    slugTakenBySelf: true,
    emptySlugRemovesRotator: false,
    refuseRedirect: (value) => {
        if (value === null) throw new ApiFailure("No data sent");
        throw new RawAnswer(200, "empty");
    },
    gone: (kind, thing) => {
        if (SILENT_WHEN_GONE.includes(kind)) throw new RawAnswer(200, "empty");
        throw new ApiFailure(`${thing} does not exist.`);
    },
    qrHasShortLink: (type) => !WITHOUT_SHORT_LINK.includes(type),
    channelUpdateShowsChannel: true,
    campaignListUrl: (url, slug) => (slug === "" ? false : url),
    keepsItemsDeletedInDashboard: true,
    repeatedAssignment: (container) => {
        throw new ApiFailure(
            container === "channel"
                ? "This item is already added to the selected channel."
                : "This link is already added to the campaign.",
        );
    },
    // The service's list controllers fill `result` with the listing's count and answer `error` as the integer 0.
    listResult: "total",
    listErrorFlag: 0,
    // The newest source counts a fourth network.
    socialNetworks: ["facebook", "twitter", "reddit", "linkedin"],
};

/**
 * The real service's input cleaner: <script> blocks and every HTML tag removed (as PHP's strip_tags does: a "<"
 * followed by white space is not a tag), then & " ' < > escaped (htmlspecialchars with ENT_QUOTES).
 */
export function cleanText(value: string): string {
    return stripTags(value).replace(/[&"'<>]/g, (char) => HTML_ESCAPES[char]);
}

/** <script> blocks and HTML tags removed (with the event-handler attributes inside them), nothing escaped. */
function stripTags(value: string): string {
    return value.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/<[^\s<>][^>]*(?:>|$)/g, "");
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "'": "&#039;", "<": "&lt;", ">": "&gt;" };

/** PHP's ucfirst: only an ASCII letter changes. */
function upperFirst(value: string): string {
    return value.replace(/^[a-z]/, (letter) => letter.toUpperCase());
}

function randomSlug(): string {
    const letters = "abcdefghijklmnopqrstuvwxyz0123456789";
    return Array.from(randomBytes(6), (byte) => letters[byte % letters.length]).join("");
}

/** PHP's truthiness of a decoded JSON value. */
function phpTruthy(value: unknown): boolean {
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === "object" && value !== null) return true;
    return !(value === null || value === false || value === 0 || value === "" || value === "0");
}
