// `npm run bench -- --scale [--links] [--plugin] [--sizes 100,1000]`: the side-by-side figures at 100, 1,000 and 5,000
// declared resources (or the sizes given), of the mixed stack or of short links alone, so that the growth of each
// (linear or not) is visible; with `--plugin`, the same resources through the plugin beside the same baseline. Never part of `npm test`: the larger
// stacks take many minutes.
import type { BenchOptions, Figure } from "./figure";
import { pacedWindow, sideBySideFigures } from "./provider";
import { measureBoth, measureSide } from "./side-by-side";
import { describePlan, LINKS, MIXED, PAGE_SIZE, workload } from "./workload";

export const SCALE_SIZES = [100, 1_000, 5_000];

/**
 * Only the smallest stack is also run under the paced window. At the service's own rate, 5,000 creates take 2 h 47 min
 * (10x accelerated: 17 min); and a window fast enough to pace 1,000 or 5,000 resources in minutes lets through more
 * than the Pulumi engine creates in a second, so such an up would time the engine, not the pacing.
 */
const PACED_UP_UP_TO = 100;

export function sizesFrom(args: readonly string[]): number[] {
    const at = args.indexOf("--sizes");
    if (at < 0) return SCALE_SIZES;
    const sizes = (args[at + 1] ?? "").split(",").map(Number);
    if (sizes.some((size) => !Number.isInteger(size) || size < 10 || size % 10 !== 0)) {
        throw new Error(
            `--sizes takes whole numbers of resources, multiples of 10, separated by commas, got "${args[at + 1] ?? ""}"`,
        );
    }
    return sizes;
}

export interface ScaleRun {
    sizes: readonly number[];
    /** Short links alone instead of the mixed stack. */
    links: boolean;
    /** The plugin too, beside the same baseline. */
    plugin: boolean;
}

export async function runScale(
    options: BenchOptions,
    run: ScaleRun,
    print: (line: string) => void,
    format: (figure: Figure) => string,
): Promise<Figure[]> {
    const all: Figure[] = [];
    for (const total of run.sizes) {
        const load = workload(total, run.links ? LINKS : MIXED);
        const pacing = total <= PACED_UP_UP_TO ? pacedWindow : undefined;
        const paced = pacing ? "and a paced up" : `no paced up above ${PACED_UP_UP_TO} resources (see bench/scale.ts)`;
        print(`scale: ${total} resources (${describePlan(load)}); ${paced}`);
        const started = Date.now();
        // Progress goes to stderr, so that --json stays one object on stdout.
        const both = await measureBoth(load, options.profile, pacing, (line) => console.error(`  [${total}] ${line}`));
        const figures = sideBySideFigures(load, both);
        figures.forEach((figure) => print(format(figure)));
        const up = both.provider.up.requests;
        const bound = load.writes + load.listings;
        print(
            `  check: provider up requests ${up} <= writes ${load.writes} + sum of ceil(N/${PAGE_SIZE}) ${load.listings} = ${bound}: ${up <= bound ? "holds" : "DOES NOT HOLD"}` +
                ` (both sides measured in ${Math.round((Date.now() - started) / 1000)} s)`,
        );
        all.push(...figures.map((figure) => ({ ...figure, name: `${total} resources: ${figure.name}` })));
        if (run.plugin) {
            const plugin = await measureSide(
                "plugin",
                load,
                options.profile,
                pacing && (() => both.provider.paced!.window),
                (line) => console.error(`  [${total}] ${line}`),
            );
            const pluginFigures = sideBySideFigures(load, { provider: plugin, baseline: both.baseline }).map(
                (figure) => ({
                    ...figure,
                    name: `plugin: ${figure.name}`,
                }),
            );
            pluginFigures.forEach((figure) => print(format(figure)));
            all.push(...pluginFigures.map((figure) => ({ ...figure, name: `${total} resources: ${figure.name}` })));
        }
    }
    return all;
}
