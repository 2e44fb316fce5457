// Rules beyond parameter types: ApiPageSet's single page source, and the module rules paraminfo only
// notes in info (revisions: singlepageonly; alldeletedrevisions: useronly/nonuseronly; deletedrevs: modes).
import assert from "node:assert/strict";
import { check, codes } from "./validate-support";

describe("wiki validator: page set and module rules", () => {
    describe("one page source (ApiPageSet)", () => {
        it("accepts titles, pageids or revids alone", () => {
            for (const params of [{ titles: "A|B" }, { pageids: "1|2" }, { revids: [5, 6] }]) {
                assert.deepEqual(codes(check({ prop: "info", params }).errors), [], JSON.stringify(params));
            }
        });

        it("refuses two of them together with multisource", () => {
            assert.deepEqual(codes(check({ prop: "info", params: { titles: "A", pageids: 1 } }).errors), [
                "multisource@pageids",
            ]);
            assert.deepEqual(codes(check({ prop: "info", params: { pageids: 1, revids: 2 } }).errors), [
                "multisource@revids",
            ]);
        });

        it("lets titles feed a generator", () => {
            assert.deepEqual(codes(check({ generator: "links", prop: "info", params: { titles: "A" } }).errors), []);
            assert.deepEqual(codes(check({ generator: "links", params: { titles: "A", pageids: 3 } }).errors), [
                "multisource@pageids",
            ]);
        });
    });

    describe("revisions: singlepageonly parameters", () => {
        it("accepts them for one page", () => {
            const result = check({
                prop: "revisions",
                params: { titles: "A", rvlimit: 5, rvdir: "newer", rvuser: "Example" },
            });
            assert.deepEqual(codes(result.errors), []);
        });

        it("says they are refused with invalidparammix when more than one of several pages exists", () => {
            for (const param of [
                { rvlimit: 5 },
                { rvstart: "now" },
                { rvdir: "newer" },
                { rvexcludeuser: "Example" },
                { rvstartid: 10 },
            ]) {
                const result = check({ prop: "revisions", params: { titles: "A|B", ...param } });
                assert.deepEqual(codes(result.errors), [], JSON.stringify(param));
                assert.deepEqual(
                    codes(result.possible),
                    [`invalidparammix@${Object.keys(param)[0]}`],
                    JSON.stringify(param),
                );
                assert.match(result.possible[0].when, /more than one of the 2 pages/);
            }
        });

        it("says the same of a generator's pages, and of page ids", () => {
            const generated = check({ prop: "revisions", generator: "allpages", params: { rvlimit: 5 } });
            assert.deepEqual([codes(generated.errors), codes(generated.possible)], [[], ["invalidparammix@rvlimit"]]);
            assert.match(generated.possible[0].when, /the generator gives more than one existing page/);
            assert.deepEqual(codes(check({ prop: "revisions", params: { pageids: "1|2", rvlimit: 5 } }).possible), [
                "invalidparammix@rvlimit",
            ]);
        });

        it("does not count dir at its default (older), as ApiQueryRevisions counts only dir=newer", () => {
            const result = check({ prop: "revisions", params: { titles: "A|B", rvdir: "older" } });
            assert.deepEqual([...result.errors, ...result.possible], []);
        });

        it("says they are refused with revids when a named revision exists, and checks nothing else then", () => {
            const result = check({
                prop: "revisions",
                params: { revids: "1|2", rvlimit: 1, rvstart: "now", rvstartid: 1, rvslots: "main", rvparse: true },
            });
            assert.deepEqual([codes(result.errors), codes(result.possible)], [[], ["invalidparammix@rvlimit"]]);
            assert.match(result.possible[0].when, /one of the revisions the query names exists and is not deleted/);
            assert.deepEqual(codes(check({ prop: "revisions", params: { revids: "1|2", rvprop: "ids" } }).errors), []);
            assert.deepEqual(codes(check({ prop: "revisions", params: { revids: 1, rvdir: "older" } }).possible), []);
        });

        it("as a generator, counts its own pages, not the pages it generates", () => {
            const result = check({ generator: "revisions", params: { titles: "A", grvlimit: 5 } });
            assert.deepEqual([...result.errors, ...result.possible], []);
            assert.deepEqual(codes(check({ generator: "revisions", params: { revids: 7, grvlimit: 5 } }).possible), [
                "invalidparammix@grvlimit",
            ]);
        });

        it("reads each mode's continue value: enumeration a timestamp and an id, pages two ids, revisions any", () => {
            const continued = (params: Record<string, string | number>, version: string) =>
                codes(check({ prop: "revisions", params }, { mediawikiVersion: version }).errors);
            for (const version of ["1.39.17", "1.43.9"]) {
                assert.deepEqual(continued({ revids: 1, rvcontinue: "garbage" }, version), [], version);
                assert.deepEqual(continued({ titles: "A", rvcontinue: "garbage" }, version), [
                    "badcontinue@rvcontinue",
                ]);
                assert.deepEqual(continued({ titles: "A", rvlimit: 5, rvcontinue: "20200101000000|x" }, version), [
                    "badcontinue@rvcontinue",
                ]);
            }
            assert.deepEqual(continued({ titles: "A", rvlimit: 5, rvcontinue: "1|2" }, "1.39.17"), []);
            assert.deepEqual(continued({ titles: "A", rvlimit: 5, rvcontinue: "1|2" }, "1.43.9"), [
                "badcontinue@rvcontinue",
            ]);
            assert.deepEqual(continued({ titles: "A", rvcontinue: "a|b" }, "1.39.17"), []);
            assert.deepEqual(continued({ titles: "A", rvcontinue: "a|b" }, "1.43.9"), ["badcontinue@rvcontinue"]);
        });

        it("counts pages after duplicates are dropped", () => {
            const result = check({ prop: "revisions", params: { titles: "A|A", rvlimit: 5 } });
            assert.deepEqual([...result.errors, ...result.possible], []);
        });
    });

    describe("alldeletedrevisions: useronly and nonuseronly parameters", () => {
        it("accepts start/end with a user, and from/to/prefix/excludeuser without", () => {
            assert.deepEqual(
                codes(
                    check({
                        list: "alldeletedrevisions",
                        params: { adruser: "Example", adrstart: "now", adrend: "2020-01-01T00:00:00Z" },
                    }).errors,
                ),
                [],
            );
            assert.deepEqual(
                codes(
                    check({
                        list: "alldeletedrevisions",
                        params: { adrfrom: "A", adrto: "B", adrprefix: "C", adrexcludeuser: "X" },
                    }).errors,
                ),
                [],
            );
        });

        it("refuses nonuseronly parameters with a user (invalidparammix)", () => {
            const result = check({
                list: "alldeletedrevisions",
                params: { adruser: "Example", adrfrom: "A", adrexcludeuser: "X" },
            });
            assert.deepEqual(codes(result.errors), ["invalidparammix@adrfrom", "invalidparammix@adrexcludeuser"]);
        });

        it("refuses useronly parameters without a user (invalidparammix)", () => {
            const result = check({ list: "alldeletedrevisions", params: { adrstart: "now" } });
            assert.deepEqual(codes(result.errors), ["invalidparammix@adrstart"]);
            assert.match(result.errors[0].message, /adruser/);
        });

        it("applies to the generator form too, under its prefix", () => {
            assert.deepEqual(codes(check({ generator: "alldeletedrevisions", params: { gadrend: "now" } }).errors), [
                "invalidparammix@gadrend",
            ]);
        });
    });

    describe("deletedrevs: modes", () => {
        it("accepts start/end in modes 1 (pages) and 2 (user), from/to/prefix in mode 3", () => {
            assert.deepEqual(codes(check({ list: "deletedrevs", params: { titles: "A", drstart: "now" } }).errors), []);
            assert.deepEqual(
                codes(check({ list: "deletedrevs", params: { druser: "Example", drend: "now" } }).errors),
                [],
            );
            assert.deepEqual(
                codes(check({ list: "deletedrevs", params: { drfrom: "A", drto: "B", drprefix: "C" } }).errors),
                [],
            );
        });

        it("refuses from/to/prefix in modes 1 and 2 with badparams", () => {
            assert.deepEqual(codes(check({ list: "deletedrevs", params: { titles: "A", drfrom: "A" } }).errors), [
                "badparams@drfrom",
            ]);
            assert.deepEqual(
                codes(check({ list: "deletedrevs", params: { druser: "Example", drprefix: "A" } }).errors),
                ["badparams@drprefix"],
            );
        });

        it("refuses start/end in mode 3 with badparams", () => {
            assert.deepEqual(codes(check({ list: "deletedrevs", params: { drstart: "now", drend: "now" } }).errors), [
                "badparams@drstart",
                "badparams@drend",
            ]);
        });

        it("lets through what ApiQueryDeletedrevs cannot tell was set on purpose (booleans, parameters with a default)", () => {
            assert.deepEqual(
                codes(
                    check({
                        list: "deletedrevs",
                        params: { titles: "A", drunique: true, drnamespace: 1, drdir: "newer" },
                    }).errors,
                ),
                [],
            );
        });

        it("refuses user with excludeuser (badparams)", () => {
            assert.deepEqual(
                codes(check({ list: "deletedrevs", params: { druser: "A", drexcludeuser: "B" } }).errors),
                ["badparams@drexcludeuser"],
            );
        });
    });
});
