// Everything an account holds that the provider can manage, read through the client: every page of every kind,
// and the items of every channel. Objects are sorted by id, so the same account always reads the same way.
import {
    CHANNEL_ITEM_TYPES,
    type Account,
    type AllOptions,
    type Channel,
    type ChannelItem,
    type ShortenerClient,
} from "../client";
import { allItems, collect } from "../client/pagination";
import { channel } from "../resources/channel";
import { domain } from "../resources/domain";
import type { Remote } from "../resources/listed";
import { literal } from "./emit";
import { ACCOUNT_OPTION, LISTED_KINDS, type ImportedKind } from "./listed-kinds";

export interface ChannelWithItems extends Channel {
    items: ChannelItem[];
}

/** What an account holds, as --json writes it: the account's settings, and each listed kind's objects under its snapshot key. */
export type Snapshot = {
    account?: Account;
    /** The service's own domains, listed with no id on every page: never managed by an account. */
    systemDomains?: string[];
    /** The channel kind's objects (under its snapshot key), each with its items. */
    channels?: ChannelWithItems[];
} & { [snapshotKey: string]: Remote[] | undefined };

/** The objects of a listed kind; undefined when the kind was not read. */
export function objectsOf(snapshot: Snapshot, kind: ImportedKind): readonly Remote[] | undefined {
    return snapshot[kind.listed.imported.snapshotKey];
}

export interface ReadOptions {
    /** Names from IMPORT_KINDS. */
    kinds: readonly string[];
    /** Items per listing page; the client's default when unset. */
    pageSize?: number;
}

export async function readSnapshot(client: ShortenerClient, options: ReadOptions): Promise<Snapshot> {
    const walk = { limit: options.pageSize };
    const snapshot: Snapshot = {};
    if (options.kinds.includes(ACCOUNT_OPTION)) snapshot.account = await client.account.get();
    for (const kind of LISTED_KINDS) {
        const { option, snapshotKey } = kind.listed.imported;
        if (!options.kinds.includes(option)) continue;
        // Two kinds are read with more than their listing: the domains' pages also list the system domains, and a
        // channel's items are read with it.
        if (kind.kind === domain.kind) {
            const { domains, systemDomains } = await readDomains(client, options.pageSize);
            Object.assign(snapshot, { [snapshotKey]: domains, systemDomains });
            continue;
        }
        const objects = byId(await collect(kind.listed.list(client, walk)));
        snapshot[snapshotKey] = kind.kind === channel.kind ? await withItems(client, objects, walk) : objects;
    }
    checkSnapshot(snapshot);
    return snapshot;
}

/** Each channel with its items, sorted by type and id. */
async function withItems(client: ShortenerClient, channels: readonly Remote[], walk: AllOptions): Promise<Remote[]> {
    const holders = [];
    for (const holder of channels) {
        const items = await collect(client.channels.allItems(holder.id, walk));
        holders.push({ ...holder, items: items.sort((a, b) => a.type.localeCompare(b.type) || a.id - b.id) });
    }
    return holders;
}

/**
 * What a program (or the JSON) can only say wrongly is refused: an id a program cannot hold exactly, the same id
 * twice in a kind (ids are compared as numbers, so "012" and 12 are one id), a channel item of a type the API does
 * not have. The service's answer is inconsistent; guessing would declare one object under another's name.
 */
export function checkSnapshot(snapshot: Snapshot): void {
    for (const kind of LISTED_KINDS) uniqueIds(kind.listed.noun, objectsOf(snapshot, kind) ?? []);
    for (const holder of snapshot.channels ?? []) {
        for (const item of holder.items) {
            if (!(CHANNEL_ITEM_TYPES as readonly string[]).includes(item.type)) {
                throw new Error(
                    `channel ${holder.id} holds an item of type ${literal(item.type)}; a channel item is one of ${CHANNEL_ITEM_TYPES.join(", ")}. ` +
                        "Nothing was written",
                );
            }
        }
        for (const type of CHANNEL_ITEM_TYPES)
            uniqueIds(
                `${type} item of channel ${holder.id}`,
                holder.items.filter((item) => item.type === type),
            );
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
async function readDomains(
    client: ShortenerClient,
    pageSize: number | undefined,
): Promise<{ domains: Remote[]; systemDomains: string[] }> {
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
