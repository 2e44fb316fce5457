// wiki-query-lint's command-line conventions (--help with the exit codes, --version, the unknown-option
// message), its SARIF output checked against the official SARIF 2.1.0 schema, and the did-you-mean
// suggestions of the linter and of validateWikiQuery.
//
// test/fixtures/wiki/sarif-schema-2.1.0.json is the OASIS SARIF 2.1.0 schema (errata 01, OASIS Standard,
// draft-04), unchanged from the oasis-tcs/sarif-spec repository, sarif-2.1/schema/sarif-schema-2.1.0.json
// at commit e0583813964ec43cea53b6b531b402866095ed1f. It is draft-04, hence ajv-draft-04; ajv-formats
// checks its uri and date-time formats.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { validateWikiQuery } from "../../wiki";
import { fixture, lint, LINT_TIMEOUT_MS, stopLintChildren } from "./lint-support";
import { readManifest } from "../support/repository";

const ROOT = resolve(__dirname, "../../..");

/** The schema's complaints about a log, none when it conforms. */
function schemaErrors(log: unknown): string[] {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(fixture("sarif-schema-2.1.0.json"), "utf8")));
    return validate(log) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath}: ${error.message}`);
}

describe("wiki-query-lint conventions, SARIF and suggestions", function () {
    this.timeout(LINT_TIMEOUT_MS * 4);

    afterEach(stopLintChildren);

    describe("command line", () => {
        it("--help prints the usage with every exit status and exits 0", async () => {
            for (const flag of ["--help", "-h"]) {
                const run = await lint(flag);
                assert.equal(run.status, 0);
                assert.match(run.stdout, /^Usage: wiki-query-lint/);
                assert.match(
                    run.stdout,
                    /Exit status:\n\s+0 +no definition has errors[^\n]*\n\s+1 +some definition has errors[^\n]*\n\s+2 +a file could not be read/,
                );
                assert.match(run.stdout, /--version/);
            }
        });

        it("--version prints the package's version and exits 0", async () => {
            const { version } = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8"));
            const run = await lint("--version");
            assert.equal(run.status, 0);
            assert.equal(run.stdout, `${version}\n`);
        });

        it("names an unknown option in balanced quotes, with the usage, and exits 2", async () => {
            const run = await lint("--bogus", fixture("clean.yaml"));
            assert.equal(run.status, 2);
            const [first] = run.stderr.split("\n");
            assert.equal(first, 'wiki-query-lint: unknown option "--bogus"');
            assert.match(run.stderr, /Usage: wiki-query-lint/);
        });

        it("refuses a --max-file-size that is not a positive number of MiB", async () => {
            for (const value of ["0", "-1", "ten", "1e9"]) {
                const run = await lint(`--max-file-size=${value}`, fixture("clean.yaml"));
                assert.equal(run.status, 2, value);
                assert.match(run.stderr, /--max-file-size: expected a number of MiB/);
            }
        });
    });

    describe("--format sarif", () => {
        let directory: string;
        before(() => {
            directory = mkdtempSync(join(tmpdir(), "wiki-lint-sarif-"));
        });
        after(() => rmSync(directory, { recursive: true, force: true }));

        it("writes a SARIF 2.1.0 log that the official schema accepts, with rules, levels, lines and unreadable files", async () => {
            const odd = join(directory, "odd name \u001b.json");
            writeFileSync(odd, JSON.stringify({ name: "odd", list: "allpages", params: { "zz\u001b": 1 } }));
            const run = await lint(
                "--format",
                "sarif",
                fixture("errors.yaml"),
                fixture("warnings.json"),
                fixture("sensitive.yaml"),
                odd,
                fixture("no-such-file.yaml"),
            );
            assert.equal(run.status, 2, run.stderr);
            const log = JSON.parse(run.stdout);
            assert.deepEqual(schemaErrors(log), []);
            assert.equal(log.version, "2.1.0");
            const [sarifRun] = log.runs;
            assert.equal(
                sarifRun.tool.driver.informationUri,
                readManifest().homepage,
                "the tool's page is the package's home page, and none while the package names none",
            );
            const rules: string[] = sarifRun.tool.driver.rules.map((rule: { id: string }) => rule.id);
            const results = sarifRun.results.map(
                (result: {
                    ruleId: string;
                    ruleIndex: number;
                    level: string;
                    locations: {
                        physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } };
                    }[];
                }) => {
                    assert.equal(rules[result.ruleIndex], result.ruleId);
                    const location = result.locations[0].physicalLocation;
                    return [
                        result.ruleId,
                        result.level,
                        location.artifactLocation.uri.split("/").pop(),
                        location.region?.startLine,
                    ];
                },
            );
            assert.deepEqual(results, [
                ["badvalue", "error", "errors.yaml", 7],
                ["outofrange", "warning", "warnings.json", 5],
                ["sensitive", "note", "sensitive.yaml", results[2][3]],
                ["unrecognizedparams", "warning", "odd%20name%20%1B.json", 1],
            ]);
            assert.equal(sarifRun.invocations[0].executionSuccessful, false);
            const [notification] = sarifRun.invocations[0].toolExecutionNotifications;
            assert.match(notification.message.text, /no-such-file\.yaml: cannot read the file \(ENOENT\)/);
            assert.ok(!run.stdout.includes("fixture-secret-2f1c9a7e"), "the sensitive value is printed");
        });

        it("names a file whose name holds a backslash as that file, not as one in a folder", async () => {
            // On Linux "x\\y.yaml" is one file of the working directory; "x/y.yaml" would be another.
            const file = join(directory, "x\\y.yaml");
            writeFileSync(file, "list: allpages\nparams:\n  apdir: sideways\n");
            const gone = join(directory, "x\\gone.yaml");
            const uris = async (path: string, missing: string) => {
                const run = await lint("--format", "sarif", path, missing);
                assert.equal(run.status, 2, run.stderr);
                const [sarifRun] = JSON.parse(run.stdout).runs;
                const notification = sarifRun.invocations[0].toolExecutionNotifications[0];
                return [
                    sarifRun.results[0].locations[0].physicalLocation.artifactLocation.uri,
                    notification.locations[0].physicalLocation.artifactLocation.uri,
                ];
            };
            const relativeFolder = relative(process.cwd(), directory).split(sep).map(encodeURIComponent).join("/");
            assert.deepEqual(await uris(relative(process.cwd(), file), relative(process.cwd(), gone)), [
                `${relativeFolder}/x%5Cy.yaml`,
                `${relativeFolder}/x%5Cgone.yaml`,
            ]);
            assert.deepEqual(await uris(file, gone), [
                `${pathToFileURL(directory).href}/x%5Cy.yaml`,
                `${pathToFileURL(directory).href}/x%5Cgone.yaml`,
            ]);
        });

        it("writes a valid log with no results for clean definitions", async () => {
            const run = await lint("--format", "sarif", fixture("clean.yaml"));
            assert.equal(run.status, 0, run.stderr);
            const log = JSON.parse(run.stdout);
            assert.deepEqual(schemaErrors(log), []);
            assert.deepEqual(log.runs[0].results, []);
            assert.equal(log.runs[0].invocations[0].executionSuccessful, true);
        });
    });

    describe("did you mean", () => {
        it("suggests the module a misspelt list, prop or meta name was meant to be", () => {
            const result = validateWikiQuery({ list: "recentchange", prop: "revison", meta: "siteinf" });
            const messages = result.warnings
                .filter((issue) => issue.code === "unrecognizedvalues")
                .map((issue) => issue.message);
            assert.deepEqual(messages, [
                'Unrecognized value for parameter "prop": "revison" (did you mean "revisions"?); ignored.',
                'Unrecognized value for parameter "list": "recentchange" (did you mean "recentchanges"?); ignored.',
                'Unrecognized value for parameter "meta": "siteinf" (did you mean "siteinfo"?); ignored.',
            ]);
        });

        it("suggests the generator, the parameter and the enumeration value", () => {
            assert.match(
                validateWikiQuery({ generator: "allpage" }).errors[0].message,
                /Unknown generator "allpage"\. Did you mean "allpages"\?/,
            );
            const result = validateWikiQuery({
                list: "allpages",
                params: { aplimt: 5, apdir: "ascendng", rcprop: "title" },
            });
            const message = (param: string) =>
                [...result.errors, ...result.warnings].find((issue) => issue.param === param)?.message;
            assert.equal(message("aplimt"), 'Unrecognized parameter: "aplimt" (did you mean "aplimit"?).');
            assert.match(message("apdir") ?? "", /"ascendng"\. Did you mean "ascending"\? Allowed:/);
            assert.match(
                message("rcprop") ?? "",
                /it belongs to list=recentchanges/,
                "a parameter of another module keeps its owner hint",
            );
        });

        it("suggests nothing when no name is close, and nothing for a very long name", () => {
            const result = validateWikiQuery({ list: ["zzzzzzzz", "recentchanges".repeat(10)], params: { qqqqqq: 1 } });
            for (const issue of result.warnings) assert.doesNotMatch(issue.message, /did you mean/i, issue.message);
        });

        it("is shown by the linter", async () => {
            const run = await lint(fixture("misspelt.yaml"));
            assert.equal(run.status, 1);
            assert.match(
                run.stdout,
                /list: warning unrecognizedvalues \(query\): Unrecognized value for parameter "list": "recentchange" \(did you mean "recentchanges"\?\)/,
            );
            assert.match(
                run.stdout,
                /rclimt: warning unrecognizedparams \(main\): Unrecognized parameter: "rclimt" \(did you mean "rclimit"\?\)\./,
            );
        });
    });
});
