// What the emulated service does where the spec and the real service part ways. A handler asks the profile; it never
// branches on a profile's name. "spec" is the service as shortener-api.md describes it (with the emulator's own
// choices where the spec is silent, see README.md); "real" is the service as its source and an independent
// imitation of it behave: stored-value rewriting, its request dialect and its answer shapes.
import { randomBytes } from "node:crypto";
import { ApiFailure, RawAnswer } from "../api/answers";
import { Kind } from "../store/records";

export const PROFILE_NAMES = ["spec", "real"] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

export interface ServiceProfile {
    readonly name: ProfileName;
    /** Key of the campaign name in campaign create and update answers. */
    readonly campaignNameKey: "domain" | "campaign";
    /** Key of the array in the overlay listing. */
    readonly overlayListKey: "cta" | "overlay";
    /** What is stored for a text input: names, descriptions, pixel tags, QR text and vCard fields. */
    storedText(value: string): string;
    /** A campaign's name as stored, on create and on update. */
    campaignName(name: string): string;
    /** A channel's name as stored on update (create stores storedText only). */
    channelNameOnUpdate(name: string): string;
    /** The colour of a channel created without one. */
    channelColorWhenAbsent(): string;
    /** The slug of a campaign created without one. */
    campaignSlugWhenAbsent(): string;
    /** Reads a colour input; "" stays "". */
    channelColor(value: string): string;
    /** Reads a boolean input; undefined when not sent. */
    flag(value: unknown, field: string): boolean | undefined;
    /** How QR data the service cannot encode is answered. */
    refuseQrData(reason: string): never;
    /** Whether the uniqueness check of a campaign update counts the campaign's own slug as taken. */
    readonly slugTakenBySelf: boolean;
    /** Whether `slug: ""` on update removes the rotator (else it is ignored). */
    readonly emptySlugRemovesRotator: boolean;
    /** How a domain update answers a redirect sent as "" (spec: it clears the redirect) or as null. */
    refuseRedirect(value: "" | null): void;
    /** The answer to an update of an object that is not there (or not the caller's). */
    gone(kind: Kind, thing: string): never;
    /** Whether a QR code of this type gets a short link (and scan statistics). */
    qrHasShortLink(type: string): boolean;
    /** Whether a channel update answers with the channel (else with a message). */
    readonly channelUpdateShowsChannel: boolean;
    /** The `list` field of a listed campaign that has no slug. */
    campaignListUrl(url: string, slug: string): string | false;
    /**
     * Whether a channel keeps its assignments to objects deleted in the dashboard (the admin surface): they are not
     * listed among its items but still count for their paging, so a page can be empty while more pages follow.
     */
    readonly keepsItemsDeletedInDashboard: boolean;
    /** How an assignment of an item that is already in the channel (or a link already in the campaign) is answered. */
    repeatedAssignment(container: "channel" | "campaign"): void;
}

const specProfile: ServiceProfile = {
    name: "spec",
    campaignNameKey: "domain",
    overlayListKey: "cta",
    storedText: (value) => value,
    campaignName: (name) => name,
    channelNameOnUpdate: (name) => name,
    channelColorWhenAbsent: () => "",
    campaignSlugWhenAbsent: () => "",
    channelColor: (value) => {
        if (value !== "" && !/^#[0-9A-Fa-f]{6}$/.test(value)) throw new ApiFailure("color must be a HEX colour like #1A2B3C.");
        return value;
    },
    flag: (value, field) => {
        if (value === undefined || value === null) return undefined;
        if (typeof value !== "boolean") throw new ApiFailure(`${field} must be true or false.`);
        return value;
    },
    refuseQrData: (reason) => {
        throw new ApiFailure(reason);
    },
    slugTakenBySelf: false,
    emptySlugRemovesRotator: true,
    refuseRedirect: () => undefined,
    gone: (_kind, thing) => {
        throw new ApiFailure(`${thing} does not exist.`);
    },
    qrHasShortLink: () => true,
    channelUpdateShowsChannel: false,
    campaignListUrl: (url) => url,
    keepsItemsDeletedInDashboard: false,
    repeatedAssignment: () => undefined,
};

/** Kinds whose update, in the real service, saves nothing and answers an empty 200 when the object is not found. */
const SILENT_WHEN_GONE: readonly Kind[] = ["domains", "pixels"];
/** QR types the real service encodes directly, without a short link in between. */
const WITHOUT_SHORT_LINK = ["text", "sms", "wifi"];

const realProfile: ServiceProfile = {
    name: "real",
    campaignNameKey: "campaign",
    overlayListKey: "overlay",
    storedText: cleanText,
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
        throw new ApiFailure(container === "channel" ? "This item is already added to the selected channel." : "This link is already added to the campaign.");
    },
};

export const PROFILES: Record<ProfileName, ServiceProfile> = { spec: specProfile, real: realProfile };

export function isProfileName(value: string): value is ProfileName {
    return (PROFILE_NAMES as readonly string[]).includes(value);
}

/**
 * The real service's input cleaner: <script> blocks and every HTML tag removed (as PHP's strip_tags does: a "<"
 * followed by white space is not a tag), then & " ' < > escaped (htmlspecialchars with ENT_QUOTES).
 */
export function cleanText(value: string): string {
    const stripped = value.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/<[^\s<>][^>]*(?:>|$)/g, "");
    return stripped.replace(/[&"'<>]/g, (char) => HTML_ESCAPES[char]);
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
