// The package as users get it: `npm pack`, installed into a fresh Pulumi project outside the repository, whose
// program runs through the Pulumi CLI and its dynamic-provider host against the emulator. The host
// loads the serialized provider's runtime ("pulumi-shortener/runtime") from that project's node_modules.
import { strict as assert } from "node:assert";
import { cpSync, existsSync, lstatSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join, relative } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { mustRunPulumi, readState, runOperation, type LifecycleResult, type Operation } from "../support/pulumi";
import { changes, stepOf } from "../support/stack";
import { mustRun, runCommand } from "../support/commands";
import {
    freshTempDir,
    packTarball,
    PACKAGE_NAME,
    readManifest,
    removeDir,
    REPOSITORY_ROOT,
    writeUserProject,
    type PackedTarball,
} from "../support/repository";

/** The parts the package ships compiled: the shortener, the wiki validator and the helpers both share. */
const SHIPPED_PARTS = ["provider", "wiki", "common"];
const TYPE_PREFIX = "pulumi-nodejs:dynamic/shortener:";
const PASSPHRASE = "install-test-passphrase";

const PROGRAM = `import * as shortener from "${PACKAGE_NAME}";

const domain = new shortener.Domain("brand", { domain: "https://go.example.com", redirectRoot: "https://www.example.com" });
const campaign = new shortener.Campaign("launch", { name: "Launch campaign", slug: "launch" });
const channel = new shortener.Channel("news", { name: "Newsletter", color: "#1a73e8" });
new shortener.Pixel("analytics", { type: "analyticspixel", name: "Site analytics", tag: "G-INSTALL" });
const qr = new shortener.QrCode("landing", { type: "link", data: "https://www.example.com/landing" });
new shortener.ChannelItem("news-landing-qr", { channelId: channel.id, type: "qr", itemId: qr.id });

export const domainName = domain.domain;
export const campaignListUrl = campaign.listUrl;
export const qrLink = qr.link;
`;

const QUERIES_CLEAN = `- name: recent edits
  list: recentchanges
  params:
    rclimit: 50
`;

const QUERIES_BROKEN = `- name: bad direction
  list: allpages
  params:
    apdir: sideways
`;

function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : [];
    });
}

/** What the package must hold: each module of its parts compiled with its declarations, the catalogue, the manifest and docs. */
function expectedContents(): string[] {
    const compiled = SHIPPED_PARTS.flatMap((part) => sourceFiles(join(REPOSITORY_ROOT, part)))
        .map((file) => relative(REPOSITORY_ROOT, file))
        .flatMap((file) => {
            const base = join("dist", file.replace(/\.ts$/, ""));
            return [`${base}.js`, `${base}.d.ts`];
        });
    const documents = ["README.md", "CHANGELOG.md", "LICENSE"].filter((file) =>
        readdirSync(REPOSITORY_ROOT).includes(file),
    );
    // The policy pack: its folder's manifest, its entry and its compiled rules (no declarations: nothing imports it).
    const pack = sourceFiles(join(REPOSITORY_ROOT, "policy")).map((file) =>
        join("dist", relative(REPOSITORY_ROOT, file).replace(/\.ts$/, ".js")),
    );
    return [
        ...compiled,
        "dist/wiki/catalogue/catalogue.json",
        "package.json",
        ...documents,
        ...shippedDocs(),
        ...pack,
        "policy/PulumiPolicy.yaml",
        "policy/package.json",
        "policy/index.js",
    ].sort();
}

