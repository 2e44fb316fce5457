// A stack of the declared-resources program against the emulator, read as a workflow reads it: what the real Pulumi
// CLI prints on standard output with `--json` (`pulumi preview --json`, `pulumi preview --refresh --json`, `pulumi
// refresh --preview-only --json`), the stream a workflow pipes into shortener-report.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { Finished } from "../support/commands";
import { DEFAULT_STACK, runOperation, runPulumi, stackFolder } from "../support/pulumi";
import { DECLARED_PROGRAM, declaredFileConfig, type Declared } from "../support/stack";

export interface JsonStack {
    emulator: RunningEmulator;
    /** `pulumi up` of `resources`; a run that fails is an error carrying what the CLI printed. */
    up(resources: readonly Declared[]): Promise<void>;
    /**
     * `pulumi <args> --json` on `resources`, after an up: its exit code and its standard output and error apart.
     * `env` adds to the CLI's environment (PULUMI_ENABLE_STREAMING_JSON_PREVIEW for the event stream).
     */
    json(args: readonly string[], resources: readonly Declared[], env?: Record<string, string>): Promise<Finished>;
    close(): Promise<void>;
}

export async function startJsonStack(): Promise<JsonStack> {
    const emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
    const dir = mkdtempSync(join(tmpdir(), "report-cli-"));
    const stateFile = join(dir, "state.json");
    const resourcesFile = join(dir, "resources.json");
    // The resources are in a file the config names, so an up and the previews after it share one stack config.
    const declare = (resources: readonly Declared[]) => declaredFileConfig("declared", resourcesFile, resources);
    const folder = stackFolder(stateFile, DECLARED_PROGRAM, DEFAULT_STACK);
    return {
        emulator,
        async up(resources) {
            const result = await runOperation("up", {
                programDir: DECLARED_PROGRAM,
                stateFile,
                config: { "shortener:baseUrl": emulator.baseUrl, ...declare(resources) },
                secretConfig: { "shortener:apiKey": emulator.apiKey },
            });
            if (!result.ok) throw new Error(`up failed:\n${result.log}`);
        },
        json(args, resources, env = {}) {
            declare(resources);
            return runPulumi([...args, "--json", "--stack", DEFAULT_STACK, "--non-interactive"], {
                cwd: folder.project,
                env: { ...folder.env, ...env },
            });
        },
        async close() {
            await emulator.close();
            rmSync(dir, { recursive: true, force: true });
        },
    };
}
