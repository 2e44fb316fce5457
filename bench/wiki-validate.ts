// Validation throughput over a mixed set of valid and invalid definitions (the test corpus), with the
// shipped catalogue's lookups already built, as in a long-running linter: the median of several runs.
import { readFileSync } from "fs";
import { resolve } from "path";
import { parse } from "yaml";
import { definitionsOf, validateWikiQuery } from "../wiki";
import { Benchmark } from "./figure";

const CORPUS = resolve(__dirname, "../../test/fixtures/wiki/corpus.yaml");
const RUNS = 7;
const DEFINITIONS_PER_RUN = 60_000;

function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function definitionsPerSecond(definitions: readonly unknown[]): number {
    const started = process.hrtime.bigint();
    for (let done = 0; done < DEFINITIONS_PER_RUN; done++) validateWikiQuery(definitions[done % definitions.length]);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return DEFINITIONS_PER_RUN / seconds;
}

export const wikiValidateBenchmark: Benchmark = {
    title: "Wiki query validation",
    async run() {
        const definitions = definitionsOf(parse(readFileSync(CORPUS, "utf8")), CORPUS);
        definitionsPerSecond(definitions);
        const rates = Array.from({ length: RUNS }, () => definitionsPerSecond(definitions));
        return [
            {
                name: "wiki: validation throughput",
                value: Math.round(median(rates)),
                bound: 100_000,
                unit: "defs/s",
                goal: "min",
            },
        ];
    },
};
