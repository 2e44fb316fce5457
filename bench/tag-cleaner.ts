// The tag cleaner that checks every text input (what the service would strip) on the slowest of the hostile 1 MB
// texts: the cleaner runs in check, on the event loop, for every preview.
import { performance } from "node:perf_hooks";
import { withoutTags } from "../provider/resources/values";
import { hostileMarkup, HOSTILE_MARKUP_BYTES } from "../test/support/hostile-markup";
import { Benchmark, Figure } from "./figure";

/** A preview must not stall on one text: linear time makes 1 MB a few tens of ms; a quadratic cleaner took 24 s. */
const BOUND_MS = 1000;

export const tagCleanerBench: Benchmark = {
    title: `provider: tag cleaner on hostile texts of ${HOSTILE_MARKUP_BYTES} bytes`,
    async run(): Promise<Figure[]> {
        const times = hostileMarkup().map(({ text }) => {
            const start = performance.now();
            withoutTags(text);
            return performance.now() - start;
        });
        return [
            {
                name: "tag cleaner, slowest hostile 1 MB text",
                value: Math.round(Math.max(...times)),
                bound: BOUND_MS,
                unit: "ms",
                goal: "max",
            },
        ];
    },
};
