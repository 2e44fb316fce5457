// `preview --diff` and `up --diff` through the command line, against the emulator: what the CLI's diff display prints
// (ShowDiffEvents) of a create, an update, a replace, a delete and a secret's change; an update shows old => new as
// Go's property printer does, with the unchanged properties beside; a secret only as [secret] (its change shows no
// marker, as Go's events carry both values blinded, so they compare equal); the summary counts each kind of change.
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { Finished } from "../../test/support/commands";
import { runEngineCli } from "../../test/support/engine-cli";
import { changingStack } from "../../test/support/stack";

const OLD_TAG = "G-old-secret-5521";
const NEW_TAG = 'G-new-"secret"-6630';
const PIXEL = "pulumi-nodejs:dynamic/shortener:Pixel";
const CHANNEL = "pulumi-nodejs:dynamic/shortener:Channel";
const DOMAIN = "pulumi-nodejs:dynamic/shortener:Domain";
const CAMPAIGN = "pulumi-nodejs:dynamic/shortener:Campaign";

const { before: BEFORE, after: AFTER } = changingStack(OLD_TAG, NEW_TAG);

/** The lines of a resource's block: from its header to the next line at its indentation or less. */
function blockOf(stdout: string, header: RegExp): string[] {
    const lines = stdout.split("\n");
    const start = lines.findIndex((line) => header.test(line));
    assert.ok(start >= 0, `no line matches ${header} in:\n${stdout}`);
    const indent = (line: string) => line.length - line.replace(/^[ +~-]*/, "").length;
    const end = lines.findIndex(
        (line, index) => index > start && line.trim() !== "" && indent(line) <= indent(lines[start]),
    );
    return lines.slice(start, end === -1 ? undefined : end);
}

function assertNoSecret(run: Finished, secrets: readonly string[]): void {
    for (const secret of secrets) {
        for (const encoded of [secret, JSON.stringify(secret).slice(1, -1), Buffer.from(secret).toString("base64")]) {
            assert.ok(
                !run.stdout.includes(encoded) && !run.stderr.includes(encoded),
                `a secret is printed: ${encoded}`,
            );
        }
    }
}

describe("engine double: preview --diff and up --diff (the CLI's diff display)", function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let dir: string;
    const stack = () => ({ dir, baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });

    before(async () => {
        emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
        dir = mkdtempSync(join(tmpdir(), "engine-diff-"));
        const up = await runEngineCli(stack(), "up", BEFORE, "--skip-preview");
        assert.equal(up.code, 0, up.stdout + up.stderr);
    });
    after(async () => {
        await emulator?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("preview --diff: each change as Go prints it, the secret as [secret], the summary's counts", async () => {
        const preview = await runEngineCli(stack(), "preview", AFTER, "--diff");
        assert.equal(preview.code, 0, preview.stdout + preview.stderr);
        const out = preview.stdout;
        assert.match(
            out,
            /^ {2}pulumi:pulumi:Stack: \(same\)\n {4}\[urn=urn:pulumi:dev::declared::pulumi:pulumi:Stack::declared-dev\]\n/,
        );
        const channel = blockOf(out, new RegExp(`^    ~ ${CHANNEL}: \\(update\\)$`));
        assert.match(channel[1], /^ {8}\[id=.+\]$/);
        assert.equal(channel[2], `        [urn=urn:pulumi:dev::declared::${CHANNEL}::newsletter]`);
        assert.deepEqual(channel.slice(3), [
            '        color  : "#1A73E8"',
            '      ~ name   : "Newsletter" => "Weekly newsletter"',
            "        starred: false",
        ]);
        const domain = blockOf(out, new RegExp(`^    \\+-${DOMAIN}: \\(replace\\)$`));
        assert.ok(
            domain.includes('      ~ domain      : "https://go.example.com" => "https://links.example.com"'),
            domain.join("\n"),
        );
        const analytics = blockOf(out, new RegExp(`^    ~ ${PIXEL}: \\(update\\)$`));
        assert.ok(analytics.includes("        tag       : [secret]"), analytics.join("\n"));
        const retired = blockOf(out, new RegExp(`^    - ${PIXEL}: \\(delete\\)$`));
        assert.ok(
            retired.some((line) => line.endsWith(`::${PIXEL}::retired]`)),
            retired.join("\n"),
        );
        const launch = blockOf(out, new RegExp(`^    \\+ ${CAMPAIGN}: \\(create\\)$`));
        assert.ok(
            launch.includes('        name      : "Autumn launch"') && launch.includes('        slug      : "autumn"'),
            launch.join("\n"),
        );
        assert.match(
            out,
            /\nResources:\n {4}\+ 1 to create\n {4}~ 2 to update\n {4}- 1 to delete\n {4}\+-1 to replace\n {4}5 changes\. 1 unchanged\n$/,
        );
        assertNoSecret(preview, [OLD_TAG, NEW_TAG, emulator.apiKey]);
    });

    it("up --diff: the preview's display, then the update's, with the outputs the service gave and the duration", async () => {
        const up = await runEngineCli(stack(), "up", AFTER, "--diff");
        assert.equal(up.code, 0, up.stdout + up.stderr);
        const end = up.stdout.indexOf("    5 changes. 1 unchanged\n") + "    5 changes. 1 unchanged\n".length;
        const [previewed, updated] = [up.stdout.slice(0, end), up.stdout.slice(end)];
        assert.match(previewed, /\nResources:\n {4}\+ 1 to create\n/);
        assert.match(
            updated,
            /\nResources:\n {4}\+ 1 created\n {4}~ 2 updated\n {4}- 1 deleted\n {4}\+-1 replaced\n {4}5 changes\. 1 unchanged\n\nDuration: \d+s\n$/,
        );
        assert.ok(updated.includes('      ~ name   : "Newsletter" => "Weekly newsletter"'), updated);
        const launch = blockOf(updated, new RegExp(`^    \\+ ${CAMPAIGN}: \\(create\\)$`));
        assert.deepEqual(
            launch.slice(-3).map((line) => line.replace(/:\d+\//, ":PORT/")),
            [
                "        --outputs:--",
                '        listUrl   : "http://127.0.0.1:PORT/u/demo/c/1"',
                '        rotatorUrl: "http://127.0.0.1:PORT/r/autumn"',
            ],
        );
        assertNoSecret(up, [OLD_TAG, NEW_TAG, emulator.apiKey]);
    });
});
