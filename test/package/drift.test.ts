// The nightly drift check of the GitOps example (.github/workflows/drift.yml, docs/importing.md) run as its commands
// are written, `preview --refresh --expect-no-changes`, through the engine double's command line against the
// emulator: on a stack nobody touched it exits 0; after a change by hand on the service it exits non-zero and its
// output names the changed property. The key reaches the command from the environment, as the workflow gives it.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { siblingScript } from "../engine/host/child-processes";
import { startEmulator, type RunningEmulator } from "../emulator";
import { runCommand, type Finished } from "../support/commands";
import { linkedProject, removeDir, REPOSITORY_ROOT } from "../support/repository";

const EXAMPLE = join(REPOSITORY_ROOT, "examples", "gitops");

interface PulumiActionStep {
    uses?: string;
    with?: { command?: string; refresh?: boolean; "expect-no-changes"?: boolean };
}

/** The workflow's preview step as engine arguments: the command, and a flag for each option it turns on. */
function workflowArguments(): string[] {
    const workflow = parse(readFileSync(join(EXAMPLE, ".github", "workflows", "drift.yml"), "utf8")) as {
        jobs: Record<string, { steps: PulumiActionStep[] }>;
    };
    const step = Object.values(workflow.jobs)
        .flatMap((job) => job.steps)
        .find((candidate) => candidate.uses?.startsWith("pulumi/actions@"));
    assert.ok(step?.with?.command, "the drift workflow has a pulumi/actions step with a command");
    return [
        step.with.command,
        ...(step.with.refresh ? ["--refresh"] : []),
        ...(step.with["expect-no-changes"] ? ["--expect-no-changes"] : []),
    ];
}

describe("GitOps example: the nightly drift check run through the engine double", function () {
    this.timeout(180_000);
    let emulator: RunningEmulator;
    let project: string;

    const engine = ([operation, ...flags]: string[]): Promise<Finished> => {
        const cli = siblingScript(join(REPOSITORY_ROOT, "dist", "test", "engine", "index.js"), "cli");
        return runCommand(
            process.execPath,
            [
                ...cli.execArgv, cli.script, operation, project, ...flags, "--stack", "production", "--state", join(project, "state.json"),
                "--config", `shortener:baseUrl=${emulator.baseUrl}`, "--secret-config-env", "shortener:apiKey=SHORTENER_API_KEY",
            ],
            { cwd: project, env: { ...cli.env, SHORTENER_API_KEY: emulator.apiKey, PULUMI_CONFIG_PASSPHRASE: "drift-test" } },
        );
    };

    before(async () => {
        emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
        // The example's program and stack file; no wiki queries, so that no wiki is needed.
        const files = Object.fromEntries(["index.ts", "Pulumi.yaml", "Pulumi.production.yaml"].map((file) => [file, readFileSync(join(EXAMPLE, file), "utf8")]));
        project = linkedProject("shortener-drift", { ...files, "queries/.keep": "" }, ["yaml"]);
        const deployed = await engine(["up"]);
        assert.equal(deployed.code, 0, deployed.stdout + deployed.stderr);
    });
    after(async () => {
        await emulator?.close();
        removeDir(project);
    });

    it("exits 0 when nothing changed on the service", async () => {
        const checked = await engine(workflowArguments());
        assert.equal(checked.code, 0, checked.stdout + checked.stderr);
        assert.ok(!checked.stdout.includes(emulator.apiKey) && !checked.stderr.includes(emulator.apiKey), "the key is printed");
    });

    it("exits non-zero and names the property after a change by hand", async () => {
        const [domain] = (await emulator.admin.list("domains")).filter((record) => typeof record.id === "number");
        assert.ok(domain, "the up created the example's domain");
        await emulator.admin.patch("domains", domain.id as number, { redirectroot: "https://changed-by-hand.example.net" });
        const checked = await engine(workflowArguments());
        assert.notEqual(checked.code, 0, checked.stdout + checked.stderr);
        assert.match(checked.stdout, /redirectRoot: "https:\/\/changed-by-hand\.example\.net" → "https:\/\/www\.example\.com"/);
        assert.match(checked.stderr, /no changes were expected for preview but changes were proposed/);
    });
});
