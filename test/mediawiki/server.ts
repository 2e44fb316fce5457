// A real MediaWiki for the tests, in either LTS release: 1.39 from Debian bookworm's `mediawiki` package
// (/usr/share/mediawiki, installed with apt), or 1.43 from Debian trixie's, fetched and unpacked beside it by
// install-mediawiki-1.43.sh (never installed; it runs on bookworm's PHP). Either becomes a throw-away wiki with
// SQLite in a temporary directory, served by PHP's built-in server on a free 127.0.0.1 port.
// Anonymous users get the read rights that query modules check, so that permissions never hide how a
// parameter is validated. Extensions that Debian's package ships can be enabled, at start or while it runs (php -S
// reads LocalSettings.php at every request). Whoever starts it stops it (close), which also removes the directory.
import { ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, appendFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The LTS releases the suites judge against. */
export const MEDIAWIKI_RELEASES = ["1.39", "1.43"] as const;
export type MediaWikiRelease = (typeof MEDIAWIKI_RELEASES)[number];

export const APT_PACKAGES = ["mediawiki", "php-cli", "php-sqlite3", "php-intl", "php-mbstring", "php-xml", "php-gmp"];
const BOOKWORM_MEDIAWIKI_DIR = "/usr/share/mediawiki";
// From dist/test/mediawiki, the script in the repository's test/mediawiki.
const INSTALL_1_43 = resolve(__dirname, "../../../test/mediawiki/install-mediawiki-1.43.sh");
// Fetching and unpacking trixie's packages (about 53 MB) at most; a cached tree answers at once.
const INSTALL_1_43_TIMEOUT_MS = 15 * 60_000;
// Rights that query modules check before they validate their parameters (deleted revisions, patrol
// flags, suppressed entries, hidden users, unwatched pages).
const ANONYMOUS_READ_RIGHTS = [
    "deletedhistory",
    "deletedtext",
    "undelete",
    "browsearchive",
    "patrol",
    "patrolmarks",
    "viewsuppressed",
    "suppressrevision",
    "hideuser",
    "unwatchedpages",
    "viewmywatchlist",
    "viewmyprivateinfo",
    "rollback",
];
// PHP's built-in server answers one request per worker process; two suit a 2-core machine.
const PHP_WORKERS = 2;
const READY_TIMEOUT_MS = 30_000;

export class MediaWikiUnavailable extends Error {
    constructor(reason: string, release: MediaWikiRelease = "1.39") {
        const how =
            release === "1.39"
                ? `apt-get install -y ${APT_PACKAGES.join(" ")}`
                : `apt-get install -y ${APT_PACKAGES.join(" ")}, then ${INSTALL_1_43}`;
        super(`MediaWiki ${release} is not available: ${reason}. Install it with: ${how}`);
        this.name = "MediaWikiUnavailable";
    }
}

/** The extensions the differential suite's wiki enables: their query modules (prop=pageimages, prop=extracts)
 *  are among the most used in real requests. */
export const TEST_EXTENSIONS = ["PageImages", "TextExtracts"];

export interface RunningMediaWiki {
    release: MediaWikiRelease;
    /** http://127.0.0.1:<port>/api.php */
    apiUrl: string;
    /** The installed MediaWiki's version, e.g. "1.39.17". */
    version: string;
    /** Enables one more of the package's extensions; the next request sees it. */
    enableExtension(name: string): void;
    /** Makes the wiki know temporary accounts ($wgAutoCreateTempUser['known']) without creating any; the next request sees it. */
    knowTemporaryAccounts(): void;
    /** Runs one SQL statement on the wiki's SQLite database (to change its data behind MediaWiki's back). */
    sql(statement: string): Promise<void>;
    close(): Promise<void>;
}

function extensionSetting(directory: string, name: string): string {
    if (!/^[A-Za-z0-9_]+$/.test(name) || !existsSync(join(directory, "extensions", name, "extension.json"))) {
        throw new MediaWikiUnavailable(`no extension ${JSON.stringify(name)} in ${directory}/extensions`);
    }
    return `wfLoadExtension( '${name}' );\n`;
}

function installed(): boolean {
    return existsSync(join(BOOKWORM_MEDIAWIKI_DIR, "maintenance/install.php")) && existsSync("/usr/bin/php");
}

function firstLine(error: unknown): string {
    return error instanceof Error ? error.message.split("\n")[0] : String(error);
}

async function aptInstall(): Promise<void> {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = () =>
        run("apt-get", ["install", "-y", "-q", ...APT_PACKAGES], { env, maxBuffer: 64 * 1024 * 1024 });
    try {
        await install();
    } catch {
        await run("apt-get", ["update", "-q"], { env, maxBuffer: 64 * 1024 * 1024 });
        await install();
    }
}

/** Makes sure bookworm's packages are there: installs them with apt when running as root. */
async function ensureBookwormMediaWiki(): Promise<string> {
    if (installed()) return BOOKWORM_MEDIAWIKI_DIR;
    if (process.getuid?.() !== 0)
        throw new MediaWikiUnavailable(`${BOOKWORM_MEDIAWIKI_DIR} is missing and apt needs root`);
    try {
        await aptInstall();
    } catch (error) {
        throw new MediaWikiUnavailable(`apt-get install failed (${firstLine(error)})`);
    }
    if (!installed())
        throw new MediaWikiUnavailable(
            `apt-get finished but ${BOOKWORM_MEDIAWIKI_DIR}/maintenance/install.php is still missing`,
        );
    return BOOKWORM_MEDIAWIKI_DIR;
}

/** Trixie's MediaWiki 1.43, unpacked and cached by the install script, which says why when it cannot. */
async function ensureTrixieMediaWiki(): Promise<string> {
    await ensureBookwormMediaWiki();
    try {
        const { stdout } = await run("bash", [INSTALL_1_43], {
            timeout: INSTALL_1_43_TIMEOUT_MS,
            maxBuffer: 1024 * 1024,
        });
        return stdout.trim();
    } catch (error) {
        const stderr = (error as { stderr?: string }).stderr?.trim().split("\n").pop();
        throw new MediaWikiUnavailable(stderr || firstLine(error), "1.43");
    }
}

/** Makes sure a release is there to serve; returns its directory (the one holding api.php). */
export function ensureMediaWiki(release: MediaWikiRelease = "1.39"): Promise<string> {
    return release === "1.39" ? ensureBookwormMediaWiki() : ensureTrixieMediaWiki();
}

function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
        const server = createServer();
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => {
            const { port } = server.address() as { port: number };
            server.close(() => resolve(port));
        });
    });
}

