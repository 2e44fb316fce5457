// sdk/nodejs, sdk/python and sdk/go are what `npm run sdk` writes now (tools/sdk): the plugin's schema, through the
// real Pulumi CLI and its language hosts, generated again into a temporary folder and compared file by file with the
// SDKs as they are in the working tree. The Node.js SDK compiles with the TypeScript and @pulumi/pulumi of this
// package. (The Python and Go SDKs are proven by their programs' mock tests beside this file.)
import { strict as assert } from "node:assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CLI_STEP_TIMEOUT_MS, generateSdks, pluginSchema, SDK_DIR, SDK_LANGUAGES } from "../../tools/sdk/generate";
import { mustRun, runCommand } from "../support/commands";
import { pulumiCli } from "../support/pulumi";
import { freshTempDir, removeDir, REPOSITORY_ROOT } from "../support/repository";

/** The files of a tree, by their paths inside it. */
function filesUnder(dir: string): string[] {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
        .sort();
}

/** The SDK's files in the working tree: committed or new, but not what its own .gitignore leaves out (a build's). */
async function sdkFiles(language: string): Promise<string[]> {
    const { stdout } = await mustRun("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "."], {
        cwd: join(SDK_DIR, language),
    });
    return stdout
        .split("\0")
        .filter((file) => file !== "" && existsSync(join(SDK_DIR, language, file)))
        .sort();
}

/** How the SDK in the working tree differs from a fresh one: each file missing, extra or changed, by name. */
async function differences(language: string, fresh: string): Promise<string[]> {
    const committed = await sdkFiles(language);
    const generated = filesUnder(fresh);
    const changed = generated.filter(
        (file) =>
            committed.includes(file) &&
            !readFileSync(join(fresh, file)).equals(readFileSync(join(SDK_DIR, language, file))),
    );
    return [
        ...generated.filter((file) => !committed.includes(file)).map((file) => `missing: ${file}`),
        ...committed.filter((file) => !generated.includes(file)).map((file) => `not generated: ${file}`),
        ...changed.map((file) => `changed: ${file}`),
    ];
}

describe("sdk/: the Node.js, Python and Go SDKs", function () {
    this.timeout(4 * CLI_STEP_TIMEOUT_MS + 60_000);
    let work: string | undefined;
    after(() => removeDir(work));

    it("are what `npm run sdk` writes from the plugin's schema through the real Pulumi CLI", async () => {
        work = freshTempDir("sdk");
        const cli = await pulumiCli();
        await generateSdks(cli, await pluginSchema(cli, work), join(work, "sdk"));
        const stale: string[] = [];
        for (const language of SDK_LANGUAGES) {
            const found = await differences(language, join(work, "sdk", language));
            stale.push(...found.map((difference) => `sdk/${language}: ${difference}`));
        }
        assert.deepEqual(stale, [], "the SDKs are not what npm run sdk writes now: run npm run sdk");
    });

    it("the Node.js SDK compiles with this package's TypeScript and @pulumi/pulumi", async () => {
        const out = freshTempDir("sdk-nodejs");
        try {
            const tsc = require.resolve("typescript/bin/tsc", { paths: [REPOSITORY_ROOT] });
            const project = join(SDK_DIR, "nodejs", "tsconfig.json");
            const compiled = await runCommand(process.execPath, [tsc, "-p", project, "--outDir", out], {
                cwd: REPOSITORY_ROOT,
            });
            assert.equal(compiled.code, 0, compiled.stdout);
            const sources = (await sdkFiles("nodejs")).filter((file) => /(?<!\.d)\.ts$/.test(file));
            assert.ok(sources.length > 0, "sdk/nodejs holds no TypeScript");
            for (const source of sources) assert.ok(existsSync(join(out, source.replace(/\.ts$/, ".js"))), source);
        } finally {
            removeDir(out);
        }
    });
});
