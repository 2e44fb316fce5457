// Reads that scale and never lie, and credentials that never leak.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { readState, runOperation, storedSecretKeys } from "../support/pulumi";
import { changes, DECLARED_PROGRAM, startStack, type Declared, type TestStack } from "../support/stack";

const pixels = (count: number): Declared[] =>
    Array.from({ length: count }, (_, i) => ({
        kind: "Pixel",
        name: `pixel-${i}`,
        args: { type: "qapixel", name: `Pixel ${i}`, tag: `t-${i}` },
    }));

describe("Refresh: one listing per kind, every page, and a failed read is never 'gone'", function () {
    let stack: TestStack;
    const listCalls = async () =>
        (await stack.emulator.admin.requests()).filter((r) => r.method === "GET" && r.path === "/api/pixels");

    before(async () => {
        stack = await startStack();
        // 650 pixels made elsewhere: the stack's own land on page 7 of a 100-per-page listing.
        for (let i = 0; i < 650; i++)
            await stack.emulator.admin.seed("pixels", { type: "forum", name: `elsewhere ${i}`, tag: `e-${i}` });
        await stack.expectOk("up", pixels(30));
    });
    after(async () => stack.close());

    it("refreshes 30 pixels listed on page 7 with ceil(680 / 100) = 7 list calls, all found", async () => {
        await stack.emulator.admin.clearRequests();
        const refresh = await stack.expectOk("refresh", pixels(30));
        assert.deepEqual(changes(refresh), [], refresh.log);
        const calls = await listCalls();
        assert.equal(calls.length, 7, JSON.stringify(calls.map((c) => c.query)));
        assert.ok(calls.every((c) => c.query.limit === "100"));
    });

    it("fails a refresh whose listing keeps failing, keeping every resource in the state", async () => {
        await stack.emulator.admin.injectFault({ method: "GET", path: "^/api/pixels$", mode: "error500", count: 50 });
        const refresh = await stack.run("refresh", pixels(30));
        await stack.emulator.admin.clearFaults();
        assert.equal(refresh.ok, false);
        assert.ok(!refresh.steps.some((s) => s.op === "read-gone"), refresh.log);
        assert.equal(readState(stack.stateFile).resources.filter((r) => r.type.endsWith(":Pixel")).length, 30);
    });

    it("fails a refresh whose listing page is not JSON, keeping every resource in the state", async () => {
        await stack.emulator.admin.injectFault({ method: "GET", path: "^/api/pixels$", mode: "html", count: 50 });
        const refresh = await stack.run("refresh", pixels(30));
        await stack.emulator.admin.clearFaults();
        assert.equal(refresh.ok, false);
        assert.match(refresh.error ?? refresh.log, /HTML/);
        assert.equal(readState(stack.stateFile).resources.filter((r) => r.type.endsWith(":Pixel")).length, 30);
    });
});

describe("Credentials: the API key never reaches the state, the output or an error", function () {
    let stack: TestStack;
    const declared: Declared[] = [
        { kind: "Channel", name: "news", args: { name: "News" } },
        {
            kind: "AccountSettings",
            name: "account",
            args: { password: "s3cret-password" },
            options: { secretArgs: ["password"] },
        },
    ];

    before(async () => (stack = await startStack()));
    after(async () => stack.close());

    it("keeps the key and the password out of the state file and the printed runs", async () => {
        const runs = [
            await stack.expectOk("up", declared),
            await stack.expectOk("refresh", declared),
            await stack.expectOk("preview", declared),
        ];
        const state = readFileSync(stack.stateFile, "utf8");
        for (const secret of [stack.emulator.apiKey, "s3cret-password"]) {
            assert.ok(!state.includes(secret), "a secret is in the state file");
            for (const run of runs)
                assert.ok(
                    !run.log.includes(secret) && !JSON.stringify(run).includes(secret),
                    "a secret is in the output",
                );
        }
        const account = readState(stack.stateFile).resources.find((r) => r.type.endsWith(":AccountSettings"));
        assert.ok(
            account && storedSecretKeys(account).includes("password"),
            "the password is marked secret in the state",
        );
        assert.match(JSON.stringify(account?.outputs.password), /ciphertext/);
    });

    it("fails with the service's refusal, not the key, when the key is wrong", async () => {
        const wrongKey = "wrong-key-0123456789abcdef0123456789abcdef";
        const withWrongKey = await runWithKey(stack, declared, wrongKey);
        assert.equal(withWrongKey.ok, false);
        assert.match(withWrongKey.error ?? "", /refused the API key/);
        assert.ok(!JSON.stringify(withWrongKey).includes(wrongKey));
    });

    it("fails with one sentence saying how to set the key when there is none", async () => {
        const result = await runWithKey(stack, declared, undefined);
        assert.equal(result.ok, false);
        assert.match(result.error ?? "", /pulumi config set shortener:apiKey --secret/);
    });
});

/**
 * A refresh with the key given only through the environment (or not at all), as a user without stack config would run
 * it. The state records the config of the stack's last up, key included, and a plain refresh would configure from it:
 * --run-program configures from the current config, which has no key, as that user's recorded config would have.
 */
function runWithKey(stack: TestStack, declared: Declared[], apiKey: string | undefined) {
    return runOperation("refresh", {
        programDir: DECLARED_PROGRAM,
        stateFile: stack.stateFile,
        config: { "shortener:baseUrl": stack.emulator.baseUrl },
        secretConfig: { "declared:resources": JSON.stringify(declared) },
        env: { PULUMI_CONFIG_PASSPHRASE: "test-passphrase", SHORTENER_API_KEY: apiKey ?? "" },
        runProgram: true,
    });
}
