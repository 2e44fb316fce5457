// wiki-query-lint as a user runs it: the compiled CLI in a child process, each output format, each exit
// status, --strict, --high-limits, and --catalogue from a file and from a wiki served on 127.0.0.1.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, Server } from "node:http";
import { AddressInfo } from "node:net";
import { fixture, lint, LINT_TIMEOUT_MS, stopLintChildren } from "./lint-support";
import { REPOSITORY_ROOT } from "../support/repository";
import { realReplyPath } from "./validate-support";

describe("wiki-query-lint (the CLI)", function () {
    this.timeout(LINT_TIMEOUT_MS * 2);

    afterEach(stopLintChildren);

    describe("text format", () => {
        it("exits 0 and prints only the summary for clean definitions", async () => {
            const run = await lint(fixture("clean.yaml"));
            assert.equal(run.status, 0, run.stderr);
            assert.equal(run.stdout.trim(), "2 definitions in 1 file: 0 with errors, 0 with warnings only.");
        });

        it("exits 1 and names file, line, definition, parameter, code and module of an error", async () => {
            const run = await lint(fixture("errors.yaml"));
            assert.equal(run.status, 1);
            const [issue, summary] = run.stdout.trim().split("\n");
            assert.ok(
                issue.startsWith(`${fixture("errors.yaml")}:7: [1] "bad direction" apdir: error badvalue (allpages): `),
                issue,
            );
            assert.equal(summary, "2 definitions in 1 file: 1 with errors, 0 with warnings only.");
        });

        it("exits 0 on warnings, and 1 with --strict", async () => {
            const relaxed = await lint(fixture("warnings.json"));
            assert.equal(relaxed.status, 0);
            assert.match(relaxed.stdout, /aplimit: warning outofrange \(allpages\)/);
            assert.equal((await lint("--strict", fixture("warnings.json"))).status, 1);
            assert.equal((await lint("--strict", fixture("clean.yaml"))).status, 0);
        });

        it("fails, run as the README's CI command, on a misspelt parameter and on a limit over its maximum", async () => {
            const readme = readFileSync(join(REPOSITORY_ROOT, "README.md"), "utf8");
            const command = /^npx wiki-query-lint (.*?) queries\/\*\.yaml\s+#/m.exec(readme);
            assert.ok(command, "the README gives no wiki-query-lint command");
            const run = await lint(...command[1].split(" "), fixture("ci-slips.yaml"));
            assert.equal(run.status, 1, run.stdout);
            assert.match(run.stdout, /Unrecognized parameter: "apnamespce" \(did you mean "apnamespace"\?\)\./);
            assert.match(
                run.stdout,
                /rclimit::rclimit \(recentchanges\): Value "5000" for parameter "rclimit" must be no greater than 500/,
            );
        });

        it("applies the higher limits with --high-limits", async () => {
            const run = await lint("--high-limits", "--strict", fixture("warnings.json"));
            assert.equal(run.status, 0, run.stdout);
        });
    });

    describe("json format", () => {
        it("prints one entry per definition with file, index, name, valid, errors, warnings and request", async () => {
            const run = await lint("--format", "json", fixture("clean.yaml"), fixture("errors.yaml"));
            assert.equal(run.status, 1);
            const entries = JSON.parse(run.stdout);
            assert.deepEqual(
                entries.map((entry: { file: string; index: number; name: string; valid: boolean }) => [
                    entry.file,
                    entry.index,
                    entry.name,
                    entry.valid,
                ]),
                [
                    [fixture("clean.yaml"), 0, "recent edits", true],
                    [fixture("clean.yaml"), 1, "all pages", true],
                    [fixture("errors.yaml"), 0, "good", true],
                    [fixture("errors.yaml"), 1, "bad direction", false],
                ],
            );
            assert.deepEqual(entries[1].request, { action: "query", list: "allpages", aplimit: "max" });
            assert.deepEqual(
                entries[3].errors.map((issue: { code: string; param: string; module: string }) => [
                    issue.code,
                    issue.param,
                    issue.module,
                ]),
                [["badvalue", "apdir", "allpages"]],
            );
            assert.deepEqual(entries[3].warnings, []);
        });

        it("never prints a sensitive value, in the request or anywhere else", async () => {
            const secret = "fixture-secret-2f1c9a7e";
            assert.ok(
                readFileSync(fixture("sensitive.yaml"), "utf8").includes(secret),
                "the fixture carries the secret",
            );
            for (const format of ["json", "text", "github"]) {
                const run = await lint("--format", format, fixture("sensitive.yaml"));
                assert.equal(run.status, 0);
                assert.ok(
                    !run.stdout.includes(secret) && !run.stderr.includes(secret),
                    `the ${format} output shows the sensitive value`,
                );
            }
            const [entry] = JSON.parse((await lint("--format", "json", fixture("sensitive.yaml"))).stdout);
            assert.equal(entry.advice[0].code, "sensitive");
            assert.deepEqual(entry.warnings, []);
            assert.equal(entry.request.wlowner, "Example");
            assert.match(entry.request.wltoken, /not shown/);
        });
    });

    describe("github format", () => {
        it("prints ::error and ::warning annotations with file, line and title", async () => {
            const run = await lint("--format", "github", fixture("errors.yaml"), fixture("warnings.json"));
            assert.equal(run.status, 1);
            const lines = run.stdout.trim().split("\n");
            assert.equal(lines.length, 2);
            assert.ok(
                lines[0].startsWith(
                    `::error file=${fixture("errors.yaml")},line=7,title=badvalue in [1] "bad direction" apdir::apdir (allpages): `,
                ),
                lines[0],
            );
            assert.ok(
                lines[1].startsWith(
                    `::warning file=${fixture("warnings.json")},line=5,title=outofrange in [0] "too many pages" aplimit::`,
                ),
                lines[1],
            );
        });
    });

    describe("input and usage errors (exit 2)", () => {
        it("names the malformed field", async () => {
            const run = await lint(fixture("malformed.json"));
            assert.equal(run.status, 2);
            assert.match(run.stderr, /malformed\.json: definitions\.params: expected an object, got an array/);
        });

        it("gives the position of a YAML syntax error", async () => {
            const run = await lint(fixture("broken.yaml"));
            assert.equal(run.status, 2);
            assert.match(run.stderr, /broken\.yaml: not valid YAML \(line \d+, column \d+\)/);
        });

        it("refuses a file that holds no definition", async () => {
            const run = await lint(fixture("empty.yaml"));
            assert.equal(run.status, 2);
            assert.match(run.stderr, /empty\.yaml: the file holds no definition/);
        });

        it("reports an unreadable file and still lints the others", async () => {
            const run = await lint(fixture("errors.yaml"), fixture("no-such-file.yaml"));
            assert.equal(run.status, 2);
            assert.match(run.stderr, /no-such-file\.yaml: cannot read the file \(ENOENT\)/);
            assert.match(run.stdout, /apdir: error badvalue/);
        });

        it("refuses an unknown option, a bad format and a call without files, with the usage", async () => {
            for (const args of [["--bogus", fixture("clean.yaml")], ["--format", "xml", fixture("clean.yaml")], []]) {
                const run = await lint(...args);
                assert.equal(run.status, 2, args.join(" "));
                assert.match(run.stderr, /Usage: wiki-query-lint/);
            }
        });

        it("prints the usage with --help and exits 0", async () => {
            const run = await lint("--help");
            assert.equal(run.status, 0);
            assert.match(run.stdout, /Usage: wiki-query-lint/);
        });
    });

    describe("--catalogue", () => {
        it("reads a paraminfo reply from a file (the real 1.45.4 one lists the brand logos)", async () => {
            assert.equal(
                (await lint("--strict", fixture("logo.yaml"))).status,
                1,
                "the shipped catalogue leaves the logos out",
            );
            const run = await lint("--strict", "--catalogue", realReplyPath(), fixture("logo.yaml"));
            assert.equal(run.status, 0, run.stdout + run.stderr);
        });

        it("refuses a catalogue file that cannot be read (exit 2)", async () => {
            const run = await lint("--catalogue", fixture("no-such-catalogue.json"), fixture("clean.yaml"));
            assert.equal(run.status, 2);
            assert.match(run.stderr, /no-such-catalogue\.json: cannot read the file/);
        });

        describe("from a wiki's api.php", () => {
            let server: Server;
            let base: string;
            const requests: URL[] = [];

            before(async () => {
                const reply = readFileSync(realReplyPath());
                server = createServer((request, response) => {
                    const url = new URL(request.url ?? "/", "http://127.0.0.1");
                    requests.push(url);
                    if (url.pathname === "/w/api.php" && url.searchParams.get("action") === "paraminfo") {
                        response.writeHead(200, { "Content-Type": "application/json" }).end(reply);
                    } else {
                        response.writeHead(500).end("internal error");
                    }
                });
                await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
                base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
            });

            after(async () => {
                server.closeAllConnections();
                await new Promise((closed) => server.close(closed));
            });

            it("fetches paraminfo for query and all its submodules and validates against it", async () => {
                const run = await lint("--strict", "--catalogue", `${base}/w/api.php`, fixture("logo.yaml"));
                assert.equal(run.status, 0, run.stdout + run.stderr);
                const asked = requests.at(-1);
                assert.equal(asked?.searchParams.get("modules"), "query|query+*");
            });

            it("exits 2 when the wiki does not answer with paraminfo", async () => {
                const run = await lint("--catalogue", `${base}/broken/api.php`, fixture("clean.yaml"));
                assert.equal(run.status, 2);
                assert.match(run.stderr, /HTTP 500/);
                assert.equal(run.stdout, "");
            });
        });
    });
});
