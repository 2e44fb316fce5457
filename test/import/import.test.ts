// shortener-import end to end: an account seeded with many objects of every kind is imported by the bin, run as
// a child process as a user would run it; the program it writes type-checks against the package, and the real
// Pulumi CLI takes the whole account over without a single write to the service.
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LifecycleResult, Operation } from "../support/pulumi";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { runCommand, type Finished } from "../support/commands";
import { freshTempDir, linkedProject, readManifest, removeDir, REPOSITORY_ROOT } from "../support/repository";
import { typeCheck } from "../support/typecheck";
import { changes } from "../support/stack";
import { byDepth, sampleOf } from "../support/depth";
import { runImported } from "./imported-stack";
import { seedAccount } from "./seed";

/** The emulator's profiles to import from; a profile of the real service joins this list when the emulator has one. */
const PROFILES: { name: string; options: EmulatorOptions; args: string[] }[] = [
    { name: "spec", options: { profile: "spec" }, args: [] },
    // The real service escapes text: the import is told so, and declares the text itself.
    { name: "real", options: { profile: "real" }, args: ["--service", "real"] },
];

const PER_KIND = byDepth(30, 50);
const CHANNELS_WITH_ITEMS = 20;
const SYSTEM_DOMAINS = 3;
const PAGE_SIZE = 20;
const FIXED_EPOCH = "1767225600"; // 2026-01-01T00:00:00Z
const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-import"]);
const WRITES = ["POST", "PUT", "PATCH", "DELETE"];

function importer(
    emulator: RunningEmulator,
    args: readonly string[],
    env: Record<string, string> = {},
    cwd = REPOSITORY_ROOT,
): Promise<Finished> {
    return runCommand(process.execPath, [BIN, ...args], {
        cwd,
        env: {
            SHORTENER_BASE_URL: emulator.baseUrl,
            SHORTENER_API_KEY: emulator.apiKey,
            SOURCE_DATE_EPOCH: "",
            ...env,
        },
    });
}

/** Imports into `dir` as a user does (--output dir/index.ts): the program and the links' data beside it. */
async function importInto(
    emulator: RunningEmulator,
    dir: string,
    args: readonly string[],
    env: Record<string, string> = {},
): Promise<{ program: string; links: string }> {
    mustSucceed(await importer(emulator, [...args, "--output", join(dir, "index.ts")], env));
    return {
        program: readFileSync(join(dir, "index.ts"), "utf8"),
        links: readFileSync(join(dir, "links.json"), "utf8"),
    };
}

function mustSucceed(result: Finished): Finished {
    assert.equal(result.code, 0, `shortener-import exited with ${result.code}:\n${result.stderr}`);
    return result;
}