/** The docs and examples the README links to: shipped, so that its links work on the registry page and in node_modules. */
function shippedDocs(): string[] {
    const docs = readdirSync(join(REPOSITORY_ROOT, "docs"))
        .filter((file) => file.endsWith(".md"))
        .map((file) => `docs/${file}`);
    const service = readdirSync(join(REPOSITORY_ROOT, "docs", "service")).map((file) => `docs/service/${file}`);
    const images = readdirSync(join(REPOSITORY_ROOT, "docs", "images")).map((file) => `docs/images/${file}`);
    const exampleFiles = [
        "README.md",
        "index.ts",
        "package.json",
        "tsconfig.json",
        "Pulumi.yaml",
        "Pulumi.production.yaml",
        "links.json",
        "policy-pack.json",
    ];
    const examples = readdirSync(join(REPOSITORY_ROOT, "examples")).flatMap((example) =>
        exampleFiles
            .map((file) => `examples/${example}/${file}`)
            .filter((file) => existsSync(join(REPOSITORY_ROOT, file))),
    );
    const gitops = ["queries", "wiki-catalogues", ".github/workflows"].flatMap((dir) =>
        readdirSync(join(REPOSITORY_ROOT, "examples/gitops", dir)).map((file) => `examples/gitops/${dir}/${file}`),
    );
    // The pinned Pulumi CLI's page, which the README and docs link to for running a stack without a `pulumi` of one's own.
    const cliPage = "tools/pulumi/README.md";
    return [...docs, ...service, ...images, ...examples, ...gitops, cliPage];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
    heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\- _]/gu, "")
        .replace(/ /g, "-");

/** Every relative link of a Markdown file whose target file (or heading) is missing, as "file: target". */
function brokenLinks(root: string, file: string): string[] {
    const text = readFileSync(join(root, file), "utf8");
    const broken: string[] = [];
    for (const [, written] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        // A destination may be written in angle brackets: <https://...>.
        const target = written.replace(/^<(.*)>$/, "$1");
        if (/^[a-z]+:/i.test(target)) continue;
        const [path, anchor] = target.split("#");
        const resolved = path === "" ? join(root, file) : join(root, dirname(file), path);
        if (!existsSync(resolved)) {
            broken.push(`${file}: ${target} (no such file in the package)`);
            continue;
        }
        if (anchor === undefined) continue;
        const markdown = statSync(resolved).isDirectory() ? join(resolved, "README.md") : resolved;
        const headings = [...readFileSync(markdown, "utf8").matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
            anchorOf(heading),
        );
        if (!headings.includes(anchor)) broken.push(`${file}: ${target} (no such heading)`);
    }
    return broken;
}

