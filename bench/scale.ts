// `npm run bench -- --scale`: the side-by-side figures at 100, 1,000 and 5,000 declared resources, so that the
// growth of each (linear or not) is visible. Never part of `npm test`: the largest stack takes many minutes.
import type { BenchOptions, Figure } from "./figure";
import { sideBySideFigures } from "./provider";
import { baselinePauseMs, measureBoth, type RateWindow } from "./side-by-side";
import { describePlan, PAGE_SIZE, workload } from "./workload";

export const SCALE_SIZES = [100, 1_000, 5_000];

/**
 * The paced up's window grows with the stack (30 per 6 s at 100 resources, 300 at 1,000, 1,500 at 5,000), so that
 * every size paces for the same 20 s: at the service's own rate 5,000 creates take 2 h 47 min. From 1,000 resources on
 * the engine double creates more slowly than the window allows, so these ups measure the engine, not the pacing.
 */
export function scaleWindow(total: number): RateWindow {
    return { limit: Math.round((30 * total) / 100), windowMs: 6000 };
}

export async function runScale(options: BenchOptions, print: (line: string) => void, format: (figure: Figure) => string): Promise<Figure[]> {
    const all: Figure[] = [];
    for (const total of SCALE_SIZES) {
        const load = workload(total);
        const window = scaleWindow(total);
        print(`scale: ${total} resources (${describePlan(load)}); paced up at ${window.limit}/${window.windowMs} ms, the baseline's pause ${baselinePauseMs(window)} ms`);
        const started = Date.now();
        const both = await measureBoth(load, options.profile, window);
        const figures = sideBySideFigures(load, both);
        figures.forEach((figure) => print(format(figure)));
        const up = both.provider.up.requests;
        const bound = load.writes + load.listings;
        print(
            `  check: provider up requests ${up} <= writes ${load.writes} + sum of ceil(N/${PAGE_SIZE}) ${load.listings} = ${bound}: ${up <= bound ? "holds" : "DOES NOT HOLD"}` +
                ` (measured in ${Math.round((Date.now() - started) / 1000)} s)`,
        );
        all.push(...figures.map((figure) => ({ ...figure, name: `${total} resources: ${figure.name}` })));
    }
    return all;
}
