// How deep the suites go. Every engine run starts two Node processes that load Pulumi (about a second each on a
// 2-core machine), so running every case of every matrix takes CI's half hour, not a developer's minutes.
//
//   TEST_DEPTH=quick  (npm test's default) the quick tier of test files (test/support/test-files.ts says which and
//                     why); within them, each suite that repeats one scenario over a matrix runs a fixed pick of it and
//                     prints which cases it picked (sampleOf), and suites of facts that each stand alone run a fixed
//                     pick of their tests or blocks (sampleTests, sampleBlocks).
//   TEST_DEPTH=full   (CI: .ci/run sets it) every test file, every case of every matrix, the randomized suites at
//                     their deepest.
//   TEST_SEED=<n>     another pick than the default one (the seed is printed with each pick).
//
// The pick depends only on the seed (0 unless TEST_SEED says otherwise) and the suite's name, so every run of a commit
// runs the same tests and two runs can be compared; CI covers every case on every run, so the quick depth loses CI no
// coverage.
import { seededRandom } from "./seeded-random";

export type Depth = "quick" | "full";

export const DEPTH: Depth = depthFromEnv(process.env.TEST_DEPTH);

function depthFromEnv(value: string | undefined): Depth {
    if (value === undefined || value === "" || value === "quick") return "quick";
    if (value === "full") return "full";
    throw new Error(`TEST_DEPTH must be quick or full, got ${JSON.stringify(value)}`);
}

/** A whole number from the environment, or the fallback when the variable is unset or empty. */
export function numberFromEnv(name: string, fallback: number): number {
    const value = process.env[name];
    if (value === undefined || value === "") return fallback;
    const parsed = Number(value);
    if (!Number.isSafeInteger(parsed)) throw new Error(`${name} must be a whole number, got ${JSON.stringify(value)}`);
    return parsed;
}

/** The seed of every quick pick in this run: fixed, so that each run of a commit runs the same tests. */
export const SAMPLE_SEED = numberFromEnv("TEST_SEED", 0);

/** A number that depends on the depth: the quick figure, or the full one. */
export function byDepth<T>(quick: T, full: T): T {
    return DEPTH === "full" ? full : quick;
}

/**
 * The cases of a matrix this run covers: all of them at full depth; at quick depth `quickCount` of them picked by the
 * run's seed (a different pick per suite). Prints the pick and how to replay it or run the whole matrix.
 */
export function sampleOf<T>(suite: string, cases: readonly T[], quickCount: number, nameOf: (item: T) => string): T[] {
    const picked = pick(suite, cases, quickCount);
    if (picked === undefined) return [...cases];
    announce(suite, `${picked.map(nameOf).join(", ")} of ${cases.length}`);
    return picked;
}

/**
 * The tests of a block whose tests each start from nothing (a program, stack or state of their own), so that any of
 * them runs as well without the others: all at full depth; at quick depth `quickCount` of them, picked by the run's
 * seed, the tests of nested blocks among them. It suits a long suite of facts that each stand alone: the engine
 * double's own suites (which every provider suite exercises as well) and the real service's behaviour. Call it last
 * in the block's body, once its tests are declared: `sampleTests(this, 4)`.
 */
export function sampleTests(block: Mocha.Suite, quickCount: number): void {
    const tests = testsOf(block);
    const picked = pick(block.fullTitle(), tests, quickCount);
    if (picked === undefined) return;
    const kept = new Set(picked);
    const prune = (suite: Mocha.Suite): void => {
        suite.tests = suite.tests.filter((test) => kept.has(test));
        suite.suites.forEach(prune);
    };
    prune(block);
    announce(block.fullTitle(), `${picked.length} of its ${tests.length} tests, the ones reported below`);
}

/**
 * For a family of suites each of which samples its own cases (one file per Go file, say): whether this one runs at all.
 * Always at full depth; at quick depth for about `share` of them, picked by the seed (another TEST_SEED, another
 * share). Says so when it does not.
 */
export function inQuickShare(suite: string, share: number): boolean {
    if (DEPTH === "full" || seededRandom(SAMPLE_SEED ^ hashOf(`${suite}, whether at all`))() < share) return true;
    announce(suite, `none at quick depth, as for about ${Math.round((1 - share) * 100)}% of its family`);
    return false;
}

/**
 * The nested blocks of a block whose blocks each stand alone (a stack of their own) while the tests inside one build on
 * each other (create, then update, then destroy): all at full depth; at quick depth `quickCount` whole blocks, picked by
 * the run's seed. Call it last in the block's body, once its blocks are declared: `sampleBlocks(this, 1)`.
 */
export function sampleBlocks(block: Mocha.Suite, quickCount: number): void {
    const picked = pick(block.fullTitle(), block.suites, quickCount);
    if (picked === undefined) return;
    announce(
        block.fullTitle(),
        `${picked.map((suite) => suite.title).join("; ")} (${picked.length} of its ${block.suites.length} blocks)`,
    );
    block.suites = picked;
}

function testsOf(suite: Mocha.Suite): Mocha.Test[] {
    return [...suite.tests, ...suite.suites.flatMap(testsOf)];
}

/** `quickCount` of the cases in their order, picked by the run's seed and the suite's name; undefined for all of them. */
function pick<T>(suite: string, cases: readonly T[], quickCount: number): T[] | undefined {
    if (DEPTH === "full" || cases.length <= quickCount) return undefined;
    const random = seededRandom(SAMPLE_SEED ^ hashOf(suite));
    const order = cases.map((item, index) => ({ item, index, key: random() })).sort((a, b) => a.key - b.key);
    return order
        .slice(0, quickCount)
        .sort((a, b) => a.index - b.index)
        .map(({ item }) => item);
}

function announce(suite: string, picked: string): void {
    console.log(
        `  [quick depth] ${suite}: ${picked} (this pick: TEST_SEED=${SAMPLE_SEED}; every case: TEST_DEPTH=full)`,
    );
}

function hashOf(text: string): number {
    let hash = 2166136261;
    for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    return hash >>> 0;
}
