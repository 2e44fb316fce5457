// Everything an account holds that the provider can manage, read through the client: every page of every kind,
// and the items of every channel. Objects are sorted by id, so the same account always reads the same way.
import type { Account, Campaign, Channel, ChannelItem, Domain, Pixel, QrCode, ShortenerClient } from "../client";
import { allItems } from "../client/pagination";
import { collect } from "../resources/list-cache";

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
    return snapshot;
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
