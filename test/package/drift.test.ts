// The nightly drift check of the GitOps example (.github/workflows/drift.yml, docs/importing.md) run as its commands
// are written, by the Pulumi CLI in a copy of the example deployed to the emulator: its preview step, `pulumi preview
// --stack "$STACK" --refresh --expect-no-changes --json > preview.json`, then its report step, `npx shortener-report
// ... > drift.md`. On a stack nobody touched the preview exits 0; after a change by hand on the service it fails, and
// the report that becomes the drift issue's body names the changed property, as recorded -> as the service holds it.
// The key reaches the provider from the environment, as the workflow gives it.
import { strict as assert } from "node:assert";
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import type { Finished } from "../support/commands";
import { linkedProject, readManifest, removeDir, REPOSITORY_ROOT, writeFiles } from "../support/repository";
import { deployStack, runInShell, workflowEnvironment } from "./workflow-shell";

const EXAMPLE = join(REPOSITORY_ROOT, "examples", "gitops");
const STACK = "production";

/** The drift job's run steps, as written. */
function runSteps(): string[] {
    const workflow = parse(readFileSync(join(EXAMPLE, ".github", "workflows", "drift.yml"), "utf8")) as {
        jobs: Record<string, { steps: { run?: string }[] }>;
    };
    return Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : [])));
}

/** The run step whose script starts with `command`. */
function stepScript(command: string): string {
    const script = runSteps().find((run) => run.startsWith(command));
    assert.ok(script, `the drift workflow runs ${command}`);
    return script;
}

/** The example's stack config, its service URL the emulator's: what a user's copy holds for its own service. */
function stackConfig(baseUrl: string): string {
    const config = parse(readFileSync(join(EXAMPLE, `Pulumi.${STACK}.yaml`), "utf8")) as {
        config: Record<string, string>;
    };
    return stringify({ ...config, config: { ...config.config, "shortener:baseUrl": baseUrl } });
}

describe("GitOps example: the nightly drift check run by the Pulumi CLI", function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let project: string;
    let env: Record<string, string>;

    before(async () => {
        emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
        // The example's program and stack file; no wiki queries, so that no wiki is needed.
        const files = Object.fromEntries(
            ["index.ts", "links.json", "Pulumi.yaml"].map((file) => [file, readFileSync(join(EXAMPLE, file), "utf8")]),
        );
        project = linkedProject(
            "shortener-drift",
            { ...files, [`Pulumi.${STACK}.yaml`]: stackConfig(emulator.baseUrl), "queries/.keep": "" },
            ["yaml"],
        );
        // What `npm ci` makes for the package's bin, which the report step runs with npx.
        writeFiles(project, {
            "node_modules/.bin/shortener-report": `#!/bin/sh\nexec node "${join(REPOSITORY_ROOT, readManifest().bin["shortener-report"])}" "$@"\n`,
        });
        chmodSync(join(project, "node_modules", ".bin", "shortener-report"), 0o755);
        env = workflowEnvironment(project, {
            STACK,
            SHORTENER_API_KEY: emulator.apiKey,
            PULUMI_CONFIG_PASSPHRASE: "drift-test",
        });
        await deployStack(STACK, { cwd: project, env });
    });
    after(async () => {
        await emulator?.close();
        removeDir(project);
    });

    const previewStep = (): Promise<Finished> => runInShell(stepScript("pulumi preview"), { cwd: project, env });

    /** The report step, run as written in the project on the preview step's preview.json; what it wrote. */
    const reportStep = async (): Promise<string> => {
        const result = await runInShell(stepScript("npx shortener-report"), { cwd: project, env });
        assert.equal(result.code, 0, result.stdout + result.stderr);
        return readFileSync(join(project, "drift.md"), "utf8");
    };

    it("exits 0 when nothing changed on the service", async () => {
        const checked = await previewStep();
        assert.equal(checked.code, 0, checked.stdout + checked.stderr);
        const printed = checked.stderr + readFileSync(join(project, "preview.json"), "utf8");
        assert.ok(!printed.includes(emulator.apiKey), "the key is printed");
    });

    it("fails after a change by hand, and its report names the resource and the property, as recorded → as now", async () => {
        const [domain] = (await emulator.admin.list("domains")).filter((record) => typeof record.id === "number");
        assert.ok(domain, "the up created the example's domain");
        await emulator.admin.patch("domains", domain.id as number, {
            redirectroot: "https://changed-by-hand.example.net",
        });
        const checked = await previewStep();
        assert.equal(checked.code, 7, checked.stdout + checked.stderr);
        assert.match(checked.stderr, /no changes were expected for preview but changes were proposed/);
        const issue = await reportStep();
        assert.match(
            issue,
            /^<!-- pulumi-shortener-report:drift -->\n### Drift in production: 1 drifted, 1 to update$/m,
        );
        assert.match(
            issue,
            /<summary>changed Domain <code>https:\/\/go\.example\.com<\/code> \(<code>brand<\/code>\)<\/summary>/,
        );
        assert.match(
            issue,
            /\| root redirect `redirectRoot` \| `"https:\/\/www\.example\.com"` \| `"https:\/\/changed-by-hand\.example\.net"` \|/,
        );
        assert.ok(!issue.includes(emulator.apiKey), "the key is in the issue");
    });
});
