// The shipped catalogue judges with English Wikipedia's site data: its interwiki prefixes (another wiki's title is no
// local title; "en:" names Wikipedia itself), its namespaces and aliases (WP, Draft, Portal, Module), and it says in
// every result which parts of site data it lacks and what stands in for them.
import assert from "node:assert/strict";
import { validateWikiQuery, WikiQueryDefinition } from "../../wiki";
import { shippedCatalogue } from "../../wiki/catalogue";

const codes = (definition: WikiQueryDefinition) => {
    const result = validateWikiQuery(definition);
    return [...result.errors, ...result.warnings].map((issue) => `${issue.code}@${issue.param}`);
};

describe("wiki catalogue: the shipped catalogue's site data are English Wikipedia's", () => {
    it("a title behind one of Wikipedia's interwiki prefixes is another wiki's; its own prefix en: is dropped", () => {
        assert.deepEqual(codes({ list: "logevents", params: { letitle: "wikt:Foo" } }), ["invalidtitle@letitle"]);
        assert.deepEqual(codes({ list: "logevents", params: { letitle: "commons:File:Example.jpg" } }), [
            "invalidtitle@letitle",
        ]);
        assert.deepEqual(codes({ list: "backlinks", params: { bltitle: "d:Q42" } }), ["invalidtitle@bltitle"]);
        assert.deepEqual(codes({ list: "logevents", params: { letitle: "en:Foo" } }), []);
        assert.deepEqual(codes({ list: "logevents", params: { letitle: "Foo" } }), []);
    });

    it("a title of 64,000 local interwiki prefixes (en:, 188 KB) is judged in time linear in its length, as MediaWiki judges it", () => {
        const title = `${"en:".repeat(64_000)}Category:X`;
        const started = performance.now();
        assert.deepEqual(codes({ list: "categorymembers", params: { cmtitle: title } }), []);
        assert.deepEqual(
            codes({ list: "categorymembers", params: { cmtitle: `${"en:".repeat(64_000)}X` } }),
            ["invalidcategory@cmtitle"],
            "X is no category",
        );
        // Linear: a few milliseconds. Matched again from each prefix it took 12 s; at the 16 MiB file bound, hours.
        assert.ok(performance.now() - started < 2_000, `${Math.round(performance.now() - started)} ms`);
    });

    it("Wikipedia's namespace names and aliases decide a title's namespace", () => {
        for (const prefix of [
            "WP:Manual",
            "Wikipedia:Manual",
            "Project:Manual",
            "Draft:Plan",
            "Portal:Science",
            "Module:Citation",
            "TM:Cite",
            "MOS:Dates",
        ]) {
            assert.deepEqual(
                codes({ list: "allpages", params: { apprefix: prefix } }),
                ["invalidtitle@apprefix"],
                prefix,
            );
        }
        assert.deepEqual(codes({ list: "allpages", params: { apprefix: "WP:Manual", apnamespace: 4 } }), []);
        assert.deepEqual(codes({ list: "allpages", params: { apprefix: "Draft:Plan", apnamespace: 118 } }), []);
        assert.deepEqual(
            codes({ list: "allpages", params: { apprefix: "Book:Plan" } }),
            [],
            "Book (108) was deleted from enwiki",
        );
        assert.deepEqual(codes({ list: "allpages", params: { apnamespace: 118 } }), []);
        assert.deepEqual(codes({ list: "allpages", params: { apnamespace: 108 } }), ["badvalue@apnamespace"]);
    });

    it("says whose site data judged and what they lack: language codes are judged by their shape", () => {
        const result = validateWikiQuery({ meta: "languageinfo", params: { licode: ["de", "xyz"] } });
        assert.deepEqual(result.warnings, []);
        assert.equal(
            result.judgedAs,
            "the rules of MediaWiki 1.45.4 (the catalogue's), with the site data of English Wikipedia (enwiki), as configured on " +
                "2025-11-05 running MediaWiki 1.45.0-wmf.25 (namespaces, aliases, interwiki prefixes, case); they lack the wiki's " +
                "language codes (judged by their shape) and extensions (no rule reads them)",
        );
        assert.deepEqual(shippedCatalogue().site?.lacks, ["languages", "extensions"]);
    });
});
