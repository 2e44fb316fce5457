// What one provider process knows of the service's collections (a kind's objects, one channel's items) during its run,
// held by its resource context so that every resource of the run shares it. The rules, each kept here and nowhere else:
// - Reads share one listing per collection: a refresh of N objects costs ceil(N / page size) list calls, not N scans
//   (most kinds have no get-by-id endpoint).
// - Every write goes through `write`, which drops the collection's listing whatever the write's outcome: no read after
//   a write of this process sees the service as it was before it. Nothing else drops a listing.
// - A failed listing is not kept: the next read asks again.
// - A listing lasts as long as the process, which the engine starts for one run, not for a time: reads arrive at the
//   engine's pace, so a time window would expire part-way through a long refresh and list each kind again, and it
//   would guard against nothing, since what other clients change during a run is stale in any listing the moment it
//   arrives.
// - Creates start from a baseline: the collection as listed when the process first created in it, kept as it arrived,
//   with what the process added and removed since recorded beside it, never written into it.

/** One collection as this process knows it since it began creating in it. */
export interface CollectionView<T> {
    /** What the service listed then (or when the caller asked again on purpose), as it arrived. */
    readonly listed: readonly T[];
    /** Keys of the members this process has added since, and removed since. */
    readonly added: ReadonlySet<string>;
    readonly removed: ReadonlySet<string>;
}

type Listings = Map<string, Promise<readonly unknown[]>>;

export class RunRecord {
    private readonly shared: Listings = new Map();
    private readonly baselines: Listings = new Map();
    private readonly added = new Map<string, Set<string>>();
    private readonly removed = new Map<string, Set<string>>();

    /** Every member of the collection, from the run's shared listing (taken now when there is none). */
    listing<T>(collection: string, list: () => Promise<readonly T[]>): Promise<readonly T[]> {
        return (this.shared.get(collection) ?? this.keep(this.shared, collection, list())) as Promise<readonly T[]>;
    }

    /** Every member as the service holds it now: a new listing, which later reads share. */
    listingAnew<T>(collection: string, list: () => Promise<readonly T[]>): Promise<readonly T[]> {
        return this.keep(this.shared, collection, list());
    }

    /**
     * The collection since this process began creating in it. `list` gives its members then; `again` says the service
     * must be asked anew (after a refusal or a lost answer), which starts the baseline over.
     */
    async baseline<T>(
        collection: string,
        list: () => Promise<readonly T[]>,
        again = false,
    ): Promise<CollectionView<T>> {
        const kept = again ? undefined : this.baselines.get(collection);
        const listed = await (kept ?? this.keep(this.baselines, collection, list()));
        return {
            listed: listed as readonly T[],
            added: new Set(this.added.get(collection)),
            removed: new Set(this.removed.get(collection)),
        };
    }

    /** Sends a write to the collection. Whether it succeeds, fails or gets no answer, later reads list anew. */
    async write<T>(collection: string, send: () => Promise<T>): Promise<T> {
        try {
            return await send();
        } finally {
            this.shared.delete(collection);
        }
    }

    recordAdded(collection: string, key: string): void {
        keysOf(this.added, collection).add(key);
        this.removed.get(collection)?.delete(key);
    }

    recordRemoved(collection: string, key: string): void {
        keysOf(this.removed, collection).add(key);
        this.added.get(collection)?.delete(key);
    }

    /** Whether this process removed the member (deleted it). */
    removedHere(collection: string, key: string): boolean {
        return this.removed.get(collection)?.has(key) ?? false;
    }

    /** Whether this process added the member (created it, not adopted or found it). */
    addedHere(collection: string, key: string): boolean {
        return this.added.get(collection)?.has(key) ?? false;
    }

    private keep<T>(listings: Listings, collection: string, listing: Promise<readonly T[]>): Promise<readonly T[]> {
        listings.set(collection, listing);
        listing.catch(() => {
            if (listings.get(collection) === listing) listings.delete(collection);
        });
        return listing;
    }
}

function keysOf(table: Map<string, Set<string>>, collection: string): Set<string> {
    let keys = table.get(collection);
    if (!keys) table.set(collection, (keys = new Set()));
    return keys;
}
