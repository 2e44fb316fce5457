// Every version, default and bound the docs name, read from where the code keeps it: the package's version and
// engines, the dependencies' ranges, the bounds of provider/bounds.ts as the pages name them outside security.md's
// bounds tables (bounds-table.test.ts holds those), and the emulator's default rate limit. Each claim is the exact
// text a page holds, built from the value in the code, so the test fails when either side changes alone. The GitOps example is held to the package as well: its workflows run on
// the Node line of `engines`, its own `engines` asks for the same, and its range for this package admits this version.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { satisfies } from "semver";
import { parse } from "yaml";
import { DEFAULT_RATE_LIMIT } from "../../emulator";
import { readManifest, REPOSITORY_ROOT } from "../support/repository";
import { BOUNDS } from "../../provider/bounds";
import { MIB } from "../../common/bounds";
import { WIKI_BOUNDS } from "../../wiki/bounds";
import { DEFAULT_ALL_LIMIT } from "../../provider/client/pagination";
import { CONFIG_KEYS, ENV_KEYS } from "../../provider/config";
import { MIN_WRITE_SETTLE_MS } from "../../provider/resources/context";
import { ATTEMPTS } from "../../provider/resources/listed/attempts";
import { RESERVED_ALIASES } from "../../provider/resources/link-values";
import { SHIPPED_MEDIAWIKI_VERSION } from "../../wiki/catalogue/load";

const manifest = readManifest();
const EXAMPLE = join(REPOSITORY_ROOT, "examples", "gitops");

/** The Node major of `engines` (">=22"); another form of the range is an error here, not a guess. */
function engineMajor(engines: string | undefined): number {
    const match = /^>=(\d+)$/.exec(engines ?? "");
    assert.ok(match, `engines.node is "${engines}", expected the form ">=N"`);
    return Number(match[1]);
}

