// Site data pinned from real wikis, each LTS release in turn: `catalogue pull` pins the wiki's namespaces, aliases,
// interwiki map and language codes, which then judge titles and language codes as the wiki does; a prefix added to
// the wiki's interwiki table (behind MediaWiki's back, in its database) is reported as drift by the next pull.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { validateWikiQuery, WikiQueryDefinition } from "../../wiki";
import { loadCatalogueFile } from "../../wiki/catalogue";
import { askWiki } from "./differential";
import { MEDIAWIKI_RELEASES, MediaWikiRelease, RunningMediaWiki, startMediaWikiForSuite } from "./server";

const CLI = resolve(__dirname, "../../wiki/lint/cli.js");
const PULL_TIMEOUT_MS = 60_000;
const ADDED_PREFIX = "addedwiki";

function pull(apiUrl: string, out: string): Promise<string> {
    return new Promise((done, fail) => {
        execFile(
            process.execPath,
            [CLI, "catalogue", "pull", apiUrl, "--out", out],
            { timeout: PULL_TIMEOUT_MS },
            (error, stdout, stderr) => (error ? fail(new Error(`catalogue pull failed: ${stderr}`)) : done(stdout)),
        );
    });
}

for (const release of MEDIAWIKI_RELEASES) describeSiteData(release);

function describeSiteData(release: MediaWikiRelease): void {
    describe(`site data pinned from a real MediaWiki ${release}`, function () {
        this.timeout(5 * 60_000);
        let wiki: RunningMediaWiki | undefined;
        let directory: string;
        let pin: string;

        before(async function () {
            wiki = await startMediaWikiForSuite(this, { release });
            directory = mkdtempSync(join(tmpdir(), "wiki-site-"));
            pin = join(directory, "wiki.json");
            await pull(wiki.apiUrl, pin);
        });

        after(async () => {
            await wiki?.close();
            if (directory) rmSync(directory, { recursive: true, force: true });
        });

        it("pins the wiki's namespaces, aliases, interwiki map, language codes and version", () => {
            const catalogue = loadCatalogueFile(pin);
            const site = catalogue.site!;
            assert.equal(catalogue.origin?.mediawikiVersion, wiki!.version);
            assert.ok(wiki!.version.startsWith(`${release}.`), wiki!.version);
            assert.ok(
                site.namespaces.some((namespace) => namespace.id === 4 && namespace.name === "Differential"),
                "the project namespace is named after the wiki",
            );
            assert.ok(site.namespaceAliases.some((alias) => alias.id === 6 && alias.alias === "Image"));
            assert.ok(
                site.interwiki.some((entry) => entry.prefix === "wikipedia"),
                "MediaWiki's default interwiki map",
            );
            assert.ok(
                site.languages.includes("de") && site.languages.length > 300,
                `${site.languages.length} language codes`,
            );
        });

        it("judges interwiki titles, namespace names and language codes as the wiki does", async () => {
            const catalogue = loadCatalogueFile(pin);
            const definitions: WikiQueryDefinition[] = [
                { list: "backlinks", params: { bltitle: "wikipedia:Example" } },
                { list: "allpages", params: { apfrom: "Wikipedia:Example" } },
                { list: "backlinks", params: { bltitle: "Differential:Example" } },
                { list: "allpages", params: { apprefix: "Differential:Ex", apnamespace: 4 } },
                { meta: "languageinfo", params: { licode: ["de", "xyz"] } },
                { meta: "languageinfo", params: { licode: ["de", "nan"] } },
                { meta: "languageinfo", params: { licode: ["*", "de"] } },
                { meta: "languageinfo", params: { licode: "*" } },
                { meta: "allmessages", params: { amenableparser: true, amtitle: "Wikipedia:Example" } },
                { list: "logevents", params: { letitle: "Wikipedia:Example" } },
            ];
            for (const definition of definitions) {
                const answer = await askWiki(wiki!.apiUrl, definition);
                const judged = validateWikiQuery(definition, { catalogue });
                const said = (list: readonly { code: string; module: string }[]) =>
                    list.map(({ code, module }) => `${code}@${module}`);
                assert.deepEqual(
                    [said(judged.errors), said(judged.warnings)],
                    [said(answer.errors), said(answer.warnings)],
                    JSON.stringify(definition),
                );
            }
        });

        it("reports a prefix added to the wiki's interwiki map as drift, and then judges titles with it", async () => {
            const query = { list: "backlinks", params: { bltitle: `${ADDED_PREFIX}:Example` } };
            assert.deepEqual(validateWikiQuery(query, { catalogue: loadCatalogueFile(pin) }).errors, []);
            await wiki!.sql(
                `INSERT INTO interwiki (iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans) VALUES ('${ADDED_PREFIX}', 'https://example.org/wiki/$1', '', '', 0, 0)`,
            );
            const report = await pull(wiki!.apiUrl, pin);
            assert.equal(
                report.split("changes since the previous pin:\n")[1]?.trim(),
                `interwiki prefixes added: ${ADDED_PREFIX}`,
                report,
            );
            assert.deepEqual(
                (await askWiki(wiki!.apiUrl, query)).errors.map((error) => error.code),
                ["invalidtitle"],
            );
            assert.deepEqual(
                validateWikiQuery(query, { catalogue: loadCatalogueFile(pin) }).errors.map((error) => error.code),
                ["invalidtitle"],
            );
        });
    });
}
