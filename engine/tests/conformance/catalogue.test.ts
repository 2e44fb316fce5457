// The catalogue of the Go engine's lifecycle tests (conformance/go-tests.ts) is held to the Go source, to the double's
// test titles and to the README: every test function of the package at the pinned commit is in it once (checked against
// the vendored name list, and against a pulumi/pulumi git clone when one is at hand), a transcribed test has a test
// whose title carries its Go name and no other has one, a refusal names a test that exists, and the README's tables
// are the ones the catalogue makes. It prints how far the double follows the Go tests.
import { strict as assert } from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { GO_COMMIT, GO_PACKAGE, GO_TESTS, Judgement } from "../../conformance/go-tests";
import {
    NOT_FOLLOWED_SECTION,
    conformanceSummary,
    conformanceTables,
    README_SECTION,
    sectionBounds,
} from "../../conformance/tables";
import { REPOSITORY_ROOT } from "../../../test/support/repository";

const NAME_LIST = path.join(REPOSITORY_ROOT, "engine", "fixtures", "go-lifecycle", "test-names.txt");
/** A clone of pulumi/pulumi (a bare one will do): PULUMI_GO_SOURCE, else the mirror beside the repository. */
const GO_SOURCE = process.env.PULUMI_GO_SOURCE || path.join(REPOSITORY_ROOT, "..", ".mirror", "pulumi+pulumi", "repo");
/** The dry run lists titles only; loading every test file of the engine double takes seconds on a busy machine. */
const DRY_RUN_TIMEOUT_MS = 120_000;
/** The dry run's report: some hundreds of titles. */
const DRY_RUN_MAX_BYTES = 16 * 1024 * 1024;
const TEST_FUNCTION = /^func (Test\w+)\(t \*testing\.T\)/gm;

const catalogued = Object.entries(GO_TESTS).flatMap(([file, tests]) =>
    Object.entries(tests).map(([name, judgement]) => ({ file, name, judgement })),
);

function vendoredNames(): string[] {
    return fs
        .readFileSync(NAME_LIST, "utf8")
        .split("\n")
        .filter((line) => line !== "" && !line.startsWith("#"));
}