const NODE = engineMajor(manifest.engines?.node);
const seconds = (ms: number) => `${ms / 1000}`;
const grouped = (count: number) => count.toLocaleString("en-US");
const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** [page, the exact text it must hold]: each built from the value in the code. */
const CLAIMS: [string, string][] = [
    // Versions
    ["README.md", `Node ${NODE} or ${NODE + 2} (\`engines: >=${NODE}\``],
    ["README.md", `npm install ./pulumi-shortener-${manifest.version}.tgz`],
    ["docs/configuration.md", `Node.js ${NODE} or later`],
    [
        "docs/configuration.md",
        `\`@pulumi/pulumi\` ${/^\^(\d+)\./.exec(manifest.dependencies["@pulumi/pulumi"])![1]}.x is a dependency`,
    ],
    ["docs/configuration.md", `writes \`pulumi-shortener-${manifest.version}.tgz\``],
    ["docs/configuration.md", `npm install ./vendor/pulumi-shortener-${manifest.version}.tgz`],
    [
        "docs/wiki-validator.md",
        `The package ships the catalogue of MediaWiki ${SHIPPED_MEDIAWIKI_VERSION}'s query modules`,
    ],
    [
        "examples/gitops/README.md",
        `replaces the \`${readManifest(EXAMPLE).dependencies["pulumi-shortener"]}\` in \`package.json\``,
    ],
    ["examples/gitops/README.md", `on Node ${NODE}.`],
    ["examples/gitops/README.md", `(MediaWiki\n${SHIPPED_MEDIAWIKI_VERSION} core)`],
    // Defaults and bounds of the provider
    [
        "docs/configuration.md",
        `in milliseconds (optional; default ${BOUNDS.requestTimeoutMs.default}) | \`${CONFIG_KEYS.requestTimeoutMs}\``,
    ],
    [
        "docs/configuration.md",
        `(optional; default ${BOUNDS.maxRateLimitWaitMs.default}, ${BOUNDS.maxRateLimitWaitMs.default / 60_000} minutes) | \`${CONFIG_KEYS.maxRateLimitWaitMs}\``,
    ],
    [
        "docs/configuration.md",
        `(optional; default ${BOUNDS.maxResponseBytes.default}, ${BOUNDS.maxResponseBytes.default / MIB} MiB) | \`${CONFIG_KEYS.maxResponseBytes}\``,
    ],
    [
        "docs/configuration.md",
        `(optional; default ${BOUNDS.maxListPages.default}, that is ${grouped(BOUNDS.maxListPages.default * DEFAULT_ALL_LIMIT)} objects of a kind) | \`${CONFIG_KEYS.maxListPages}\``,
    ],
    ["docs/configuration.md", `| \`${CONFIG_KEYS.maxListPages}\` | \`${ENV_KEYS.maxListPages}\` |`],
    [
        "docs/configuration.md",
        `\`shortener:maxRateLimitWaitMs\` (default ${BOUNDS.maxRateLimitWaitMs.default / 60_000} minutes)`,
    ],
    ["docs/configuration.md", `After ${BOUNDS.maxRateLimitRefusals.default} refusals in a row for the rate limit`],
    [
        "docs/configuration.md",
        `up to ${BOUNDS.maxRetries.default} more times, waiting up to ${Array.from(
            { length: BOUNDS.maxRetries.default },
            (_, i) => seconds(BOUNDS.firstRetryWaitMs.default * 2 ** i),
        )
            .join(", ")
            .replace(/, ([^,]+)$/, " and $1")} s`,
    ],
    ["docs/configuration.md", `(at most ${ATTEMPTS} attempts in all)`],
    ["docs/configuration.md", `they are sent again (at most\n  ${ATTEMPTS} attempts)`],
    ["docs/troubleshooting.md", `(\`shortener:requestTimeoutMs\`, at least ${MIN_WRITE_SETTLE_MS / 1000} s)`],
    ["docs/troubleshooting.md", `is tried ${NUMBER_WORDS[BOUNDS.maxRetries.default + 1]} times before it fails`],
    [
        "docs/importing.md",
        `| \`--page-size N\` | objects per listing page (default ${DEFAULT_ALL_LIMIT}, at most 2^53 - 1)`,
    ],
    // The wiki validator's bounds
    [
        "docs/wiki-validator.md",
        `| size of one definitions file | ${WIKI_BOUNDS.maxDefinitionsFileBytes.default / MIB} MiB`,
    ],
    [
        "docs/wiki-validator.md",
        `| \`--max-file-size MIB\`, at most ${WIKI_BOUNDS.maxDefinitionsFileBytes.highest / MIB} |`,
    ],
    [
        "docs/wiki-validator.md",
        `(default ${WIKI_BOUNDS.maxDefinitionsFileBytes.default / MIB}; YAML files at most ${WIKI_BOUNDS.maxYamlFileBytes.default / MIB} whatever it says)`,
    ],
    ["docs/wiki-validator.md", `none for names over ${WIKI_BOUNDS.maxSuggestedNameChars.default} characters`],
    [
        "docs/wiki-validator.md",
        `at\nmost ${grouped(WIKI_BOUNDS.maxSuggestionCandidates.default)} candidates are compared`,
    ],
    ["docs/wiki-validator.md", `| size of one YAML file | ${WIKI_BOUNDS.maxYamlFileBytes.default / MIB} MiB`],
    [
        "docs/wiki-validator.md",
        `| size of a catalogue file | ${WIKI_BOUNDS.maxCatalogueFileBytes.default / MIB} MiB, the same as a fetched catalogue's answer (which also has a ${WIKI_BOUNDS.catalogueRequestTimeoutMs.default / 1000} s deadline)`,
    ],
    ["docs/wiki-validator.md", `(${WIKI_BOUNDS.catalogueRequestTimeoutMs.default / 1000} s limit)`],
    ["docs/wiki-validator.md", `| nesting of a pin's paraminfo | ${WIKI_BOUNDS.maxParaminfoDepth.default} levels |`],
    [
        "docs/wiki-validator.md",
        `| a value in a message | the first ${WIKI_BOUNDS.maxShownValueChars.default} characters`,
    ],
    [
        "docs/wiki-validator.md",
        `a report also cuts names to ${WIKI_BOUNDS.maxReportNameChars.default} and messages to ${grouped(WIKI_BOUNDS.maxReportMessageChars.default)} characters`,
    ],
    // The emulator
    [
        "docs/emulator.md",
        `it allows **${DEFAULT_RATE_LIMIT.limit} requests per ${DEFAULT_RATE_LIMIT.windowMs / 1000} s** for each API key by default (\`--rate ${DEFAULT_RATE_LIMIT.limit}/${DEFAULT_RATE_LIMIT.windowMs / 1000}s\`)`,
    ],
    // The service's reserved aliases, as the Link's check refuses them
    ["docs/resources.md", `Reserved: ${[...RESERVED_ALIASES].map((alias) => `\`${alias}\``).join(", ")}.`],
    // What `npm test` runs: the quick tier (test/support/depth.ts's default), CI all of it (.ci/run's TEST_DEPTH)
    ["README.md", "npm ci && npm test       # the quick tier of the tests (CI runs all: TEST_DEPTH=full)"],
    ["README.md", "over the quick tier of test files\n(test/support/test-files.ts)"],
];

const pages = new Map<string, string>();
function page(file: string): string {
    if (!pages.has(file)) pages.set(file, readFileSync(join(REPOSITORY_ROOT, file), "utf8"));
    return pages.get(file)!;
}

/** Each claim whose text its page does not hold, with the page. */
function missingClaims(claims: readonly [string, string][], read: (file: string) => string): string[] {
    return claims
        .filter(([file, text]) => !read(file).includes(text))
        .map(([file, text]) => `${file}: ${JSON.stringify(text)}`);
}

interface Workflow {
    jobs: Record<string, { steps: { uses?: string; with?: Record<string, unknown> }[] }>;
}

describe("docs: every version, default and bound named is the one in the code", () => {
    it("finds a claim whose value drifted (the check itself)", () => {
        const drifted = page("docs/configuration.md").replace(
            `default ${BOUNDS.requestTimeoutMs.default})`,
            `default ${BOUNDS.requestTimeoutMs.default + 1})`,
        );
        assert.deepEqual(
            missingClaims(CLAIMS.slice(10, 11), () => drifted),
            [`docs/configuration.md: ${JSON.stringify(CLAIMS[10][1])}`],
        );
    });

    it(`holds all ${CLAIMS.length} claims`, () => {
        assert.deepEqual(missingClaims(CLAIMS, page), []);
    });

    it(`names no other Node line than engines' ${NODE} (and the ${NODE + 2} the package is tested under too)`, () => {
        const files = [
            "README.md",
            "examples/gitops/README.md",
            ...[
                "configuration",
                "emulator",
                "importing",
                "resources",
                "security",
                "troubleshooting",
                "wiki-validator",
                "data-functions",
            ].map((name) => `docs/${name}.md`),
        ];
        // Node 20 appears once, to say why it is not supported.
        const other = files.flatMap((file) =>
            [...page(file).matchAll(/Node(?:\.js)? (\d+)/g)]
                .filter(
                    ([mention, major]) =>
                        Number(major) !== NODE &&
                        Number(major) !== NODE + 2 &&
                        !(
                            file === "README.md" &&
                            mention === "Node 20" &&
                            page(file).includes("Node 20 is end-of-life")
                        ),
                )
                .map(([mention]) => `${file}: ${mention}`),
        );
        assert.deepEqual(other, []);
    });

    it("the GitOps example: its workflows set up Node as engines asks, its engines agree, its range admits this version", () => {
        for (const file of ["shortener.yml", "drift.yml"]) {
            const workflow = parse(readFileSync(join(EXAMPLE, ".github", "workflows", file), "utf8")) as Workflow;
            const setups = Object.values(workflow.jobs).flatMap((job) =>
                job.steps.filter((step) => step.uses?.startsWith("actions/setup-node@")),
            );
            assert.ok(setups.length > 0, `${file}: no setup-node step`);
            for (const step of setups)
                assert.equal(String(step.with?.["node-version"]), String(NODE), `${file}: node-version`);
        }
        const example = readManifest(EXAMPLE);
        assert.equal(engineMajor(example.engines?.node), NODE);
        const range = example.dependencies["pulumi-shortener"];
        assert.ok(
            satisfies(manifest.version, range),
            `the example asks for pulumi-shortener@${range}, which ${manifest.version} does not satisfy`,
        );
        assert.equal(example.dependencies["@pulumi/pulumi"], manifest.dependencies["@pulumi/pulumi"]);
    });
});
