// The Pulumi CLI this repository runs, at the one version its Go module pins (tools/pulumi/go.mod). A `pulumi` on
// PATH at that version is used as it is; otherwise the CLI and its language hosts (this repository's Node.js host, its
// codegen-only Python and Go hosts, and Pulumi YAML's host at the version language-yaml/go.mod pins) are built from
// the Go module proxy, once per machine, into a cache outside the clone (so `git clean` keeps it), with the
// dynamic-provider plugin written beside them. Every build step is bounded in time, and the build says what it is
// doing while it runs. What is run is the user's own: a cache another user could have written to is refused, and the
// build takes only the modules go.sum pins, whatever the Go environment says.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
    chmodSync,
    copyFileSync,
    existsSync,
    mkdirSync,
    readdirSync,
    readFileSync,
    realpathSync,
    renameSync,
    rmSync,
    statSync,
} from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join, resolve, sep } from "node:path";

/** The Go module that pins the CLI: its go.mod, go.sum, the language hosts and the plugin script. */
export const MODULE_DIR = resolve(__dirname, "../../../tools/pulumi");
const CLI_PACKAGE = "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi";
const VERSION_VARIABLE = "github.com/pulumi/pulumi/sdk/v3/go/common/version.Version";
const PLUGIN_SCRIPT = "pulumi-resource-pulumi-nodejs";
/** The hosts built from this module, each from its folder `language-<name>` (and the code they share). */
const HOSTS = ["nodejs", "python", "go"];
const SHARED_HOST_CODE = "languagehost";

/** A Go module a build reads: its folder (within MODULE_DIR) and the variable its binaries' version is stamped in. */
export interface GoModule {
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
/** What a build puts in the CLI's folder: each is run with the user's rights. */
const BUILT = ["pulumi", ...[...HOSTS, "yaml"].map((host) => `pulumi-language-${host}`), PLUGIN_SCRIPT];
/** The mode of every folder and program the build makes: the user's to write, everyone's to read and run. */
const BUILT_MODE = 0o755;

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
    const binDir = cachedBinDir();
    const cli = { binDir, bin: join(binDir, "pulumi"), version };
    if (existsSync(cli.bin)) {
        trustCache(binDir, BUILT);
        return { ...cli, source: "cache" };
    }
    mkdirSync(cacheRoot(), { recursive: true, mode: BUILT_MODE });
    trustCache(cacheRoot(), []);
    await buildInto(binDir, version, say);
    trustCache(binDir, BUILT);
    return { ...cli, source: "built" };
}

/**
 * Refuses a cache whose CLI another user could have put there or could change, since it runs with the user's rights:
 * `folder` (the cache, or the CLI's folder in it) and the files in it must be the user's own and writable by no one
 * else; every folder above them the user's or root's, and writable by no one else unless sticky (as /tmp: there
 * others may add entries but not move or replace the user's).
 */
function trustCache(folder: string, files: readonly string[]): void {
    const me = process.getuid?.();
    if (me === undefined) return; // Windows: no owners to compare.
    const real = realpathSync(folder);
    const cache = realpathSync(cacheRoot());
    const within = (path: string) => path === cache || path.startsWith(`${cache}${sep}`);
    // The folder's own chain and the cache's: a folder of the cache that links elsewhere is judged where it leads.
    const folders = new Set([...chainOf(real), ...chainOf(cache)]);
    const problems = [...folders].flatMap((path) =>
        untrusted(path, me, path === real || within(path) ? "own" : "above"),
    );
    // A file missing is no one's: only the user can add it to a folder that passes.
    for (const file of files.filter((name) => existsSync(join(real, name))))
        problems.push(...untrusted(join(real, file), me, "own"));
    if (problems.length === 0) return;
    throw new Error(
        `pulumi: the CLI cache ${cache} is not used, since another user could put a program there that this would run: ` +
            `${problems.join("; ")}. Set PULUMI_SHORTENER_CACHE to a folder of your own that no one else can write to`,
    );
}

/** `path` and every folder above it, up to the root. */
function chainOf(path: string): string[] {
    return dirname(path) === path ? [path] : [path, ...chainOf(dirname(path))];
}

/** Why `path` cannot be trusted with a program the user runs: none, or its owner, or who else may write it. */
function untrusted(path: string, me: number, where: "own" | "above"): string[] {
    const stats = statSync(path);
    const mode = stats.mode & 0o7777;
    const problems: string[] = [];
    if (stats.uid !== me && (where === "own" || stats.uid !== 0))
        problems.push(`${path}: owned by uid ${stats.uid}, not by you (uid ${me})`);
    const sticky = stats.isDirectory() && (mode & 0o1000) !== 0;
    if ((mode & 0o022) !== 0 && !(where === "above" && sticky))
        problems.push(`${path}: writable by others (mode ${(mode & 0o777).toString(8)})`);
    return problems;
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

/** The folder of the CLI built from these sources, in the cache `env` names. */
export function cachedBinDir(env: NodeJS.ProcessEnv = process.env): string {
    return join(cacheRoot(env), `pulumi-${pinnedVersion()}-${sourcesKey()}`, "bin");
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
    mkdirSync(staging, { recursive: true, mode: BUILT_MODE });
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
        // Whatever the umask made of them: a program another may write to is refused (trustCache).
        for (const file of BUILT) chmodSync(join(staging, file), BUILT_MODE);
        chmodSync(staging, BUILT_MODE);
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

/**
 * `go build` of one main package in a module, as Pulumi's releases build it (.goreleaser.yml), its version stamped,
 * in the caller's environment as goEnvironment sets it.
 */
export function goBuild(
    outDir: string,
    name: string,
    pkg: string,
    version: string,
    say: (line: string) => void,
    module: GoModule = PULUMI_MODULE,
    env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
    const args = ["build", "-C", module.dir, "-trimpath", "-tags", "osusergo,grpcnotrace"];
    args.push("-ldflags", `-X ${module.versionVariable}=${version}`, "-o", join(outDir, name), pkg);
    return runBounded("go", args, goEnvironment(env), `go build ${name}`, say);
}

/**
 * The caller's environment with what decides the sources built set here, so that only the modules go.sum pins are
 * built, each checked against it as it is downloaded, whatever GOPROXY serves and GOSUMDB says:
 * - GOFLAGS: `-mod=readonly`, since `-mod=mod` would pin a module go.sum lacks (and GOSUMDB=off would let it in
 *   unchecked), and `-modfile`, `-overlay` or `-toolexec` would build or run something else; `-buildvcs=false`, as the
 *   binaries need no commit stamped (and a clone owned by another user fails the stamping);
 * - GOWORK=off: a go.work would replace modules;
 * - GOTOOLCHAIN=local: a toolchain fetched to replace this one is checked only against GOSUMDB.
 * GOPROXY stays the caller's: go.sum judges what it serves, and a machine may reach only its own proxy.
 */
function goEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return {
        ...env,
        CGO_ENABLED: "0",
        GOFLAGS: "-mod=readonly -buildvcs=false",
        GOWORK: "off",
        GOTOOLCHAIN: "local",
    };
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
