// What one provider process has done to the service during its run, held by its resource context so that every
// resource of the run shares it: for each collection it writes to (a kind's objects, one channel's items), what the
// collection held when the process first needed to know, and what the process added to it and removed from it since.
// A listing is kept as it arrived and never changed: what the process does is recorded beside it, so one look at the
// record cannot be changed by a later write through a shared promise.

/** One collection as this process knows it. */
export interface CollectionView<T> {
    /** What the service listed when this process first looked (or looked again on purpose), as it arrived. */
    readonly listed: readonly T[];
    /** Keys of the members this process has added since, and removed since. */
    readonly added: ReadonlySet<string>;
    readonly removed: ReadonlySet<string>;
}

export class RunRecord {
    private readonly listings = new Map<string, Promise<readonly unknown[]>>();
    private readonly added = new Map<string, Set<string>>();
    private readonly removed = new Map<string, Set<string>>();

    /**
     * The collection as this process knows it. Its listing is taken on the first call (`list`), or again when `again`
     * says the service must be asked anew; a failed listing is not kept, so the next call asks again.
     */
    async view<T>(collection: string, list: () => Promise<readonly T[]>, again = false): Promise<CollectionView<T>> {
        let listing = this.listings.get(collection);
        if (!listing || again) {
            const fresh = list();
            this.listings.set(collection, fresh);
            fresh.catch(() => {
                if (this.listings.get(collection) === fresh) this.listings.delete(collection);
            });
            listing = fresh;
        }
        return {
            listed: (await listing) as readonly T[],
            added: this.keys(this.added, collection),
            removed: this.keys(this.removed, collection),
        };
    }

    recordAdded(collection: string, key: string): void {
        this.keysToChange(this.added, collection).add(key);
        this.removed.get(collection)?.delete(key);
    }

    recordRemoved(collection: string, key: string): void {
        this.keysToChange(this.removed, collection).add(key);
        this.added.get(collection)?.delete(key);
    }

    /** Whether this process added the member (created it, not adopted or found it). */
    addedHere(collection: string, key: string): boolean {
        return this.added.get(collection)?.has(key) ?? false;
    }

    private keys(table: Map<string, Set<string>>, collection: string): ReadonlySet<string> {
        return new Set(table.get(collection));
    }

    private keysToChange(table: Map<string, Set<string>>, collection: string): Set<string> {
        let keys = table.get(collection);
        if (!keys) table.set(collection, (keys = new Set()));
        return keys;
    }
}
