// Everything an account holds that the provider can manage, read through the client: every page of every kind,
// and the items of every channel. Objects are sorted by id, so the same account always reads the same way.
import { CHANNEL_ITEM_TYPES, type Account, type Campaign, type Channel, type ChannelItem, type Domain, type Pixel, type QrCode, type ShortenerClient } from "../client";
import { allItems, collect } from "../client/pagination";
import { literal } from "./emit";

export const IMPORT_KINDS = ["account", "domains", "campaigns", "channels", "pixels", "qrcodes"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ChannelWithItems extends Channel {
    items: ChannelItem[];
}

export interface Snapshot {
    account?: Account;
    domains?: Domain[];
    /** The service's own domains, listed with no id on every page: never managed by an account. */
    systemDomains?: string[];
    campaigns?: Campaign[];
    channels?: ChannelWithItems[];
    pixels?: Pixel[];
    qrCodes?: QrCode[];
}

export interface ReadOptions {
    kinds: readonly ImportKind[];
    /** Items per listing page; the client's default when unset. */
    pageSize?: number;
}

export async function readSnapshot(client: ShortenerClient, options: ReadOptions): Promise<Snapshot> {
    const wanted = (kind: ImportKind) => options.kinds.includes(kind);
    const walk = { limit: options.pageSize };
    const snapshot: Snapshot = {};
    if (wanted("account")) snapshot.account = await client.account.get();
    if (wanted("domains")) Object.assign(snapshot, await readDomains(client, options.pageSize));
    if (wanted("campaigns")) snapshot.campaigns = byId(await collect(client.campaigns.all(walk)));
    if (wanted("channels")) {
        const channels = byId(await collect(client.channels.all(walk)));
        snapshot.channels = [];
        for (const channel of channels) {
            const items = await collect(client.channels.allItems(channel.id, walk));
            snapshot.channels.push({ ...channel, items: items.sort((a, b) => a.type.localeCompare(b.type) || a.id - b.id) });
        }
    }
    if (wanted("pixels")) snapshot.pixels = byId(await collect(client.pixels.all(walk)));
    if (wanted("qrcodes")) snapshot.qrCodes = byId(await collect(client.qrCodes.all(walk)));
    checkSnapshot(snapshot);
    return snapshot;
}

/**
 * What a program (or the JSON) can only say wrongly is refused: an id a program cannot hold exactly, the same id
 * twice in a kind (ids are compared as numbers, so "012" and 12 are one id), a channel item of a type the API does
 * not have. The service's answer is inconsistent; guessing would declare one object under another's name.
 */
export function checkSnapshot(snapshot: Snapshot): void {
    uniqueIds("domain", snapshot.domains ?? []);
    uniqueIds("campaign", snapshot.campaigns ?? []);
    uniqueIds("channel", snapshot.channels ?? []);
    uniqueIds("pixel", snapshot.pixels ?? []);
    uniqueIds("QR code", snapshot.qrCodes ?? []);
    for (const channel of snapshot.channels ?? []) {
        for (const item of channel.items) {
            if (!(CHANNEL_ITEM_TYPES as readonly string[]).includes(item.type)) {
                throw new Error(
                    `channel ${channel.id} holds an item of type ${literal(item.type)}; a channel item is one of ${CHANNEL_ITEM_TYPES.join(", ")}. ` +
                        "Nothing was written",
                );
            }
        }
        for (const type of CHANNEL_ITEM_TYPES) uniqueIds(`${type} item of channel ${channel.id}`, channel.items.filter((item) => item.type === type));
    }
}

function uniqueIds(what: string, objects: readonly { id: number }[]): void {
    const seen = new Set<number>();
    for (const { id } of objects) {
        if (!Number.isSafeInteger(id) || id < 1) {
            throw new Error(
                `the service lists a ${what} with the id ${id}, which a program cannot hold exactly: an id must be a whole number ` +
                    `from 1 to ${Number.MAX_SAFE_INTEGER}. Nothing was written`,
            );
        }
        if (seen.has(id)) {
            throw new Error(
                `the service lists the id ${id} twice, for two objects of one kind (${what}; ids are compared as numbers: "012" and 12 are the same id); ` +
                    "the listing is inconsistent. Nothing was written",
            );
        }
        seen.add(id);
    }
}

/** Every domain page; the system domains (repeated on every page, with no id) are kept apart and counted once. */
async function readDomains(client: ShortenerClient, pageSize: number | undefined): Promise<Pick<Snapshot, "domains" | "systemDomains">> {
    const systemDomains = new Set<string>();
    const pages = allItems(
        "domains.all",
        async (query) => {
            const page = await client.domains.list(query);
            for (const system of page.systemDomains) systemDomains.add(system.domain);
            return page;
        },
        { limit: pageSize },
    );
    const domains = await collect(pages);
    return { domains: byId(domains), systemDomains: [...systemDomains].sort() };
}

function byId<T extends { id: number }>(items: T[]): T[] {
    return [...items].sort((a, b) => a.id - b.id);
}
