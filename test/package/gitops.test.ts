// The GitOps example (examples/gitops): its workflow runs only commands that exist (the package's bins, the example
// project's scripts), lints on pull requests and deploys from main with the official Pulumi action; its lint step,
// run exactly as written, passes on the example's queries and annotates a broken one, and its preview step, run as
// written by the Pulumi CLI, plans every query, QR code and link of the example.
import { strict as assert } from "node:assert";
import { chmodSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { runCommand } from "../support/commands";
import { linkedProject, readManifest, removeDir, REPOSITORY_ROOT, writeFiles } from "../support/repository";
import { typeCheck } from "../support/typecheck";
import { DEFAULT_PIN_DIRECTORY, findPinnedCatalogue, pinFileName } from "../../wiki/catalogue/pinned";
import { initStack, runInShell, workflowEnvironment } from "./workflow-shell";
import { fixture } from "../wiki/lint-support";

const EXAMPLE = join(REPOSITORY_ROOT, "examples", "gitops");
const WORKFLOW = ".github/workflows/shortener.yml";
const DRIFT_WORKFLOW = ".github/workflows/drift.yml";
const API_KEY_FROM_SECRETS = "${{ secrets.SHORTENER_API_KEY }}";

interface Step {
    name?: string;
    id?: string;
    if?: string;
    uses?: string;
    run?: string;
    with?: Record<string, unknown>;
    env?: Record<string, string>;
}

interface Job {
    if?: string;
    permissions?: Record<string, string>;
    env?: Record<string, string>;
    steps: Step[];
}

interface Workflow {
    on: {
        pull_request?: { branches?: string[] };
        push?: { branches?: string[] };
        schedule?: { cron: string }[];
        workflow_dispatch?: unknown;
    };
    env?: Record<string, string>;
    jobs: Record<string, Job>;
}

/** The wiki the example's program queries when the stack config names none. */
const EXAMPLE_WIKI = "https://wiki.example.org/w/api.php";

/** The example's files in these folders, and these files, as a copy of the example holds them. */
function exampleFiles(folders: readonly string[], files: readonly string[] = []): Record<string, string> {
    const paths = [
        ...folders.flatMap((folder) => readdirSync(join(EXAMPLE, folder)).map((file) => `${folder}/${file}`)),
        ...files,
    ];
    return Object.fromEntries(paths.map((path) => [path, readFileSync(join(EXAMPLE, path), "utf8")]));
}

const workflow = parse(readFileSync(join(EXAMPLE, WORKFLOW), "utf8")) as Workflow;
const exampleManifest = readManifest(EXAMPLE);
const jobs = Object.values(workflow.jobs);

/** Each shell command of the workflow's run steps, as words: a pipeline's commands apart, variables set before a
 *  command left out, as are lines that only set a variable of the step's own. */
function commandsOf(job: Job): string[][] {
    return job.steps
        .flatMap((step) => (step.run ?? "").split(/\n|&&|\|\||;|\|/))
        .map((command) => command.trim().split(/\s+/))
        .map((words) =>
            words.slice(
                Math.max(
                    0,
                    words.findIndex((word) => !/^[A-Za-z_]\w*=/.test(word)),
                ),
            ),
        )
        .filter((words) => words[0] !== "" && !/^[A-Za-z_]\w*=/.test(words[0]));
}

/** Shell builtins a step may use: they run nothing the workflow would have to install. */
const SHELL_BUILTINS = ["set", "if", "then", "fi", "echo", "exit", "true"];

/** The job that runs on the event, judged by its `if`. */
function jobOn(event: "pull_request" | "push"): Job {
    const matching = jobs.filter((job) => job.if?.includes(`github.event_name == '${event}'`));
    assert.equal(matching.length, 1, `expected one job for ${event}`);
    return matching[0];
}

/**
 * Every shell command of the jobs is npm ci, npm run of one of the example's scripts, npx of one of the package's bins,
 * the Pulumi CLI's preview or up (installed by pulumi/actions), git diff (of the checkout), cat or a shell builtin.
 */
function assertCommandsExist(commands: string[][]): void {
    const bins = Object.keys(readManifest().bin);
    const scripts = Object.keys(exampleManifest.scripts);
    for (const words of commands) {
        assert.ok(
            ["npx", "npm", "pulumi", "git", "cat", ...SHELL_BUILTINS].includes(words[0]),
            `${words.join(" ")}: not a command the workflow installs`,
        );
        if (words[0] === "pulumi") assert.ok(["preview", "up"].includes(words[1]), `pulumi ${words[1]}: unexpected`);
        if (words[0] === "git") assert.equal(words[1], "diff", `git ${words[1]}: unexpected`);
        if (words[0] === "npx")
            assert.ok(bins.includes(words[1]), `npx ${words[1]}: not a bin of the package (${bins.join(", ")})`);
        if (words[0] === "npm" && words[1] === "run")
            assert.ok(scripts.includes(words[2]), `npm run ${words[2]}: not a script of the example`);
        if (words[0] === "npm") assert.ok(["ci", "run"].includes(words[1]), `npm ${words[1]}: unexpected`);
    }
}

/** The one run step whose command starts with `command`. */
function runStep(job: Job, command: string): Step {
    const steps = job.steps.filter((step) =>
        (step.run ?? "").split("\n").some((line) => line.trim().startsWith(command)),
    );
    assert.equal(steps.length, 1, `expected one step that runs ${command}`);
    return steps[0];
}

const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => unknown;

function pulumiStep(job: Job): Step {
    const steps = job.steps.filter((step) => step.uses?.startsWith("pulumi/actions@"));
    assert.equal(steps.length, 1, "expected one pulumi/actions step");
    return steps[0];
}

function apiKeyOf(job: Job, step: Step): string | undefined {
    return step.env?.SHORTENER_API_KEY ?? job.env?.SHORTENER_API_KEY ?? workflow.env?.SHORTENER_API_KEY;
}

/** One call a script made to GitHub's REST API. */
interface ApiCall {
    method: string;
    params: Record<string, unknown>;
}

/**
 * Runs a github-script step's script as actions/github-script runs it (an async function of github, context, require
 * and process), against a GitHub double whose list methods answer `listed` whatever they are asked (the real API's
 * filters are not relied on) and a folder holding `files`. Returns the calls it made, the lists' included.
 */
async function runScript(step: Step, listed: readonly object[], files: Record<string, string>): Promise<ApiCall[]> {
    const calls: ApiCall[] = [];
    const method = (name: string) => async (params: Record<string, unknown>) => {
        calls.push({ method: name, params });
        return { data: name.startsWith("list") ? listed : {} };
    };
    const issues = Object.fromEntries(
        ["listComments", "listForRepo", "update", "updateComment", "createComment", "create"].map((name) => [
            name,
            method(name),
        ]),
    );
    const github = {
        rest: { issues },
        paginate: async (list: (params: object) => Promise<{ data: unknown }>, params: object) =>
            (await list(params)).data,
    };
    const context = {
        repo: { owner: "acme", repo: "short-links" },
        issue: { number: 42 },
        serverUrl: "https://github.com",
        runId: 7,
    };
    const fakeRequire = (name: string) => {
        assert.equal(name, "fs", `the script requires ${name}`);
        return {
            readFileSync: (path: string) =>
                files[path] ?? assert.fail(`the script reads ${path}, which the job did not write`),
        };
    };
    const script = new AsyncFunction("github", "context", "require", "process", String(step.with?.script)) as (
        ...args: unknown[]
    ) => Promise<unknown>;
    await script(github, context, fakeRequire, { env: { STACK: "acme/short-links/production" } });
    return calls;
}

const MARKER = "<!-- pulumi-shortener-report:pr -->";
const DRIFT_MARKER = "<!-- pulumi-shortener-report:drift -->";
const ACTIONS_BOT = { login: "github-actions[bot]", type: "Bot" };
const writes = (calls: readonly ApiCall[]) => calls.filter((call) => !call.method.startsWith("list"));

/** Every `uses:` line of a workflow's text. */
function usesLines(text: string): string[] {
    return text.split("\n").filter((line) => /^\s*(- )?uses:/.test(line));
}

describe("GitOps example: the CI workflow", function () {
    this.timeout(60_000);

    it("runs on pull requests to main and on pushes to main", () => {
        assert.deepEqual(workflow.on.pull_request?.branches, ["main"]);
        assert.deepEqual(workflow.on.push?.branches, ["main"]);
    });

    it("runs only commands that exist: npx of the package's bins, npm run of the example's scripts", () => {
        const commands = jobs.flatMap(commandsOf);
        assert.ok(
            commands.some((words) => words[0] === "npx"),
            "the workflow runs no npx command",
        );
        assertCommandsExist(commands);
        assert.ok(
            exampleManifest.dependencies["pulumi-shortener"],
            "the example must depend on the package for npx to find its bin",
        );
    });

    it("on a pull request: lints the queries with github annotations, then previews with the policy pack, its events piped straight into the report, with the key from secrets", () => {
        const job = jobOn("pull_request");
        const lint = commandsOf(job).find((words) => words[0] === "npx" && words[1] === "wiki-query-lint");
        assert.ok(lint, "no wiki-query-lint step");
        assert.equal(lint[lint.indexOf("--format") + 1], "github");
        assert.equal(pulumiStep(job).with?.command, undefined, "pulumi/actions only installs the CLI");
        const preview = runStep(job, "PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview");
        const line = String(preview.run)
            .split("\n")
            .find((text) => text.includes("pulumi preview"))!;
        const [pulumi, report] = line.split(" | ");
        assert.equal(
            pulumi,
            'PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --stack "$STACK" --policy-pack node_modules/pulumi-shortener/policy --policy-pack-config policy-pack.json --json',
        );
        assert.match(report, /^npx shortener-report [^|>]*> report\.md$/, "the events go to the report, no file");
        assert.ok(!/--input/.test(report), "the report reads the events from its standard input");
        assert.equal(apiKeyOf(job, preview), API_KEY_FROM_SECRETS);
        const steps = job.steps.map((step) => step.run ?? "");
        assert.ok(
            steps.findIndex((run) => run.includes("wiki-query-lint")) < steps.indexOf(String(preview.run)),
            "the lint must run before the preview",
        );
    });

    it("on a pull request: one comment, edited on every push, reports the preview and the lint findings of the changed query files", () => {
        const job = jobOn("pull_request");
        const preview = runStep(job, "PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview");
        const words =
            commandsOf({ ...job, steps: [preview] }).find((command) => command[1] === "shortener-report") ?? [];
        const option = (name: string) => words[words.indexOf(name) + 1];
        assert.deepEqual(
            [option("--lint"), option("--changed"), option("--marker")],
            ["lint.json", "changed-files.txt", "pr"],
        );
        const listing = runStep(job, "git diff");
        assert.match(
            String(listing.run),
            /git diff --name-only "origin\/\$GITHUB_BASE_REF\.\.\.HEAD" > changed-files\.txt/,
        );
        assert.ok(job.steps.indexOf(listing) < job.steps.indexOf(preview));
        assert.equal(
            job.steps.find((step) => step.uses?.startsWith("actions/checkout@"))?.with?.["fetch-depth"],
            0,
            "the base branch is there to diff against",
        );
        const post = job.steps.find((step) => step.uses?.startsWith("actions/github-script@"));
        assert.ok(post && job.steps.indexOf(post) > job.steps.indexOf(preview));
        assert.equal(
            post.if,
            `always() && steps.${preview.id}.outputs.report == 'written'`,
            "a failed preview is reported too",
        );
        const script = String(post.with?.script);
        assert.doesNotThrow(() => new AsyncFunction("github", "context", "require", script));
        assert.match(script, /issues\.updateComment\(/, "edits its comment in place");
        assert.match(script, /issues\.createComment\(/, "or posts it the first time");
        assert.match(script, /body\.split\("\\n"\)\[0\]/, "finds its own comment by the report's marker line");
        assert.equal(job.permissions?.["pull-requests"], "write");
    });

    it("pins every action by commit SHA, its tag in a comment, and checks out without keeping the token in .git/config", () => {
        for (const file of [WORKFLOW, DRIFT_WORKFLOW]) {
            const text = readFileSync(join(EXAMPLE, file), "utf8");
            for (const line of usesLines(text))
                assert.match(line, /uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/, `${file}: ${line.trim()}`);
            const checkouts = Object.values((parse(text) as Workflow).jobs)
                .flatMap((job) => job.steps)
                .filter((step) => step.uses?.startsWith("actions/checkout@"));
            assert.ok(checkouts.length > 0);
            for (const step of checkouts)
                assert.equal(step.with?.["persist-credentials"], false, `${file}: a checkout keeps the token`);
        }
    });

    it("edits only its own comment: by github-actions[bot], the marker its first line; another app's bot comment with the marker is left alone", async () => {
        const post = jobOn("pull_request").steps.find((step) => step.uses?.startsWith("actions/github-script@"))!;
        const report = `${MARKER}\n### Preview: 1 to create\n`;
        const otherBot = { id: 1, user: { login: "evil-app[bot]", type: "Bot" }, body: `${MARKER}\nforged` };
        const quoting = { id: 2, user: ACTIONS_BOT, body: `Someone said:\n${MARKER}` };
        const own = { id: 3, user: ACTIONS_BOT, body: `${MARKER}\n### Preview: no changes\n` };
        assert.deepEqual(
            writes(await runScript(post, [otherBot, quoting, own], { "report.md": report })).map((call) => [
                call.method,
                call.params.comment_id,
            ]),
            [["updateComment", 3]],
        );
        assert.deepEqual(
            writes(await runScript(post, [otherBot, quoting], { "report.md": report })).map((call) => call.method),
            ["createComment"],
        );
    });

    it("reports a failed preview and fails the job; posts nothing when the report failed, nor an empty or unmarked report", async () => {
        const job = jobOn("pull_request");
        const preview = runStep(job, "PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview");
        const project = linkedProject("shortener-gitops-step", { "lint.json": "[]", "changed-files.txt": "" });
        try {
            // A stand-in for the CLI on PATH: it prints `printed` as its events and exits with `code`.
            const runWith = async (printed: string, code: number) => {
                writeFiles(project, {
                    "bin/pulumi": `#!/bin/sh\ncat ${JSON.stringify(join(project, "printed"))}\nexit ${code}\n`,
                    printed,
                    "output.txt": "",
                    "summary.md": "",
                });
                chmodSync(join(project, "bin", "pulumi"), 0o755);
                const env = {
                    PATH: `${join(project, "bin")}:${join(project, "node_modules", ".bin")}:${process.env.PATH}`,
                    STACK: "production",
                    GITHUB_OUTPUT: join(project, "output.txt"),
                    GITHUB_STEP_SUMMARY: join(project, "summary.md"),
                };
                const result = await runCommand("bash", ["-c", String(preview.run)], { cwd: project, env });
                return { code: result.code, output: readFileSync(join(project, "output.txt"), "utf8") };
            };
            const violation = JSON.stringify({
                sequence: 1,
                timestamp: 1,
                policyEvent: {
                    message: 'Description.\nLink "promo": url: not https. Fix: use https.\n',
                    policyName: "https-destinations",
                    policyPackName: "pulumi-shortener",
                    enforcementLevel: "mandatory",
                },
            });
            const failed = await runWith(
                `${JSON.stringify({ sequence: 0, timestamp: 1, cancelEvent: {} })}\n${violation}\n`,
                255,
            );
            assert.equal(failed.code, 255, "the job fails with the preview");
            assert.equal(failed.output, "report=written\n", "and the report of it is posted");
            assert.match(readFileSync(join(project, "report.md"), "utf8"), /#### Policy violations/);
            const unreadable = await runWith("this is not JSON\n", 0);
            assert.equal(unreadable.code, 1, "the job fails with the report");
            assert.equal(unreadable.output, "", "and nothing is posted");
        } finally {
            removeDir(project);
        }
        const post = job.steps.find((step) => step.uses?.startsWith("actions/github-script@"))!;
        assert.doesNotMatch(String(post.if), /hashFiles/, "an empty report.md passes hashFiles");
        const anyBot = { id: 9, user: { login: "other[bot]", type: "Bot" }, body: "hello" };
        for (const broken of ["", "partial output\n"]) {
            await assert.rejects(
                runScript(post, [anyBot], { "report.md": broken }),
                /does not start with the report's marker/,
            );
        }
    });

    it("on a push to main: pulumi up under the same policy pack, with the key from secrets", () => {
        const job = jobOn("push");
        const up = pulumiStep(job);
        assert.equal(up.with?.command, "up");
        const preview = String(
            runStep(jobOn("pull_request"), "PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview").run,
        );
        assert.ok(preview.includes(`--policy-pack ${up.with?.policyPacks} `), "the pack the preview ran");
        assert.ok(preview.includes(`--policy-pack-config ${up.with?.policyPackConfigs} `), "with its config");
        assert.ok(String(up.with?.["stack-name"]).length > 0);
        assert.equal(apiKeyOf(job, up), API_KEY_FROM_SECRETS);
    });

    it("lints with the pinned catalogue that the WikiQuery resources find for the example's wiki", () => {
        const pin = `${DEFAULT_PIN_DIRECTORY}/${pinFileName(EXAMPLE_WIKI)}`;
        assert.ok(readFileSync(join(EXAMPLE, "index.ts"), "utf8").includes(`"${EXAMPLE_WIKI}"`), "the program's wiki");
        const lints = commandsOf(jobOn("pull_request")).filter((words) => words[1] === "wiki-query-lint");
        assert.equal(lints.length, 2, "the annotations and the report's findings");
        for (const lint of lints) assert.equal(lint[lint.indexOf("--catalogue") + 1], pin);
        assert.match(exampleManifest.scripts["lint:queries"], new RegExp(`--catalogue ${pin.replace(/\./g, "\\.")} `));
        assert.equal(
            findPinnedCatalogue(EXAMPLE_WIKI, join(EXAMPLE, DEFAULT_PIN_DIRECTORY))?.origin?.apiUrl,
            EXAMPLE_WIKI,
        );
    });

    describe("its lint step, run as written in a copy of the example", () => {
        let project: string | undefined;
        const lintLine = () =>
            jobOn("pull_request").steps.find((step) => step.run?.startsWith("npx wiki-query-lint"))!.run!;

        before(() => {
            const files = exampleFiles(["queries", DEFAULT_PIN_DIRECTORY]);
            project = linkedProject("shortener-gitops", files);
            // What `npm ci` makes for the package's bin.
            const bin = join(project, "node_modules", ".bin", "wiki-query-lint");
            writeFiles(project, {
                "node_modules/.bin/wiki-query-lint": `#!/bin/sh\nexec node "${join(REPOSITORY_ROOT, readManifest().bin["wiki-query-lint"])}" "$@"\n`,
            });
            chmodSync(bin, 0o755);
        });
        after(() => removeDir(project));

        it("passes on the example's queries", async () => {
            const result = await runCommand("bash", ["-c", lintLine()], { cwd: project! });
            assert.equal(result.code, 0, result.stdout + result.stderr);
        });

        it("fails on a misspelt parameter and on a limit over its maximum, which the wiki only warns of", async () => {
            writeFiles(project!, { "queries/slips.yaml": readFileSync(fixture("ci-slips.yaml"), "utf8") });
            const result = await runCommand("bash", ["-c", lintLine()], { cwd: project! });
            removeDir(join(project!, "queries", "slips.yaml"));
            assert.equal(result.code, 1, result.stdout + result.stderr);
            assert.match(result.stdout, /^::warning file=queries\/slips\.yaml,line=5,title=unrecognizedparams/m);
            assert.match(result.stdout, /^::warning file=queries\/slips\.yaml,line=9,title=outofrange/m);
        });

        it("fails with an error annotation on the line of a broken query", async () => {
            writeFiles(project!, {
                "queries/broken.yaml": "- name: broken\n  list: allpages\n  params:\n    apdir: sideways\n",
            });
            const result = await runCommand("bash", ["-c", lintLine()], { cwd: project! });
            removeDir(join(project!, "queries", "broken.yaml"));
            assert.equal(result.code, 1, result.stdout + result.stderr);
            assert.match(result.stdout, /^::error file=queries\/broken\.yaml,line=4,title=badvalue/m);
        });
    });

    it("deploys a program that type-checks against the package", () => {
        const program = readFileSync(join(EXAMPLE, "index.ts"), "utf8");
        assert.deepEqual(typeCheck({ "index.ts": program }, ["yaml"]), []);
    });

    it("deploys a program whose preview step, run as written, passes the policy pack and reports every query, its QR code and every link of links.json", async function () {
        // The CLI, the program, the pack and every query judged: over a minute on a loaded 2-core machine.
        this.timeout(300_000);
        const files = {
            ...exampleFiles(["queries", DEFAULT_PIN_DIRECTORY]),
            ...exampleFiles(
                [],
                ["index.ts", "links.json", "Pulumi.yaml", "Pulumi.production.yaml", "policy-pack.json"],
            ),
            "lint.json": "[]",
            "changed-files.txt": "",
        };
        const project = linkedProject("shortener-gitops-program", files, ["yaml"]);
        try {
            const env = {
                ...workflowEnvironment(project, {
                    STACK: "production",
                    SHORTENER_API_KEY: "not-used-by-a-preview",
                    PULUMI_CONFIG_PASSPHRASE: "gitops-test",
                }),
                GITHUB_OUTPUT: join(project, "output.txt"),
                GITHUB_STEP_SUMMARY: join(project, "summary.md"),
            };
            await initStack("production", { cwd: project, env });
            const preview = runStep(jobOn("pull_request"), "PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview");
            const result = await runInShell(String(preview.run), { cwd: project, env });
            assert.equal(result.code, 0, result.stderr);
            assert.equal(readFileSync(join(project, "output.txt"), "utf8"), "report=written\n");
            const report = readFileSync(join(project, "report.md"), "utf8");
            const planned = (noun: string) =>
                [
                    ...report.matchAll(
                        new RegExp(`<summary>create ${noun}[^\\n]*\\(<code>([^<]+)</code>\\)</summary>`, "g"),
                    ),
                ].map((match) => match[1]);
            const queries = readdirSync(join(EXAMPLE, "queries")).flatMap(
                (file) => parse(readFileSync(join(EXAMPLE, "queries", file), "utf8")) as { name: string }[],
            );
            // Each query's QR code sends visitors to the query's URL, which the first preview does not know yet: the
            // pack says so for each, and checks them in the deployment.
            const violations = report.split("#### Policy violations")[1]?.split("####")[0] ?? "";
            assert.doesNotMatch(violations, /mandatory/, "the example keeps to its pack");
            assert.deepEqual(
                [...violations.matchAll(/^\| `advisory` \| `[^`]+` \| `[^`]*Qr[^`]* ([^`]+)` \| `can't run policy/gm)]
                    .map((row) => row[1])
                    .sort(),
                queries.flatMap((query) => [`${query.name}-qr`, `${query.name}-qr`]).sort(),
            );
            assert.deepEqual(planned("Wiki query").sort(), queries.map((query) => query.name).sort());
            assert.deepEqual(planned("QR code").sort(), queries.map((query) => `${query.name}-qr`).sort());
            const links = JSON.parse(readFileSync(join(EXAMPLE, "links.json"), "utf8")) as { name: string }[];
            assert.deepEqual(planned("Short link").sort(), links.map((link) => link.name).sort());
            // The digest of the same preview names the catalogue that judged the queries: the pin the lint uses.
            const digest = await runInShell('pulumi preview --stack "$STACK" --json', { cwd: project, env });
            assert.ok(
                digest.stdout.includes(`pinned catalogue ${DEFAULT_PIN_DIRECTORY}/${pinFileName(EXAMPLE_WIKI)} `),
                "the preview judged with the pin the lint uses",
            );
        } finally {
            removeDir(project);
        }
    });
});

describe("GitOps example: the nightly drift workflow", () => {
    const drift = parse(readFileSync(join(EXAMPLE, DRIFT_WORKFLOW), "utf8")) as Workflow;
    const [job, ...others] = Object.values(drift.jobs);

    it("runs every night, and by hand", () => {
        assert.equal(others.length, 0, "one job");
        const crons = (drift.on.schedule ?? []).map((entry) => entry.cron.trim().split(/\s+/));
        assert.equal(crons.length, 1);
        const [minute, hour, ...daily] = crons[0];
        assert.ok(
            /^\d+$/.test(minute) && Number(minute) < 60 && /^\d+$/.test(hour) && Number(hour) < 24,
            crons[0].join(" "),
        );
        assert.deepEqual(daily, ["*", "*", "*"], "every day");
        assert.ok("workflow_dispatch" in drift.on);
    });

    it("runs only commands that exist, with actions of the same versions as the deploy workflow", () => {
        assertCommandsExist(commandsOf(job));
        const deployActions = new Set(
            jobs.flatMap((other) => other.steps.map((step) => step.uses).filter((uses) => uses !== undefined)),
        );
        for (const uses of job.steps.map((step) => step.uses).filter((uses): uses is string => uses !== undefined)) {
            assert.ok(deployActions.has(uses), `${uses}: not an action this example already relies on`);
        }
    });

    it("refreshes and previews the deployed stack as JSON expecting no changes, with the key from secrets", () => {
        assert.equal(pulumiStep(job).with?.command, undefined, "pulumi/actions only installs the CLI");
        const preview = runStep(job, "pulumi preview");
        assert.match(
            String(preview.run),
            /^pulumi preview --stack "\$STACK" --refresh --expect-no-changes --json > preview\.json$/,
        );
        assert.equal(drift.env?.STACK, workflow.env?.STACK, "the stack the deploy workflow deploys");
        assert.equal(preview.env?.SHORTENER_API_KEY, API_KEY_FROM_SECRETS);
    });

    it("only when that preview failed: reports the drift and puts the report in the open drift issue, or opens one", () => {
        const preview = runStep(job, "pulumi preview");
        const report = runStep(job, "npx shortener-report");
        const issue = job.steps.find((step) => step.uses?.startsWith("actions/github-script@"));
        assert.ok(issue && preview.id, "an issue step after an identified preview step");
        assert.equal(report.if, `failure() && steps.${preview.id}.outcome == 'failure'`);
        assert.equal(
            issue.if,
            `failure() && steps.${preview.id}.outcome == 'failure' && steps.${report.id}.outcome == 'success'`,
        );
        assert.match(String(report.run), /^npx shortener-report --input preview\.json --marker drift .*> drift\.md$/);
        assert.equal(job.permissions?.issues, "write");
        assert.ok(
            job.steps.indexOf(issue) > job.steps.indexOf(report) &&
                job.steps.indexOf(report) > job.steps.indexOf(preview),
        );
        const script = String(issue.with?.script);
        assert.doesNotThrow(() => new AsyncFunction("github", "context", "process", "require", script));
        assert.match(script, /readFileSync\("drift\.md"/);
        assert.match(script, /issues\.update\(/, "the open issue's body becomes the new report");
        assert.match(script, /issues\.create\(/);
    });
    it("puts the report only in its own drift issue: by github-actions[bot], not a pull request, the marker its first line", async () => {
        const issueStep = job.steps.find((step) => step.uses?.startsWith("actions/github-script@"))!;
        const report = `${DRIFT_MARKER}\n### Drift in acme/short-links/production: 1 drifted\n`;
        const discussion = {
            number: 5,
            user: { login: "maintainer", type: "User" },
            body: "We know about the drift: keep it while we decide.",
        };
        const fix = {
            number: 6,
            user: ACTIONS_BOT,
            pull_request: { url: "https://api.github.com/pulls/6" },
            body: `${DRIFT_MARKER}\nfix`,
        };
        const own = { number: 8, user: ACTIONS_BOT, body: `${DRIFT_MARKER}\n### Drift: 2 drifted` };
        const edited = writes(await runScript(issueStep, [discussion, fix, own], { "drift.md": report }));
        assert.deepEqual(
            edited.map((call) => [call.method, call.params.issue_number]),
            [
                ["update", 8],
                ["createComment", 8],
            ],
        );
        const opened = writes(await runScript(issueStep, [discussion, fix], { "drift.md": report }));
        assert.deepEqual(
            opened.map((call) => call.method),
            ["create"],
            "none of its own open: a new issue, no one else's edited",
        );
        await assert.rejects(
            runScript(issueStep, [own], { "drift.md": "" }),
            /does not start with the report's marker/,
        );
        assert.match(String(issueStep.if), /steps\.report\.outcome == 'success'/, "a failed report is not posted");
    });
});
