// The rules that live in MediaWiki's module code, one test per rule class, without a wiki: the shipped
// catalogue (1.45.4) and, where a rule changed, the version named. The differential suite checks the
// same classes against a real MediaWiki 1.39.
import assert from "node:assert/strict";
import { applyRules, appliesTo } from "../../wiki/modules/kinds";
import { versionBefore } from "../../wiki/version";
import { MODULE_RULES } from "../../wiki/modules/table";
import { check, codes } from "./validate-support";
import type { WikiQueryDefinition } from "../../wiki";

function errorCodes(definition: unknown, options = {}): string[] {
    return codes(check(definition, options).errors);
}

describe("wiki module rules (from the ApiQuery*.php modules)", () => {
    describe("one of, at least one of, at most one of", () => {
        it("backlinks, categorymembers and usercontribs need exactly one of their page or user parameters", () => {
            assert.deepEqual(errorCodes({ list: "backlinks" }), ["missingparam@bltitle"]);
            assert.deepEqual(errorCodes({ list: "backlinks", params: { bltitle: "Main Page" } }), []);
            assert.deepEqual(errorCodes({ list: "backlinks", params: { bltitle: "Main Page", blpageid: 1 } }), [
                "invalidparammix@blpageid",
            ]);
            assert.deepEqual(errorCodes({ list: "categorymembers", params: { cmpageid: 3 } }), []);
            assert.deepEqual(errorCodes({ list: "usercontribs" }), ["missingparam@ucuserprefix"]);
        });

        it("random's filterredir and redirect, users' users and userids: at most one", () => {
            assert.deepEqual(errorCodes({ list: "random", params: { rnfilterredir: "all", rnredirect: true } }), [
                "invalidparammix@rnredirect",
            ]);
            assert.deepEqual(errorCodes({ list: "users", params: { ususers: "A", ususerids: 1 } }), [
                "invalidparammix@ususers",
            ]);
        });
    });

    describe("requires and excludes", () => {
        it("allimages: aistart only with aisort=timestamp, aifrom only with the default sort by name", () => {
            assert.deepEqual(errorCodes({ list: "allimages", params: { aistart: "2020-01-01T00:00:00Z" } }), [
                "invalidparammix@aistart",
            ]);
            assert.deepEqual(
                errorCodes({ list: "allimages", params: { aistart: "2020-01-01T00:00:00Z", aisort: "timestamp" } }),
                [],
            );
            assert.deepEqual(errorCodes({ list: "allimages", params: { aifrom: "B" } }), []);
            assert.deepEqual(errorCodes({ list: "allimages", params: { aifrom: "B", aisort: "timestamp" } }), [
                "invalidparammix@aifrom",
            ]);
        });

        it("the all*-link lists refuse prop=ids with unique; langbacklinks needs lbllang with lbltitle (nolang)", () => {
            assert.deepEqual(errorCodes({ list: "alllinks", params: { alprop: "ids", alunique: true } }), [
                "invalidparammix@alprop",
            ]);
            assert.deepEqual(errorCodes({ list: "alllinks", params: { alprop: "title", alunique: true } }), []);
            assert.deepEqual(errorCodes({ list: "langbacklinks", params: { lbltitle: "Foo" } }), ["nolang@lbltitle"]);
        });
    });

    describe("formats checked by module code", () => {
        it("continue values: the fields the module wrote (badcontinue)", () => {
            assert.deepEqual(errorCodes({ list: "allcategories", params: { accontinue: "a|b" } }), [
                "badcontinue@accontinue",
            ]);
            assert.deepEqual(errorCodes({ list: "allcategories", params: { accontinue: "Foo" } }), []);
            assert.deepEqual(errorCodes({ list: "random", params: { rncontinue: "0.5|0.5|12|0" } }), []);
            assert.deepEqual(errorCodes({ list: "random", params: { rncontinue: "x" } }), ["badcontinue@rncontinue"]);
            assert.deepEqual(errorCodes({ list: "allrevisions", params: { arvcontinue: "20200101000000|x" } }), [
                "badcontinue@arvcontinue",
            ]);
        });

        it("prop modules read continue only when the query has pages", () => {
            assert.deepEqual(errorCodes({ prop: "links", params: { titles: "Main Page", plcontinue: "x" } }), [
                "badcontinue@plcontinue",
            ]);
            assert.deepEqual(errorCodes({ generator: "links", params: { gplcontinue: "x" } }), []);
        });

        it('title parts (acfrom "a|b" is invalidtitle), categories, files', () => {
            assert.deepEqual(errorCodes({ list: "allcategories", params: { acfrom: "a|b" } }), ["invalidtitle@acfrom"]);
            assert.deepEqual(errorCodes({ list: "allpages", params: { apprefix: "Talk:x" } }), [
                "invalidtitle@apprefix",
            ]);
            assert.deepEqual(errorCodes({ list: "allpages", params: { apprefix: "x", apnamespace: 1 } }), []);
            // Talk:Talk:x names a namespace after Talk: (MediaWikiTitleCodec's title-invalid-talk-namespace).
            assert.deepEqual(errorCodes({ list: "allpages", params: { apprefix: "Talk:x", apnamespace: 1 } }), [
                "invalidtitle@apprefix",
            ]);
            assert.deepEqual(errorCodes({ list: "categorymembers", params: { cmtitle: "Foo" } }), [
                "invalidcategory@cmtitle",
            ]);
            assert.deepEqual(errorCodes({ list: "imageusage", params: { iutitle: "Foo" } }), [
                "bad_image_title@iutitle",
            ]);
            assert.deepEqual(
                codes(check({ prop: "categories", params: { titles: "A", clcategories: "Foo" } }).warnings),
                ["invalidcategory@clcategories"],
            );
        });

        it("sha1 and sha1base36 hashes, IPs and ranges, diffto, language codes", () => {
            assert.deepEqual(errorCodes({ list: "allimages", params: { aisha1: "abc" } }), ["invalidsha1hash@aisha1"]);
            assert.deepEqual(errorCodes({ list: "allimages", params: { aisha1: "A".repeat(40) } }), []);
            assert.deepEqual(errorCodes({ list: "allimages", params: { aisha1base36: "z".repeat(30) } }), [
                "invalidsha1base36hash@aisha1base36",
            ]);
            assert.deepEqual(errorCodes({ list: "blocks", params: { bkip: "Example" } }), ["param_ip@bkip"]);
            assert.deepEqual(errorCodes({ list: "blocks", params: { bkip: "192.0.2.0/24" } }), []);
            assert.deepEqual(errorCodes({ list: "usercontribs", params: { uciprange: "192.0.2.1" } }), [
                "invalidiprange@uciprange",
            ]);
            assert.deepEqual(errorCodes({ list: "usercontribs", params: { uciprange: "192.0.2.0/24" } }), []);
            assert.deepEqual(errorCodes({ prop: "revisions", params: { titles: "A", rvdiffto: "sideways" } }), [
                "diffto@rvdiffto",
            ]);
            assert.deepEqual(errorCodes({ prop: "revisions", params: { titles: "A", rvdiffto: "prev" } }), []);
            assert.deepEqual(errorCodes({ meta: "allmessages", params: { amlang: "a|b" } }), ["invalidlang@amlang"]);
            assert.deepEqual(errorCodes({ meta: "allmessages", params: { amlang: "de" } }), []);
        });

        it("languageinfo takes * alone as every code; among others it is a code like any", () => {
            const warned = (licode: string | string[]) =>
                codes(check({ meta: "languageinfo", params: { licode } }).warnings);
            assert.deepEqual(warned("*"), []);
            assert.deepEqual(warned(["*", "de"]), ["unrecognizedvalues@licode"]);
            assert.deepEqual(warned(["de", "xyz1"]), ["unrecognizedvalues@licode"]);
        });

        it("allmessages parses as a title of this wiki only with enableparser", () => {
            for (const amtitle of ["[bad]", "", "wikt:Example"]) {
                assert.deepEqual(errorCodes({ meta: "allmessages", params: { amenableparser: true, amtitle } }), [
                    "invalidtitle@amtitle",
                ]);
                assert.deepEqual(errorCodes({ meta: "allmessages", params: { amtitle } }), []);
            }
            assert.deepEqual(
                errorCodes({ meta: "allmessages", params: { amenableparser: true, amtitle: "Talk:A" } }),
                [],
            );
        });

        it("hex sort keys name the parameter in their code", () => {
            const definition = { list: "categorymembers", params: { cmtitle: "Category:A", cmstarthexsortkey: "xyz" } };
            assert.deepEqual(errorCodes(definition), ["badvalue_cmstarthexsortkey@cmstarthexsortkey"]);
        });
    });

    describe("values the module judges itself", () => {
        it("contradictory show values are the show error", () => {
            assert.deepEqual(errorCodes({ list: "recentchanges", params: { rcshow: ["minor", "!minor"] } }), [
                "show@rcshow",
            ]);
            assert.deepEqual(errorCodes({ list: "recentchanges", params: { rcshow: ["minor", "!bot"] } }), []);
        });

        it("logevents checks leaction itself: unknown_leaction, not badvalue", () => {
            assert.deepEqual(errorCodes({ list: "logevents", params: { leaction: "nosuch/action" } }), [
                "unknown_leaction@leaction",
            ]);
        });
    });

    describe("warnings that module code adds", () => {
        it("rvprop=content without rvslots may draw the legacy format's deprecation: when a page or revision is found", () => {
            const legacy = check({ prop: "revisions", params: { titles: "A", rvprop: "content" } });
            assert.deepEqual(legacy.warnings, []);
            assert.deepEqual(
                legacy.possible.map(({ severity, code, param }) => [severity, code, param]),
                [["warning", "deprecation", "rvslots"]],
            );
            assert.match(legacy.possible[0].message, /^May occur, when the query finds an existing page or revision: /);
            assert.deepEqual(
                check({ prop: "revisions", params: { titles: "A", rvprop: "content", rvslots: "main" } }).possible,
                [],
            );
            // A list module reads its parameters whatever the pages: there the deprecation is certain.
            assert.deepEqual(codes(check({ list: "allrevisions", params: { arvprop: "content" } }).warnings), [
                "deprecation@arvslots",
                "deprecation-help@",
            ]);
        });

        it("says what depends on the pages or the configuration: HTML extracts, all database servers", () => {
            const possible = (definition: WikiQueryDefinition) =>
                check(definition).possible.map(({ severity, code }) => `${severity} ${code}`);
            assert.deepEqual(possible({ meta: "siteinfo", params: { siprop: "dbrepllag", sishowalldb: true } }), [
                "error includeAllDenied",
            ]);
            assert.deepEqual(possible({ meta: "siteinfo", params: { siprop: "general", sishowalldb: true } }), []);
        });
    });

    describe("the single-page rule of prop=revisions", () => {
        it("counts pages after normalisation; an invalid title is no page", () => {
            assert.deepEqual(
                errorCodes({ prop: "revisions", params: { titles: "Main Page|Main_Page", rvlimit: 5 } }),
                [],
            );
            assert.deepEqual(errorCodes({ prop: "revisions", params: { titles: "Main Page|[bad]", rvlimit: 5 } }), []);
            assert.deepEqual(
                codes(check({ prop: "revisions", params: { titles: "Main Page|[bad]", rvlimit: 5 } }).possible),
                [],
            );
            assert.deepEqual(
                codes(check({ prop: "revisions", params: { titles: "Main Page|Other", rvlimit: 5 } }).possible),
                ["invalidparammix@rvlimit"],
            );
        });
    });

    describe("rules found where real MediaWikis and the validator differed", () => {
        it("usercontribs: user or userids given empty count as given, then name nobody (paramempty_)", () => {
            assert.deepEqual(errorCodes({ list: "usercontribs", params: { ucuser: "" } }), [
                "paramempty_ucuser@ucuser",
            ]);
            assert.deepEqual(errorCodes({ list: "usercontribs", params: { ucuserids: "" } }), [
                "paramempty_ucuserids@ucuserids",
            ]);
            assert.deepEqual(errorCodes({ list: "usercontribs", params: { ucuser: "Example" } }), []);
        });

        it("watchlistraw: fromtitle and totitle are prefixed title parts; continue is a namespace and a title key", () => {
            const raw = (params: Record<string, string>) =>
                errorCodes({ list: "watchlistraw", params: { wrowner: "Example", wrtoken: "t", ...params } });
            for (const part of ["", "Talk:", "[x]", "A#b"])
                assert.deepEqual(raw({ wrfromtitle: part }), ["invalidtitle@wrfromtitle"], part);
            for (const part of ["Ma", "Talk:Ma"]) assert.deepEqual(raw({ wrtotitle: part }), [], part);
            for (const value of ["a|b", "0|", "0| x", "0|x|y"])
                assert.deepEqual(raw({ wrcontinue: value }), ["badcontinue@wrcontinue"], value);
            assert.deepEqual(raw({ wrcontinue: "0|Main_Page" }), []);
        });

        it("imageusage: a page id may name a page that is not a file", () => {
            const result = check({ list: "imageusage", params: { iupageid: "+3" } });
            assert.deepEqual([codes(result.errors), codes(result.possible)], [[], ["bad_image_title@iupageid"]]);
        });

        it("alldeletedrevisions as a generator of titles from all users warns unless it goes in ascending order", () => {
            const warnings = (params: Record<string, unknown>) =>
                codes(check({ generator: "alldeletedrevisions", prop: "info", params }).warnings);
            assert.deepEqual(warnings({ gadrgeneratetitles: true }), ["performance@gadrdir"]);
            assert.deepEqual(warnings({ gadrgeneratetitles: true, gadrdir: "newer" }), []);
            assert.deepEqual(warnings({ gadrgeneratetitles: true, gadruser: "Example" }), []);
            assert.deepEqual(
                codes(check({ list: "alldeletedrevisions", params: { adrgeneratetitles: true } }).warnings),
                [],
            );
        });

        it("1.39's recentchanges, logevents, blocks and protectedtitles compare the id of their continue value loosely", () => {
            const v139 = { mediawikiVersion: "1.39.17" };
            for (const [list, param] of [
                ["recentchanges", "rccontinue"],
                ["logevents", "lecontinue"],
                ["blocks", "bkcontinue"],
            ]) {
                assert.deepEqual(
                    errorCodes({ list, params: { [param]: "5|Main_Page" } }, v139),
                    [`badcontinue@${param}`],
                    list,
                );
                for (const value of ["5|7", "5| 7", "5|7.0"])
                    assert.deepEqual(errorCodes({ list, params: { [param]: value } }, v139), [], value);
            }
            assert.deepEqual(errorCodes({ list: "protectedtitles", params: { ptcontinue: "5|x|Main_Page" } }, v139), [
                "badcontinue@ptcontinue",
            ]);
        });

        it("exturlusage and extlinks: an asterisk only at the start of the domain", () => {
            for (const query of ["*", "example.org/*", "ex*ample.org"])
                assert.deepEqual(
                    errorCodes({ list: "exturlusage", params: { euquery: query } }),
                    ["badquery@euquery"],
                    query,
                );
            assert.deepEqual(errorCodes({ list: "exturlusage", params: { euquery: "*.example.org/path" } }), []);
            assert.deepEqual(errorCodes({ prop: "extlinks", params: { titles: "Main Page", elquery: "*" } }), [
                "badquery@elquery",
            ]);
        });

        it("linkshere, redirects, transcludedin: a namespace parameter left without a namespace ends the module first", () => {
            for (const [module, prefix] of [
                ["linkshere", "lh"],
                ["redirects", "rd"],
                ["transcludedin", "ti"],
            ]) {
                const judged = (namespace: string) =>
                    errorCodes({
                        prop: module,
                        params: { titles: "A", [`${prefix}namespace`]: namespace, [`${prefix}continue`]: "x" },
                    });
                assert.deepEqual(judged("Example|Other"), [], module);
                assert.deepEqual(judged("0"), [`badcontinue@${prefix}continue`], module);
            }
        });

        it("allpages: prlevel needs a prtype left after unrecognized types are dropped", () => {
            assert.deepEqual(errorCodes({ list: "allpages", params: { apprlevel: "", apprtype: "bogus" } }), [
                "invalidparammix@apprlevel",
            ]);
            assert.deepEqual(errorCodes({ list: "allpages", params: { apprlevel: "", apprtype: "edit" } }), []);
        });

        it("main: smaxage and maxage have a minimum of 0 since 1.43, none in 1.39", () => {
            const definition = { prop: "info", params: { titles: "Main Page", smaxage: -5 } };
            assert.deepEqual(codes(check(definition).warnings), ["outofrange@smaxage"]);
            assert.deepEqual(codes(check(definition, { mediawikiVersion: "1.39.17" }).warnings), []);
        });
    });

    describe("versions", () => {
        it("temporary accounts (~2024-1) are newer than 1.39: there a ~name is an ordinary user name, since then one a wiki may refuse", () => {
            const definition = { list: "watchlist", params: { wlowner: "~2024-1", wltoken: "t" } };
            assert.deepEqual(codes(check(definition).possible), ["baduser@wlowner"]);
            assert.deepEqual(codes(check(definition, { mediawikiVersion: "1.39.17" }).possible), []);
            assert.deepEqual(errorCodes(definition, { mediawikiVersion: "1.39.17" }), []);
        });

        it("a rule with since/until applies only to the versions between", () => {
            assert.ok(versionBefore("1.39.17", "1.40"));
            assert.ok(!versionBefore("1.40", "1.39.17"));
            assert.ok(appliesTo({ since: "1.40" }, "1.45.4") && !appliesTo({ since: "1.40" }, "1.39.17"));
            assert.ok(appliesTo({ until: "1.40" }, "1.39.17") && !appliesTo({ until: "1.40" }, "1.40.0"));
        });

        it("the table is read by the rule kinds alone: every entry names a module of the catalogue", () => {
            const { shipped } = require("./validate-support") as typeof import("./validate-support");
            // Besides core's, the modules of the extensions the test MediaWiki enables (the differential suite checks them there).
            const extensionModules = ["extracts", "pageimages"];
            for (const module of Object.keys(MODULE_RULES))
                assert.ok(shipped.modules.has(module) || extensionModules.includes(module), `no module "${module}"`);
            assert.equal(typeof applyRules, "function");
        });
    });
});

