// Moving a stack from the dynamic resources to the plugin, as docs/plugin.md says: the plugin's program declares each
// object with `adopt: <its id>` in a new stack, whose first `up` takes every object over, and `pulumi stack rm --force`
// then drops the old stack's record, leaving its objects where they are. Through the real CLI against the emulator: no
// object of the service is deleted or made anew on the way, so every short URL (and its clicks) stays.
import { strict as assert } from "node:assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { mustRunPulumi, runOperation, stackFolder, type LifecycleResult, type Operation } from "../support/pulumi";
import { pluginEnv } from "../support/plugin";
import { changes, DECLARED_PROGRAM, idOf, useStack, type Declared } from "../support/stack";

/** The dynamic resources' stack: a campaign, a link in it, a link with a random alias, a QR code of the first. */
const DYNAMIC: Declared[] = [
    { kind: "Campaign", name: "autumn", args: { name: "Autumn launch", slug: "autumn" } },
    {
        kind: "Link",
        name: "sale",
        args: { url: "https://shop.example.com/autumn", alias: "autumn-sale", campaign: { $ref: "autumn.id" } },
    },
    { kind: "Link", name: "random", args: { url: "https://www.example.com/newsletter", title: "Newsletter" } },
    { kind: "QrCode", name: "saleQr", args: { type: "link", data: { $ref: "sale.shortUrl" } } },
];

/** The same objects in Pulumi YAML for the plugin, each adopted by the id the old stack holds. */
function pluginProgram(ids: Record<string, number>): object {
    return {
        name: "moved",
        runtime: "yaml",
        resources: {
            autumn: {
                type: "shortener:index:Campaign",
                properties: { name: "Autumn launch", slug: "autumn", adopt: ids.autumn },
            },
            sale: {
                type: "shortener:index:Link",
                properties: {
                    url: "https://shop.example.com/autumn",
                    alias: "autumn-sale",
                    campaign: "${autumn.id}",
                    adopt: ids.sale,
                },
            },
            random: {
                type: "shortener:index:Link",
                properties: { url: "https://www.example.com/newsletter", title: "Newsletter", adopt: ids.random },
            },
            saleQr: {
                type: "shortener:index:QrCode",
                properties: { type: "link", data: "${sale.shortUrl}", adopt: ids.saleQr },
            },
        },
        outputs: { saleUrl: "${sale.shortUrl}" },
    };
}

/** The service's writes that make or remove an object: a create (`…/add`) or a delete. */
const makingOrRemoving = (entry: { method: string; path: string }) =>
    entry.method === "DELETE" || (entry.method === "POST" && entry.path.endsWith("/add"));

describe("plugin: a stack moved from the dynamic resources to the plugin", function () {
    const stack = useStack({ profile: "real" });
    let dir: string;
    let before: LifecycleResult;

    const runMoved = async (operation: Operation, expectNoChanges = false) => {
        const result = await runOperation(operation, {
            programDir: join(dir, "program"),
            stateFile: join(dir, "moved.json"),
            config: { "shortener:baseUrl": stack().emulator.baseUrl },
            secretConfig: { "shortener:apiKey": stack().emulator.apiKey },
            env: pluginEnv(),
            expectNoChanges,
        });
        assert.ok(result.ok, `${operation} failed:\n${result.log}`);
        return result;
    };

    it("the plugin's first up takes every object over, without a create or a delete on the service", async () => {
        dir = mkdtempSync(join(tmpdir(), "shortener-move-"));
        before = await stack().expectOk("up", DYNAMIC);
        const ids = Object.fromEntries(DYNAMIC.map(({ name }) => [name, Number(idOf(before, name))]));
        mkdirSync(join(dir, "program"));
        writeFileSync(join(dir, "program", "Pulumi.yaml"), stringify(pluginProgram(ids)));
        await stack().emulator.admin.clearRequests();
        const up = await runMoved("up");
        assert.deepEqual(changes(up), ["create autumn", "create random", "create sale", "create saleQr"]);
        assert.deepEqual((await stack().emulator.admin.requests()).filter(makingOrRemoving), []);
        const sale = (await stack().emulator.admin.list("links")).find((link) => link.custom === "autumn-sale");
        assert.equal(String(sale?.id), String(ids.sale), "the same link, by its id");
        assert.equal((await stack().emulator.admin.list("links")).length, 2);
        assert.equal((await stack().emulator.admin.list("qrcodes")).length, 1);
    });

    it("the moved stack previews no change, and removing the old stack's record leaves every object", async () => {
        await runMoved("preview", true);
        const old = stackFolder(stack().stateFile, DECLARED_PROGRAM, "dev");
        await stack().emulator.admin.clearRequests();
        await mustRunPulumi(["stack", "rm", "dev", "--force", "--yes", "--non-interactive"], {
            cwd: old.project,
            env: old.env,
        });
        assert.deepEqual(await stack().emulator.admin.requests(), []);
        assert.equal((await stack().emulator.admin.list("links")).length, 2);
        await runMoved("destroy");
        assert.deepEqual(await stack().emulator.admin.list("links"), []);
        rmSync(dir, { recursive: true, force: true });
    });
});
