// `wiki-query-lint catalogue pull` against hostile wikis: local HTTP servers on 127.0.0.1 playing a wiki's api.php that
// answers too much, modules nobody asked for, site data past their bounds, slowly, with redirects elsewhere, or shares a
// pin file name with another wiki. The bin runs in a child process in a folder of its own, as a user runs it; whatever the wiki does, the pull ends
// by itself, and a pin is written only when the package would read it.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createServer as createSecureServer } from "node:https";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { loadCatalogueFile, pinFileName } from "../../wiki/catalogue";
import { WIKI_BOUNDS } from "../../wiki/bounds";
import { runCommand, type Finished } from "../support/commands";
import { LINT_CLI } from "./lint-support";
import { siteAnswer } from "./fake-site";

const PIN_FOLDER = "wiki-catalogues";
const MIB = 1024 * 1024;

type Handler = (url: URL, response: ServerResponse) => void;

interface FakeWiki {
    base: string;
    requests: URL[];
    /** How the wiki answers from now on. */
    handle: Handler;
    close(): Promise<void>;
}

async function startWiki(): Promise<FakeWiki> {
    const wiki = { requests: [] as URL[], handle: answerCatalogue(3) } as FakeWiki;
    const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
        const url = new URL(request.url ?? "/", "http://127.0.0.1");
        wiki.requests.push(url);
        wiki.handle(url, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    wiki.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    wiki.close = () => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
    };
    return wiki;
}

function module(name: string, extra: Record<string, unknown> = {}) {
    return {
        name,
        path: `query+${name}`,
        group: "list",
        prefix: "x",
        parameters: [{ index: 1, name: "limit", type: "limit", max: 500 }],
        ...extra,
    };
}

function queryModule(names: readonly string[]) {
    const submodules = Object.fromEntries(names.map((name) => [name, `query+${name}`]));
    return {
        name: "query",
        path: "query",
        group: "action",
        prefix: "",
        parameters: [{ index: 1, name: "list", type: names, multi: true, submodules }],
    };
}

function answer(response: ServerResponse, body: unknown): void {
    response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(typeof body === "string" ? body : JSON.stringify(body));
}

/** The modules a paraminfo request asks for. */
function asked(url: URL): string[] {
    const raw = url.searchParams.get("modules") ?? "";
    return raw.startsWith("\u001f") ? raw.slice(1).split("\u001f") : raw.split("|");
}

/** A wiki of `count` list modules m0, m1, ...; `shape` makes each page's modules (as asked, query aside). */
function answerCatalogue(
    count: number,
    shape: (paths: string[]) => unknown[] = (paths) => paths.map((path) => module(path.slice("query+".length))),
): Handler {
    const names = Array.from({ length: count }, (_, index) => `m${index}`);
    return (url, response) => {
        if (url.searchParams.get("action") === "query") return answer(response, siteAnswer(url));
        const paths = asked(url);
        const modules = paths[0] === "query" ? [queryModule(names)] : shape(paths);
        answer(response, { paraminfo: { helpformat: "none", modules } });
    };
}

type SiteQuery = Record<string, unknown> & { interwikimap: unknown[]; namespacealiases: unknown[] };

/** The catalogue of answerCatalogue(3), with site data the wiki makes: siteinfo changed by `siteinfo`, languageinfo
 *  answered by `languageinfo` (given the request's licontinue). */
function answerSite(siteinfo: (query: SiteQuery) => void, languageinfo?: (from: string | null) => unknown): Handler {
    const catalogue = answerCatalogue(3);
    return (url, response) => {
        if (url.searchParams.get("action") !== "query") return catalogue(url, response);
        if (url.searchParams.get("meta") === "languageinfo")
            return answer(response, languageinfo?.(url.searchParams.get("licontinue")) ?? siteAnswer(url));
        const reply = siteAnswer(url) as { query: SiteQuery };
        siteinfo(reply.query);
        answer(response, reply);
    };
}

const codesAnswer = (codes: readonly string[], next?: string) => ({
    query: { languageinfo: Object.fromEntries(codes.map((code) => [code, { code }])) },
    ...(next === undefined ? {} : { continue: { licontinue: next, continue: "-||" } }),
});