async function installWiki(mediawiki: string, directory: string, port: number): Promise<void> {
    // The admin password only guards a wiki that lives for one test run on 127.0.0.1.
    const password = `throwaway-${process.pid}-${Date.now()}`;
    await run(
        "php",
        [
            join(mediawiki, "maintenance/install.php"),
            "--dbtype=sqlite",
            `--dbpath=${directory}`,
            "--dbname=wiki",
            `--confpath=${directory}`,
            `--pass=${password}`,
            `--server=http://127.0.0.1:${port}`,
            "--scriptpath=",
            "--lang=en",
            "Differential",
            "Admin",
        ],
        { cwd: mediawiki, maxBuffer: 16 * 1024 * 1024 },
    );
    const rights = ANONYMOUS_READ_RIGHTS.map((right) => `$wgGroupPermissions['*']['${right}'] = true;`).join("\n");
    appendFileSync(
        join(directory, "LocalSettings.php"),
        `\n# Tests: permissions must never hide parameter validation.\n${rights}\n$wgRateLimits = [];\n`,
    );
}

// php -S forks its workers: the server leads its own process group, and the whole group is stopped.
function stop(child: ChildProcess): Promise<void> {
    const group = child.pid;
    if (group === undefined) return Promise.resolve();
    const exited = child.exitCode !== null || child.signalCode !== null;
    return new Promise((resolve) => {
        if (exited) resolve();
        else child.once("exit", () => resolve());
        try {
            process.kill(-group, "SIGTERM");
        } catch {
            resolve();
        }
    });
}

