// examples/yaml-stack, a Pulumi YAML program, through the real CLI, Pulumi YAML's own language host and the
// pulumi-resource-shortener plugin, against the emulator in both profiles: preview, up, a no-change preview, a change
// made by hand found by refresh and put back by up, and destroy; its account output comes from the getAccount invoke. The API key is never in plain text in the state or
// the backend's files.
import { strict as assert } from "node:assert";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { getAccount } from "../../provider";
import { runOperation, type LifecycleResult, type Operation } from "../support/pulumi";
import { pluginEnv } from "../support/plugin";
import { changes, stepOf } from "../support/stack";

const PROGRAM = resolve(__dirname, "../../../examples/yaml-stack");

/** Every file under `dir`, as text. */
function filesUnder(dir: string): string[] {
    return readdirSync(dir, { recursive: true, encoding: "utf8" })
        .map((name) => join(dir, name))
        .filter((path) => statSync(path).isFile())
        .map((path) => readFileSync(path, "utf8"));
}

for (const profile of ["spec", "real"] as const) {
    describe(`plugin: examples/yaml-stack through Pulumi YAML (${profile} profile)`, function () {
        let emulator: RunningEmulator;
        let dir: string;
        const run = async (operation: Operation, extra: { expectNoChanges?: boolean } = {}) => {
            const result: LifecycleResult = await runOperation(operation, {
                programDir: PROGRAM,
                stateFile: join(dir, "state.json"),
                config: { "shortener:baseUrl": emulator.baseUrl },
                secretConfig: { "shortener:apiKey": emulator.apiKey },
                env: pluginEnv(),
                ...extra,
            });
            assert.ok(result.ok, `${operation} failed:\n${result.log}`);
            return result;
        };
        const link = async (alias: string) =>
            (await emulator.admin.list("links")).find((record) => record.custom === alias)!;

        before(async () => {
            emulator = await startEmulator({ profile, rateLimit: { limit: 1000, windowMs: 1000 } });
            dir = mkdtempSync(join(tmpdir(), "shortener-yaml-"));
        });
        after(async () => {
            await emulator.close();
            rmSync(dir, { recursive: true, force: true });
        });

        it("previews the program's four objects, and up makes them", async () => {
            const preview = await run("preview");
            assert.deepEqual(changes(preview), ["create autumn", "create newsletter", "create sale", "create saleQr"]);
            assert.equal((await emulator.admin.list("links")).length, 0);
            const up = await run("up");
            assert.match(String(up.outputs.saleUrl), /\/autumn-sale$/);
            const account = await getAccount({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
            assert.equal(up.outputs.account, account.username, "the getAccount invoke's answer");
            assert.equal((await link("autumn-sale")).url, "https://shop.example.com/autumn");
            const qr = (await emulator.admin.list("qrcodes"))[0];
            assert.equal(qr.data, up.outputs.saleUrl, "the QR code holds the link's short URL");
        });

        it("previews no change after up", async () => {
            assert.deepEqual(changes(await run("preview", { expectNoChanges: true })), []);
        });

        it("finds a title changed by hand at refresh, and up puts it back", async () => {
            const sale = await link("autumn-sale");
            await emulator.admin.patch("links", Number(sale.id), { title: "Changed by hand" });
            const refresh = await run("refresh");
            const diffs = (stepOf(refresh, "sale").diffs ?? []).map((diff) => diff.property);
            assert.ok(diffs.includes("title"), refresh.log);
            // An update may give the link another short URL, which the preview cannot know: the QR code of it waits on it.
            assert.deepEqual(changes(await run("preview")), ["update sale", "update saleQr"]);
            await run("up");
            assert.equal((await link("autumn-sale")).title, "Autumn sale");
            assert.deepEqual(changes(await run("preview", { expectNoChanges: true })), []);
        });

        it("keeps the API key out of the state and the backend's files in plain text", () => {
            for (const text of [readFileSync(join(dir, "state.json"), "utf8"), ...filesUnder(dir)])
                assert.ok(!text.includes(emulator.apiKey), "the API key is in plain text");
        });

        it("destroys every object it made", async () => {
            await run("destroy");
            assert.deepEqual(await emulator.admin.list("links"), []);
            assert.deepEqual(await emulator.admin.list("qrcodes"), []);
            assert.deepEqual(await emulator.admin.list("campaigns"), []);
        });
    });
}
