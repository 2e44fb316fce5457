// What the real engine exposes and the provider must hold up under: refresh and destroy use the key recorded
// in the state, a failed update of an adopted object is finished by the next up, and a create interrupted with its
// process never becomes a silent duplicate on the next up.
import { strict as assert } from "node:assert";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { interruptedRun, readState, runOperation, type Operation } from "../support/pulumi";
import { changes, DECLARED_PROGRAM, startStack, stepOf, type Declared, type TestStack } from "../support/stack";
import { sampleOf, sampleTests } from "../support/depth";

const PASSPHRASE = "test-passphrase";

function runWithKey(
    stack: TestStack,
    operation: Operation,
    declared: readonly Declared[],
    apiKey: string,
    runProgram = false,
    stateFile = stack.stateFile,
) {
    return runOperation(operation, {
        programDir: DECLARED_PROGRAM,
        stateFile,
        config: { "declared:resources": JSON.stringify(declared), "shortener:baseUrl": stack.emulator.baseUrl },
        secretConfig: { "shortener:apiKey": apiKey },
        env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
        runProgram,
    });
}

describe("under the real engine's rules", function () {
    this.timeout(120_000);
    let stack: TestStack;
    beforeEach(async () => (stack = await startStack()));
    afterEach(async () => stack.close());
    const outputsOf = (name: string) =>
        readState(stack.stateFile).resources.find((resource) => resource.urn.endsWith(`::${name}`))?.outputs;

    it("refresh and destroy use the key recorded by the last up, not a key changed since", async () => {
        const declared: Declared[] = [{ kind: "Channel", name: "news", args: { name: "News" } }];
        await stack.expectOk("up", declared);
        const [channel] = await stack.emulator.admin.list("channels");
        await stack.emulator.admin.patch("channels", Number(channel.id), { starred: true });
        const wrongKey = "not-the-key-of-this-account";

        // On a copy of the state: a run that configures from the current config records it.
        const copy = `${stack.stateFile}.copy`;
        copyFileSync(stack.stateFile, copy);
        const withTheNewKey = await runWithKey(stack, "refresh", declared, wrongKey, true, copy);
        assert.equal(withTheNewKey.ok, false, "the changed key is really wrong: a refresh that runs the program fails");

        const refreshed = await runWithKey(stack, "refresh", declared, wrongKey);
        assert.ok(refreshed.ok, refreshed.log);
        assert.deepEqual(changes(refreshed), ["refresh news"]);
        const destroyed = await runWithKey(stack, "destroy", declared, wrongKey);
        assert.ok(destroyed.ok, destroyed.log);
        assert.deepEqual(await stack.emulator.admin.list("channels"), []);
    });

    it("an adopted channel whose update failed gets its colour on the next up", async () => {
        const { id } = await stack.emulator.admin.seed("channels", {
            name: "Press",
            description: "",
            color: "#111111",
            starred: false,
            items: [],
        });
        const declared: Declared[] = [
            { kind: "Channel", name: "press", args: { name: "Press", color: "#AA0000", adopt: true } },
        ];
        await stack.emulator.admin.injectFault({
            method: "PUT",
            path: `^/api/channel/${id}/update$`,
            mode: "error500",
            count: 3,
        });
        const failed = await stack.run("up", declared);
        assert.equal(failed.ok, false);
        assert.match(failed.error ?? "", new RegExp(`adopted channel ${id}, but updating it failed`));

        const retried = await stack.expectOk("up", declared);
        assert.equal(stepOf(retried, "press").op, "update");
        const [channel] = await stack.emulator.admin.list("channels");
        assert.equal(String(channel.color).toUpperCase(), "#AA0000");
        assert.equal(outputsOf("press")?.effectiveColor, "#AA0000");
        assert.deepEqual(changes(await stack.expectOk("preview", declared)), []);
    });

    it("an up that sets back a colour changed by hand leaves the colour the service shows as effectiveColor", async () => {
        const declared: Declared[] = [{ kind: "Channel", name: "news", args: { name: "News", color: "#1A73E8" } }];
        await stack.expectOk("up", declared);
        const [channel] = await stack.emulator.admin.list("channels");
        await stack.emulator.admin.patch("channels", Number(channel.id), { color: "#00ff00" });
        await stack.expectOk("refresh", declared);
        assert.equal(outputsOf("news")?.effectiveColor, "#00FF00", "the refresh records the colour shown");

        assert.equal(stepOf(await stack.expectOk("up", declared), "news").op, "update");
        const [shown] = await stack.emulator.admin.list("channels");
        assert.equal(String(shown.color).toUpperCase(), "#1A73E8");
        assert.equal(outputsOf("news")?.effectiveColor, "#1A73E8");
    });

    const interrupted = [
        {
            kind: "Channel",
            store: "channels" as const,
            addPath: "^/api/channel/add$",
            args: { name: "News" },
            other: { name: "Other" },
            message: (id: number) =>
                new RegExp(`a channel with the name "News" already exists \\(id ${id}\\).*adopt: ${id}`),
        },
        {
            kind: "QrCode",
            store: "qrcodes" as const,
            addPath: "^/api/qr/add$",
            args: { type: "link", data: "https://example.com/poster" },
            other: { type: "text", data: "other" },
            message: (id: number) =>
                new RegExp(`creating this QR code was interrupted in an earlier run.*\\(ids ${id}\\).*adopt: <id>`),
        },
    ];
    for (const c of sampleOf("creates interrupted with their process", interrupted, 1, (c) => c.kind)) {
        it(`after a ${c.kind} create interrupted with its process, the next up stops and names the object and the adopt fix`, async () => {
            const declared: Declared[] = [{ kind: c.kind, name: "made", args: c.args }];
            const journalDir = mkdtempSync(join(tmpdir(), "create-journal-"));
            const env = { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE, SHORTENER_CREATE_JOURNAL_DIR: journalDir };
            try {
                // The service applies the create and the answer is lost; the provider then waits for the rate window
                // before listing to find it, and the whole run dies meanwhile.
                await stack.emulator.admin.injectFault({ method: "POST", path: c.addPath, mode: "drop-after-apply" });
                await stack.emulator.admin.setRateLimit({ limit: 2, windowMs: 60_000 });
                await interruptedRun(
                    "up",
                    {
                        programDir: DECLARED_PROGRAM,
                        stateFile: stack.stateFile,
                        config: {
                            "declared:resources": JSON.stringify(declared),
                            "shortener:baseUrl": stack.emulator.baseUrl,
                        },
                        secretConfig: { "shortener:apiKey": stack.emulator.apiKey },
                        env,
                    },
                    async () => (await stack.emulator.admin.list(c.store)).length > 0,
                );
                await stack.emulator.admin.setRateLimit({ limit: 1000, windowMs: 1000 });
                const [made] = await stack.emulator.admin.list(c.store);

                // Another object of the kind, declared first, is created by the next up before the retried one: it is
                // this run's own, never a candidate.
                const other: Declared = { kind: c.kind, name: "other", args: c.other };
                const next = await stack.run("up", [other, ...declared], env);
                assert.equal(next.ok, false, next.log);
                assert.match((next.diagnostics ?? []).join("\n"), /1 pending operations from previous deployment/);
                assert.match(next.error ?? "", c.message(Number(made.id)));
                assert.equal((await stack.emulator.admin.list(c.store)).length, 2, "no duplicate was made");

                const adopted = await stack.run(
                    "up",
                    [other, { ...declared[0], args: { ...c.args, adopt: Number(made.id) } }],
                    env,
                );
                assert.ok(adopted.ok, adopted.log);
                assert.equal((await stack.emulator.admin.list(c.store)).length, 2);
            } finally {
                rmSync(journalDir, { recursive: true, force: true });
            }
        });
    }

    sampleTests(this, 2);
});
