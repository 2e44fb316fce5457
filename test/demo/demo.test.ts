// The demo as a new user runs it, in a child process: it must exit 0, show every step with the Pulumi CLI's report,
// show the dashboard edits found by refresh and put back by up, never print the API key, and leave nothing running.
import { strict as assert } from "node:assert";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROFILE_NAMES } from "../../emulator";
import { runCommand, type Finished } from "../support/commands";
import type { Operation } from "../support/pulumi";
import { REPOSITORY_ROOT } from "../support/repository";

/** The example's whole lifecycle, then the Pulumi YAML example's up and destroy through the plugin. */
const OPERATIONS: readonly Operation[] = ["preview", "up", "refresh", "preview", "up", "destroy", "up", "destroy"];
const MARKER_VARIABLE = "SHORTENER_DEMO_TEST_RUN";
/** Six runs of the Pulumi CLI, each starting the language host, the program and the provider host: minutes on a
 *  2-core machine busy with the other suites' workers. */
const DEMO_TIMEOUT_MS = 480_000;
const DEMO = join(__dirname, "run.js");

function runDemo(args: readonly string[], marker: string): Promise<Finished> {
    return runCommand(process.execPath, [DEMO, ...args], {
        cwd: REPOSITORY_ROOT,
        env: { [MARKER_VARIABLE]: marker },
        timeoutMs: DEMO_TIMEOUT_MS,
    });
}

interface Section {
    heading: string;
    body: string;
}

function sectionsOf(output: string): Section[] {
    const parts = output.split(/^(Step \d+ of \d+ — .*)$/m);
    const sections: Section[] = [];
    for (let index = 1; index < parts.length; index += 2)
        sections.push({ heading: parts[index], body: parts[index + 1] });
    return sections;
}

/** How the CLI's report of each operation begins, before the stack's name (pkg/backend/display: the action's label). */
const REPORT_HEADINGS = [
    { operation: "preview", heading: "Previewing update (" },
    { operation: "up", heading: "Updating (" },
    { operation: "refresh", heading: "Refreshing (" },
    { operation: "destroy", heading: "Destroying (" },
] as const;

function operationHeaded(line: string): Operation | undefined {
    return REPORT_HEADINGS.find(({ heading }) => line.trim().startsWith(heading))?.operation;
}

function operationsIn(section: Section): Operation[] {
    return section.body.split("\n").flatMap((line) => operationHeaded(line) ?? []);
}

/** The "~ property: old => new" lines of a section (the CLI's --diff), as [property, old, new]. */
function diffsOf(text: string): [string, string, string][] {
    return [...text.matchAll(/^\s+~ (\w+)\s*: (.+) => (.+)$/gm)].map((match) => [match[1], match[2], match[3]]);
}

/** The section of the operation's first (0) or a later occurrence. */
function sectionOf(sections: Section[], operation: Operation, occurrence: number): Section {
    const found = sections.filter((section) => operationsIn(section).includes(operation))[occurrence];
    assert.ok(found, `no step shows the CLI's report of ${operation}`);
    return found;
}

/** Pids of the processes whose environment holds the marker: everything the demo started inherits it. */
function processesMarked(marker: string): number[] {
    const entry = `${MARKER_VARIABLE}=${marker}`;
    return readdirSync("/proc")
        .filter((name) => /^\d+$/.test(name))
        .filter((pid) => {
            try {
                return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(entry);
            } catch {
                return false; // gone meanwhile, or not ours to read
            }
        })
        .map(Number);
}

function connectionRefused(url: URL): Promise<boolean> {
    return new Promise((resolve) => {
        const socket = connect(Number(url.port), url.hostname);
        socket.once("connect", () => {
            socket.destroy();
            resolve(false);
        });
        socket.once("error", () => resolve(true));
    });
}

