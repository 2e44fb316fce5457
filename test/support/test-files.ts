// The test files a run loads, printed one per line for `npm test` to hand to mocha. At full depth (CI) every test file
// of the product and the emulator. At quick depth (npm test's default: test/support/depth.ts) the quick tier below:
// every kind (the demo's program in both service profiles; the kinds it does not declare, each through its whole
// lifecycle under the real Pulumi CLI), both service profiles, the engine's rules the product relies on (refresh and
// drift, an interrupted create, adopting after a failed update) and the tests that run in-process or against the
// emulator alone, but for those that compile a program per case. The rest is CI's, at full depth only: the real
// MediaWikis, the package installed from its tarball with the state of earlier releases, shortener-import's runs, the
// randomized suites, the scale runs, and the command-line tests that start a child per case.
import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { DEPTH } from "./depth";
import { REPOSITORY_ROOT } from "./repository";

/** The folders of dist that hold test files, the slowest first so that parallel workers start on them early. */
const EVERY = [
    "dist/test/mediawiki",
    "dist/test/property",
    "dist/test/provider",
    "dist/test/package",
    "dist/test/import",
    "dist/emulator/tests",
    "dist/test",
];

/** The quick tier: folders taken whole, and single files, as paths below dist. */
const QUICK = [
    // A whole lifecycle of the example stack, every kind it declares, in each service profile.
    "test/demo/demo.test.js",
    // The kinds the demo does not declare, and what the provider does under the engine's rules.
    "test/provider/assignments-and-account.test.js",
    "test/provider/wikiquery.test.js",
    "test/provider/under-the-engine.test.js",
    "test/provider/check-inputs.test.js",
    "test/provider/kinds-complete.test.js",
    "test/provider/resource-context.test.js",
    "test/provider/tag-cleaner.test.js",
    // The shipped policy pack, run by the real CLI as a user's project runs it.
    "test/policy",
    // In-process, or against the emulator alone.
    "emulator/tests",
    "test/client",
    "test/wiki/catalogue-build.test.js",
    "test/wiki/catalogue-drift.test.js",
    "test/wiki/catalogue-fetch.test.js",
    "test/wiki/catalogue-load.test.js",
    "test/wiki/catalogue-pull.test.js",
    "test/wiki/catalogue.test.js",
    "test/wiki/definition.test.js",
    "test/wiki/module-rules.test.js",
    "test/wiki/multivalue.test.js",
    "test/wiki/query.test.js",
    "test/wiki/real-catalogue.test.js",
    "test/wiki/rules.test.js",
    "test/wiki/shipped-site.test.js",
    "test/wiki/typedefs.test.js",
    "test/report/report.test.js",
    "test/report/event-stream.test.js",
    "test/report/renderer.test.js",
    "test/import/names.test.js",
    "test/repository/function-length.test.js",
    "test/repository/import-graph.test.js",
    "test/repository/new-kind.test.js",
    "test/repository/self-contained.test.js",
    "test/docs/bounds-table.test.js",
    "test/docs/versions-and-bounds.test.js",
    "test/docs/pulumi-in-docs.test.js",
    "test/hostile/listings.test.js",
    "test/hostile/secrets.test.js",
    "test/hostile/temporary-files.test.js",
    "test/hostile/waits-and-bodies.test.js",
    "test/hostile/link-writes.test.js",
    "test/hostile/terminal-output.test.js",
    "test/hostile/pulumi-cache.test.js",
    "test/provider/link-lifecycle.test.js",
    "test/provider/link-fields.test.js",
    "test/provider/service-rules.test.js",
    "test/provider/state-size.test.js",
    // shortener-migrate: its sources in-process, and its whole path through the real Pulumi CLI.
    "test/migrate",
    // The plugin: a Pulumi YAML program through its whole lifecycle in both profiles.
    "test/plugin",
    // A program with every link field through its whole lifecycle in the real profile.
    "test/provider/links.test.js",
    // The SDKs: current with the plugin's schema, the Node.js one compiling, the Python and Go programs' mock tests.
    "test/sdk",
];

function testFilesUnder(path: string): string[] {
    // mocha only warns of a file it cannot find and runs on: a test file renamed or moved must not leave the tier unseen.
    if (!existsSync(join(REPOSITORY_ROOT, path)))
        throw new Error(`test/support/test-files.ts names ${path}, which is not built`);
    if (path.endsWith(".test.js")) return [path];
    return readdirSync(join(REPOSITORY_ROOT, path), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".test.js"))
        .map((file) => join(path, file))
        .sort();
}

function testFiles(): string[] {
    const paths = DEPTH === "full" ? EVERY : QUICK.map((path) => join("dist", path));
    const files = paths.flatMap(testFilesUnder);
    return [...new Set(files)].map((file) => relative(REPOSITORY_ROOT, join(REPOSITORY_ROOT, file)));
}

process.stdout.write(`${testFiles().join("\n")}\n`);
