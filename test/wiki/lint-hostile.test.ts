// wiki-query-lint against hostile files and catalogues. Each case runs the compiled CLI in a child process
// under a 256 MB heap ceiling; whatever the input asks for, the child must finish on its own with status
// 0, 1 or 2 (never a signal, never the test's deadline), print a bounded report, name the file that could
// not be linted, and go on with the others.
import assert from "node:assert/strict";
import { ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { deeplyNestedPin, LINT_CLI } from "./lint-support";

const SHIPPED_CATALOGUE = resolve(__dirname, "../../../wiki/catalogue/catalogue.json");
const HEAP_CEILING_MB = 256;
const CHILD_DEADLINE_MS = 90_000;
// The test keeps only the start of a child's output and counts the rest, so an unbounded report cannot exhaust the test.
const KEPT_OUTPUT = 256 * 1024;
const MIB = 1024 * 1024;

interface Run {
    status: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stdoutBytes: number;
    stderr: string;
}

const children = new Set<ChildProcess>();

function lint(...args: string[]): Promise<Run> {
    return new Promise((done) => {
        const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_CEILING_MB}`, LINT_CLI, ...args], {
            stdio: ["ignore", "pipe", "pipe"],
        });
        children.add(child);
        const kept = { stdout: "", stderr: "", stdoutBytes: 0 };
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
            kept.stdoutBytes += Buffer.byteLength(chunk);
            if (kept.stdout.length < KEPT_OUTPUT) kept.stdout += chunk;
        });
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
            if (kept.stderr.length < KEPT_OUTPUT) kept.stderr += chunk;
        });
        const deadline = setTimeout(() => child.kill("SIGKILL"), CHILD_DEADLINE_MS);
        child.on("close", (status, signal) => {
            clearTimeout(deadline);
            children.delete(child);
            done({ status, signal, ...kept });
        });
    });
}

function assertFinished(run: Run, label: string): void {
    assert.equal(run.signal, null, `${label}: killed by ${run.signal}; stderr: ${run.stderr.slice(-500)}`);
    assert.ok(
        run.status === 0 || run.status === 1 || run.status === 2,
        `${label}: exit status ${run.status}; stderr: ${run.stderr.slice(-500)}`,
    );
}

type Json = Record<string, unknown>;

/** The shipped catalogue with one module changed, written where --catalogue can read it. */
function catalogueWith(
    directory: string,
    name: string,
    change: (allpages: Json & { parameters: Json[] }) => void,
): string {
    const reply = JSON.parse(readFileSync(SHIPPED_CATALOGUE, "utf8")) as {
        paraminfo: { modules: (Json & { parameters: Json[] })[] };
    };
    const allpages = reply.paraminfo.modules.find((module) => module.name === "allpages");
    assert.ok(allpages, "the shipped catalogue has list=allpages");
    change(allpages);
    const path = join(directory, name);
    writeFileSync(path, JSON.stringify(reply));
    return path;
}

/** A JSON array of ordinary definitions, each with one error, of at least `bytes` bytes. */
function definitionsOfSize(bytes: number): string {
    const one = (index: number) =>
        JSON.stringify({
            name: `definition ${index}`,
            list: "allpages",
            params: { aplimit: 10, apdir: "sideways", apprefix: `P${index}` },
        });
    const parts: string[] = [];
    let size = 0;
    for (let index = 0; size < bytes; index++) {
        const text = one(index);
        parts.push(text);
        size += text.length + 2;
    }
    return `[\n${parts.join(",\n")}\n]\n`;
}

describe("wiki-query-lint against hostile input (a child under a 256 MB heap ceiling)", function () {
    this.timeout(CHILD_DEADLINE_MS * 2);
    let directory: string;
    let withError: string;

    before(() => {
        directory = mkdtempSync(join(tmpdir(), "wiki-lint-hostile-"));
        withError = join(directory, "with-error.yaml");
        writeFileSync(withError, "list: allpages\nparams:\n  apdir: sideways\n");
    });

    after(() => rmSync(directory, { recursive: true, force: true }));

    afterEach(() => {
        for (const child of children) child.kill("SIGKILL");
        children.clear();
    });

    it("lints a 10 MB JSON file with JSON.parse, its lines included, within the ceiling", async () => {
        const file = join(directory, "ten.json");
        writeFileSync(file, definitionsOfSize(10 * MIB));
        const run = await lint(file);
        assertFinished(run, "10 MB");
        assert.equal(run.status, 1);
        const first = run.stdout.split("\n")[0];
        assert.equal(
            first,
            `${file}:2: [0] "definition 0" apdir: error badvalue (allpages): Unrecognized value for parameter "apdir": "sideways". Allowed: "ascending", "descending".`,
        );
    });

    it("refuses a file above the size limit by name, and lints the others", async () => {
        const file = join(directory, "large.json");
        writeFileSync(file, definitionsOfSize(17 * MIB));
        const run = await lint(file, withError);
        assertFinished(run, "17 MB");
        assert.equal(run.status, 2);
        assert.match(
            run.stderr,
            new RegExp(`large\\.json: the file has \\d+ bytes, more than the limit of ${16 * MIB} bytes`),
        );
        assert.match(run.stdout, /with-error\.yaml:3: \[0\] apdir: error badvalue/);
        const raised = await lint("--max-file-size", "32", file);
        assertFinished(raised, "17 MB with --max-file-size 32");
        assert.equal(raised.status, 1, raised.stderr);
    });

    it("refuses a FIFO, a character device and a directory without reading them, and lints the others", async () => {
        const fifo = join(directory, "queries.fifo");
        execFileSync("mkfifo", [fifo]);
        const run = await lint(fifo, "/dev/zero", directory, withError);
        assertFinished(run, "FIFO, /dev/zero, directory");
        assert.equal(run.status, 2);
        assert.match(run.stderr, /queries\.fifo: not a regular file \(a FIFO\)/);
        assert.match(run.stderr, /\/dev\/zero: not a regular file \(a character device\)/);
        assert.match(run.stderr, /wiki-lint-hostile-[^:]*: not a regular file \(a directory\)/);
        assert.match(run.stdout, /with-error\.yaml:3: \[0\] apdir: error badvalue/);
    });

    it("names the file of an alias bomb, and lints the others", async () => {
        const bomb = join(directory, "bomb.yaml");
        const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
        for (let level = 1; level < 9; level++) {
            const previous = String.fromCharCode(96 + level);
            const name = String.fromCharCode(97 + level);
            levels.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(", ")}]`);
        }
        writeFileSync(bomb, `${levels.join("\n")}\n`);
        const run = await lint(bomb, withError);
        assertFinished(run, "alias bomb");
        assert.equal(run.status, 2);
        assert.match(run.stderr, /bomb\.yaml: not usable YAML \(its aliases expand too far\)/);
        assert.match(run.stdout, /with-error\.yaml:3: \[0\] apdir: error badvalue/);
    });

    it("names the file of deeply nested JSON", async () => {
        const deep = join(directory, "deep.json");
        const depth = 2_000_000;
        writeFileSync(deep, "[".repeat(depth) + "]".repeat(depth));
        const run = await lint(deep, withError);
        assertFinished(run, "deep nesting");
        assert.equal(run.status, 2);
        assert.match(run.stderr, /deep\.json: /);
        assert.match(run.stdout, /with-error\.yaml:3: \[0\] apdir: error badvalue/);
    });

    it("names the pin whose paraminfo nests too deeply to hash, and lints nothing with it", async () => {
        const pin = join(directory, "deep-pin.json");
        writeFileSync(pin, deeplyNestedPin(100_000));
        const run = await lint("--catalogue", pin, withError);
        assertFinished(run, "deeply nested pin");
        assert.equal(run.status, 2);
        assert.match(run.stderr, /deep-pin\.json: paraminfo nests deeper than \d+ levels/);
        assert.equal(run.stdout, "");
    });

    it("cuts a very long value and a very long parameter name to a few hundred characters in every format", async () => {
        const file = join(directory, "long.json");
        const long = "x".repeat(4 * MIB);
        writeFileSync(
            file,
            JSON.stringify({ list: "allpages", params: { apdir: long, [`zz${long}`]: 1, apprefix: long } }),
        );
        for (const format of ["text", "json", "github", "sarif"]) {
            const run = await lint("--format", format, file);
            assertFinished(run, `long value, ${format}`);
            assert.equal(run.status, 1, run.stderr);
            assert.ok(run.stdoutBytes < 20_000, `${format}: ${run.stdoutBytes} bytes of output`);
            assert.match(run.stdout, /\(4194304 characters\)/);
        }
    });

    it("bounds the templated parameters of a catalogue that ties six variables to a 40-value enumeration", async () => {
        const values = Array.from({ length: 40 }, (_, index) => `v${index}`);
        const catalogue = catalogueWith(directory, "template-bomb.json", (allpages) => {
            allpages.parameters.push({
                index: 90,
                name: "tv",
                type: values,
                multi: "",
                lowlimit: 50,
                highlimit: 500,
                allspecifier: "*",
            });
            const variables = ["a", "b", "c", "d", "e", "f"];
            allpages.templatedparameters = [
                {
                    index: 91,
                    name: `x-${variables.map((variable) => `{${variable}}`).join("-")}`,
                    type: ["ok"],
                    templatevars: Object.fromEntries(variables.map((variable) => [variable, "tv"])),
                },
            ];
        });
        const file = join(directory, "templated.json");
        writeFileSync(
            file,
            JSON.stringify({
                list: "allpages",
                params: { aptv: "*", "apx-v1-v2-v3-v4-v5-v39": "bad", "apx-v1-v2": "ok" },
            }),
        );
        const run = await lint("--catalogue", catalogue, "--format", "json", file);
        assertFinished(run, "template bomb");
        assert.equal(run.status, 1, run.stderr);
        const [entry] = JSON.parse(run.stdout);
        assert.deepEqual(
            [...entry.errors, ...entry.warnings].map(
                (issue: { code: string; param: string }) => `${issue.code}@${issue.param}`,
            ),
            ["badvalue@apx-v1-v2-v3-v4-v5-v39", "unrecognizedparams@apx-v1-v2"],
        );
    });

    it("never prints the value of a parameter a catalogue marks sensitive, even where a format rule refuses it", async () => {
        const secret = "hunter2#secret-7d1e";
        const catalogue = catalogueWith(directory, "sensitive-from.json", (allpages) => {
            const from = allpages.parameters.find((parameter) => parameter.name === "from");
            assert.ok(from);
            from.sensitive = "";
        });
        const file = join(directory, "sensitive.json");
        writeFileSync(file, JSON.stringify({ list: "allpages", params: { apfrom: secret } }));
        for (const format of ["text", "json", "github", "sarif"]) {
            const run = await lint("--catalogue", catalogue, "--format", format, file);
            assertFinished(run, `sensitive, ${format}`);
            assert.equal(run.status, 1, run.stderr);
            assert.match(run.stdout, /invalidtitle/);
            assert.ok(
                !run.stdout.includes("hunter2") && !run.stderr.includes("hunter2"),
                `${format} shows the sensitive value: ${run.stdout}`,
            );
        }
    });

    it("escapes control characters from a definition and a catalogue in every format", async () => {
        const catalogue = catalogueWith(directory, "escapes-catalogue.json", (allpages) => {
            allpages.parameters.push({ index: 92, name: "esc\u001b[2Jname", type: "integer", deprecated: "" });
        });
        const file = join(directory, "escapes.json");
        writeFileSync(
            file,
            JSON.stringify({
                name: "n\u001b]0;title\u0007",
                list: "allpages",
                params: { "zz\u001b[31m\u009b": 1, "apesc\u001b[2Jname": "x\u2028y" },
            }),
        );
        for (const format of ["text", "json", "github", "sarif"]) {
            const run = await lint("--catalogue", catalogue, "--format", format, file);
            assertFinished(run, `escapes, ${format}`);
            assert.equal(run.status, 1, run.stderr);
            assert.match(run.stdout, /unrecognizedparams/);
            assert.doesNotMatch(
                run.stdout + run.stderr,
                /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/,
                `${format} prints a raw control character`,
            );
        }
    });
});
