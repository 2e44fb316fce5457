// What the emulated service does where the spec and the real service part ways. A handler asks the profile; it never
// branches on a profile's name. Each profile is one object in a file of its own (spec.ts, real.ts); index.ts names them.
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
    /** A link's long URL as sent, cleaned as the service cleans it before reading it (create and update differ). */
    linkUrl(value: string, when: "create" | "update"): string;
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
    /**
     * What a list answer's `result` counts: the items listed on the page, or the whole listing's entries (a channel's
     * assignments to objects deleted in the dashboard included, though they are not listed).
     */
    readonly listResult: "page" | "total";
    /** The `error` of a successful list answer. */
    readonly listErrorFlag: 0 | "0";
    /** The counters of a QR code's `socialCount`, one per network. */
    readonly socialNetworks: readonly string[];
}