describe("wiki validator: the two voices", () => {
    it("misleadingboolean is advice, not a warning of the wiki", () => {
        const result = check({ list: "recentchanges", params: { rctoponly: "false" } });
        assert.deepEqual(result.warnings, []);
        assert.deepEqual(codes(result.advice), ["misleadingboolean@rctoponly"]);
        assert.ok(result.valid);
    });

    it("an array for a single-valued parameter: the wiki judges the joined string, the project advises", () => {
        const text = check({ list: "allpages", params: { apfrom: ["A", "B"] } });
        assert.deepEqual(codes(text.errors), ["invalidtitle@apfrom"]);
        const number = check({ list: "allpages", params: { aplimit: ["1", "2"] } });
        assert.deepEqual(codes(number.errors), ["badinteger@aplimit"]);
        assert.deepEqual(codes(number.advice), ["singlevalued@aplimit"]);
        const plain = check({ list: "search", params: { srsearch: ["a", "b"] } });
        assert.ok(plain.valid);
        assert.equal(plain.request.srsearch, "a|b");
    });

    it("unrecognized parameters are api.php's (module main)", () => {
        const result = check({ list: "allpages", params: { nosuch: 1 } });
        assert.deepEqual(
            result.warnings.map((issue) => `${issue.code}@${issue.module}`),
            ["unrecognizedparams@main"],
        );
    });
});