describe("package: installed from its tarball into a fresh Pulumi project", function () {
    this.timeout(300_000);
    let work: string | undefined;
    let project: string;
    let tarball: PackedTarball;
    let emulator: RunningEmulator | undefined;
    let stateFile: string;

    const run = (operation: Operation): Promise<LifecycleResult> =>
        runOperation(operation, {
            programDir: project,
            stateFile,
            config: { "shortener:baseUrl": emulator!.baseUrl },
            secretConfig: { "shortener:apiKey": emulator!.apiKey },
            env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
        });
    const expectOk = async (operation: Operation): Promise<LifecycleResult> => {
        const result = await run(operation);
        assert.ok(result.ok, `${operation} failed:\n${result.log}\n${(result.diagnostics ?? []).join("\n")}`);
        return result;
    };

    before(async function () {
        work = freshTempDir("shortener-install");
        tarball = await packTarball(work);
        project = join(work, "project");
        stateFile = join(work, "state", "dev.json");
        writeUserProject(project, `file:${tarball.path}`, {
            "index.ts": PROGRAM,
            "queries/clean.yaml": QUERIES_CLEAN,
            "queries/broken.yaml": QUERIES_BROKEN,
        });
        // The npm cache makes this quick; packages missing from it come from the registry.
        await mustRun("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
            cwd: project,
            timeoutMs: 240_000,
        });
        emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
    });

    after(async () => {
        await emulator?.close();
        removeDir(work);
    });

    it("holds each module of its parts compiled with its declarations, the catalogue, the docs and examples, and nothing else", () => {
        assert.deepEqual([...tarball.files].sort(), expectedContents());
        const manifest = readManifest();
        const entryPoints = [manifest.main, manifest.types, ...Object.values(manifest.bin)];
        for (const target of Object.values(manifest.exports)) {
            entryPoints.push(...(typeof target === "string" ? [target] : Object.values(target)));
        }
        for (const entry of entryPoints)
            assert.ok(tarball.files.includes(entry.replace(/^\.\//, "")), `${entry} is not in the package`);
    });

    it("has every link of its installed README and docs resolve to a file and heading of the installed package", () => {
        const installed = join(project, "node_modules", PACKAGE_NAME);
        const markdown = [
            "README.md",
            ...readdirSync(join(installed, "docs"))
                .filter((file) => file.endsWith(".md"))
                .map((file) => `docs/${file}`),
        ];
        assert.ok(markdown.length > 5, `expected the docs in the installed package, found ${markdown.join(", ")}`);
        assert.deepEqual(
            markdown.flatMap((file) => brokenLinks(installed, file)),
            [],
        );
    });

    it("is installed as a copy (not a link to the repository), and its declarations type-check the program", async () => {
        assert.ok(lstatSync(join(project, "node_modules", PACKAGE_NAME)).isDirectory());
        await mustRun(join(project, "node_modules", ".bin", "tsc"), ["-p", "."], { cwd: project });
    });

    it("up creates every resource through the runtime the host loads from the installed package", async () => {
        const result = await expectOk("up");
        assert.deepEqual(changes(result), [
            "create analytics",
            "create brand",
            "create landing",
            "create launch",
            "create news",
            "create news-landing-qr",
        ]);
        const state = readState(stateFile);
        const kinds = state.resources
            .filter((resource) => resource.type.startsWith(TYPE_PREFIX))
            .map((resource) => resource.type)
            .sort();
        assert.deepEqual(
            kinds,
            ["Campaign", "Channel", "ChannelItem", "Domain", "Pixel", "QrCode"].map((kind) => TYPE_PREFIX + kind),
        );
        const [campaign] = await emulator!.admin.list("campaigns");
        assert.equal(campaign.name, "Launch campaign");
        assert.equal(result.outputs.domainName, "https://go.example.com");
        assert.ok(String(result.outputs.campaignListUrl).startsWith(emulator!.baseUrl), result.log);
        const [channel] = await emulator!.admin.list("channels");
        const [qr] = await emulator!.admin.list("qrcodes");
        assert.deepEqual(
            (channel.items as { type: string; id: number }[]).map(({ type, id }) => ({ type, id })),
            [{ type: "qr", id: qr.id }],
        );
    });

    it("puts the plugin in node_modules/.bin, whose schema the real CLI prints: every kind, Link's inputs and outputs, the secret key", async () => {
        const bin = join(project, "node_modules", ".bin");
        const plugin = join(bin, "pulumi-resource-shortener");
        assert.ok(existsSync(plugin), `${plugin} is not installed`);
        const printed = await mustRunPulumi(["package", "get-schema", plugin], {
            cwd: project,
            env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` },
        });
        const schema = JSON.parse(printed.stdout) as {
            name: string;
            resources: Record<string, { inputProperties: object; properties: object }>;
            config: { variables: Record<string, { secret?: boolean }> };
        };
        assert.equal(schema.name, "shortener");
        const kinds = ["Domain", "Campaign", "Channel", "Pixel", "Link", "QrCode", "AccountSettings", "CampaignLink"];
        for (const kind of [...kinds, "ChannelItem", "WikiQuery"])
            assert.ok(schema.resources[`shortener:index:${kind}`], `no shortener:index:${kind} in the schema`);
        const link = schema.resources["shortener:index:Link"];
        assert.ok(
            "url" in link.inputProperties && "alias" in link.inputProperties,
            JSON.stringify(link.inputProperties),
        );
        assert.ok("shortUrl" in link.properties, JSON.stringify(link.properties));
        assert.equal(schema.config.variables.apiKey.secret, true);
    });

    it("refresh shows an out-of-band change made on the service", async () => {
        const [campaign] = await emulator!.admin.list("campaigns");
        await emulator!.admin.patch("campaigns", Number(campaign.id), { name: "Renamed by hand" });
        const result = await expectOk("refresh");
        const step = stepOf(result, "launch");
        assert.equal(step.op, "refresh");
        assert.deepEqual(
            step.diffs?.find((diff) => diff.property === "name"),
            { property: "name", old: "Launch campaign", new: "Renamed by hand" },
        );
        assert.deepEqual(changes(result), ["refresh launch"]);
    });

    it("destroy removes what up created", async () => {
        const result = await expectOk("destroy");
        assert.equal(changes(result).filter((change) => change.startsWith("delete ")).length, 6, result.log);
        for (const kind of ["domains", "campaigns", "channels", "pixels", "qrcodes"] as const) {
            assert.deepEqual(await emulator!.admin.list(kind), [], kind);
        }
    });

    it("runs `npx shortener-import` from the project: the installed bin reads the account, with the provider's environment variables", async () => {
        await emulator!.admin.seed("pixels", { type: "adspixel", name: "Imported pixel", tag: "AW-IMPORT" });
        const env = { SHORTENER_BASE_URL: emulator!.baseUrl, SHORTENER_API_KEY: emulator!.apiKey };
        const result = await runCommand("npx", ["--no-install", "shortener-import", "--kinds", "pixels"], {
            cwd: project,
            env,
        });
        assert.equal(result.code, 0, result.stdout + result.stderr);
        assert.match(result.stdout, /new shortener\.Pixel\("imported-pixel", \{\n {4}adopt: \d+,/);
    });

    it("the shortener-stack example copied out of the repository installs (the package from its tarball) and previews through the Pulumi CLI under the installed policy pack", async () => {
        const copy = join(work!, "shortener-stack");
        cpSync(join(REPOSITORY_ROOT, "examples", "shortener-stack"), copy, {
            recursive: true,
            filter: (source) => !source.includes("node_modules"),
        });
        // Its dependency on the package is the repository (file:../..); a user's project names the package it installed.
        const manifest = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
        manifest.dependencies[PACKAGE_NAME] = `file:${tarball.path}`;
        writeFileSync(join(copy, "package.json"), JSON.stringify(manifest, null, 2));
        await mustRun("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
            cwd: copy,
            timeoutMs: 240_000,
        });
        const preview = await runOperation("preview", {
            programDir: copy,
            stateFile: join(work!, "state", "example.json"),
            config: { "shortener:baseUrl": emulator!.baseUrl },
            secretConfig: { "shortener:apiKey": emulator!.apiKey },
            env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
            // The policy pack the package ships, where the installed copy holds it.
            flags: ["--policy-pack", join(copy, "node_modules", PACKAGE_NAME, "policy")],
        });
        assert.ok(preview.ok, `preview failed:\n${preview.log}\n${(preview.diagnostics ?? []).join("\n")}`);
        // The landing page's QR code sends visitors to a link's short URL, which the first preview does not know yet.
        assert.deepEqual(
            preview.violations.map((violation) => `${violation.enforcementLevel} ${violation.policyName}`),
            ["advisory https-destinations"],
            "the example keeps to the pack",
        );
        assert.deepEqual(
            preview.remediations.map((remediation) => remediation.policyName),
            ["qr-data-secret"],
            "the pack ran: it marked the vCard's data secret",
        );
        assert.ok(
            changes(preview).some((change) => change.startsWith("create ")),
            preview.log,
        );
    });

    it("installs into a copy of the GitOps example, whose range it satisfies (npm ls), which type-checks and lints against it", async () => {
        const example = join(REPOSITORY_ROOT, "examples", "gitops");
        const copy = join(work!, "gitops");
        cpSync(example, copy, { recursive: true, filter: (source) => !source.includes("node_modules") });
        await mustRun("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--no-save", tarball.path], {
            cwd: copy,
            timeoutMs: 240_000,
        });
        // npm ls fails ("invalid") when the installed version is outside the range the example's package.json asks for.
        await mustRun("npm", ["ls", PACKAGE_NAME], { cwd: copy });
        await mustRun("npm", ["run", "typecheck"], { cwd: copy });
        await mustRun("npm", ["run", "lint:queries"], { cwd: copy });
    });

    it("runs `npx wiki-query-lint` from the project: exit 0 on clean definitions, 1 with annotations on errors", async () => {
        const clean = await runCommand("npx", ["--no-install", "wiki-query-lint", "queries/clean.yaml"], {
            cwd: project,
        });
        assert.equal(clean.code, 0, clean.stdout + clean.stderr);
        assert.match(clean.stdout, /1 definition in 1 file: 0 with errors/);
        const broken = await runCommand(
            "npx",
            ["--no-install", "wiki-query-lint", "--format", "github", "queries/broken.yaml"],
            { cwd: project },
        );
        assert.equal(broken.code, 1, broken.stdout + broken.stderr);
        assert.match(
            broken.stdout,
            /^::error file=queries\/broken\.yaml,line=4,title=badvalue in \[0\] "bad direction" apdir::/m,
        );
    });
});
