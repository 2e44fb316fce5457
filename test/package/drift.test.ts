// The nightly drift check of the GitOps example (.github/workflows/drift.yml, docs/importing.md) run as its commands
// are written: its preview, `pulumi preview --refresh --expect-no-changes --json`, through the engine double's command
// line against the emulator, then its report step, `npx shortener-report ... > drift.md`, in the example's folder. On
// a stack nobody touched the preview exits 0; after a change by hand on the service it exits non-zero, and the report
// that becomes the drift issue's body names the changed property, as recorded -> as the service holds it. The key
// reaches the command from the environment, as the workflow gives it.
import { strict as assert } from "node:assert";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { siblingScript } from "../../engine";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { runCommand, type Finished } from "../support/commands";
import { linkedProject, readManifest, removeDir, REPOSITORY_ROOT, writeFiles } from "../support/repository";

const EXAMPLE = join(REPOSITORY_ROOT, "examples", "gitops");
const STACK = "production";

/** The drift job's run steps, as written. */
function runSteps(): string[] {
    const workflow = parse(readFileSync(join(EXAMPLE, ".github", "workflows", "drift.yml"), "utf8")) as {
        jobs: Record<string, { steps: { run?: string }[] }>;
    };
    return Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : [])));
}

/** The preview step as engine arguments: the command and its flags, the stack and the output's redirection left to the test. */
function previewArguments(): string[] {
    const preview = runSteps().find((run) => run.startsWith("pulumi preview"));
    assert.ok(preview, "the drift workflow runs pulumi preview");
    const match = /^pulumi (preview) --stack "\$STACK" ((?:--[a-z-]+ ?)+)> preview\.json$/.exec(preview.trim());
    assert.ok(match, `an unexpected preview command: ${preview}`);
    return [match[1], ...match[2].trim().split(" ")];
}

describe("GitOps example: the nightly drift check run through the engine double", function () {
    this.timeout(180_000);
    let emulator: RunningEmulator;
    let project: string;

    const engine = ([operation, ...flags]: string[]): Promise<Finished> => {
        const cli = siblingScript(join(REPOSITORY_ROOT, "dist", "engine", "index.js"), "cli");
        return runCommand(
            process.execPath,
            [
                ...cli.execArgv,
                cli.script,
                operation,
                project,
                ...flags,
                "--stack",
                STACK,
                "--state",
                join(project, "state.json"),
                "--config",
                `shortener:baseUrl=${emulator.baseUrl}`,
                "--secret-config-env",
                "shortener:apiKey=SHORTENER_API_KEY",
            ],
            {
                cwd: project,
                env: { ...cli.env, SHORTENER_API_KEY: emulator.apiKey, PULUMI_CONFIG_PASSPHRASE: "drift-test" },
            },
        );
    };

    before(async () => {
        emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
        // The example's program and stack file; no wiki queries, so that no wiki is needed.
        const files = Object.fromEntries(
            ["index.ts", "links.json", "Pulumi.yaml", "Pulumi.production.yaml"].map((file) => [
                file,
                readFileSync(join(EXAMPLE, file), "utf8"),
            ]),
        );
        project = linkedProject("shortener-drift", { ...files, "queries/.keep": "" }, ["yaml"]);
        // What `npm ci` makes for the package's bin, which the report step runs with npx.
        writeFiles(project, {
            "node_modules/.bin/shortener-report": `#!/bin/sh\nexec node "${join(REPOSITORY_ROOT, readManifest().bin["shortener-report"])}" "$@"\n`,
        });
        chmodSync(join(project, "node_modules", ".bin", "shortener-report"), 0o755);
        const deployed = await engine(["up"]);
        assert.equal(deployed.code, 0, deployed.stdout + deployed.stderr);
    });
    after(async () => {
        await emulator?.close();
        removeDir(project);
    });

    /** The report step, run as written in the project with the preview's output as preview.json; what it wrote. */
    const reportStep = async (preview: Finished): Promise<string> => {
        writeFileSync(join(project, "preview.json"), preview.stdout);
        const report = runSteps().find((run) => run.startsWith("npx shortener-report"));
        assert.ok(report, "the drift workflow runs shortener-report");
        const result = await runCommand("bash", ["-c", report], { cwd: project, env: { STACK } });
        assert.equal(result.code, 0, result.stdout + result.stderr);
        return readFileSync(join(project, "drift.md"), "utf8");
    };

    it("exits 0 when nothing changed on the service", async () => {
        const checked = await engine(previewArguments());
        assert.equal(checked.code, 0, checked.stdout + checked.stderr);
        assert.ok(
            !checked.stdout.includes(emulator.apiKey) && !checked.stderr.includes(emulator.apiKey),
            "the key is printed",
        );
    });

    it("exits non-zero after a change by hand, and its report names the resource and the property, as recorded → as now", async () => {
        const [domain] = (await emulator.admin.list("domains")).filter((record) => typeof record.id === "number");
        assert.ok(domain, "the up created the example's domain");
        await emulator.admin.patch("domains", domain.id as number, {
            redirectroot: "https://changed-by-hand.example.net",
        });
        const checked = await engine(previewArguments());
        assert.equal(checked.code, 7, checked.stdout + checked.stderr);
        assert.match(checked.stderr, /no changes were expected for preview but changes were proposed/);
        const issue = await reportStep(checked);
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
