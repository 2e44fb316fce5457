// `npm run bench [-- --json] [--profile spec|real] [--only <word in a suite's title>]`: runs every suite (or those
// named) and prints each figure beside its bound.
// Benchmarks are reports, not tests: a figure outside its bound is shown, never a failure exit.
import { clientBench } from "./client";
import { isProfileName, PROFILE_NAMES } from "../test/emulator";
import { Benchmark, BenchOptions, Figure, meetsBound } from "./figure";
import { hostileListingBench } from "./hostile-listing";
import { listFreshnessBench } from "./list-freshness";
import { providerBench } from "./provider";
import { tagCleanerBench } from "./tag-cleaner";
import { wikiCatalogueBenchmark } from "./wiki-catalogue";
import { wikiDifferentialBenchmark } from "./wiki-differential";
import { wikiLintHostileBenchmark } from "./wiki-lint-hostile";
import { wikiValidateBenchmark } from "./wiki-validate";

const suites: Benchmark[] = [
    clientBench,
    providerBench,
    listFreshnessBench,
    hostileListingBench,
    wikiCatalogueBenchmark,
    wikiValidateBenchmark,
    wikiDifferentialBenchmark,
    wikiLintHostileBenchmark,
    tagCleanerBench,
];

function formatRow(figure: Figure): string {
    const relation = figure.goal === "max" ? "<=" : ">=";
    const verdict = meetsBound(figure) ? "ok" : "MISSED";
    return `  ${figure.name.padEnd(58)} ${String(figure.value).padStart(12)} ${figure.unit.padEnd(10)} goal ${relation} ${figure.bound} ${verdict}`;
}

function optionsFrom(args: readonly string[]): BenchOptions {
    const at = args.indexOf("--profile");
    if (at < 0) return { profile: "spec" };
    const profile = args[at + 1] ?? "";
    if (!isProfileName(profile)) throw new Error(`--profile must be one of ${PROFILE_NAMES.join(", ")}, got "${profile}"`);
    return { profile };
}

async function main(): Promise<void> {
    const json = process.argv.includes("--json");
    const options = optionsFrom(process.argv.slice(2));
    const figures: Figure[] = [];
    if (!json) console.log(`Emulator profile: ${options.profile}`);
    const onlyIndex = process.argv.indexOf("--only");
    const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1]?.toLowerCase() : undefined;
    for (const suite of suites.filter((candidate) => only === undefined || candidate.title.toLowerCase().includes(only))) {
        if (!json) console.log(suite.title);
        const measured = await suite.run(options);
        figures.push(...measured);
        if (!json) measured.forEach((figure) => console.log(formatRow(figure)));
    }
    if (json) {
        console.log(JSON.stringify({ figures: figures.map(({ name, value, bound, unit }) => ({ name, value, bound, unit })) }));
    }
}

main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
});
