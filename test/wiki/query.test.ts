// The query walk: which modules are used, their prefixes and the generator's, api.php's own parameters,
// unused parameters, deprecated and sensitive parameters, templated parameters and required ones.
import assert from "node:assert/strict";
import { check, codes } from "./validate-support";

describe("wiki validator: the query and its modules", () => {
    it("starts the request with action=query and joins the module lists", () => {
        const result = check({
            list: ["allpages", "recentchanges"],
            prop: "info",
            meta: "siteinfo",
            params: { titles: "Main Page" },
        });
        assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], []);
        assert.deepEqual(result.request, {
            action: "query",
            titles: "Main Page",
            prop: "info",
            list: "allpages|recentchanges",
            meta: "siteinfo",
        });
    });

    it("adds no defaults: only what the definition says", () => {
        const result = check({ list: "allpages" });
        assert.deepEqual(result.request, { action: "query", list: "allpages" });
    });

    it("reads each module's parameters under its prefix", () => {
        const result = check({
            list: "allpages",
            prop: "revisions",
            params: { titles: "A", aplimit: 20, rvprop: "ids" },
        });
        assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], []);
        assert.equal(result.request.aplimit, "20");
        assert.equal(result.request.rvprop, "ids");
    });

    it("warns (unrecognizedparams) about a parameter no module uses, saying which module it belongs to", () => {
        const result = check({ list: "recentchanges", params: { aplimit: 20, nosuchparam: "x" } });
        assert.deepEqual(codes(result.warnings), ["unrecognizedparams@aplimit", "unrecognizedparams@nosuchparam"]);
        assert.match(result.warnings[0].message, /list=allpages/);
        assert.equal("aplimit" in result.request, false);
        assert.equal(result.valid, true);
    });

    it("warns (unrecognizedvalues) about an unknown module, or one named in the wrong group", () => {
        const unknown = check({ list: "allpagez" });
        assert.deepEqual(codes(unknown.warnings), ["unrecognizedvalues@list"]);
        const wrongGroup = check({ list: "categories", params: { titles: "A", cllimit: 5 } });
        assert.deepEqual(codes(wrongGroup.warnings), ["unrecognizedvalues@list", "unrecognizedparams@cllimit"]);
        assert.match(wrongGroup.warnings[0].message, /categories is a prop module/);
        assert.deepEqual(codes(check({ prop: "categories", params: { titles: "A", cllimit: 5 } }).warnings), []);
    });

    it("warns (deprecation) about a deprecated module, parameter and value", () => {
        const module = check({ list: "deletedrevs" });
        // Every deprecation comes with api.php's own deprecation-help (module main), once.
        assert.deepEqual(codes(module.warnings), ["deprecation@list", "deprecation-help@"]);
        assert.equal(module.warnings[0].module, "deletedrevs");
        const param = check({ prop: "revisions", params: { titles: "A", rvparse: true } });
        assert.deepEqual(codes(param.warnings), ["deprecation@rvparse", "deprecation-help@"]);
        assert.deepEqual(codes(check({ prop: "revisions", params: { titles: "A", rvprop: "ids" } }).warnings), []);
    });

    it("advises (sensitive) about a value given for a sensitive parameter, without ever showing it", () => {
        const secret = "0123456789abcdef-watchlist-token";
        const result = check({ list: "watchlist", params: { wlowner: "Example", wltoken: secret } });
        assert.deepEqual(codes(result.warnings), []);
        assert.deepEqual(codes(result.advice), ["sensitive@wltoken"]);
        // An array reaches api.php joined: one (odd) token, plus the advice that the parameter takes one value.
        const invalid = check({ list: "watchlist", params: { wlowner: "Example", wltoken: [secret, `${secret}-2`] } });
        assert.deepEqual(codes(invalid.advice), ["sensitive@wltoken", "singlevalued@wltoken"]);
        for (const issue of [...result.advice, ...invalid.errors, ...invalid.warnings, ...invalid.advice]) {
            assert.ok(!issue.message.includes(secret), `the ${issue.code} message shows the sensitive value`);
        }
        assert.deepEqual(codes(check({ list: "watchlist", params: { wlowner: "Example" } }).warnings), []);
    });

    it("refuses a missing required parameter with missingparam, only for modules in use", () => {
        assert.deepEqual(codes(check({ list: "search" }).errors), ["missingparam@srsearch"]);
        assert.deepEqual(codes(check({ list: "pageswithprop" }).errors), ["missingparam@pwppropname"]);
        assert.deepEqual(codes(check({ list: "allpages" }).errors), []);
    });

    it("knows api.php's own parameters, checked by their types", () => {
        const result = check({
            list: "allpages",
            params: { format: "json", formatversion: 2, maxlag: 5, action: "query" },
        });
        assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], []);
        assert.equal(result.request.format, "json");
        const bad = check({ list: "allpages", params: { format: "yaml" } });
        assert.deepEqual(codes(bad.errors), ["badvalue@format"]);
        assert.equal(bad.errors[0].module, "main");
    });

    it("gives a request name to every module that reads it (iwurl: the query's, and iwlinks' deprecated url)", () => {
        assert.deepEqual(codes(check({ params: { titles: "A", iwurl: true } }).warnings), []);
        assert.deepEqual(codes(check({ prop: "iwlinks", params: { titles: "A", iwurl: true } }).warnings), [
            "deprecation@iwurl",
            "deprecation-help@",
        ]);
    });

    describe("generator", () => {
        it("reads the generator's parameters with g in front of its prefix", () => {
            const result = check({ generator: "allpages", prop: "info", params: { gaplimit: 600, gapnamespace: 4 } });
            assert.deepEqual(codes(result.errors), []);
            assert.deepEqual(codes(result.warnings), ["outofrange@gaplimit"]);
            assert.equal(result.warnings[0].module, "allpages");
            assert.deepEqual(result.request, {
                action: "query",
                prop: "info",
                generator: "allpages",
                gaplimit: "500",
                gapnamespace: "4",
            });
        });

        it("does not read the list form of the generator's parameters, nor the generator form of a list's", () => {
            const result = check({ generator: "allpages", list: "recentchanges", params: { aplimit: 5, grclimit: 5 } });
            assert.deepEqual(codes(result.warnings), ["unrecognizedparams@aplimit", "unrecognizedparams@grclimit"]);
            assert.match(result.warnings[0].message, /list=allpages/);
            assert.match(result.warnings[1].message, /generator=recentchanges/);
        });

        it("refuses an unknown generator and a module that cannot generate (badgenerator)", () => {
            assert.deepEqual(codes(check({ generator: "allpagez" }).errors), ["badgenerator@generator"]);
            const notGenerator = check({ generator: "blocks" });
            assert.deepEqual(codes(notGenerator.errors), ["badgenerator@generator"]);
            assert.match(notGenerator.errors[0].message, /cannot be used as a generator/);
        });

        it("accepts a prop module as generator, fed by titles", () => {
            const result = check({
                generator: "links",
                prop: "info",
                params: { titles: "Main Page", gpllimit: "max" },
            });
            assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], []);
        });
    });

    describe("templated parameters", () => {
        it("exist for each slot named in the module's slots parameter", () => {
            const result = check({
                prop: "revisions",
                params: { titles: "A", rvslots: "main", "rvcontentformat-main": "text/x-wiki" },
            });
            assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], []);
            assert.equal(result.request["rvcontentformat-main"], "text/x-wiki");
        });

        it("exist for every slot when slots is *", () => {
            const result = check({
                prop: "revisions",
                params: { titles: "A", rvslots: "*", "rvcontentformat-main": "text/x-wiki" },
            });
            assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], []);
        });

        it("do not exist without the slot in slots", () => {
            const result = check({ prop: "revisions", params: { titles: "A", "rvcontentformat-main": "text/x-wiki" } });
            assert.deepEqual(codes(result.warnings), ["unrecognizedparams@rvcontentformat-main"]);
            assert.match(result.warnings[0].message, /rvslots/);
        });

        it("are checked by the template's type", () => {
            const result = check({
                prop: "revisions",
                params: { titles: "A", rvslots: "main", "rvcontentformat-main": "text/nope" },
            });
            assert.deepEqual(codes(result.errors), ["badvalue@rvcontentformat-main"]);
        });
    });
});
