// A real MediaWiki for the tests: Debian's `mediawiki` package (1.39 LTS) with SQLite, installed as a
// throw-away wiki in a temporary directory and served by PHP's built-in server on a free 127.0.0.1 port.
// Anonymous users get the read rights that query modules check, so that permissions never hide how a
// parameter is validated. Extensions that Debian's package ships can be enabled, at start or while it runs (php -S
// reads LocalSettings.php at every request). Whoever starts it stops it (close), which also removes the directory.
import { ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, appendFileSync, rmSync, statSync, utimesSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const MEDIAWIKI_DIR = "/usr/share/mediawiki";
export const APT_PACKAGES = ["mediawiki", "php-cli", "php-sqlite3", "php-intl", "php-mbstring", "php-xml"];
const INSTALL_SCRIPT = join(MEDIAWIKI_DIR, "maintenance/install.php");
// Rights that query modules check before they validate their parameters (deleted revisions, patrol
// flags, suppressed entries, hidden users, unwatched pages).
const ANONYMOUS_READ_RIGHTS = [
    "deletedhistory", "deletedtext", "undelete", "browsearchive", "patrol", "patrolmarks", "viewsuppressed",
    "suppressrevision", "hideuser", "unwatchedpages", "viewmywatchlist", "viewmyprivateinfo", "rollback",
];
// PHP's built-in server answers one request per worker process; two suit a 2-core machine.
const PHP_WORKERS = 2;
const READY_TIMEOUT_MS = 30_000;

export class MediaWikiUnavailable extends Error {
    constructor(reason: string) {
        super(`MediaWiki is not available: ${reason}. Install it with: apt-get install -y ${APT_PACKAGES.join(" ")}`);
        this.name = "MediaWikiUnavailable";
    }
}

/** The extensions the differential suite's wiki enables: their query modules (prop=pageimages, prop=extracts)
 *  are among the most used in real requests. */
export const TEST_EXTENSIONS = ["PageImages", "TextExtracts"];

export interface RunningMediaWiki {
    /** http://127.0.0.1:<port>/api.php */
    apiUrl: string;
    /** The installed MediaWiki's version, e.g. "1.39.17". */
    version: string;
    /** Enables one more of the package's extensions; the next request sees it. */
    enableExtension(name: string): void;
    close(): Promise<void>;
}

function extensionSetting(name: string): string {
    if (!/^[A-Za-z0-9_]+$/.test(name) || !existsSync(join(MEDIAWIKI_DIR, "extensions", name, "extension.json"))) {
        throw new MediaWikiUnavailable(`no extension ${JSON.stringify(name)} in ${MEDIAWIKI_DIR}/extensions`);
    }
    return `wfLoadExtension( '${name}' );\n`;
}

function installed(): boolean {
    return existsSync(INSTALL_SCRIPT) && existsSync("/usr/bin/php");
}

async function aptInstall(): Promise<void> {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = () => run("apt-get", ["install", "-y", "-q", ...APT_PACKAGES], { env, maxBuffer: 64 * 1024 * 1024 });
    try {
        await install();
    } catch {
        await run("apt-get", ["update", "-q"], { env, maxBuffer: 64 * 1024 * 1024 });
        await install();
    }
}

/** Makes sure the packages are there: installs them with apt when running as root. */
export async function ensureMediaWiki(): Promise<void> {
    if (installed()) return;
    if (process.getuid?.() !== 0) throw new MediaWikiUnavailable(`${INSTALL_SCRIPT} is missing and apt needs root`);
    try {
        await aptInstall();
    } catch (error) {
        throw new MediaWikiUnavailable(`apt-get install failed (${error instanceof Error ? error.message.split("\n")[0] : error})`);
    }
    if (!installed()) throw new MediaWikiUnavailable(`apt-get finished but ${INSTALL_SCRIPT} is still missing`);
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

async function installWiki(directory: string, port: number): Promise<void> {
    // The admin password only guards a wiki that lives for one test run on 127.0.0.1.
    const password = `throwaway-${process.pid}-${Date.now()}`;
    await run(
        "php",
        [
            INSTALL_SCRIPT, "--dbtype=sqlite", `--dbpath=${directory}`, "--dbname=wiki", `--confpath=${directory}`,
            `--pass=${password}`, `--server=http://127.0.0.1:${port}`, "--scriptpath=", "--lang=en", "Differential", "Admin",
        ],
        { cwd: MEDIAWIKI_DIR, maxBuffer: 16 * 1024 * 1024 },
    );
    const rights = ANONYMOUS_READ_RIGHTS.map((right) => `$wgGroupPermissions['*']['${right}'] = true;`).join("\n");
    appendFileSync(join(directory, "LocalSettings.php"), `\n# Tests: permissions must never hide parameter validation.\n${rights}\n$wgRateLimits = [];\n`);
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
        if (child.exitCode !== null) throw new MediaWikiUnavailable(`php -S exited with status ${child.exitCode}: ${log()}`);
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

/** Installs a fresh wiki and serves it; throws MediaWikiUnavailable with the reason when it cannot. */
export async function startMediaWiki(options: { extensions?: readonly string[] } = {}): Promise<RunningMediaWiki> {
    await ensureMediaWiki();
    const directory = mkdtempSync(join(tmpdir(), "mediawiki-"));
    let child: ChildProcess | undefined;
    try {
        const port = await freePort();
        await installWiki(directory, port);
        const settings = join(directory, "LocalSettings.php");
        for (const name of options.extensions ?? []) appendFileSync(settings, extensionSetting(name));
        // OPcache checks a script's timestamp every revalidate_freq seconds (2 by default): 0 makes a settings change
        // (enableExtension) count at the next request.
        child = spawn("php", ["-d", "opcache.revalidate_freq=0", "-S", `127.0.0.1:${port}`, "-t", MEDIAWIKI_DIR], {
            cwd: MEDIAWIKI_DIR,
            env: { ...process.env, MW_CONFIG_FILE: settings, PHP_CLI_SERVER_WORKERS: String(PHP_WORKERS) },
            stdio: ["ignore", "ignore", "pipe"],
            detached: true,
        });
        let stderr = "";
        child.stderr?.on("data", (chunk: Buffer) => {
            stderr = (stderr + chunk.toString()).slice(-2000);
        });
        // Should the test process end without close() (an interrupted run), the server ends with it.
        const server = child;
        const stopOnExit = () => {
            try {
                if (server.pid !== undefined) process.kill(-server.pid, "SIGTERM");
            } catch {
                // already stopped
            }
        };
        process.once("exit", stopOnExit);
        const apiUrl = `http://127.0.0.1:${port}/api.php`;
        const version = await waitUntilReady(apiUrl, child, () => stderr.trim().split("\n").slice(-3).join(" / "));
        const running = child;
        return {
            apiUrl,
            version,
            enableExtension(name) {
                const before = statSync(settings).mtimeMs;
                appendFileSync(settings, extensionSetting(name));
                // OPcache compares whole-second timestamps: a change within the second it last compiled the file would
                // go unseen, so the file's time moves at least a second past the one it had.
                const after = Math.max(Date.now(), Math.floor(before / 1000) * 1000 + 1000) / 1000;
                utimesSync(settings, after, after);
            },
            async close() {
                process.removeListener("exit", stopOnExit);
                await stop(running);
                rmSync(directory, { recursive: true, force: true });
            },
        };
    } catch (error) {
        if (child) await stop(child);
        rmSync(directory, { recursive: true, force: true });
        if (error instanceof MediaWikiUnavailable) throw error;
        const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
        throw new MediaWikiUnavailable(`installing the throw-away wiki failed (${reason})`);
    }
}

/** Starts the wiki for a mocha suite. Without MediaWiki the suite fails and says why; WIKI_DIFFERENTIAL=skip (for a
 *  machine where apt cannot run) skips it instead, saying so. */
export async function startMediaWikiForSuite(suite: Mocha.Context, options: { extensions?: readonly string[] }): Promise<RunningMediaWiki> {
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