// Each profile's demo is a whole run of its own, and at quick depth the tests' one run of every kind it declares.
for (const profile of PROFILE_NAMES)
    describe(`npm run demo -- --profile ${profile}`, function () {
        this.timeout(DEMO_TIMEOUT_MS + 30_000);
        const marker = randomBytes(8).toString("hex");
        let dir = "";
        let demo: Finished;
        let apiKey = "";

        before(async () => {
            dir = mkdtempSync(join(tmpdir(), "demo-test-"));
            const keyFile = join(dir, "api-key");
            demo = await runDemo(["--profile", profile, "--api-key-file", keyFile], marker);
            apiKey = readFileSync(keyFile, "utf8");
        });

        after(() => rmSync(dir, { recursive: true, force: true }));

        it("exits 0 and shows each numbered step with the CLI's report in order", () => {
            assert.equal(demo.code, 0, `${demo.stdout}\n${demo.stderr}`);
            const sections = sectionsOf(demo.stdout);
            const numbers = sections.map((section) =>
                section.heading
                    .match(/^Step (\d+) of (\d+)/)!
                    .slice(1)
                    .map(Number),
            );
            assert.ok(numbers.length >= OPERATIONS.length, demo.stdout);
            numbers.forEach(([number, count], index) =>
                assert.deepEqual([number, count], [index + 1, numbers.length], demo.stdout),
            );
            assert.deepEqual(sections.flatMap(operationsIn), OPERATIONS);
            assert.match(demo.stdout, /What this showed:/);
            assert.match(
                demo.stdout,
                new RegExp(`The emulator behaves like ${profile === "real" ? "the real service" : "the spec"}`),
            );
            // The closing hint sets the key by the prompt, never with the key on the command line.
            assert.match(demo.stdout, /^ *pulumi config set --secret shortener:apiKey( +#.*)?$/m);
            assert.doesNotMatch(demo.stdout, /config set --secret shortener:apiKey +[^\s#]/);
        });

        it("shows the dashboard edits as drift on refresh, and up puts each one back", () => {
            const sections = sectionsOf(demo.stdout);
            const refresh = sectionOf(sections, "refresh", 0).body;
            const drift = diffsOf(refresh);
            assert.ok(drift.length > 0, `refresh showed no drift:\n${refresh}`);
            const putBack = diffsOf(sectionOf(sections, "up", 1).body);
            assert.deepEqual(
                putBack.sort(),
                drift.map(([property, old, now]) => [property, now, old]).sort(),
                "the second up should undo exactly what refresh found",
            );
        });

        it("runs the Pulumi YAML example through the plugin: its up creates shortener:index: resources", () => {
            const yamlUp = sectionOf(sectionsOf(demo.stdout), "up", 2).body;
            assert.match(yamlUp, /\+ +shortener:index:Link +sale +created/, yamlUp);
            assert.match(yamlUp, /\+ +shortener:index:QrCode +saleQr +created/, yamlUp);
        });

        it("never prints the API key, nor any other 40-hex-digit token", () => {
            assert.match(apiKey, /^\S{16,}$/, "the demo wrote no API key to its --api-key-file");
            const printed = demo.stdout + demo.stderr;
            assert.equal(printed.includes(apiKey), false, "the API key was printed");
            assert.doesNotMatch(printed, /[0-9a-f]{40}/i);
            assert.match(demo.stdout, /API key: +\[secret\]/);
            assert.match(demo.stdout, /\[secret\]/);
        });

        it("leaves no process running and its emulator's port closed", async () => {
            const baseUrl = demo.stdout.match(/service: +(http:\/\/127\.0\.0\.1:\d+)/)?.[1];
            assert.ok(baseUrl, `the demo printed no service URL:\n${demo.stdout}`);
            assert.equal(await connectionRefused(new URL(baseUrl)), true, `${baseUrl} still accepts connections`);
            assert.deepEqual(processesMarked(marker), []);
        });
    });

describe("npm run demo with bad arguments", function () {
    this.timeout(60_000);
    const marker = randomBytes(8).toString("hex");

    for (const [args, said] of [
        [["--verbose"], /unexpected arguments: --verbose\nusage: npm run demo/],
        [["--profile", "staging"], /--profile must be one of spec, real, got "staging"\nusage: npm run demo/],
    ] as const) {
        it(`refuses ${args.join(" ")} with its usage and exit code 2`, async () => {
            const refused = await runDemo(args, marker);
            assert.equal(refused.code, 2);
            assert.match(refused.stderr, said);
            assert.equal(refused.stdout, "");
        });
    }
});