for (const profile of sampleOf("a whole account taken over", PROFILES, 1, (profile) => `${profile.name} profile`)) {
    describe(`shortener-import: a whole account (${profile.name} profile) taken over without a write`, function () {
        this.timeout(20 * 60_000);
        let emulator: RunningEmulator;
        let project: string;
        let program: string;
        let links: string;
        let importRequests: { method: string; path: string; query: Record<string, string> }[];
        const run = (operation: Operation): Promise<LifecycleResult> => runImported(operation, project, emulator);
        const writesSince = async () =>
            (await emulator.admin.requests()).filter((entry) => WRITES.includes(entry.method));

        before(async function () {
            emulator = await startEmulator({
                rateLimit: { limit: 10_000, windowMs: 1000 },
                systemDomains: SYSTEM_DOMAINS,
                ...profile.options,
            });
            await seedAccount(emulator, PER_KIND, CHANNELS_WITH_ITEMS, SYSTEM_DOMAINS);
            await emulator.admin.clearRequests();
            project = linkedProject("shortener-import", {
                "Pulumi.yaml": "name: imported-account\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
            });
            ({ program, links } = await importInto(
                emulator,
                project,
                [...profile.args, "--page-size", String(PAGE_SIZE)],
                { SOURCE_DATE_EPOCH: FIXED_EPOCH },
            ));
            importRequests = await emulator.admin.requests();
            await emulator.admin.clearRequests();
        });
        after(async () => {
            removeDir(project);
            await emulator?.close();
        });

        it("reads every page of every kind and every channel's items, and writes nothing", () => {
            assert.deepEqual(
                importRequests.filter((entry) => entry.method !== "GET"),
                [],
            );
            const pages = PER_KIND / PAGE_SIZE;
            for (const path of ["/api/domains", "/api/campaigns", "/api/channels", "/api/pixels", "/api/qr"]) {
                const read = importRequests
                    .filter((entry) => entry.path === path)
                    .map((entry) => `${entry.query.page}/${entry.query.limit}`);
                assert.deepEqual(
                    read,
                    Array.from({ length: Math.ceil(pages) }, (_, index) => `${index + 1}/${PAGE_SIZE}`),
                    path,
                );
            }
            assert.equal(importRequests.filter((entry) => /^\/api\/channel\/\d+$/.test(entry.path)).length, PER_KIND);
        });

        it("declares one resource per object, each adopting its id, and the channels' items; system domains left out and counted", () => {
            const count = (kind: string) => program.split(`new shortener.${kind}(`).length - 1;
            for (const kind of ["Domain", "Campaign", "Channel", "Pixel", "QrCode"])
                assert.equal(count(kind), PER_KIND, kind);
            assert.equal(count("ChannelItem"), CHANNELS_WITH_ITEMS * 3);
            assert.equal(count("AccountSettings"), 1);
            assert.equal(count("Link"), 1, "the links are declared in one loop");
            assert.equal((JSON.parse(links) as unknown[]).length, CHANNELS_WITH_ITEMS);
            assert.equal((program.match(/^ {4}adopt: \d+,$/gm) ?? []).length, PER_KIND * 5);
            assert.match(program, new RegExp(`^// Left out: ${SYSTEM_DOMAINS} system domains`, "m"));
            assert.doesNotMatch(program, /The provider refuses this/, "every seeded value is one the provider accepts");
            assert.doesNotMatch(program, /sho\d*\.rt/, "a system domain was declared");
            const names = [...program.matchAll(/new shortener\.(\w+)\("([^"]+)"/g)].map(
                (match) => `${match[1]}:${match[2]}`,
            );
            assert.equal(new Set(names).size, names.length, "resource names are unique per kind");
        });

        it("says in a comment what the service does not show: QR data, campaign slugs, the password", () => {
            assert.equal(
                program.split("// QR type, data, background, foreground and logo: the service does not show them")
                    .length - 1,
                PER_KIND,
            );
            assert.equal(program.split("// rotator slug: the service does not show it").length - 1, PER_KIND);
            assert.match(program, /^\/\/ password: the service never shows it/m);
            assert.doesNotMatch(
                program,
                /secret-looking data/,
                "QR data is not shown by the API, so it cannot be in the program",
            );
        });

        it("type-checks against the package as installed", () => {
            assert.deepEqual(typeCheck({ "index.ts": program }), []);
        });

        describe("through the Pulumi CLI", () => {
            let up: LifecycleResult;
            before(async () => {
                up = await run("up");
            });

            it("up takes over every object without a single POST, PUT or DELETE", async () => {
                assert.deepEqual(await writesSince(), []);
                const created = up.steps.filter((step) => step.op === "create" && !step.type.endsWith("pulumi:Stack"));
                // The links the channels hold are links of the account too, declared from links.json.
                assert.equal(created.length, PER_KIND * 5 + CHANNELS_WITH_ITEMS * 4 + 1);
            });

            it("then preview shows no change", async () => {
                assert.deepEqual(changes(await run("preview")), []);
            });

            it("refresh finds no drift, and preview after it shows no change, still without a write", async () => {
                const refresh = await run("refresh");
                const drifted = refresh.steps.filter(
                    (step) => (step.diffs ?? []).length > 0 || step.op === "read-gone",
                );
                assert.deepEqual(
                    drifted.map((step) => `${step.name}: ${JSON.stringify(step.diffs)}`),
                    [],
                );
                assert.deepEqual(changes(await run("preview")), []);
                assert.deepEqual(await writesSince(), []);
            });

            it("a second import of the same account gives identical code and data", async () => {
                const dir = freshTempDir("shortener-import-again");
                try {
                    const again = await importInto(emulator, dir, [...profile.args, "--page-size", String(PAGE_SIZE)], {
                        SOURCE_DATE_EPOCH: FIXED_EPOCH,
                    });
                    assert.deepEqual(again, { program, links });
                    // Without a fixed time only the header's time differs.
                    const now = await importInto(emulator, dir, profile.args);
                    const withoutTime = (text: string) =>
                        text.replace(/^(\/\/ Imported by shortener-import from \S+ at )\S+:$/m, "$1<time>:");
                    assert.notEqual(now.program, program);
                    assert.equal(withoutTime(now.program), withoutTime(program));
                    assert.equal(now.links, links);
                } finally {
                    removeDir(dir);
                }
            });
        });
    });
}

