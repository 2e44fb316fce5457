// An imported program's folder run through the real Pulumi CLI against the emulator it was imported from, as
// `pulumi <operation>` would run it there: the account's base URL in the stack's config, its key as a secret.
import { strict as assert } from "node:assert";
import { join } from "node:path";
import { runOperation, type LifecycleResult, type Operation } from "../support/pulumi";
import type { RunningEmulator } from "../../emulator";

/** Runs `operation` on the program in `project` (its state beside it); a failed run fails the test with its log. */
export async function runImported(
    operation: Operation,
    project: string,
    emulator: RunningEmulator,
    env: Record<string, string> = {},
): Promise<LifecycleResult> {
    const result = await runOperation(operation, {
        programDir: project,
        stateFile: join(project, "state.json"),
        config: { "shortener:baseUrl": emulator.baseUrl },
        secretConfig: { "shortener:apiKey": emulator.apiKey },
        env: { PULUMI_CONFIG_PASSPHRASE: "import-test", ...env },
    });
    assert.ok(result.ok, `${operation} failed:\n${result.log}\n${(result.diagnostics ?? []).join("\n")}`);
    return result;
}
