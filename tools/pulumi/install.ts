// The Pulumi CLI this repository runs, at the one version its Go module pins (tools/pulumi/go.mod). A `pulumi` on
// PATH at that version is used as it is; otherwise the CLI and its language hosts (this repository's Node.js host, its
// codegen-only Python and Go hosts, and Pulumi YAML's host at the version language-yaml/go.mod pins) are built from
// the Go module proxy, once per machine, into a cache outside the clone (so `git clean` keeps it), with the
// dynamic-provider plugin written beside them. Every build step is bounded in time, and the build says what it is
// doing while it runs.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join, resolve } from "node:path";

/** The Go module that pins the CLI: its go.mod, go.sum, the language hosts and the plugin script. */
export const MODULE_DIR = resolve(__dirname, "../../../tools/pulumi");
const CLI_PACKAGE = "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi";
const VERSION_VARIABLE = "github.com/pulumi/pulumi/sdk/v3/go/common/version.Version";
const PLUGIN_SCRIPT = "pulumi-resource-pulumi-nodejs";
/** The hosts built from this module, each from its folder `language-<name>` (and the code they share). */
const HOSTS = ["nodejs", "python", "go"];
const SHARED_HOST_CODE = "languagehost";

/** A Go module a build reads: its folder (within MODULE_DIR) and the variable its binaries' version is stamped in. */
interface GoModule {
    dir: string;
    versionVariable: string;
}
const PULUMI_MODULE: GoModule = { dir: ".", versionVariable: VERSION_VARIABLE };
/** Pulumi YAML's host requires an older Pulumi than the CLI, so it is built in a Go module of its own. */
const YAML_MODULE: GoModule = {
    dir: "language-yaml",
    versionVariable: "github.com/pulumi/pulumi-yaml/pkg/version.Version",
};
const YAML_HOST_PACKAGE = "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml";

/** A cold build on a 2-core machine takes minutes; this bounds one that hangs (a stalled proxy, a full disk). */
export const BUILD_TIMEOUT_MS = 60 * 60_000;
/** How often a running build says it still runs. */
const PROGRESS_EVERY_MS = 15_000;

export interface PulumiCli {
    /** The folder of `pulumi` and its bundled plugins: first on PATH for every run. */
    binDir: string;
    /** `<binDir>/pulumi`. */
    bin: string;
    version: string;
    /** Where it came from: the caller's PATH, this machine's cache, or a build just now. */
    source: "path" | "cache" | "built";
}

/** The pinned version, as go.mod requires the CLI's module (`v3.274.1`). */
export function pinnedVersion(): string {
    return requiredVersion(PULUMI_MODULE, "github.com/pulumi/pulumi/pkg/v3");
}

/** The version a module's go.mod requires of another module. */
function requiredVersion(module: GoModule, required: string): string {
    const goMod = join(MODULE_DIR, module.dir, "go.mod");
    const escaped = required.replace(/\./g, "\\.");
    const match = new RegExp(`^\\s*${escaped} (v\\d+\\.\\d+\\.\\d+)( // indirect)?$`, "m").exec(
        readFileSync(goMod, "utf8"),
    );
    if (!match) throw new Error(`${goMod}: no requirement of ${required}`);
    return match[1];
}

/** The cache of built CLIs: `$PULUMI_SHORTENER_CACHE`, else `$XDG_CACHE_HOME/pulumi-shortener`, else ~/.cache's. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
    if (env.PULUMI_SHORTENER_CACHE) return resolve(env.PULUMI_SHORTENER_CACHE);
    return join(env.XDG_CACHE_HOME ? resolve(env.XDG_CACHE_HOME) : join(homedir(), ".cache"), "pulumi-shortener");
}

/**
 * The CLI at the pinned version: the caller's `pulumi` when it is that version, else the cached build for these
 * sources, else a new build. `say` gets one line per step and, during a build, a line every 15 s.
 */
export async function ensurePulumiCli(say: (line: string) => void = (line) => console.error(line)): Promise<PulumiCli> {
    const version = pinnedVersion();
    const onPath = pulumiOnPath(version);
    if (onPath) return onPath;
    const binDir = join(cacheRoot(), `pulumi-${version}-${sourcesKey()}`, "bin");
    const cli = { binDir, bin: join(binDir, "pulumi"), version };
    if (existsSync(cli.bin)) return { ...cli, source: "cache" };
    await buildInto(binDir, version, say);
    return { ...cli, source: "built" };
}

/** A `pulumi` on PATH that reports the pinned version, with its plugins beside it as a release installs them. */
function pulumiOnPath(version: string): PulumiCli | undefined {
    for (const dir of (process.env.PATH ?? "").split(delimiter)) {
        const bin = join(dir, "pulumi");
        if (!dir || !existsSync(bin)) continue;
        const printed = spawnSync(bin, ["version"], { encoding: "utf8", timeout: 30_000 });
        if (printed.stdout?.trim() === version) return { binDir: dir, bin, version, source: "path" };
        return undefined;
    }
    return undefined;
}

