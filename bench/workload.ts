// The declared stacks the bench runs, at any size: the five listed kinds in fixed shares (the mixed stack), or short
// links alone, and the least any provider can send for them. These bounds are physical: one write per resource, and one listing per kind, which is
// ceil(N / page) list calls (per run: `pulumi refresh` runs twice, its preview first). An up lists each kind once because it refuses duplicates (a create whose natural key
// the service already holds is an error, not a second object); that listing is the price of the guarantee.
import type { Declared } from "../test/support/stack";

export interface KindPlan {
    kind: string;
    count: number;
    /** The service's list endpoint of the kind: what a read of it costs. */
    listPath: string;
}

interface Share {
    kind: string;
    share: number;
    listPath: string;
    args(index: number): Record<string, unknown>;
}

/** The mixed stack: the five kinds listed since the first release. */
export const MIXED: readonly Share[] = [
    {
        kind: "Pixel",
        share: 0.3,
        listPath: "/api/pixels",
        args: (i) => ({ type: i % 2 ? "adspixel" : "analyticspixel", name: `Pixel ${i}`, tag: `T-${i}` }),
    },
    {
        kind: "Channel",
        share: 0.2,
        listPath: "/api/channels",
        args: (i) => ({ name: `Channel ${i}`, color: "#1A73E8" }),
    },
    {
        kind: "Campaign",
        share: 0.2,
        listPath: "/api/campaigns",
        args: (i) => ({ name: `Campaign ${i}`, slug: `campaign-${i}` }),
    },
    {
        kind: "QrCode",
        share: 0.2,
        listPath: "/api/qr",
        args: (i) => (i % 2 ? { type: "text", data: `Note ${i}` } : { type: "link", data: `https://example.com/${i}` }),
    },
    { kind: "Domain", share: 0.1, listPath: "/api/domains", args: (i) => ({ domain: `https://go${i}.example.com` }) },
];

/** Short links alone, as an account of campaigns holds them: each its own long URL and alias, on the default domain. */
export const LINKS: readonly Share[] = [
    {
        kind: "Link",
        share: 1,
        listPath: "/api/urls",
        args: (i) => ({ url: `https://www.example.com/offers/${i}?from=poster`, alias: `offer-${i}` }),
    },
];

/** The largest page the provider asks for (limit=100): one kind of N objects is ceil(N / 100) list calls. */
export const PAGE_SIZE = 100;

export interface Workload {
    total: number;
    plan: KindPlan[];
    declared: Declared[];
    /** One write per resource. */
    writes: number;
    /** One listing of every kind: Σ ceil(N_kind / PAGE_SIZE). */
    listings: number;
}

/** `total` must be a multiple of 10, so that every kind gets its whole share. */
export function workload(total: number, shares: readonly Share[] = MIXED): Workload {
    const plan = shares.map(({ kind, share, listPath }) => ({ kind, count: Math.round(total * share), listPath }));
    const declared = shares.flatMap((shape, kindIndex) =>
        Array.from({ length: plan[kindIndex].count }, (_, index) => ({
            kind: shape.kind,
            name: `${shape.kind.toLowerCase()}-${index}`,
            args: shape.args(index),
        })),
    );
    const listings = plan.reduce((sum, kind) => sum + Math.ceil(kind.count / PAGE_SIZE), 0);
    return { total, plan, declared, writes: total, listings };
}

export const describePlan = (load: Workload) => load.plan.map((kind) => `${kind.count} ${kind.kind}`).join(", ");
