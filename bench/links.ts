// Short links beside the baseline (bench/baseline): 1,000 links through the Pulumi CLI, measured as the mixed
// stack is (bench/provider.ts): up, no-change preview, refresh (its preview, then the refresh) and destroy. The
// refresh's bound is the one a user of thousands of links needs: one listing of the links per pass, ceil(N / page)
// list requests, however many links there are.
import type { Benchmark, Figure } from "./figure";
import { sideBySideFigures } from "./provider";
import { measureBoth } from "./side-by-side";
import { LINKS, PAGE_SIZE, workload } from "./workload";

const LOAD = workload(1_000, LINKS);

export const linksBench: Benchmark = {
    title:
        `short links beside the baseline: ${LOAD.total} links through the Pulumi CLI; the refresh reads them in at most ` +
        `ceil(${LOAD.total}/${PAGE_SIZE}) list requests per pass (its preview, then the refresh); no paced up (see bench/scale.ts)`,
    async run({ profile }): Promise<Figure[]> {
        return sideBySideFigures(LOAD, await measureBoth(LOAD, profile, undefined));
    },
};