/** A digest of everything the build reads from the repository, so that a change to any of it builds anew. */
function sourcesKey(): string {
    const hash = createHash("sha256");
    const hostDirs = [SHARED_HOST_CODE, ...HOSTS.map((host) => `language-${host}`), YAML_MODULE.dir];
    const files = [
        "go.mod",
        "go.sum",
        PLUGIN_SCRIPT,
        ...hostDirs.flatMap((dir) => readdirSync(join(MODULE_DIR, dir)).map((name) => join(dir, name))),
    ];
    for (const file of files.sort())
        hash.update(file)
            .update("\0")
            .update(readFileSync(join(MODULE_DIR, file)))
            .update("\0");
    return hash.digest("hex").slice(0, 12);
}

/** Builds into a private folder and renames it into place, so a killed build or a concurrent one leaves no half. */
async function buildInto(binDir: string, version: string, say: (line: string) => void): Promise<void> {
    const staging = `${binDir}.building-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const started = Date.now();
    const yamlVersion = requiredVersion(YAML_MODULE, "github.com/pulumi/pulumi-yaml");
    say(`pulumi: building the Pulumi CLI ${version}, its Node.js host, its codegen-only Python and Go hosts and`);
    say(`pulumi: Pulumi YAML's host ${yamlVersion} from the Go module proxy into ${binDir}`);
    say(`pulumi: a first build on a machine takes minutes, later ones seconds (Go's cache)`);
    try {
        await goBuild(staging, "pulumi", CLI_PACKAGE, version, say);
        for (const host of HOSTS) await goBuild(staging, `pulumi-language-${host}`, `./language-${host}`, version, say);
        await goBuild(staging, "pulumi-language-yaml", YAML_HOST_PACKAGE, yamlVersion, say, YAML_MODULE);
        copyFileSync(join(MODULE_DIR, PLUGIN_SCRIPT), join(staging, PLUGIN_SCRIPT));
        chmodSync(join(staging, PLUGIN_SCRIPT), 0o755);
        publish(staging, binDir);
    } finally {
        rmSync(staging, { recursive: true, force: true });
    }
    say(`pulumi: built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Moves the staged folder into place; when another build got there first, its result stands. */
function publish(staging: string, binDir: string): void {
    mkdirSync(join(binDir, ".."), { recursive: true });
    try {
        renameSync(staging, binDir);
    } catch (error) {
        if (!existsSync(join(binDir, "pulumi"))) throw error;
    }
}

/** `go build` of one main package in a module, as Pulumi's releases build it (.goreleaser.yml), its version stamped. */
function goBuild(
    outDir: string,
    name: string,
    pkg: string,
    version: string,
    say: (line: string) => void,
    module: GoModule = PULUMI_MODULE,
): Promise<void> {
    const args = ["build", "-C", module.dir, "-trimpath", "-tags", "osusergo,grpcnotrace"];
    args.push("-ldflags", `-X ${module.versionVariable}=${version}`, "-o", join(outDir, name), pkg);
    return runBounded("go", args, { ...process.env, CGO_ENABLED: "0" }, `go build ${name}`, say);
}

function runBounded(
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    what: string,
    say: (line: string) => void,
): Promise<void> {
    const started = Date.now();
    const child = spawn(command, args, { cwd: MODULE_DIR, env, stdio: ["ignore", "inherit", "inherit"] });
    const progress = setInterval(
        () => say(`pulumi: ${what} still running (${Math.round((Date.now() - started) / 1000)} s)`),
        PROGRESS_EVERY_MS,
    );
    const deadline = setTimeout(() => child.kill("SIGKILL"), BUILD_TIMEOUT_MS);
    return new Promise<void>((done, fail) => {
        child.once("error", (error) => fail(new Error(`${what}: could not start ${command}: ${error.message}`)));
        child.once("close", (code, signal) => {
            clearInterval(progress);
            clearTimeout(deadline);
            if (code === 0) return done();
            const why = signal
                ? `was killed (${signal}) after ${BUILD_TIMEOUT_MS / 60_000} min`
                : `exited with ${code}`;
            fail(new Error(`${what} ${why}; its output is above`));
        });
    });
}

/**
 * The environment every run of the CLI gets: the caller's, with the CLI's folder first on PATH (its bundled plugins
 * are found there) and, unless the caller set them, the settings that keep the CLI from reaching the network: no
 * update check, no plugin downloads, and a local file backend (`~/.pulumi`, as `pulumi login --local`).
 */
export function cliEnvironment(cli: PulumiCli, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
    const defaults = {
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_BACKEND_URL: "file://~",
    };
    const merged: Record<string, string> = { ...defaults };
    for (const [key, value] of Object.entries(env)) if (value !== undefined) merged[key] = value;
    merged.PATH = [cli.binDir, env.PATH ?? ""].filter(Boolean).join(delimiter);
    return merged;
}
