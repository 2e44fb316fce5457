// Most kinds have no get-by-id endpoint, so a read lists them all and finds its id. Reads of one refresh arrive
// together, so they share one listing per kind: a refresh of N objects costs ceil(N / page size) list calls,
// not N scans. Every write to a kind drops its listing, so a read never sees the service as it was before a change.
// Freshness counts from when the listing arrived, not from when it was asked for: the engine runs at most --parallel
// steps at once, so reads queue behind a slow listing (a paged, rate-limited service takes many seconds), and counted
// from the request they would find it stale on arrival and list again.

// What the listings of the kinds are read with, so that the resources walking them find it beside the cache.

const FRESH_FOR_MS = 10_000;

interface Listing {
    /** Unset while the listing is under way: readers share it. */
    arrivedAt?: number;
    items: Promise<readonly unknown[]>;
}

export class ListCache {
    private readonly listings = new Map<string, Listing>();

    constructor(private readonly now: () => number = Date.now) {}

    /** Every object of the kind, fetched once while fresh. A failed listing is not kept: the next read tries again. */
    all<T>(kind: string, fetchAll: () => Promise<readonly T[]>): Promise<readonly T[]> {
        const cached = this.listings.get(kind);
        if (cached && (cached.arrivedAt === undefined || this.now() - cached.arrivedAt < FRESH_FOR_MS)) {
            return cached.items as Promise<readonly T[]>;
        }
        const listing: Listing = { items: fetchAll() };
        this.listings.set(kind, listing);
        listing.items.then(
            () => (listing.arrivedAt = this.now()),
            () => {
                if (this.listings.get(kind) === listing) this.listings.delete(kind);
            },
        );
        return listing.items as Promise<readonly T[]>;
    }

    invalidate(kind: string): void {
        this.listings.delete(kind);
    }

    /** For writes whose effect on listings is not tied to one kind. */
    clear(): void {
        this.listings.clear();
    }
}