function git(...args: string[]): string {
    return execFileSync("git", ["--git-dir", GO_SOURCE, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

/** The test functions of the package at the pinned commit, as "<file> <function>", in the files' order. */
function namesInGoSource(): string[] {
    const files = git("ls-tree", "--name-only", GO_COMMIT, `${GO_PACKAGE}/`)
        .split("\n")
        .filter((file) => file.endsWith("_test.go"));
    return files.flatMap((file) =>
        [...git("show", `${GO_COMMIT}:${file}`).matchAll(TEST_FUNCTION)].map(
            (match) => `${path.basename(file)} ${match[1]}`,
        ),
    );
}

function hasGoSource(): boolean {
    try {
        git("cat-file", "-e", `${GO_COMMIT}^{commit}`);
        return true;
    } catch {
        return false;
    }
}

/** Every test title of the engine double's suites at full depth, as mocha's dry run lists them. */
function engineTestTitles(): string[] {
    const testsDir = path.dirname(__dirname);
    const files = (fs.readdirSync(testsDir, { recursive: true }) as string[])
        .filter((file) => file.endsWith(".test.js") && path.join(testsDir, file) !== __filename)
        .map((file) => path.join(testsDir, file));
    const report = execFileSync(
        process.execPath,
        [require.resolve("mocha/bin/mocha.js"), "--no-config", "--dry-run", "--reporter", "json", ...files],
        {
            encoding: "utf8",
            env: { ...process.env, TEST_DEPTH: "full" },
            timeout: DRY_RUN_TIMEOUT_MS,
            maxBuffer: DRY_RUN_MAX_BYTES,
        },
    );
    const json = JSON.parse(report.slice(report.indexOf("{\n"))) as { tests: { fullTitle: string }[] };
    return json.tests.map((test) => test.fullTitle);
}

const carries = (title: string, name: string) => new RegExp(`\\b${name}\\b`).test(title);

describe("engine double: the catalogue of the Go engine's lifecycle tests", function () {
    this.timeout(DRY_RUN_TIMEOUT_MS + 30_000);

    after(() => console.log(`      ${conformanceSummary()}`));

    it("lists each test function of the vendored name list once, and nothing else", () => {
        assert.deepEqual(
            catalogued.map(({ file, name }) => `${file} ${name}`),
            vendoredNames(),
        );
    });

    it(`the vendored name list is the Go source's at ${GO_COMMIT.slice(0, 12)} (when a pulumi/pulumi clone is at hand)`, function () {
        if (!hasGoSource()) {
            this.skip();
        }
        assert.deepEqual(vendoredNames(), namesInGoSource());
    });

    describe("against the test titles", () => {
        let titles: string[] = [];
        before(() => {
            titles = engineTestTitles();
        });

        const refusals = new Set(
            catalogued.flatMap(({ judgement }) => (judgement.status === "refused" ? [judgement.refusal] : [])),
        );
        const titlesOf = (name: string) =>
            titles.filter((title) => carries(title, name) && ![...refusals].some((refusal) => title.includes(refusal)));

        it("a transcribed Go test has a test whose title carries its Go name", () => {
            const missing = catalogued.filter(
                ({ name, judgement }) => judgement.status === "transcribed" && titlesOf(name).length === 0,
            );
            assert.deepEqual(
                missing.map(({ file, name }) => `${file} ${name}`),
                [],
            );
        });

        it("a Go test a title carries is marked transcribed", () => {
            const unmarked = catalogued.filter(
                ({ name, judgement }) => judgement.status !== "transcribed" && titlesOf(name).length > 0,
            );
            assert.deepEqual(
                unmarked.map(({ file, name }) => `${file} ${name}: ${titlesOf(name).join("; ")}`),
                [],
            );
        });

        it("a refusal names a test that exists", () => {
            const missing = [...refusals].filter((refusal) => !titles.some((title) => title.includes(refusal)));
            assert.deepEqual(missing, []);
        });
    });

    it("every judgement but a transcription says why", () => {
        const unexplained = catalogued.filter(
            ({ judgement }) => judgement.status !== "transcribed" && reasonOf(judgement).trim() === "",
        );
        assert.deepEqual(
            unexplained.map(({ file, name }) => `${file} ${name}`),
            [],
        );
    });

    it(`engine/README.md's "${README_SECTION}" tables are the catalogue's`, () => {
        assert.equal(readmeSection(README_SECTION), conformanceTables(), "the section should read as below");
    });

    it(`each open test names its Go code, and that code is among engine/README.md's "${NOT_FOLLOWED_SECTION}"`, () => {
        const rules = readmeSection(NOT_FOLLOWED_SECTION).toLowerCase();
        const unlisted = catalogued.filter(({ judgement }) => {
            if (judgement.status !== "open") return false;
            const named = goIdentifiers(judgement.needs);
            return !named.some((identifier) => rules.includes(identifier.toLowerCase()));
        });
        assert.deepEqual(
            unlisted.map(
                ({ file, name, judgement }) => `${file} ${name}: ${"needs" in judgement ? judgement.needs : ""}`,
            ),
            [],
        );
    });
});

/** The README's section under this heading, the heading included, up to the next one. */
function readmeSection(heading: string): string {
    const readme = fs.readFileSync(path.join(REPOSITORY_ROOT, "engine", "README.md"), "utf8");
    const bounds = sectionBounds(readme, heading);
    assert.ok(bounds, `engine/README.md has no section "## ${heading}"`);
    return readme.slice(bounds.start, bounds.end);
}

/**
 * The Go functions, types and fields a text names: words with a capital inside (calculateDependentReplacements,
 * RefreshStep) and qualified names (resource.State).
 */
function goIdentifiers(text: string): string[] {
    return text.match(/\b[a-z]\w*\.[A-Z]\w*\b|\b[A-Za-z][a-z0-9]+[A-Z][A-Za-z0-9]*\b/g) ?? [];
}

function reasonOf(judgement: Judgement): string {
    return judgement.status === "transcribed"
        ? ""
        : judgement.status === "open"
          ? `${judgement.why} ${judgement.needs}`
          : judgement.why;
}
