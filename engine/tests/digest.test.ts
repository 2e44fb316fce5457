// `preview --json` through the command line, against the emulator: the document is the one `pulumi preview --json`
// prints (Go's PreviewDigest, checked against the Go structs' shape and against reviewed golden files), no secret
// value is printed in any encoding, and the drift check's `preview --refresh --json` shows a change made on the service
// as Go's step generator does (a refresh step, then the program's update of the refreshed state).
import { strict as assert } from "node:assert";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { Finished } from "../../test/support/commands";
import { runEngineCli } from "../../test/support/engine-cli";
import type { Declared } from "../../test/support/stack";
import { REPOSITORY_ROOT } from "../../test/support/repository";
import { previewDigest } from "./digest-schema";

const GOLDEN = join(REPOSITORY_ROOT, "engine", "fixtures", "digest");
/** Has a quote and a backslash, so that its JSON-escaped form differs from the plain one. */
const SECRET_TAG = 'tag-"secret"\\value-7f3a';

const pixel = (name: string, type: string, tag: string, secretArgs?: string[]): Declared => ({
    kind: "Pixel",
    name,
    args: { type, name: `pixel ${name}`, tag },
    ...(secretArgs ? { options: { secretArgs } } : {}),
});

const BEFORE: Declared[] = [
    pixel("updated", "tagmanagerpixel", "tag-updated"),
    pixel("replaced", "tagmanagerpixel", "tag-replaced"),
    pixel("deleted", "tagmanagerpixel", "tag-deleted"),
    pixel("secret", "tagmanagerpixel", "tag-secret-before", ["tag"]),
];
const AFTER: Declared[] = [
    {
        ...pixel("updated", "tagmanagerpixel", "tag-updated"),
        args: { type: "tagmanagerpixel", name: "pixel updated, renamed", tag: "tag-updated" },
    },
    pixel("replaced", "analyticspixel", "tag-replaced"),
    pixel("secret", "tagmanagerpixel", SECRET_TAG, ["tag"]),
    pixel("created", "tagmanagerpixel", "tag-created"),
];

/** Every form a message could carry the value in. */
function encodings(value: string): string[] {
    return [
        value,
        Buffer.from(value).toString("base64"),
        JSON.stringify(value).slice(1, -1),
        encodeURIComponent(value),
    ];
}

/** What changes from run to run: the duration, the emulator's port, ids, the provider's id and serialized code. */
function normalised(stdout: string, emulator: RunningEmulator): string {
    const digest = JSON.parse(stdout) as { duration?: number };
    assert.ok(Number.isInteger(digest.duration) && (digest.duration ?? 0) > 0, "duration is whole nanoseconds");
    return stdout
        .replace(/"duration": \d+/, '"duration": 1')
        .split(emulator.baseUrl)
        .join("http://127.0.0.1:PORT")
        .replace(/(pulumi-nodejs::default::)[0-9a-f-]{36}/g, "$1PROVIDER-ID")
        .replace(/"id": "[^"]*"/g, '"id": "ID"')
        .replace(/"__provider": "(?:[^"\\]|\\.)*"/g, '"__provider": "SERIALIZED-PROVIDER"');
}

function matchesGolden(name: string, actual: string): void {
    const file = join(GOLDEN, name);
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
    assert.equal(
        actual,
        readFileSync(file, "utf8"),
        `${name} differs from the reviewed golden file (UPDATE_GOLDEN=1 rewrites it)`,
    );
}

describe("engine double: preview --json prints Go's preview digest", function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let dir: string;

    const engine = (operation: string, resources: readonly Declared[], ...flags: string[]): Promise<Finished> =>
        runEngineCli({ dir, baseUrl: emulator.baseUrl, apiKey: emulator.apiKey }, operation, resources, ...flags);

    before(async () => {
        emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
        dir = mkdtempSync(join(tmpdir(), "engine-digest-"));
        const deployed = await engine("up", BEFORE, "--skip-preview");
        assert.equal(deployed.code, 0, deployed.stdout + deployed.stderr);
    });
    after(async () => {
        await emulator?.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("a create, an update, a replace, a delete and a secret change: Go's shape, the golden file, no secret printed", async () => {
        const preview = await engine("preview", AFTER, "--json");
        assert.equal(preview.code, 0, preview.stdout + preview.stderr);
        const digest = previewDigest.parse(JSON.parse(preview.stdout));
        assert.deepEqual(digest.changeSummary, { create: 1, delete: 1, replace: 1, same: 1, update: 2 });
        matchesGolden("preview.json", normalised(preview.stdout, emulator));
        for (const secret of [SECRET_TAG, "tag-secret-before", emulator.apiKey]) {
            for (const encoded of encodings(secret)) {
                assert.ok(
                    !preview.stdout.includes(encoded) && !preview.stderr.includes(encoded),
                    `a secret is printed (${encodings(secret).indexOf(encoded)})`,
                );
            }
        }
    });

    it("up, refresh and destroy refuse --json, naming the engine events the CLI streams there", async () => {
        for (const operation of ["up", "refresh", "destroy"]) {
            const refused = await engine(operation, AFTER, "--json");
            assert.equal(refused.code, 2);
            assert.match(
                refused.stderr,
                new RegExp(
                    `--json: only for preview; pulumi ${operation} --json streams the engine's events \\(ShowJSONEvents\\)`,
                ),
            );
        }
    });

    it("preview --refresh --json after a change on the service: a refresh step, then the update back to the program", async () => {
        const [changed] = (await emulator.admin.list("pixels")).filter((record) => record.name === "pixel updated");
        assert.ok(changed, "the up created the pixel");
        await emulator.admin.patch("pixels", changed.id as number, { name: "renamed by hand" });
        const preview = await engine("preview", BEFORE, "--refresh", "--json", "--expect-no-changes");
        assert.equal(preview.code, 7, preview.stdout + preview.stderr);
        const digest = previewDigest.parse(JSON.parse(preview.stdout));
        assert.deepEqual(digest.changeSummary, { same: 4, update: 1 });
        matchesGolden("preview-refresh.json", normalised(preview.stdout, emulator));
    });
});
