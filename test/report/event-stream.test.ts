// shortener-report fed the event stream of `pulumi preview --json` with PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true, as
// hostile input: a policy's words reach the comment only as code, mandatory first; the SDK's debug log in the stream,
// which holds secrets in plain text, never reaches the report; a line that is not an event fails the whole input.
import { strict as assert } from "node:assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderGfm } from "../support/cmark-gfm";
import { runCommand } from "../support/commands";
import { freshTempDir, readManifest, removeDir, REPOSITORY_ROOT } from "../support/repository";

const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-report"]);
const STACK_URN = "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev";
const LINK_URN = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/shortener:Link::promo";
const SECRET = "debug-log-Secret-7731";

let sequence = 0;
const event = (body: Record<string, unknown>) => JSON.stringify({ sequence: sequence++, timestamp: 1, ...body });
const violation = (enforcementLevel: string, message: string, policyName = "https-destinations") =>
    event({
        policyEvent: {
            resourceUrn: LINK_URN,
            message: `The rule's description.\n${message}\n`,
            policyName,
            policyPackName: "pulumi-shortener",
            enforcementLevel,
        },
    });
const stackStep = event({
    resourcePreEvent: {
        metadata: { op: "create", urn: STACK_URN, type: "pulumi:pulumi:Stack", old: null, new: null, provider: "" },
    },
});
const summary = event({ summaryEvent: { resourceChanges: { create: 1 } } });

describe("shortener-report on a preview's event stream", () => {
    let dir: string;
    before(() => (dir = freshTempDir("report-events")));
    after(() => removeDir(dir));
    const report = (lines: readonly string[], ...args: string[]) => {
        const input = join(dir, `stream-${sequence}.jsonl`);
        writeFileSync(input, `${lines.join("\n")}\n`);
        return runCommand(process.execPath, [BIN, "--input", input, ...args], { cwd: dir });
    };

    it("shows violations mandatory first, every word from the stream as code, never as Markdown", async () => {
        const hostile = "x` @octocat <img src=https://evil.example/p.png> **bold** | y";
        const lines = [
            stackStep,
            violation("advisory", "advised"),
            violation(`weird${hostile}`, "unknown level"),
            violation("mandatory", hostile, `rule${hostile}`),
            summary,
        ];
        const result = await report(lines);
        assert.equal(result.code, 0, result.stderr);
        assert.match(
            result.stdout,
            /^### Pulumi preview: 1 mandatory policy violation, 1 advisory policy violation, 1 ``weird/m,
        );
        const rendered = renderGfm(result.stdout);
        const outsideCode = rendered.replace(/<code>[\s\S]*?<\/code>/g, "");
        assert.ok(!/<img|<strong>bold|@octocat/.test(outsideCode), rendered);
        const table = rendered.split("Policy violations")[1];
        const rows = [...table.split("<tbody>")[1].matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(
            (row) => [...row[1].matchAll(/<td[^>]*>/g)].length,
        );
        assert.deepEqual(rows, [4, 4, 4], "each violation one row of four cells");
        const levels = [...table.matchAll(/<tr>\s*<td>(.*?)<\/td>/g)].map((cell) =>
            cell[1].replace(/<[^>]+>/g, "").slice(0, 9),
        );
        assert.deepEqual(levels, ["mandatory", "advisory", "weirdx` @"]);
    });

    it("leaves the SDK's debug log out, in Markdown and in JSON", async () => {
        const debug = event({
            diagnosticEvent: {
                prefix: "debug: ",
                message: `RegisterResource RPC finished: ${SECRET}`,
                severity: "debug",
            },
        });
        for (const format of ["markdown", "json"]) {
            const result = await report([stackStep, debug, violation("mandatory", "m"), summary], "--format", format);
            assert.equal(result.code, 0, result.stderr);
            assert.ok(!result.stdout.includes(SECRET), `${format}: the debug log reached the report`);
        }
    });

    it("a failed preview says so in its heading, and its errors come first, within the cap, however long the plan", async () => {
        const creates = Array.from({ length: 300 }, (_, index) => {
            const urn = `urn:pulumi:dev::p::pulumi-nodejs:dynamic/shortener:Link::link-${index}`;
            const inputs = { url: `https://www.example.com/${"page/".repeat(20)}${index}`, alias: `link-${index}` };
            const state = { urn, type: "pulumi-nodejs:dynamic/shortener:Link", custom: true, inputs, outputs: inputs };
            return event({
                resourcePreEvent: { metadata: { op: "create", urn, type: state.type, old: null, new: state } },
            });
        });
        const refused =
            "pulumi-nodejs:dynamic/shortener:Link resource 'link-299': property alias value {ab} has a problem";
        const errors = [
            event({
                diagnosticEvent: { urn: LINK_URN, prefix: "error: ", message: `${refused}\n`, severity: "error" },
            }),
            event({
                diagnosticEvent: { urn: STACK_URN, prefix: "error: ", message: "preview failed\n", severity: "error" },
            }),
        ];
        const failed = event({ summaryEvent: { resourceChanges: { create: 300 }, isPreview: true, result: "failed" } });
        const result = await report([stackStep, ...creates, ...errors, failed]);
        assert.equal(result.code, 0, result.stderr);
        const text = result.stdout;
        assert.ok(text.length <= 60_000, `${text.length} characters`);
        assert.match(text, /^### Pulumi preview: failed with 2 errors; planned before it stopped: 300 to create$/m);
        const errorsAt = text.indexOf("#### ❌ Errors");
        assert.ok(errorsAt > 0 && errorsAt < text.indexOf("<details>"), "the errors come before the plan");
        for (const message of [refused, "preview failed"])
            assert.ok(text.includes(`${message}\``), `the error "${message}" is not shown`);
        const left = /> (\d+) more sections? left out: the comment would pass 60000 characters\. (.*)/.exec(text);
        assert.ok(left, "the plan does not fit: a note says how much was left out");
        assert.doesNotMatch(left[2], /log/, "the workflow pipes the events into the report: no job log holds them");
        // However small the cap, the errors come before the plan and the report keeps to it.
        const long = event({
            diagnosticEvent: { urn: LINK_URN, message: "\u001b".repeat(5000), severity: "error" },
        });
        const small = await report([stackStep, ...creates, long, ...errors, failed], "--max-chars", "2000");
        assert.equal(small.code, 0, small.stderr);
        assert.ok(small.stdout.length <= 2000, `${small.stdout.length} characters`);
        assert.match(small.stdout, /^### Pulumi preview: failed with 3 errors; /m);
        assert.ok(
            small.stdout.indexOf("\\u001b") < small.stdout.indexOf("<details>") || !small.stdout.includes("<details>"),
        );
    });

    it("refuses a stream with a line that is not an event, naming the line, and writes nothing", async () => {
        const result = await report([stackStep, summary, "{not json", violation("mandatory", "m")]);
        assert.equal(result.code, 1);
        assert.equal(result.stdout, "");
        assert.match(result.stderr, /line 3 of the event stream is not JSON/);
        const shapeless = await report([stackStep, event({ policyEvent: { message: 42 } })]);
        assert.equal(shapeless.code, 1);
        assert.match(shapeless.stderr, /line 2 of the event stream is not an engine event/);
    });
});