describe("shortener-import: options, errors and the key", function () {
    this.timeout(120_000);
    let emulator: RunningEmulator;
    before(async () => {
        emulator = await startEmulator({ rateLimit: { limit: 10_000, windowMs: 1000 }, systemDomains: 2 });
        await seedAccount(emulator, 3, 1, 2);
    });
    after(async () => emulator?.close());

    it("--json prints what was found, system domains included, and --kinds limits what is read", async () => {
        const found = JSON.parse(
            mustSucceed(await importer(emulator, ["--json", "--kinds", "channels,qrcodes"])).stdout,
        );
        assert.deepEqual(Object.keys(found).sort(), ["channels", "importedAt", "qrCodes", "source"]);
        assert.equal(found.channels.length, 3);
        assert.deepEqual(
            found.channels[0].items.map((item: { type: string }) => item.type),
            ["bio", "links", "qr"],
        );
        const all = JSON.parse(mustSucceed(await importer(emulator, ["--json"])).stdout);
        assert.equal(all.systemDomains.length, 2);
        assert.equal(all.domains.length, 3);
    });

    it("names each object's resource and variable after its name, as docs/importing.md says (Spring sale: spring-sale in campaignSpringSale)", async () => {
        // An account of its own: the shared one holds "spring-sale" too, which would give both names their ids.
        const own = await startEmulator({});
        try {
            const { id } = await own.admin.seed("campaigns", { name: "Spring sale" });
            const program = mustSucceed(await importer(own, ["--kinds", "campaigns"])).stdout;
            assert.match(
                program,
                new RegExp(
                    `^const campaignSpringSale = new shortener\\.Campaign\\("spring-sale", \\{\n {4}adopt: ${id},$`,
                    "m",
                ),
            );
            assert.deepEqual(typeCheck({ "index.ts": program }), []);
        } finally {
            await own.close();
        }
    });

    it("--output writes the program to a file and prints only the summary", async () => {
        const file = join(freshTempDir("shortener-import-output"), "index.ts");
        try {
            const result = mustSucceed(await importer(emulator, ["--output", file, "--kinds", "pixels"]));
            assert.equal(result.stdout, "");
            assert.match(result.stderr, /^shortener-import: 3 pixels -> /m);
            const written = readFileSync(file, "utf8");
            assert.equal(written.split("new shortener.Pixel(").length - 1, 3);
            assert.doesNotMatch(written, /new shortener\.(Domain|Campaign|Channel|QrCode)\(/);
        } finally {
            removeDir(join(file, ".."));
        }
    });

    it("marks an object whose values the provider's input checks refuse, with the property and the reason", async () => {
        const { id } = await emulator.admin.seed("campaigns", { name: "ab" });
        try {
            const result = mustSucceed(await importer(emulator, ["--kinds", "campaigns"]));
            assert.match(
                result.stdout,
                /^\/\/ The provider refuses this at preview: "name: name must be at least 3 characters.*\nconst campaignAb = new shortener\.Campaign\("ab", \{\n {4}adopt: \d+,/m,
            );
            assert.equal(
                result.stdout.split("The provider refuses this at preview").length - 1,
                1,
                "only the short name is marked",
            );
            assert.match(result.stdout, /^\/\/ 1 resource holds values the provider refuses/m);
            assert.match(result.stderr, /1 resource\(s\) hold values the provider refuses/);
        } finally {
            await emulator.admin.remove("campaigns", id);
        }
    });

    it("refuses unknown options, kinds and timestamps with exit 2, naming what is wrong", async () => {
        const kinds = await importer(emulator, ["--kinds", "domains,bookmarks"]);
        assert.equal(kinds.code, 2);
        assert.match(kinds.stderr, /--kinds: unknown kind bookmarks/);
        const timestamp = await importer(emulator, ["--timestamp", "yesterday"]);
        assert.equal(timestamp.code, 2);
        assert.match(timestamp.stderr, /--timestamp: expected an ISO date/);
        assert.equal((await importer(emulator, ["--frobnicate"])).code, 2);
    });

    it("--stack reads the base URL from the stack's config file, the key still from the environment", async () => {
        const dir = freshTempDir("shortener-import-stack");
        try {
            writeFileSync(
                join(dir, "Pulumi.dev.yaml"),
                `config:\n  shortener:baseUrl: ${emulator.baseUrl}\n  shortener:apiKey:\n    secure: AAABAKx0\n`,
            );
            const result = mustSucceed(
                await importer(emulator, ["--stack", "dev", "--kinds", "pixels"], { SHORTENER_BASE_URL: "" }, dir),
            );
            assert.match(
                result.stdout,
                new RegExp(`^// Imported by shortener-import from "${emulator.baseUrl}" at `, "m"),
            );
            const missing = await importer(emulator, ["--stack", "prod"], {}, dir);
            assert.equal(missing.code, 2);
            assert.match(missing.stderr, /there is no Pulumi\.prod\.yaml/);
        } finally {
            removeDir(dir);
        }
    });

    it("--stack naming a FIFO or a folder is a usage error at once, not a read that waits for a writer", async () => {
        const dir = freshTempDir("shortener-import-fifo");
        try {
            execFileSync("mkfifo", [join(dir, "Pulumi.pipe.yaml")]);
            mkdirSync(join(dir, "Pulumi.folder.yaml"));
            await emulator.admin.clearRequests();
            for (const [stack, kind] of [
                ["pipe", "a FIFO"],
                ["folder", "a directory"],
            ]) {
                const result = await runCommand(process.execPath, [BIN, "--stack", stack], {
                    cwd: dir,
                    timeoutMs: 20_000,
                    env: { SHORTENER_API_KEY: emulator.apiKey },
                });
                assert.equal(result.code, 2, `--stack ${stack}: ${result.stderr}`);
                assert.match(
                    result.stderr,
                    new RegExp(`--stack ${stack}: Pulumi\\.${stack}\\.yaml: not a regular file \\(${kind}\\)`),
                );
            }
            assert.deepEqual(await emulator.admin.requests(), []);
        } finally {
            removeDir(dir);
        }
    });

    it("a Pulumi.<stack>.yaml that is not valid YAML is named with the line and column, never with its text", async () => {
        const dir = freshTempDir("shortener-import-yaml");
        const key = "sk-live-Zq8Vb3Rt7Yw2";
        // Each file puts the key where the YAML goes wrong: on the line an error would show.
        const files: [string, string, RegExp][] = [
            [
                "repeated",
                `config:\n  shortener:baseUrl: ${emulator.baseUrl}\n  shortener:apiKey: ${key}\n  shortener:apiKey: ${key}\n`,
                /Pulumi\.repeated\.yaml: not valid YAML \(line 4, column 3\)/,
            ],
            [
                "unclosed",
                `config:\n  shortener:apiKey: "${key}\n`,
                /Pulumi\.unclosed\.yaml: not valid YAML \(line 3, column 1\)/,
            ],
            [
                "nested",
                `config:\n  shortener:apiKey: ${key}: x\n`,
                /Pulumi\.nested\.yaml: not valid YAML \(line 2, column 21\)/,
            ],
            [
                "alias",
                `config:\n  shortener:apiKey: *${key}\n`,
                /Pulumi\.alias\.yaml: not usable YAML \(an alias names no anchor before it\)/,
            ],
        ];
        try {
            await emulator.admin.clearRequests();
            for (const [stack, text, message] of files) {
                writeFileSync(join(dir, `Pulumi.${stack}.yaml`), text);
                const result = await importer(
                    emulator,
                    ["--stack", stack],
                    { SHORTENER_API_KEY: "", SHORTENER_BASE_URL: emulator.baseUrl },
                    dir,
                );
                assert.equal(result.code, 1, `${stack}: ${result.stderr}`);
                assert.match(result.stderr, message, stack);
                assert.ok(
                    !result.stderr.includes(key) && !result.stdout.includes(key),
                    `${stack}: the key is shown:\n${result.stderr}`,
                );
            }
            assert.deepEqual(await emulator.admin.requests(), [], "a request was sent");
            // A tag YAML does not know is no error (the value is read as text), and nothing warns with the line.
            writeFileSync(join(dir, "Pulumi.tagged.yaml"), `config:\n  shortener:apiKey: !${key} ${key}\n`);
            const tagged = await importer(
                emulator,
                ["--stack", "tagged"],
                { SHORTENER_API_KEY: "", SHORTENER_BASE_URL: emulator.baseUrl },
                dir,
            );
            assert.equal(tagged.code, 1, "the service refuses the key");
            assert.ok(!tagged.stderr.includes(key), `the key is shown:\n${tagged.stderr}`);
        } finally {
            removeDir(dir);
        }
    });

    it("a SOURCE_DATE_EPOCH or --page-size beyond what it can hold is a usage error (exit 2), before any request", async () => {
        await emulator.admin.clearRequests();
        const epoch = await importer(emulator, [], { SOURCE_DATE_EPOCH: "99999999999999" });
        assert.equal(epoch.code, 2, epoch.stderr);
        assert.match(epoch.stderr, /SOURCE_DATE_EPOCH: .*got "99999999999999"/);
        const pageSize = await importer(emulator, ["--page-size", "99999999999999999999"]);
        assert.equal(pageSize.code, 2, pageSize.stderr);
        assert.match(pageSize.stderr, /--page-size: .*got "99999999999999999999"/);
        for (const result of [epoch, pageSize]) assert.equal(result.stdout, "");
        assert.deepEqual(await emulator.admin.requests(), [], "a request was sent");
    });

    it("without a key, says to export SHORTENER_API_KEY, which the import reads (not a stack secret, which it cannot)", async () => {
        const result = await importer(emulator, [], { SHORTENER_API_KEY: "" });
        assert.equal(result.code, 1);
        assert.match(result.stderr, /no API key for the shortener service: export SHORTENER_API_KEY=<key>/);
        assert.doesNotMatch(result.stderr, /run `pulumi config set/);
        const noUrl = await importer(emulator, [], { SHORTENER_BASE_URL: "" });
        assert.equal(noUrl.code, 1);
        assert.match(noUrl.stderr, /no base URL for the shortener service: export SHORTENER_BASE_URL=.*--stack NAME/);
    });

    it("--help lists the options and the exit codes, --version prints the package's version, both exit 0", async () => {
        const help = mustSucceed(await importer(emulator, ["--help"]));
        for (const option of [
            "--output",
            "--service",
            "--kinds",
            "--json",
            "--stack",
            "--timestamp",
            "--page-size",
            "--version",
        ])
            assert.match(help.stdout, new RegExp(option));
        assert.match(help.stdout, /Exit status: 0 .*; 1 .*; 2 a usage\s+error/s);
        assert.match(help.stdout, /"> FILE": the shell empties FILE/);
        const version = mustSucceed(await importer(emulator, ["--version"]));
        assert.equal(version.stdout, `${readManifest().version}\n`);
        assert.equal((await importer(emulator, ["--service", "both"])).code, 2);
    });

    it("reads a whole account without loading the Pulumi SDK's index (a second of CPU that a command declaring no resource need not spend)", async () => {
        const dir = freshTempDir("import-modules");
        try {
            const probe = join(dir, "probe.js");
            writeFileSync(
                probe,
                `process.on("exit", () => { if (Object.keys(require.cache).some((file) => /[\\\\/]@pulumi[\\\\/]pulumi[\\\\/]index\\.js$/.test(file))) process.stderr.write("the SDK's index was loaded\\n"); });\n`,
            );
            const imported = await runCommand(
                process.execPath,
                ["--require", probe, BIN, "--output", join(dir, "index.ts")],
                {
                    cwd: REPOSITORY_ROOT,
                    env: {
                        SHORTENER_BASE_URL: emulator.baseUrl,
                        SHORTENER_API_KEY: emulator.apiKey,
                        SOURCE_DATE_EPOCH: "",
                    },
                },
            );
            assert.equal(imported.code, 0, imported.stderr);
            assert.match(readFileSync(join(dir, "index.ts"), "utf8"), /new shortener\.Domain\(/);
            assert.doesNotMatch(imported.stderr, /the SDK's index was loaded/);
        } finally {
            removeDir(dir);
        }
    });

    it("text with HTML entities and nothing telling how the service stores text: exit 2, asking for --service; each choice declared as it says", async () => {
        // An account of its own: the shared one holds bare & and < (stored as sent), which already tell.
        const own = await startEmulator({});
        try {
            await own.admin.seed("channels", { name: "Tom &amp; Jerry" });
            const unknown = await importer(own, ["--kinds", "channels"]);
            assert.equal(unknown.code, 2);
            assert.equal(unknown.stdout, "");
            assert.match(unknown.stderr, /channel \d+'s name is "Tom &amp; Jerry".*--service real.*--service spec/);
            const real = mustSucceed(await importer(own, ["--kinds", "channels", "--service", "real"])).stdout;
            assert.match(real, /^ {4}name: "Tom & Jerry",$/m);
            const spec = mustSucceed(await importer(own, ["--kinds", "channels", "--service", "spec"])).stdout;
            assert.match(spec, /^ {4}name: "Tom &amp; Jerry",$/m);
            // Either way the name comes from the text, not from its escaped form.
            for (const program of [real, spec])
                assert.match(program, /^const channelTomJerry = new shortener\.Channel\("tom-jerry", \{$/m);
            // A bare & " ' < > elsewhere shows the service stores text as sent: no question, nothing unescaped.
            await own.admin.seed("channels", { name: "Fish & chips" });
            assert.match(
                mustSucceed(await importer(own, ["--kinds", "channels"])).stdout,
                /^ {4}name: "Tom &amp; Jerry",$/m,
            );
        } finally {
            await own.close();
        }
    });

    it("never prints or writes the key: not in the program, the JSON, the summary or an error", async () => {
        const key = emulator.apiKey;
        const dir = freshTempDir("shortener-import-key");
        const outputs = [
            await importer(emulator, ["--output", join(dir, "index.ts")]),
            await importer(emulator, ["--json"]),
        ];
        outputs.forEach(mustSucceed);
        const files = ["index.ts", "links.json"].map((file) => readFileSync(join(dir, file), "utf8"));
        removeDir(dir);
        for (const text of files) assert.ok(!text.includes(key), `the key appears in:\n${text.slice(0, 400)}`);
        // A key the service refuses, and a service that does not answer.
        const wrongKey = `${key}-revoked`;
        const refused = await importer(emulator, [], { SHORTENER_API_KEY: wrongKey });
        assert.equal(refused.code, 1);
        const closed = await startEmulator({});
        const unreachableUrl = closed.baseUrl;
        await closed.close();
        const unreachable = await importer(emulator, [], {
            SHORTENER_BASE_URL: unreachableUrl,
            SHORTENER_REQUEST_TIMEOUT_MS: "500",
        });
        assert.equal(unreachable.code, 1);
        // The key pasted where the base URL belongs: the message quotes the value, but not the key.
        const misplaced = await importer(emulator, [], { SHORTENER_BASE_URL: key });
        assert.equal(misplaced.code, 1);
        assert.match(misplaced.stderr, /shortener:baseUrl must be an http\(s\) URL/);
        for (const result of [...outputs, refused, unreachable, misplaced]) {
            for (const text of [result.stdout, result.stderr]) {
                assert.ok(!text.includes(key), `the key appears in:\n${text.slice(0, 400)}`);
            }
        }
        assert.ok(!refused.stderr.includes(wrongKey) && refused.stderr.length > 0, refused.stderr);
    });
});
