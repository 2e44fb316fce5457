// `npm run bench [-- --json] [--profile spec|real] [--only <word in a suite's title>] [--scale [--links] [--plugin] [--sizes N,N]]`: runs
// every suite (or those named) and prints each figure beside its bound, and the provider's beside the baseline's;
// `--scale` prints the provider beside the baseline at 100, 1,000 and 5,000 resources (or the sizes given) instead, of
// the mixed stack or, with `--links`, of short links alone.
// Benchmarks are reports, not tests: a figure outside its bound is shown, never a failure exit.
import { clientBench } from "./client";
import { isProfileName, PROFILE_NAMES } from "../emulator";
import { Benchmark, BenchOptions, Figure, formatRow } from "./figure";
import { hostileListingBench } from "./hostile-listing";
import { linksBench } from "./links";
import { listFreshnessBench } from "./list-freshness";
import { programOutputsBench } from "./program-outputs";
import { providerBench } from "./provider";
import { runScale, sizesFrom } from "./scale";
import { tagCleanerBench } from "./tag-cleaner";
import { wikiCatalogueBenchmark } from "./wiki-catalogue";
import { wikiDifferentialBenchmark } from "./wiki-differential";
import { wikiLintHostileBenchmark } from "./wiki-lint-hostile";
import { wikiValidateBenchmark } from "./wiki-validate";

const suites: Benchmark[] = [
    clientBench,
    providerBench,
    linksBench,
    listFreshnessBench,
    hostileListingBench,
    wikiCatalogueBenchmark,
    wikiValidateBenchmark,
    wikiDifferentialBenchmark,
    wikiLintHostileBenchmark,
    tagCleanerBench,
    programOutputsBench,
];

function optionsFrom(args: readonly string[]): BenchOptions {
    const at = args.indexOf("--profile");
    if (at < 0) return { profile: "spec" };
    const profile = args[at + 1] ?? "";
    if (!isProfileName(profile))
        throw new Error(`--profile must be one of ${PROFILE_NAMES.join(", ")}, got "${profile}"`);
    return { profile };
}

async function main(): Promise<void> {
    const json = process.argv.includes("--json");
    const options = optionsFrom(process.argv.slice(2));
    const figures: Figure[] = [];
    const print = (line: string) => {
        if (!json) console.log(line);
    };
    print(`Emulator profile: ${options.profile}`);
    if (process.argv.includes("--scale")) {
        figures.push(
            ...(await runScale(
                options,
                {
                    sizes: sizesFrom(process.argv),
                    links: process.argv.includes("--links"),
                    plugin: process.argv.includes("--plugin"),
                },
                print,
                formatRow,
            )),
        );
    } else {
        const onlyIndex = process.argv.indexOf("--only");
        const only = onlyIndex >= 0 ? process.argv[onlyIndex + 1]?.toLowerCase() : undefined;
        for (const suite of suites.filter(
            (candidate) => only === undefined || candidate.title.toLowerCase().includes(only),
        )) {
            print(suite.title);
            const measured = await suite.run(options);
            figures.push(...measured);
            measured.forEach((figure) => print(formatRow(figure)));
        }
    }
    if (json) {
        console.log(
            JSON.stringify({
                figures: figures.map(({ name, value, bound, unit, baseline }) => ({
                    name,
                    value,
                    bound,
                    unit,
                    baseline,
                })),
            }),
        );
    }
}

main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
});
