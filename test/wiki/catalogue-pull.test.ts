// Pulling and pinning against a local HTTP server on 127.0.0.1 that plays a wiki's api.php (any shape it likes):
// the paraminfo walk goes by pages of at most 50 modules and is bounded; an answer of the wrong shape, too many
// modules or modules left out is an error; a pin edited by hand no longer loads; the pin of a wiki is found by its
// api URL; a re-pull reports modules and parameters added, removed and deprecated.
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, Server } from "node:http";
import { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
    CatalogueError,
    catalogueDrift,
    chooseCatalogue,
    describeDrift,
    loadCatalogueFile,
    parseCatalogue,
    pinFileName,
    pullCatalogue,
} from "../../wiki/catalogue";
import { WIKI_BOUNDS } from "../../wiki/bounds";
import { contentHash, renderPinnedFile } from "../../wiki/catalogue/pin-file";
import { SiteInfo, STANDARD_SITE } from "../../wiki/mediawiki/site";
import { FAKE_LANGUAGES, FakeSite, siteAnswer } from "./fake-site";
import { validateWikiQuery } from "../../wiki";
import { pullAndPin } from "../../wiki/lint/catalogue-command";

interface FakeWiki extends FakeSite {
    modules: number;
    /** Names of the modules; "m<i>" by default. */
    name?: (index: number) => string;
    /** Leave this module out of paraminfo answers. */
    omit?: string;
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

describe("wiki catalogue: pulling and pinning", () => {
    let wiki: FakeWiki = { modules: 3 };
    let paraminfoPages: string[][] = [];
    let base: string;
    let directory: string;
    const names = () => Array.from({ length: wiki.modules }, (_, index) => wiki.name?.(index) ?? `m${index}`);
    const server: Server = createServer((request, response) => {
        const url = new URL(request.url ?? "/", "http://127.0.0.1");
        const answer = (body: unknown) =>
            response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
        if (url.searchParams.get("action") === "query") return answer(siteAnswer(url, wiki));
        const raw = url.searchParams.get("modules") ?? "";
        const asked = raw.startsWith("\u001f") ? raw.slice(1).split("\u001f") : raw.split("|");
        paraminfoPages.push(asked);
        const modules = asked
            .filter((path) => path !== `query+${wiki.omit}`)
            .map((path) => (path === "query" ? queryModule(names()) : module(path.slice("query+".length))));
        answer({ paraminfo: { helpformat: "none", modules } });
    });

    before(async () => {
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php`;
        directory = mkdtempSync(join(tmpdir(), "wiki-pull-"));
    });
    after(async () => {
        await new Promise((resolve) => server.close(resolve));
        rmSync(directory, { recursive: true, force: true });
    });
    beforeEach(() => {
        wiki = { modules: 3 };
        paraminfoPages = [];
    });

    it("walks paraminfo by pages of at most 50 modules and records api URL, version, time and hash", async () => {
        wiki = { modules: 120 };
        const { text, catalogue } = await pullCatalogue(base, { now: new Date("2026-11-24T00:00:00Z") });
        assert.deepEqual(
            paraminfoPages.map((page) => page.length),
            [1, 50, 50, 20],
        );
        assert.equal(catalogue.modules.size, 120);
        const pin = JSON.parse(text).pin;
        assert.deepEqual(
            { ...pin, contentHash: undefined },
            {
                format: 2,
                apiUrl: base,
                generator: "MediaWiki 1.39.17",
                pulledAt: "2026-11-24T00:00:00.000Z",
                contentHash: undefined,
            },
        );
        assert.equal(catalogue.origin?.mediawikiVersion, "1.39.17");
        assert.equal(catalogue.origin?.contentHash, pin.contentHash);
    });

    it("pins the wiki's site data: namespaces, aliases, interwiki map and language codes, which then judge titles", async () => {
        wiki = {
            modules: 3,
            interwiki: [
                { prefix: "wikipedia", url: "https://en.wikipedia.org/wiki/$1", local: true },
                { prefix: "here", url: `${base}/$1`, localinterwiki: true },
            ],
        };
        const { catalogue } = await pullCatalogue(base);
        assert.deepEqual(catalogue.site?.interwiki, [
            { prefix: "here", url: `${base}/$1`, local: true },
            { prefix: "wikipedia", url: "https://en.wikipedia.org/wiki/$1", local: false },
        ]);
        assert.deepEqual(catalogue.site?.namespaceAliases, [{ id: 1, alias: "Discussion" }]);
        assert.deepEqual(catalogue.site?.languages, FAKE_LANGUAGES);
        const judged = validateWikiQuery({ list: "m0", params: { xlimit: 5 } }, { catalogue });
        assert.match(
            judged.judgedAs,
            /^the rules of MediaWiki 1\.39\.17 \(the catalogue's\), with the site data of the catalogue/,
        );
    });

    it("still loads a format 1 pin, which has no site data, and says what the validator assumes instead", () => {
        const file = join(directory, "format-1.json");
        const paraminfo = { helpformat: "none", modules: [module("m0")] };
        const pin = {
            format: 1,
            apiUrl: base,
            generator: "MediaWiki 1.39.17",
            pulledAt: new Date().toISOString(),
            contentHash: contentHash(paraminfo),
        };
        writeFileSync(file, JSON.stringify({ pin, paraminfo }));
        const catalogue = loadCatalogueFile(file);
        assert.equal(catalogue.site, undefined);
        const judged = validateWikiQuery({ list: "m0" }, { catalogue });
        assert.match(
            judged.judgedAs,
            /MediaWiki 1\.39\.17 .*without site data \(assumed: the English namespaces of a fresh MediaWiki, no interwiki prefix/,
        );
        writeFileSync(file, JSON.stringify({ pin, site: STANDARD_SITE, paraminfo }));
        assert.throws(() => loadCatalogueFile(file), /site: a format 1 pin carries no site data/);
    });

    it("asks with api.php's other separator for names holding |, and refuses what is not a whole, bounded catalogue", async () => {
        wiki = { modules: 2, name: (index) => `a|${index}` };
        await pullCatalogue(base);
        assert.deepEqual(paraminfoPages[1], ["query+a|0", "query+a|1"]);
        wiki = { modules: WIKI_BOUNDS.maxCatalogueModules.default + 1 };
        paraminfoPages = [];
        assert.match((await rejection(pullCatalogue(base))).message, /more than 1000 query modules/);
        assert.deepEqual(paraminfoPages, [["query"]], "no module page is asked for past the bound");
        wiki = { modules: 3, omit: "m1" };
        assert.match(
            (await rejection(pullCatalogue(base))).message,
            /left out 1 of the modules asked for \(query\+m1\)/,
        );
        wiki = { modules: 3, generator: 17 };
        assert.match((await rejection(pullCatalogue(base))).message, /unexpected answer: query\.general\.generator/);
        assert.match(
            (await rejection(pullCatalogue("http://user:secret@127.0.0.1/api.php"))).message,
            /must not carry credentials/,
        );
        assert.match((await rejection(pullCatalogue(`${base}?action=query`))).message, /without a query string/);
    });

    it("lets the version a pin records decide the rules that changed between versions", () => {
        // MediaWiki 1.39's rcuser, as its paraminfo gives it: no "temp" subtype (temporary accounts came with 1.40).
        const recentchanges = {
            ...module("recentchanges"),
            prefix: "rc",
            parameters: [{ index: 1, name: "user", type: "user", subtypes: ["name", "ip", "id", "interwiki"] }],
        };
        const file = join(directory, "wiki-1.39.json");
        writeFileSync(
            file,
            renderPinnedFile(
                { apiUrl: base, generator: "MediaWiki 1.39.17", pulledAt: new Date().toISOString() },
                STANDARD_SITE,
                { modules: [recentchanges] },
            ),
        );
        const temporary = { list: "recentchanges", params: { rcuser: "~2024-1" } };
        // Pinned, the wiki's version is known: "~2024-1" is an ordinary user name there, as 1.39 itself judges.
        const pinned = validateWikiQuery(temporary, { catalogue: loadCatalogueFile(file) });
        assert.deepEqual([...pinned.errors, ...pinned.possible], []);
        // The same paraminfo without a pin is judged as of the shipped version, where a wiki with temporary accounts refuses it.
        const unpinned = validateWikiQuery(temporary, {
            catalogue: parseCatalogue({ paraminfo: { modules: [recentchanges] } }),
        });
        assert.deepEqual(
            unpinned.possible.map((issue) => issue.code),
            ["baduser"],
        );
    });

    it("refuses a pin whose content was edited after the pull, or whose header is not a pin's", async () => {
        const file = join(directory, "edited.json");
        const { text } = await pullCatalogue(base);
        writeFileSync(file, text);
        assert.equal(loadCatalogueFile(file).modules.size, 3);
        const json = JSON.parse(text);
        json.paraminfo.modules[1].parameters[0].max = 5000;
        writeFileSync(file, JSON.stringify(json));
        assert.throws(() => loadCatalogueFile(file), /no longer matches pin\.contentHash/);
        const site = JSON.parse(text);
        site.site.interwiki.push({ prefix: "added", url: "https://example.org/$1", local: false });
        writeFileSync(file, JSON.stringify(site));
        assert.throws(() => loadCatalogueFile(file), /no longer matches pin\.contentHash/);
        site.site.interwiki = [{ prefix: 7 }];
        writeFileSync(file, JSON.stringify(site));
        assert.throws(() => loadCatalogueFile(file), /site\.interwiki\.0\.prefix: /);
        json.pin = { ...JSON.parse(text).pin, format: 3 };
        writeFileSync(file, JSON.stringify(json));
        assert.throws(() => loadCatalogueFile(file), /pin\.format: expected format 1 or 2/);
    });

    it("finds a wiki's pin by its api URL, refuses a pin of another wiki under its name, and otherwise says how to pin", async () => {
        const pins = join(directory, "pins");
        const path = join(pins, pinFileName(base));
        await pullAndPin(base, path);
        const found = chooseCatalogue(base, { directory: pins });
        assert.equal(found.hint, undefined);
        assert.equal(found.catalogue.origin?.apiUrl, base);
        const other = base.replace("/w/", "/other/");
        const none = chooseCatalogue(other, { directory: pins });
        assert.match(
            none.hint ?? "",
            new RegExp(
                `no pinned catalogue for ${other.replace(/[.?]/g, "\\$&")} .*shipped catalogue .*catalogue pull ${other.replace(/[.?]/g, "\\$&")}`,
            ),
        );
        mkdirSync(pins, { recursive: true });
        writeFileSync(join(pins, pinFileName(other)), readFileSync(path));
        assert.throws(
            () => chooseCatalogue(other, { directory: pins }),
            (error: unknown) =>
                error instanceof CatalogueError &&
                /is pinned for .*\/w\/api\.php, not for .*\/other\/api\.php/.test(error.message),
        );
    });

    it("still finds a pin under the name 0.2.0 gave it (host and path alone) when it records the wiki, and ignores one of another wiki", async () => {
        const pins = join(directory, "old-pins");
        mkdirSync(pins, { recursive: true });
        const oldName = (url: string) => `${url.replace(/^https?:\/\//, "").replace(/[^A-Za-z0-9.-]/g, "_")}.json`;
        writeFileSync(join(pins, oldName(base)), (await pullCatalogue(base)).text);
        assert.equal(chooseCatalogue(base, { directory: pins }).catalogue.origin?.apiUrl, base);
        // /w_api.php had the same 0.2.0 name as /w/api.php: that file is not its pin.
        const sharing = base.replace("/w/api.php", "/w_api.php");
        assert.equal(oldName(sharing), oldName(base));
        assert.match(chooseCatalogue(sharing, { directory: pins }).hint ?? "", /no pinned catalogue for/);
    });

    it("reports modules and parameters added, removed and deprecated, and nothing for the same catalogue", () => {
        const reply = (modules: unknown[]) => parseCatalogue({ paraminfo: { modules } });
        const before = reply([module("kept"), module("gone"), module("aging")]);
        const after = reply([
            module("kept", {
                parameters: [
                    { index: 1, name: "limit", type: "limit", deprecated: true },
                    { index: 2, name: "new", type: "string" },
                ],
            }),
            module("aging", { deprecated: true, parameters: [] }),
            module("fresh"),
        ]);
        const drift = catalogueDrift(before, after);
        assert.deepEqual(Object.fromEntries(Object.entries(drift).filter(([, list]) => list.length > 0)), {
            modulesAdded: ["list=fresh"],
            modulesRemoved: ["list=gone"],
            modulesDeprecated: ["list=aging"],
            parametersAdded: ["xnew (list=kept)"],
            parametersRemoved: ["xlimit (list=aging)"],
            parametersDeprecated: ["xlimit (list=kept)"],
        });
        assert.equal(
            describeDrift(catalogueDrift(before, before)),
            "no module or parameter added, removed or deprecated, and the same site data",
        );
        // Names from the wiki are shown quoted when they hold more than plain characters.
        assert.match(
            describeDrift(
                catalogueDrift(before, reply([module("kept"), module("gone"), module("aging"), module("x\ny")])),
            ),
            /modules added: "list=x\\ny"/,
        );
    });

    it("reports the site data's drift: interwiki prefixes, namespace names, languages and extensions", () => {
        const withSite = (site: SiteInfo) => ({
            ...parseCatalogue({ paraminfo: { modules: [module("kept")] } }),
            site,
        });
        const before = withSite({
            ...STANDARD_SITE,
            interwiki: [
                { prefix: "kept", url: "https://a/$1", local: false },
                { prefix: "moved", url: "https://b/$1", local: false },
            ],
            languages: ["de", "en"],
        });
        const after = withSite({
            ...STANDARD_SITE,
            namespaceAliases: [...STANDARD_SITE.namespaceAliases, { id: 4, alias: "WP" }],
            interwiki: [
                { prefix: "kept", url: "https://a/$1", local: false },
                { prefix: "moved", url: "https://c/$1", local: false },
                { prefix: "new", url: "https://d/$1", local: false },
            ],
            languages: ["en", "fr"],
            extensions: [{ name: "TextExtracts" }],
        });
        assert.equal(
            describeDrift(catalogueDrift(before, after)),
            "interwiki prefixes added: new\ninterwiki prefixes changed: moved\nnamespace names added: 4:WP\n" +
                "language codes added: fr\nlanguage codes removed: de\nextensions added: TextExtracts",
        );
        const withoutSite = parseCatalogue({ paraminfo: { modules: [module("kept")] } });
        assert.equal(describeDrift(catalogueDrift(withoutSite, after)), "site data: pinned for the first time");
    });
});

async function rejection(promise: Promise<unknown>): Promise<CatalogueError> {
    const error = await promise.then(
        () => undefined,
        (caught: unknown) => caught,
    );
    assert.ok(error instanceof CatalogueError, `expected a CatalogueError, got ${String(error)}`);
    return error;
}
