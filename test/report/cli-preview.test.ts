// shortener-report on what the engine double's `preview --json` prints (Go's PreviewDigest) for a stack against the
// emulator: the pull request's report of a create, an update, a replace, a delete and a secret change, and the drift
// check's issue body after changes made through the emulator's admin API, as the GitOps workflows make them.
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { renderGfm } from "../support/cmark-gfm";
import { runCommand } from "../support/commands";
import { runEngineCli } from "../support/engine-cli";
import { readManifest, REPOSITORY_ROOT } from "../support/repository";
import { changingStack } from "../support/stack";

const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-report"]);
const OLD_TAG = "G-old-secret-4411";
const NEW_TAG = 'G-new-"secret"-9902';

const { before: BEFORE, after: AFTER } = changingStack(OLD_TAG, NEW_TAG);

describe("shortener-report on the engine double's preview --json", function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let dir: string;
    const stack = () => ({ dir, baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
    const report = async (digest: string, ...args: string[]) => {
        const input = join(dir, "preview.json");
        writeFileSync(input, digest);
        const result = await runCommand(process.execPath, [BIN, "--input", input, ...args], { cwd: dir });
        assert.equal(result.code, 0, result.stderr);
        return result.stdout;
    };
    const html = renderGfm;
    const rowsOf = (rendered: string) => {
        const table = rendered.split("<table>")[1]?.split("</table>")[0] ?? "";
        return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
            .slice(1)
            .map((row) =>
                [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1].replace(/<[^>]+>/g, "")),
            );
    };
    const block = (rendered: string, name: string) =>
        rendered.split("<details").find((entry) => entry.includes(`(<code>${name}</code>)`)) ??
        assert.fail(`no block for ${name}`);

    before(async () => {
        emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
        dir = mkdtempSync(join(tmpdir(), "report-engine-"));
        const up = await runEngineCli(stack(), "up", BEFORE, "--skip-preview");
        assert.equal(up.code, 0, up.stdout + up.stderr);
    });
    after(async () => {
        await emulator?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("a pull request's preview: the summary's counts and order, each change old → new, the secret never shown", async () => {
        const preview = await runEngineCli(stack(), "preview", AFTER, "--json");
        assert.equal(preview.code, 0, preview.stderr);
        const markdown = await report(preview.stdout, "--marker", "pr");
        const rendered = html(markdown);
        assert.deepEqual(rowsOf(rendered), [
            ["⚠️", "replace", "pulumi-nodejs:dynamic/shortener:Domain", "1"],
            ["⚠️", "delete", "pulumi-nodejs:dynamic/shortener:Pixel", "1"],
            ["", "create", "pulumi-nodejs:dynamic/shortener:Campaign", "1"],
            ["", "update", "pulumi-nodejs:dynamic/shortener:Channel", "1"],
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
        for (const secret of [OLD_TAG, NEW_TAG, emulator.apiKey]) {
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

    it("the drift check's issue body names each drifted resource and property, old → new, after changes made by hand", async () => {
        const channel = (await emulator.admin.list("channels")).find((record) => record.name === "Newsletter");
        const retired = (await emulator.admin.list("pixels")).find((record) => record.name === "Retired site");
        assert.ok(channel && retired, "the up made the channel and the pixel");
        await emulator.admin.patch("channels", channel.id as number, { name: "Renamed in the dashboard" });
        await emulator.admin.remove("pixels", retired.id as number);
        const preview = await runEngineCli(stack(), "preview", BEFORE, "--refresh", "--json", "--expect-no-changes");
        assert.equal(preview.code, 7, "the drift check fails");
        const markdown = await report(preview.stdout, "--marker", "drift");
        assert.match(
            markdown,
            /^<!-- pulumi-shortener-report:drift -->\n### Drift: 2 drifted, 1 to create, 1 to update$/m,
        );
        const drift = html(markdown.split("#### Drift: changed outside Pulumi")[1].split("#### Changes")[0]);
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
});
