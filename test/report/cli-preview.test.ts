// shortener-report on what the real Pulumi CLI prints with --json for a stack against the emulator: the pull request's
// report of `pulumi preview --json` (a create, an update, a replace, a delete and a secret change), and after changes
// made through the emulator's admin API, as by hand in the dashboard, the drift check's issue body from `pulumi
// preview --refresh --json` and the report of `pulumi refresh --preview-only --json`.
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderGfm } from "../support/cmark-gfm";
import { runCommand } from "../support/commands";
import { readManifest, REPOSITORY_ROOT } from "../support/repository";
import { changingStack, type Declared } from "../support/stack";
import { startJsonStack, type JsonStack } from "./json-stack";
import { PACK_IN_PROJECT } from "../policy/policy-stack";

const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-report"]);
/** What makes `pulumi preview --json` print the engine's events, policy violations among them, for the digest. */
const STREAMING = { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" };
const OLD_TAG = "G-old-secret-4411";
const NEW_TAG = 'G-new-"secret"-9902';

/** A link whose title changes: named by its short URL, an output, which a preview's new state does not carry. */
const link = (title: string): Declared => ({
    kind: "Link",
    name: "members",
    args: { url: "https://www.example.com/members", alias: "members", title },
});
const { before: CHANGING_BEFORE, after: CHANGING_AFTER } = changingStack(OLD_TAG, NEW_TAG);
const BEFORE = [...CHANGING_BEFORE, link("For members")];
const AFTER = [...CHANGING_AFTER, link("For members only")];

describe("shortener-report on the real Pulumi CLI's --json", function () {
    this.timeout(300_000);
    let stack: JsonStack;
    let dir: string;
    const report = async (digest: string, ...args: string[]) => {
        const input = join(dir, "preview.json");
        writeFileSync(input, digest);
        const result = await runCommand(process.execPath, [BIN, "--input", input, ...args], { cwd: dir });
        assert.equal(result.code, 0, result.stderr);
        return result.stdout;
    };
    const rowsOf = (rendered: string) => {
        const table = rendered.split("<table>")[1]?.split("</table>")[0] ?? "";
        return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((row) =>
            [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
                cell[1]
                    .replace(/<[^>]+>/g, "")
                    .replace(/&quot;/g, '"')
                    .replace(/&amp;/g, "&"),
            ),
        );
    };
    const block = (rendered: string, name: string) =>
        rendered.split("<details").find((entry) => entry.includes(`(<code>${name}</code>)`)) ??
        assert.fail(`no block for ${name}`);
    /** The report of `pulumi <args> --json` on `resources`, which must exit with `code`. */
    const reportOf = async (
        args: string[],
        resources: readonly Declared[],
        code: number,
        marker: string,
        env?: Record<string, string>,
    ) => {
        const printed = await stack.json(args, resources, env);
        // The event stream carries the SDK's debug log, secrets in plain text: only the error output is shown.
        assert.equal(printed.code, code, env ? printed.stderr : `${printed.stdout}${printed.stderr}`);
        return report(printed.stdout, "--marker", marker);
    };

    before(async () => {
        stack = await startJsonStack();
        dir = mkdtempSync(join(tmpdir(), "report-cli-out-"));
        await stack.up(BEFORE);
    });
    after(async () => {
        await stack?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("a pull request's preview: the summary's counts and order, each change old → new, the secret never shown", async () => {
        const markdown = await reportOf(["preview"], AFTER, 0, "pr");
        const rendered = renderGfm(markdown);
        assert.deepEqual(rowsOf(rendered), [
            ["⚠️", "replace", "pulumi-nodejs:dynamic/shortener:Domain", "1"],
            ["⚠️", "delete", "pulumi-nodejs:dynamic/shortener:Pixel", "1"],
            ["", "create", "pulumi-nodejs:dynamic/shortener:Campaign", "1"],
            ["", "update", "pulumi-nodejs:dynamic/shortener:Channel", "1"],
            ["", "update", "pulumi-nodejs:dynamic/shortener:Link", "1"],
            ["", "update", "pulumi-nodejs:dynamic/shortener:Pixel", "1"],
        ]);
        assert.match(block(rendered, "brand"), /Replaced because <code>domain<\/code> changed/);
        assert.match(
            block(rendered, "brand"),
            /<td><code>domain<\/code> \(replaces\)<\/td>\s*<td><code>&quot;https:\/\/go.example.com&quot;<\/code><\/td>\s*<td><code>&quot;https:\/\/links.example.com&quot;<\/code><\/td>/,
        );
        assert.match(
            block(rendered, "newsletter"),
            /<td><code>&quot;Newsletter&quot;<\/code><\/td>\s*<td><code>&quot;Weekly newsletter&quot;<\/code><\/td>/,
        );
        assert.match(block(rendered, "analytics"), /Only values that are not shown change: secrets/);
        assert.match(block(rendered, "retired"), /<summary><b>delete<\/b> ⚠️ Pixel <code>Retired site<\/code>/);
        assert.match(block(rendered, "members"), /<summary>update Short link <code>https?:\/\/[^<]+\/members<\/code>/);
        for (const secret of [OLD_TAG, NEW_TAG, stack.emulator.apiKey]) {
            for (const encoded of [
                secret,
                Buffer.from(secret).toString("base64"),
                JSON.stringify(secret).slice(1, -1),
                encodeURIComponent(secret),
            ]) {
                assert.ok(!markdown.includes(encoded), `the report carries a secret (${encoded})`);
            }
        }
    });

    it("reads the event stream of the same preview into the same report", async () => {
        // Two runs: the engine steps resources in parallel, so the blocks of one operation may come in another order.
        const inParts = (markdown: string) => {
            const [head, ...blocks] = markdown.split("<details>");
            return { head, blocks: blocks.map((block) => block.trim()).sort() };
        };
        const digest = await reportOf(["preview"], AFTER, 0, "pr");
        const streamed = await reportOf(["preview"], AFTER, 0, "pr", STREAMING);
        assert.deepEqual(inParts(streamed), inParts(digest));
    });

    it("shows a policy pack's violations in the comment, mandatory first, each with its resource and fix", async () => {
        const packConfig = join(dir, "pack-config.json");
        writeFileSync(packConfig, JSON.stringify({ "link-expiry": { enforcementLevel: "advisory", required: true } }));
        const plain: Declared = { kind: "Link", name: "plain", args: { url: "http://www.example.com/offer" } };
        const pack = ["--policy-pack", PACK_IN_PROJECT, "--policy-pack-config", packConfig];
        const markdown = await reportOf(["preview", ...pack], [...AFTER, plain], 1, "pr", STREAMING);
        // The mandatory violation fails the preview: the heading says so first, and the error comes before the plan.
        assert.match(
            markdown,
            /^### Pulumi preview: failed with 1 error, 1 mandatory policy violation, 2 advisory policy violations; planned before it stopped: /m,
        );
        const errorsAt = markdown.indexOf("#### ❌ Errors");
        assert.ok(errorsAt >= 0 && errorsAt < markdown.indexOf("#### Policy violations"), markdown);
        const rendered = renderGfm(markdown.split("#### Policy violations")[1].split("####")[0]);
        assert.deepEqual(rowsOf(rendered), [
            [
                "mandatory",
                "pulumi-shortener/https-destinations",
                "pulumi-nodejs:dynamic/shortener:Link plain",
                'Link "plain": url: sends visitors to http://www.example.com, which is not https. Fix: declare the https:// address of the same page.',
            ],
            ...["members", "plain"].map((name) => [
                "advisory",
                "pulumi-shortener/link-expiry",
                `pulumi-nodejs:dynamic/shortener:Link ${name}`,
                `Link "${name}": expiry: the link has no expiry. Fix: declare \`expiry\`, e.g. "2027-01-31".`,
            ]),
        ]);
    });

    describe("after changes made by hand", () => {
        before(async () => {
            const { admin } = stack.emulator;
            const channel = (await admin.list("channels")).find((record) => record.name === "Newsletter");
            const retired = (await admin.list("pixels")).find((record) => record.name === "Retired site");
            assert.ok(channel && retired, "the up made the channel and the pixel");
            await admin.patch("channels", channel.id as number, { name: "Renamed in the dashboard" });
            await admin.remove("pixels", retired.id as number);
        });

        it("the drift check's issue body names each drifted resource and property, old → new", async () => {
            const markdown = await reportOf(["preview", "--refresh", "--expect-no-changes"], BEFORE, 7, "drift");
            assert.match(
                markdown,
                /^<!-- pulumi-shortener-report:drift -->\n### Drift: 2 drifted, 1 to create, 1 to update$/m,
            );
            const drift = renderGfm(markdown.split("#### Drift: changed outside Pulumi")[1].split("#### Changes")[0]);
            assert.match(
                block(drift, "newsletter"),
                /<summary>changed Channel <code>Renamed in the dashboard<\/code>/,
                "named as the service now holds it",
            );
            assert.match(
                block(drift, "newsletter"),
                /<td><code>name<\/code><\/td>\s*<td><code>&quot;Newsletter&quot;<\/code><\/td>\s*<td><code>&quot;Renamed in the dashboard&quot;<\/code><\/td>/,
            );
            assert.match(block(drift, "retired"), /<summary><b>deleted<\/b> ⚠️ Pixel <code>Retired site<\/code>/);
            assert.equal(drift.split("<details").length - 1, 2, "only what drifted");
        });

        it("a refresh's preview: the deleted object is drift, not a planned delete, and the rename it does not detail is counted", async () => {
            const markdown = await reportOf(["refresh", "--preview-only"], BEFORE, 0, "drift");
            assert.match(markdown, /^### Drift: 2 drifted$/m);
            const rendered = renderGfm(markdown);
            assert.deepEqual(rowsOf(rendered), [["", "same", "all types", "3"]], "no planned change");
            assert.match(block(rendered, "retired"), /<summary><b>deleted<\/b> ⚠️ Pixel <code>Retired site<\/code>/);
            assert.match(
                markdown,
                /\n1 more resource was changed outside Pulumi, which `pulumi refresh --json` counts/,
            );
            assert.equal(rendered.split("<details").length - 1, 1);
        });
    });
});
