// The Pulumi CLI the docs run: after the first build there is no `pulumi` on PATH, so every ```sh snippet of the README
// and docs/ that runs `pulumi` first puts the pinned CLI there with `npm run pulumi-env` (in a clone, or with
// `npm --prefix <clone>` from a project of one's own), and the page that first runs `pulumi stack init` sets the
// passphrase the local backend needs before it. The README's example then runs as a user runs it, in bash, against
// the emulator: the passphrase line is what lets its `stack init` go, and its `up` makes the example's objects.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { runCommand, type Finished } from "../support/commands";
import { pulumiCli } from "../support/pulumi";
import { freshTempDir, linkedProject, removeDir, REPOSITORY_ROOT } from "../support/repository";

const PAGES = [
    "README.md",
    ...["configuration", "importing", "migration", "policy", "preview-report"].map((name) => `docs/${name}.md`),
];
/** A shell line that runs the `pulumi` command itself (not `npm run pulumi`, not a word in a comment). */
const RUNS_PULUMI = /(^|[;&|(]\s*|^[A-Z_]+=\S*\s+)pulumi\s/;
const PUTS_CLI_ON_PATH = /^eval "\$\(npm (--prefix <clone> )?run --silent pulumi-env\)"/;
const SETS_PASSPHRASE = /^export PULUMI_CONFIG_PASSPHRASE=/;

/** The ```sh blocks of a page, each as its lines (comments and indentation off). */
function shellBlocks(page: string): string[][] {
    const text = readFileSync(join(REPOSITORY_ROOT, page), "utf8");
    return [...text.matchAll(/^( *)```sh\n([\s\S]*?)^\1```/gm)].map((match) =>
        match[2].split("\n").map((line) => line.replace(/\s+#.*$/, "").trim()),
    );
}

const EXAMPLE_FILES = ["Pulumi.yaml", "index.ts", "tsconfig.json", "package.json"];

describe("the Pulumi CLI in the docs' snippets", function () {
    this.timeout(600_000);

    it("every snippet that runs pulumi puts the pinned CLI on PATH before its first pulumi command", () => {
        const missing: string[] = [];
        for (const page of PAGES)
            for (const lines of shellBlocks(page)) {
                const first = lines.findIndex((line) => RUNS_PULUMI.test(line));
                if (first >= 0 && !lines.slice(0, first).some((line) => PUTS_CLI_ON_PATH.test(line)))
                    missing.push(`${page}: ${lines[first]}`);
            }
        assert.deepEqual(missing, []);
    });

    it("the first `pulumi stack init` of a page comes after the passphrase it needs", () => {
        const pages = PAGES.filter((page) =>
            shellBlocks(page).some((lines) => lines.some((l) => /pulumi stack init/.test(l))),
        );
        assert.deepEqual(pages, ["README.md", "docs/importing.md"]);
        for (const page of pages) {
            const lines = shellBlocks(page).find((block) => block.some((line) => /pulumi stack init/.test(line)))!;
            const init = lines.findIndex((line) => /pulumi stack init/.test(line));
            assert.ok(
                lines.slice(0, init).some((line) => SETS_PASSPHRASE.test(line)),
                `${page}: ${lines[init]}`,
            );
        }
    });

    describe("the README's example, run as written", () => {
        let emulator: RunningEmulator;
        let home: string;
        let example: string;
        const readme = readFileSync(join(REPOSITORY_ROOT, "README.md"), "utf8");
        const [block] = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
            .map((match) => match[1])
            .filter((text) => text.includes("pulumi stack init dev"));
        before(async () => {
            emulator = await startEmulator({ rateLimit: { limit: 10_000, windowMs: 1000 } });
            home = freshTempDir("shortener-readme-home");
            const files = Object.fromEntries(
                EXAMPLE_FILES.map((name) => [
                    name,
                    readFileSync(join(REPOSITORY_ROOT, "examples", "shortener-stack", name), "utf8"),
                ]),
            );
            example = linkedProject("shortener-readme-example", files);
        });
        after(async () => {
            removeDir(home);
            removeDir(example);
            await emulator?.close();
        });

        /**
         * The block in bash in the clone, as a user's shell with no Pulumi settings runs it, but for what a test must
         * change: the example is a copy with the package linked (the clone's own folder would get the stack's files),
         * the emulator's port, `up --yes` (no terminal to confirm on), and a backend and Pulumi home of the test's own
         * (set before, so pulumi-env keeps them, as it keeps any setting of the caller's). Its last line says which
         * `pulumi` ran.
         */
        const runBlock = (script: string, backend: string): Promise<Finished> => {
            const edited = script
                .replace("cd examples/shortener-stack && npm install --no-audit --no-fund && ", `cd ${example} && `)
                .replace("<port>", new URL(emulator.baseUrl).port)
                .replace(/^pulumi up$/m, "pulumi up --yes");
            const unset = "unset PULUMI_CONFIG_PASSPHRASE PULUMI_CONFIG_PASSPHRASE_FILE\n";
            return runCommand("bash", ["-ec", `${unset}${edited}\ncommand -v pulumi`], {
                cwd: REPOSITORY_ROOT,
                env: { PULUMI_HOME: join(home, "pulumi-home"), PULUMI_BACKEND_URL: `file://${backend}` },
                input: `${emulator.apiKey}\n`,
                timeoutMs: 540_000,
            });
        };

        it("without its passphrase line, stack init stops naming PULUMI_CONFIG_PASSPHRASE", async () => {
            const withoutPassphrase = block
                .split("\n")
                .filter((line) => !SETS_PASSPHRASE.test(line))
                .join("\n");
            const run = await runBlock(withoutPassphrase, freshTempDir("shortener-readme-backend"));
            assert.notEqual(run.code, 0, run.stdout);
            assert.match(
                run.stderr,
                /passphrase must be set with PULUMI_CONFIG_PASSPHRASE or PULUMI_CONFIG_PASSPHRASE_FILE environment variables/,
            );
        });

        it("with it, the pinned CLI from `npm run pulumi-env` makes the stack, takes its config and ups the example", async () => {
            const backend = freshTempDir("shortener-readme-backend");
            try {
                const run = await runBlock(block, backend);
                assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
                assert.equal(run.stdout.trim().split("\n").at(-1), (await pulumiCli()).bin);
                const domains = await emulator.admin.list("domains");
                assert.deepEqual(
                    domains.map((domain) => domain.domain),
                    ["https://go.example.com"],
                );
                assert.ok((await emulator.admin.list("links")).length > 0);
            } finally {
                removeDir(backend);
            }
        });
    });
});
