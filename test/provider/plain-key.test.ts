// A key set without --secret is kept as plain text by Pulumi: the program says so, once per run, and a secret key
// gets no such warning. Run through the Pulumi CLI, which tells the program which config keys are secret as
// the engine does (PULUMI_CONFIG_SECRET_KEYS).
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PLAIN_KEY_WARNING } from "../../provider/resources/plain-key-warning";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { runOperation } from "../support/pulumi";
import { DECLARED_PROGRAM, type Declared } from "../support/stack";

const RESOURCES: Declared[] = [
    { kind: "Pixel", name: "first", args: { type: "forum", name: "First pixel", tag: "T-1" } },
    { kind: "Pixel", name: "second", args: { type: "forum", name: "Second pixel", tag: "T-2" } },
];

describe("provider: a plain (non-secret) API key in stack config", function () {
    this.timeout(120_000);
    let emulator: RunningEmulator;
    let dir: string;
    before(async () => {
        emulator = await startEmulator();
        dir = mkdtempSync(join(tmpdir(), "plain-key-"));
    });
    after(async () => {
        await emulator.close();
        rmSync(dir, { recursive: true, force: true });
    });

    const preview = (keyIsSecret: boolean) => {
        const key = { "shortener:apiKey": emulator.apiKey };
        return runOperation("preview", {
            programDir: DECLARED_PROGRAM,
            stateFile: join(dir, `${keyIsSecret}.json`),
            config: { "shortener:baseUrl": emulator.baseUrl, ...(keyIsSecret ? {} : key) },
            secretConfig: { "declared:resources": JSON.stringify(RESOURCES), ...(keyIsSecret ? key : {}) },
            env: { PULUMI_CONFIG_PASSPHRASE: "plain-key-test" },
        });
    };

    it("is warned about once per run, naming the fix and never the key", async () => {
        const result = await preview(false);
        assert.ok(result.ok, result.log);
        const warnings = (result.diagnostics ?? []).filter((line) => line.includes(PLAIN_KEY_WARNING));
        assert.equal(warnings.length, 1, (result.diagnostics ?? []).join("\n"));
        assert.match(warnings[0], /pulumi config set shortener:apiKey --secret/);
        // Plain config is shown as given, as Go's prelude shows it (and `pulumi preview --json` prints it), and is the
        // default provider's inputs, which its internal step carries as Go's event log does: the reason the warning
        // asks for --secret. Nothing else of the run carries the key.
        const { config, steps, ...run } = result;
        assert.equal(config?.["shortener:apiKey"], emulator.apiKey);
        assert.ok(!JSON.stringify({ ...run, steps }).includes(emulator.apiKey), "the key appears in the run's result");
    });

    it("is not warned about when the key is secret", async () => {
        const result = await preview(true);
        assert.ok(result.ok, result.log);
        assert.deepEqual(
            (result.diagnostics ?? []).filter((line) => line.includes("plain (non-secret)")),
            [],
        );
    });
});
