// Most kinds have no get-by-id endpoint, so a read lists them all and finds its id. Reads of one refresh arrive
// together, so they share one listing per kind: a refresh of N objects costs ceil(N / page size) list calls,
// not N scans. Every write to a kind drops its listing, so a read never sees the service as it was before a change.
// A listing lasts as long as the provider process, which the engine starts for one run: it is not dropped after a
// time. Reads of one run arrive at the engine's pace, not the service's, so a time window would expire part-way
// through a long refresh (1,000 resources through a slow engine) and list each kind again; and a window guards
// against nothing this process does not already see: what other clients change during a run is stale in any
// listing the moment it arrives.

// What the listings of the kinds are read with, so that the resources walking them find it beside the cache.

export class ListCache {
    /** One listing per kind, shared while under way and after it arrived. */
    private readonly listings = new Map<string, Promise<readonly unknown[]>>();

    /** Every object of the kind, fetched once per run. A failed listing is not kept: the next read tries again. */
    all<T>(kind: string, fetchAll: () => Promise<readonly T[]>): Promise<readonly T[]> {
        const cached = this.listings.get(kind);
        if (cached) return cached as Promise<readonly T[]>;
        const listing = fetchAll();
        this.listings.set(kind, listing);
        listing.catch(() => {
            if (this.listings.get(kind) === listing) this.listings.delete(kind);
        });
        return listing;
    }

    invalidate(kind: string): void {
        this.listings.delete(kind);
    }
}