async function waitUntilReady(apiUrl: string, child: ChildProcess, log: () => string): Promise<string> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let last = "no answer";
    while (Date.now() < deadline) {
        if (child.exitCode !== null)
            throw new MediaWikiUnavailable(`php -S exited with status ${child.exitCode}: ${log()}`);
        try {
            const response = await fetch(`${apiUrl}?action=query&meta=siteinfo&format=json&formatversion=2`);
            const body = (await response.json()) as { query?: { general?: { generator?: string } } };
            const generator = body.query?.general?.generator;
            if (generator) return generator.replace(/^MediaWiki /, "");
            last = `HTTP ${response.status}`;
        } catch (error) {
            last = error instanceof Error ? error.message : String(error);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new MediaWikiUnavailable(`api.php did not answer within ${READY_TIMEOUT_MS} ms (${last}): ${log()}`);
}

/** php -S serving the wiki, leading its own process group; stopped with the test process should it end first. */
function serve(
    mediawiki: string,
    settings: string,
    port: number,
): { child: ChildProcess; log: () => string; forget: () => void } {
    // OPcache checks a script's timestamp every revalidate_freq seconds (2 by default): 0 makes a settings change
    // (enableExtension) count at the next request.
    const child = spawn("php", ["-d", "opcache.revalidate_freq=0", "-S", `127.0.0.1:${port}`, "-t", mediawiki], {
        cwd: mediawiki,
        env: { ...process.env, MW_CONFIG_FILE: settings, PHP_CLI_SERVER_WORKERS: String(PHP_WORKERS) },
        stdio: ["ignore", "ignore", "pipe"],
        detached: true,
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const stopOnExit = () => {
        try {
            if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
        } catch {
            // already stopped
        }
    };
    process.once("exit", stopOnExit);
    return {
        child,
        log: () => stderr.trim().split("\n").slice(-3).join(" / "),
        forget: () => process.removeListener("exit", stopOnExit),
    };
}

/** Appends to LocalSettings.php so that the next request sees it. */
function appendSettings(settings: string, text: string): void {
    const before = statSync(settings).mtimeMs;
    appendFileSync(settings, text);
    // OPcache compares whole-second timestamps: a change within the second it last compiled the file would
    // go unseen, so the file's time moves at least a second past the one it had.
    const after = Math.max(Date.now(), Math.floor(before / 1000) * 1000 + 1000) / 1000;
    utimesSync(settings, after, after);
}

// The SQL runs in PHP's SQLite3 (php-sqlite3, which the wiki needs anyway): no sqlite3 program is assumed.
const RUN_SQL =
    "$db = new SQLite3($argv[1]); if (!$db->exec($argv[2])) { fwrite(STDERR, $db->lastErrorMsg()); exit(1); }";

export interface StartOptions {
    /** The release to serve (default 1.39). */
    release?: MediaWikiRelease;
    extensions?: readonly string[];
}

/** Installs a fresh wiki and serves it; throws MediaWikiUnavailable with the reason when it cannot. */
export async function startMediaWiki(options: StartOptions = {}): Promise<RunningMediaWiki> {
    const release = options.release ?? "1.39";
    const mediawiki = await ensureMediaWiki(release);
    const directory = mkdtempSync(join(tmpdir(), `mediawiki-${release}-`));
    let server: ReturnType<typeof serve> | undefined;
    try {
        const port = await freePort();
        await installWiki(mediawiki, directory, port);
        const settings = join(directory, "LocalSettings.php");
        for (const name of options.extensions ?? []) appendFileSync(settings, extensionSetting(mediawiki, name));
        server = serve(mediawiki, settings, port);
        const apiUrl = `http://127.0.0.1:${port}/api.php`;
        const version = await waitUntilReady(apiUrl, server.child, server.log);
        const running = server;
        return {
            release,
            apiUrl,
            version,
            enableExtension: (name) => appendSettings(settings, extensionSetting(mediawiki, name)),
            knowTemporaryAccounts: () => appendSettings(settings, "$wgAutoCreateTempUser['known'] = true;\n"),
            async sql(statement) {
                await run("php", ["-r", RUN_SQL, join(directory, "wiki.sqlite"), statement], { timeout: 30_000 });
            },
            async close() {
                running.forget();
                await stop(running.child);
                rmSync(directory, { recursive: true, force: true });
            },
        };
    } catch (error) {
        if (server) {
            server.forget();
            await stop(server.child);
        }
        rmSync(directory, { recursive: true, force: true });
        if (error instanceof MediaWikiUnavailable) throw error;
        throw new MediaWikiUnavailable(`installing the throw-away wiki failed (${firstLine(error)})`, release);
    }
}

/** Starts the wiki for a mocha suite. Without MediaWiki the suite fails and says why; WIKI_DIFFERENTIAL=skip (for a
 *  machine where apt cannot run) skips it instead, saying so. */
export async function startMediaWikiForSuite(suite: Mocha.Context, options: StartOptions): Promise<RunningMediaWiki> {
    try {
        return await startMediaWiki(options);
    } catch (error) {
        if (error instanceof MediaWikiUnavailable && process.env.WIKI_DIFFERENTIAL === "skip") {
            console.log(`      ${error.message}; skipped because WIKI_DIFFERENTIAL=skip`);
            suite.skip();
        }
        throw error;
    }
}
