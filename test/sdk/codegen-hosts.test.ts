// The Python and Go hosts the CLI's build holds (tools/pulumi) only generate code: a Python or Go program run through
// the CLI fails with their words, saying so and whose host runs it, instead of anything else happening. (The examples'
// programs are tested under Pulumi's mocks beside this file.)
import { strict as assert } from "node:assert";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { mustRunPulumi, pulumiCli, runPulumi } from "../support/pulumi";
import { freshTempDir, removeDir, REPOSITORY_ROOT } from "../support/repository";

const PROGRAMS = [
    { example: "python-stack", host: "pulumi-language-python", language: "Python" },
    { example: "go-stack", host: "pulumi-language-go", language: "Go" },
];

describe("the CLI's Python and Go hosts, which only generate code", function () {
    this.timeout(120_000);

    for (const { example, host, language } of PROGRAMS) {
        it(`refuse to run examples/${example}, saying that ${language} programs run with Pulumi's own ${host}`, async function () {
            if ((await pulumiCli()).source === "path") this.skip(); // a Pulumi release's own hosts run programs
            const work = freshTempDir(`codegen-host-${example}`);
            try {
                const project = join(work, "project");
                cpSync(join(REPOSITORY_ROOT, "examples", example), project, { recursive: true });
                mkdirSync(join(work, "backend"));
                const env = {
                    PULUMI_BACKEND_URL: `file://${join(work, "backend")}`,
                    PULUMI_HOME: join(work, "home"),
                    PULUMI_CONFIG_PASSPHRASE: "test-passphrase",
                };
                await mustRunPulumi(["stack", "init", "test", "--non-interactive"], { cwd: project, env });
                const preview = await runPulumi(["preview", "--non-interactive"], { cwd: project, env });
                assert.notEqual(preview.code, 0, preview.stdout);
                const refusal = `this ${host} only generates code (pulumi package gen-sdk); ${language} programs run with Pulumi's own ${host}, from a Pulumi release`;
                assert.ok(preview.stdout.includes(refusal), `${preview.stdout}\n${preview.stderr}`);
            } finally {
                removeDir(work);
            }
        });
    }
});
