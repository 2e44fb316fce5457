// Read-only look-ups: plain async functions returning typed values, for showing what an account holds and for finding
// the ids of existing objects to adopt. Each is declared once, in READS, from a client: a program calls it here, with
// the same credentials and bounds as the resources (stack config, then environment) unless given explicitly, and the
// plugin serves the same table as its invokes.
import { getConfig } from "@pulumi/pulumi/runtime/config";
import { z } from "zod";
import {
    accountSchema,
    campaignSchema,
    channelItemSchema,
    channelSchema,
    collect,
    describeWait,
    domainSchema,
    linkSchema,
    linkStatisticsSchema,
    overlaySchema,
    pixelSchema,
    qrCodeSchema,
    qrStatisticsSchema,
    splashSchema,
    type ShortenerClient,
} from "./client";
import { BOUNDS } from "./bounds";
import { clientOf, resolveSettings, type Credentials } from "./config";
import { tellUser } from "./terminal";

/** Explicit credentials; by default they come from stack config or the environment, as the provider's do. */
export type DataOptions = Partial<Credentials>;

/** A look-up's one argument, when it takes one: an object's id by its name in the plugin's invoke. */
export interface ReadArgument {
    name: string;
    /** What it must be, as an error says it: "a link's id". */
    noun: string;
}

export interface Read<T> {
    description: string;
    /** The shape of one answer (of each item, for a list), as the client reads it: the plugin's schema types it. */
    answer: z.ZodType;
    /** What the plugin's invoke answers it under: `items` for a list. */
    result: "items" | "account" | "statistics";
    argument?: ReadArgument;
    read(client: ShortenerClient, id: number): Promise<T>;
}

const read = <T>(declared: Read<T>): Read<T> => declared;

/** Every look-up, by its function's name. */
export const READS = {
    getAccount: read({
        answer: accountSchema,
        description: "The account: its id, e-mail address, user name, plan and dates.",
        result: "account",
        read: (client) => client.account.get(),
    }),
    listOverlays: read({
        answer: overlaySchema,
        description: "The account's CTA overlays, for a link's `redirect: { overlay: id }`.",
        result: "items",
        read: (client) => collect(client.overlays.all()),
    }),
    listSplashPages: read({
        answer: splashSchema,
        description: "The account's custom splash pages, for a link's `redirect: { splash: id }`.",
        result: "items",
        read: (client) => collect(client.splash.all()),
    }),
    getQrCodeStatistics: read({
        answer: qrStatisticsSchema,
        description: "A QR code's scans, and where they came from once it has some.",
        result: "statistics",
        argument: { name: "id", noun: "a QR code's id" },
        read: async (client, id) => (await client.qrCodes.get(id)).statistics,
    }),
    listDomains: read({
        answer: domainSchema,
        description: "The account's branded domains.",
        result: "items",
        read: (client) => collect(client.domains.all()),
    }),
    listCampaigns: read({
        answer: campaignSchema,
        description: "The account's campaigns.",
        result: "items",
        read: (client) => collect(client.campaigns.all()),
    }),
    listChannels: read({
        answer: channelSchema,
        description: "The account's channels.",
        result: "items",
        read: (client) => collect(client.channels.all()),
    }),
    listChannelItems: read({
        answer: channelItemSchema,
        description: "The links, bio pages and QR codes in a channel.",
        result: "items",
        argument: { name: "channelId", noun: "a channel's id" },
        read: (client, channelId) => collect(client.channels.allItems(channelId)),
    }),
    listLinks: read({
        answer: linkSchema,
        description:
            "Every short link of the account as the listing shows it (not the links of QR codes and bio pages).",
        result: "items",
        read: (client) => collect(client.links.all({ limit: BOUNDS.linkPageSize.default })),
    }),
    getLinkStatistics: read({
        answer: linkStatisticsSchema,
        description: "A link's clicks, and where they came from once it has some.",
        result: "statistics",
        argument: { name: "id", noun: "a link's id" },
        read: async (client, id) => (await client.links.get(id)).statistics,
    }),
    listPixels: read({
        answer: pixelSchema,
        description: "The account's tracking pixels.",
        result: "items",
        read: (client) => collect(client.pixels.all()),
    }),
    listQrCodes: read({
        answer: qrCodeSchema,
        description: "The account's QR codes.",
        result: "items",
        read: (client) => collect(client.qrCodes.all()),
    }),
};

export type ReadName = keyof typeof READS;

function clientFor(options: DataOptions = {}): ShortenerClient {
    const settings = resolveSettings({ get: (key) => getConfig(key) }, process.env, options);
    return clientOf(settings, (event) => tellUser(describeWait(event)));
}

/** The argument of the look-up `name` as an `id` output gives it (a string) or as a number. */
export function argumentOf(name: ReadName, given: unknown): number {
    const argument = (READS[name] as Read<unknown>).argument;
    const value = typeof given === "number" || typeof given === "string" ? Number(given) : NaN;
    if (!Number.isSafeInteger(value) || value <= 0)
        throw new Error(
            `${name}: ${argument?.name ?? "id"} must be ${argument?.noun ?? "an id"}, got ${JSON.stringify(given)}`,
        );
    return value;
}

const run = <N extends ReadName>(name: N, options: DataOptions | undefined, id = 0) =>
    READS[name].read(clientFor(options), id) as ReturnType<(typeof READS)[N]["read"]>;

export const getAccount = (options?: DataOptions) => run("getAccount", options);
export const listOverlays = (options?: DataOptions) => run("listOverlays", options);
export const listSplashPages = (options?: DataOptions) => run("listSplashPages", options);
export const getQrCodeStatistics = (id: number, options?: DataOptions) => run("getQrCodeStatistics", options, id);
export const listDomains = (options?: DataOptions) => run("listDomains", options);
export const listCampaigns = (options?: DataOptions) => run("listCampaigns", options);
export const listChannels = (options?: DataOptions) => run("listChannels", options);
export const listChannelItems = (channelId: number, options?: DataOptions) =>
    run("listChannelItems", options, channelId);
/** Every short link of the account as the listing shows it (not the links of QR codes and bio pages). */
export const listLinks = (options?: DataOptions) => run("listLinks", options);
/** A link's clicks, and where they came from once it has some. */
export const getLinkStatistics = async (id: number | string, options?: DataOptions) =>
    run("getLinkStatistics", options, argumentOf("getLinkStatistics", id));
export const listPixels = (options?: DataOptions) => run("listPixels", options);
export const listQrCodes = (options?: DataOptions) => run("listQrCodes", options);