describe("wiki-query-lint catalogue pull against hostile wikis", function () {
    this.timeout(180_000);
    let wiki: FakeWiki;
    let folder: string;
    const pull = (...args: string[]): Promise<Finished> =>
        runCommand(process.execPath, [LINT_CLI, "catalogue", "pull", ...args], { cwd: folder, timeoutMs: 150_000 });
    const pins = () => (existsSync(join(folder, PIN_FOLDER)) ? readdirSync(join(folder, PIN_FOLDER)) : []);
    const paraminfoRequests = () => wiki.requests.filter((url) => url.searchParams.get("action") === "paraminfo");

    before(async () => {
        wiki = await startWiki();
    });
    after(async () => wiki.close());
    beforeEach(() => {
        folder = mkdtempSync(join(tmpdir(), "wiki-pull-hostile-"));
        wiki.requests = [];
        wiki.handle = answerCatalogue(3);
    });
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    describe("a pull's total size", () => {
        it("stops once the answers together pass 32 MiB (60 modules in two pages of 21 MB), writing nothing", async () => {
            const pageBytes = 21 * 1000 * 1000;
            wiki.handle = answerCatalogue(60, (paths) =>
                paths.map((path) =>
                    module(path.slice("query+".length), { source: "x".repeat(Math.floor(pageBytes / paths.length)) }),
                ),
            );
            const run = await pull(`${wiki.base}/w/api.php`);
            assert.equal(run.code, 2, run.stderr);
            assert.match(
                run.stderr,
                new RegExp(`the pull's answers together passed ${WIKI_BOUNDS.maxPullBytes.default} bytes`),
            );
            assert.deepEqual(pins(), []);
            assert.equal(paraminfoRequests().length, 3, "query, then the two pages of modules");
        });

        it("refuses a module nobody asked for as its page arrives, writing nothing", async () => {
            wiki.handle = answerCatalogue(3, (paths) => [
                ...paths.map((path) => module(path.slice("query+".length))),
                module("intruder"),
            ]);
            const run = await pull(`${wiki.base}/w/api.php`);
            assert.equal(run.code, 2, run.stderr);
            assert.match(run.stderr, /paraminfo answered with 1 module not asked for \(query\+intruder\)/);
            assert.deepEqual(pins(), []);
        });

        it("never writes a pin larger than the package reads, though the answers stayed within the bound", async () => {
            // Enumeration values take three times their size in the pin, one per line and indented.
            const values = Array.from({ length: 20_000 }, (_, index) => `v${index}`.padEnd(36, "-"));
            wiki.handle = answerCatalogue(40, (paths) =>
                paths.map((path) =>
                    module(path.slice("query+".length), { parameters: [{ index: 1, name: "value", type: values }] }),
                ),
            );
            const run = await pull(`${wiki.base}/w/api.php`);
            assert.equal(run.code, 2, run.stderr);
            assert.match(
                run.stderr,
                new RegExp(
                    `the pin would have \\d+ bytes, more than the ${WIKI_BOUNDS.maxPinBytes.default} a catalogue file may have`,
                ),
            );
            assert.deepEqual(pins(), []);
        });

        it("--max-size MIB lowers the bound; a value outside 1..32 is a usage error, before any request", async () => {
            wiki.handle = answerCatalogue(10, (paths) =>
                paths.map((path) => module(path.slice("query+".length), { source: "x".repeat(200_000) })),
            );
            const lowered = await pull("--max-size", "1", `${wiki.base}/w/api.php`);
            assert.equal(lowered.code, 2, lowered.stderr);
            assert.match(lowered.stderr, new RegExp(`the pull's answers together passed ${MIB} bytes`));
            wiki.requests = [];
            for (const value of ["0", "33", "ten", "1e3"]) {
                const run = await pull(`--max-size=${value}`, `${wiki.base}/w/api.php`);
                assert.equal(run.code, 2, value);
                assert.match(run.stderr, /--max-size: expected a whole number of MiB from 1 to 32/);
            }
            assert.deepEqual(wiki.requests, []);
        });
    });

    describe("a pull's site data", () => {
        const { maxSiteEntries, maxSiteTextChars, maxLanguageinfoPages } = WIKI_BOUNDS;
        const languageinfoRequests = () =>
            wiki.requests.filter((url) => url.searchParams.get("meta") === "languageinfo");

        async function refused(pattern: RegExp): Promise<void> {
            const run = await pull(`${wiki.base}/w/api.php`);
            assert.equal(run.code, 2, run.stderr);
            assert.match(run.stderr, pattern);
            assert.deepEqual(pins(), []);
            assert.deepEqual(paraminfoRequests(), [], "no paraminfo asked once the site data are refused");
        }

        it("refuses a list with more entries than a pin's site data may have, naming the list and the bound", async () => {
            const prefixes = Array.from({ length: maxSiteEntries.default + 1 }, (_, index) => ({
                prefix: `p${index}`,
                url: `https://p${index}.example/$1`,
            }));
            wiki.handle = answerSite((query) => void (query.interwikimap = prefixes));
            await refused(
                new RegExp(
                    `query\\.interwikimap: more than ${maxSiteEntries.default} entries, the bound on ${maxSiteEntries.name}`,
                ),
            );
            const namespaces = Object.fromEntries(
                Array.from({ length: maxSiteEntries.default + 1 }, (_, id) => [
                    id,
                    { id, name: `N${id}`, case: "first-letter" },
                ]),
            );
            wiki.handle = answerSite((query) => void (query.namespaces = namespaces));
            await refused(new RegExp(`query\\.namespaces: more than ${maxSiteEntries.default} entries`));
        });

        it("refuses a name or URL longer than the bound, naming where it is", async () => {
            const long = "A".repeat(maxSiteTextChars.default + 1);
            wiki.handle = answerSite((query) => void (query.namespacealiases = [{ id: 4, alias: long }]));
            await refused(
                new RegExp(
                    `query\\.namespacealiases\\.0\\.alias: longer than ${maxSiteTextChars.default} characters, the bound on ${maxSiteTextChars.name}`,
                ),
            );
            wiki.handle = answerSite(
                (query) => void (query.interwikimap = [{ prefix: "far", url: `https://far.example/${long}` }]),
            );
            await refused(/query\.interwikimap\.0\.url: longer than 2048 characters/);
        });

        it("stops asking meta=languageinfo that never stops continuing, and a wiki of more language codes than the bound", async () => {
            wiki.handle = answerSite(
                () => undefined,
                (from) => codesAnswer([`c${from ?? 0}`], String(Number(from ?? 0) + 1)),
            );
            await refused(
                new RegExp(
                    `meta=languageinfo still continued after ${maxLanguageinfoPages.default} requests, the bound on ${maxLanguageinfoPages.name}`,
                ),
            );
            assert.equal(languageinfoRequests().length, maxLanguageinfoPages.default);
            wiki.requests = [];
            const page = (from: number) => Array.from({ length: 4_000 }, (_, index) => `x-${from}-${index}`);
            wiki.handle = answerSite(
                () => undefined,
                (from) => codesAnswer(page(Number(from ?? 0)), String(Number(from ?? 0) + 1)),
            );
            await refused(
                new RegExp(`more than ${maxSiteEntries.default} language codes, the bound on ${maxSiteEntries.name}`),
            );
            assert.equal(languageinfoRequests().length, 3);
        });
    });

    describe("pin file names", () => {
        it("gives /w/api.php and /w_api.php of one wiki, and its http and https addresses, pin files of their own", async () => {
            for (const path of ["/w/api.php", "/w_api.php"]) {
                const run = await pull(`${wiki.base}${path}`);
                assert.equal(run.code, 0, run.stderr);
                assert.match(run.stdout, /\(first pin\)/);
            }
            const files = pins();
            assert.equal(files.length, 2, files.join(", "));
            const recorded = files
                .map((file) => loadCatalogueFile(join(folder, PIN_FOLDER, file)).origin?.apiUrl)
                .sort();
            assert.deepEqual(recorded, [`${wiki.base}/w/api.php`, `${wiki.base}/w_api.php`]);
            assert.notEqual(
                pinFileName("http://wiki.example.org/w/api.php"),
                pinFileName("https://wiki.example.org/w/api.php"),
            );
        });

        it("refuses to replace the pin of another wiki, or a file that is not a pin, before any request; --replace does", async () => {
            const out = join(folder, "pin.json");
            assert.equal((await pull("--out", out, `${wiki.base}/w/api.php`)).code, 0);
            const pinned = readFileSync(out, "utf8");
            wiki.requests = [];
            const other = await pull("--out", out, `${wiki.base}/other/api.php`);
            assert.equal(other.code, 2, other.stderr);
            assert.match(
                other.stderr,
                new RegExp(
                    `pin\\.json: is the pin of ${wiki.base}/w/api\\.php, not of ${wiki.base}/other/api\\.php; pass --replace to replace it`,
                ),
            );
            assert.equal(readFileSync(out, "utf8"), pinned);
            const notes = join(folder, "notes.txt");
            writeFileSync(notes, "not a pin\n");
            const unreadable = await pull("--out", notes, `${wiki.base}/w/api.php`);
            assert.equal(unreadable.code, 2, unreadable.stderr);
            assert.match(
                unreadable.stderr,
                /notes\.txt: is not a pin \(not JSON \(unexpected character\)\); pass --replace to replace it/,
            );
            assert.equal(readFileSync(notes, "utf8"), "not a pin\n");
            assert.deepEqual(wiki.requests, []);
            const replaced = await pull("--replace", "--out", notes, `${wiki.base}/w/api.php`);
            assert.equal(replaced.code, 0, replaced.stderr);
            assert.match(replaced.stdout, /replacing a file that was not a pin/);
            assert.equal(loadCatalogueFile(notes).origin?.apiUrl, `${wiki.base}/w/api.php`);
        });

        it("pins a wiki whose api URL is very long under a name the file system takes; refuses one longer than a pin records, before any request", async () => {
            const long = `${wiki.base}/${"a".repeat(1500)}/api.php`;
            const run = await pull(long);
            assert.equal(run.code, 0, run.stderr);
            const [file] = pins();
            assert.ok(Buffer.byteLength(file) <= 255, file);
            assert.equal(loadCatalogueFile(join(folder, PIN_FOLDER, file)).origin?.apiUrl, long);
            wiki.requests = [];
            const tooLong = await pull(`${wiki.base}/${"a".repeat(2100)}/api.php`);
            assert.equal(tooLong.code, 2, tooLong.stderr);
            assert.match(tooLong.stderr, /catalogue URL: longer than 2048 characters/);
            assert.deepEqual(wiki.requests, []);
        });
    });

    describe("deadline and redirects", () => {
        it("gives up when the whole pull takes longer than --deadline, though each answer came in time", async () => {
            const slow = answerCatalogue(3);
            wiki.handle = (url, response) => void setTimeout(() => slow(url, response), 700);
            const started = Date.now();
            const run = await pull("--deadline", "1", `${wiki.base}/w/api.php`);
            assert.equal(run.code, 2, run.stderr);
            assert.match(run.stderr, /the pull did not finish within 1 s/);
            assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
            assert.deepEqual(pins(), []);
            wiki.requests = [];
            for (const value of ["0", "-1", "soon", "86401"]) {
                const refused = await pull(`--deadline=${value}`, `${wiki.base}/w/api.php`);
                assert.equal(refused.code, 2, value);
                assert.match(refused.stderr, /--deadline: expected a whole number of seconds from 1 to 86400/);
            }
            assert.deepEqual(wiki.requests, []);
        });

        it("ends within --deadline, its error printed, when the wiki holds the connection open: a 500 with an open body, a gzip bomb", async () => {
            const bomb = gzipSync(Buffer.alloc(64 * MIB));
            const holders: Handler[] = [
                (_url, response) =>
                    void response
                        .writeHead(500, { "Content-Type": "text/html" })
                        .write("<html>Internal error, and the body never ends"),
                (_url, response) =>
                    void response
                        .writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" })
                        .write(bomb),
            ];
            for (const [index, handle] of holders.entries()) {
                wiki.handle = handle;
                const started = Date.now();
                const run = await runCommand(
                    process.execPath,
                    [LINT_CLI, "catalogue", "pull", "--deadline", "5", `${wiki.base}/w/api.php`],
                    { cwd: folder, timeoutMs: 30_000 },
                );
                assert.equal(
                    run.code,
                    2,
                    `holder ${index}: exit ${run.code} after ${Date.now() - started} ms (null: still running after 30 s): ${run.stderr}`,
                );
                assert.match(run.stderr, index === 0 ? /answered HTTP 500/ : /passed \d+ bytes|larger than/);
                assert.ok(Date.now() - started < 10_000, `holder ${index}: took ${Date.now() - started} ms`);
            }
            assert.deepEqual(pins(), []);
        });

        it("follows a redirect within the wiki, refuses one to another host unless --allow-redirects, and stops a redirect loop", async () => {
            const elsewhere = await startWiki();
            try {
                const catalogue = answerCatalogue(3);
                wiki.handle = (url, response) => {
                    if (url.pathname === "/old/api.php")
                        return response.writeHead(301, { Location: `/w/api.php${url.search}` }).end();
                    if (url.pathname === "/away/api.php")
                        return response.writeHead(302, { Location: `${elsewhere.base}/w/api.php${url.search}` }).end();
                    if (url.pathname === "/loop/api.php")
                        return response.writeHead(302, { Location: `/loop/api.php${url.search}` }).end();
                    catalogue(url, response);
                };
                const within = await pull("--out", "within.json", `${wiki.base}/old/api.php`);
                assert.equal(within.code, 0, within.stderr);
                const away = await pull("--out", "away.json", `${wiki.base}/away/api.php`);
                assert.equal(away.code, 2, away.stderr);
                assert.match(
                    away.stderr,
                    new RegExp(
                        `redirected to another host \\(${elsewhere.base}/w/api\\.php\\); pass --allow-redirects to follow it`,
                    ),
                );
                assert.deepEqual(elsewhere.requests, []);
                assert.ok(!existsSync(join(folder, "away.json")));
                const allowed = await pull("--allow-redirects", "--out", "away.json", `${wiki.base}/away/api.php`);
                assert.equal(allowed.code, 0, allowed.stderr);
                assert.equal(loadCatalogueFile(join(folder, "away.json")).origin?.apiUrl, `${wiki.base}/away/api.php`);
                assert.ok(elsewhere.requests.length > 0);
                const loop = await pull("--out", "loop.json", `${wiki.base}/loop/api.php`);
                assert.equal(loop.code, 2, loop.stderr);
                assert.match(loop.stderr, /more than 5 redirects/);
            } finally {
                await elsewhere.close();
            }
        });

        it("refuses a redirect from https to http of the same host unless --allow-redirects", async () => {
            const keys = mkdtempSync(join(tmpdir(), "wiki-pull-tls-"));
            const key = join(keys, "key.pem");
            const cert = join(keys, "cert.pem");
            execFileSync(
                "openssl",
                [
                    "req",
                    "-x509",
                    "-newkey",
                    "rsa:2048",
                    "-nodes",
                    "-keyout",
                    key,
                    "-out",
                    cert,
                    "-days",
                    "1",
                    "-subj",
                    "/CN=127.0.0.1",
                    "-addext",
                    "subjectAltName=IP:127.0.0.1",
                ],
                { stdio: "ignore" },
            );
            const secure = createSecureServer(
                { key: readFileSync(key), cert: readFileSync(cert) },
                (request, response) => {
                    response
                        .writeHead(302, {
                            Location: `${wiki.base}/w/api.php${new URL(request.url ?? "/", "https://127.0.0.1").search}`,
                        })
                        .end();
                },
            );
            await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
            const address = `https://127.0.0.1:${(secure.address() as AddressInfo).port}/w/api.php`;
            const securePull = (...args: string[]) =>
                runCommand(process.execPath, [LINT_CLI, "catalogue", "pull", ...args, address], {
                    cwd: folder,
                    env: { NODE_EXTRA_CA_CERTS: cert },
                });
            try {
                const refused = await securePull("--out", "down.json");
                assert.equal(refused.code, 2, refused.stderr);
                assert.match(
                    refused.stderr,
                    new RegExp(
                        `redirected from https to http \\(${wiki.base}/w/api\\.php\\); pass --allow-redirects to follow it`,
                    ),
                );
                assert.deepEqual(wiki.requests, []);
                const allowed = await securePull("--allow-redirects", "--out", "down.json");
                assert.equal(allowed.code, 0, allowed.stderr);
                assert.equal(loadCatalogueFile(join(folder, "down.json")).origin?.apiUrl, address);
            } finally {
                secure.closeAllConnections();
                await new Promise<void>((resolve) => secure.close(() => resolve()));
                rmSync(keys, { recursive: true, force: true });
            }
        });
    });
});
