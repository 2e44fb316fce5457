// One parameter type at a time, through validateWikiQuery: what MediaWiki's TypeDef for that type
// accepts, how it normalises the value, and the code it reports otherwise.
import assert from "node:assert/strict";
import { check, codes } from "./validate-support";

describe("wiki validator: parameter types", () => {
    describe("enum (EnumDef)", () => {
        it("accepts a listed value of a single-valued enum", () => {
            const result = check({ list: "allpages", params: { apdir: "descending" } });
            assert.deepEqual(codes(result.errors), []);
            assert.equal(result.request.apdir, "descending");
        });

        it("refuses an unlisted value with badvalue, naming parameter and module", () => {
            const result = check({ list: "allpages", params: { apdir: "sideways" } });
            assert.deepEqual(codes(result.errors), ["badvalue@apdir"]);
            assert.equal(result.errors[0].module, "allpages");
            assert.match(result.errors[0].message, /"sideways"/);
            assert.equal(result.valid, false);
        });

        it("warns about a deprecated value and keeps it", () => {
            // parsetree also asks for content: without rvslots that may draw the legacy format's deprecation too.
            const result = check({ prop: "revisions", params: { titles: "Main Page", rvprop: "ids|parsetree" } });
            assert.deepEqual(codes(result.warnings), ["deprecation@rvprop", "deprecation-help@"]);
            assert.deepEqual(codes(result.possible), ["deprecation@rvslots"]);
            assert.equal(result.request.rvprop, "ids|parsetree");
            assert.equal(result.valid, true);
        });
    });

    describe("namespace (NamespaceDef)", () => {
        it("accepts the standard namespaces 0..15 and reads a signed decimal as its number", () => {
            for (const [given, expected] of [
                ["0", "0"],
                ["15", "15"],
                ["+4", "4"],
                ["010", "10"],
            ]) {
                const result = check({ list: "allpages", params: { apnamespace: given } });
                assert.deepEqual(codes(result.errors), [], given);
                assert.equal(result.request.apnamespace, expected);
            }
        });

        it("refuses 16, -1 (no extra namespaces on allpages) and names with badvalue", () => {
            for (const given of ["16", "-1", "Talk"]) {
                assert.deepEqual(
                    codes(check({ list: "allpages", params: { apnamespace: given } }).errors),
                    ["badvalue@apnamespace"],
                    given,
                );
            }
        });

        it("accepts -1 and -2 only where the parameter lists them as extranamespaces", () => {
            assert.deepEqual(codes(check({ list: "logevents", params: { lenamespace: -1 } }).errors), []);
            assert.deepEqual(
                codes(check({ prop: "links", params: { titles: "A", plnamespace: "-2|-1" } }).warnings),
                [],
            );
            assert.deepEqual(codes(check({ list: "watchlist", params: { wlnamespace: "-1|0" } }).warnings), [
                "unrecognizedvalues@wlnamespace",
            ]);
        });

        it("uses the wiki's own namespaces when given", () => {
            const namespaces = [0, 1, 100];
            assert.deepEqual(
                codes(check({ list: "allpages", params: { apnamespace: 100 } }, { namespaces }).errors),
                [],
            );
            assert.deepEqual(codes(check({ list: "allpages", params: { apnamespace: 4 } }, { namespaces }).errors), [
                "badvalue@apnamespace",
            ]);
        });

        it("warns (not fails) about unknown namespaces of a multi-valued parameter and drops them", () => {
            const result = check({ list: "recentchanges", params: { rcnamespace: "0|99|1" } });
            assert.deepEqual(codes(result.errors), []);
            assert.deepEqual(codes(result.warnings), ["unrecognizedvalues@rcnamespace"]);
            assert.equal(result.request.rcnamespace, "0|1");
        });
    });

    describe("integer (IntegerDef)", () => {
        it("accepts a signed decimal and writes it plainly", () => {
            for (const [given, expected] of [
                ["100", "100"],
                ["-5", "-5"],
                ["+7", "7"],
                ["007", "7"],
                ["9223372036854775807", "9223372036854775807"],
            ]) {
                const result = check({ list: "allpages", params: { apminsize: given } });
                assert.deepEqual(codes(result.errors), [], given);
                assert.equal(result.request.apminsize, expected);
            }
        });

        it("refuses decimals, exponents, words and values beyond 64 bits with badinteger", () => {
            for (const given of ["1.5", "1e3", "ten", " 5", "", "9223372036854775808"]) {
                assert.deepEqual(
                    codes(check({ list: "allpages", params: { apminsize: given } }).errors),
                    ["badinteger@apminsize"],
                    given,
                );
            }
        });

        it("clamps below the minimum with an outofrange warning", () => {
            const result = check({ list: "search", params: { srsearch: "x", sroffset: -3 } });
            assert.deepEqual(codes(result.warnings), ["outofrange@sroffset"]);
            assert.equal(result.request.sroffset, "0");
            assert.equal(result.valid, true);
        });
    });

    describe("limit (LimitDef)", () => {
        it("accepts values from 1 to 500 and the word max", () => {
            for (const given of ["1", "500", "max"]) {
                const result = check({ list: "allpages", params: { aplimit: given } });
                assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], [], given);
                assert.equal(result.request.aplimit, given);
            }
        });

        it("clamps above max to 500, or to highmax 5000 with high limits", () => {
            const normal = check({ list: "allpages", params: { aplimit: 501 } });
            assert.deepEqual(codes(normal.warnings), ["outofrange@aplimit"]);
            assert.equal(normal.request.aplimit, "500");

            const elevated = check({ list: "allpages", params: { aplimit: 501 } }, { highLimits: true });
            assert.deepEqual(codes(elevated.warnings), []);
            assert.equal(elevated.request.aplimit, "501");

            const beyond = check({ list: "allpages", params: { aplimit: 6000 } }, { highLimits: true });
            assert.deepEqual(codes(beyond.warnings), ["outofrange@aplimit"]);
            assert.equal(beyond.request.aplimit, "5000");
        });

        it("clamps 0 to the minimum 1 and refuses words other than max", () => {
            const zero = check({ list: "allpages", params: { aplimit: 0 } });
            assert.deepEqual(codes(zero.warnings), ["outofrange@aplimit"]);
            assert.equal(zero.request.aplimit, "1");
            assert.deepEqual(codes(check({ list: "allpages", params: { aplimit: "all" } }).errors), [
                "badinteger@aplimit",
            ]);
        });
    });

    describe("boolean (PresenceBooleanDef)", () => {
        it("sends true as 1 and leaves false out", () => {
            assert.equal(check({ list: "alllinks", params: { alunique: true } }).request.alunique, "1");
            assert.equal("alunique" in check({ list: "alllinks", params: { alunique: false } }).request, false);
        });

        it("takes any present value as true, advising (misleadingboolean) when it reads as false", () => {
            const plain = check({ list: "alllinks", params: { alunique: "yes" } });
            assert.deepEqual(codes(plain.advice), []);
            for (const given of ["false", "0", 0, "no", "off", ""]) {
                const result = check({ list: "alllinks", params: { alunique: given } });
                assert.deepEqual(codes(result.warnings), [], String(given));
                assert.deepEqual(codes(result.advice), ["misleadingboolean@alunique"], String(given));
                assert.equal(result.request.alunique, "1");
                assert.equal(result.valid, true);
            }
        });
    });

    describe("timestamp (TimestampDef)", () => {
        const accepted = [
            "2024-05-01T12:00:00Z",
            "2024-05-01 12:00:00",
            "2024-05-01T12:00:00.123+02:00",
            "20240501120000",
            "20240501T120000Z",
            "1714564800",
            "1714564800.5",
            "now",
            "Wed, 01 May 2024 12:00:00 GMT",
            "1 May 2024 12:00:00 +0200",
            "Wednesday, 01-May-24 12:00:00 GMT",
            "Wed May  1 12:00:00 2024",
            "2024:05:01 12:00:00",
            "01-05-2024 12:00:00.000000",
            "2024-05-01 12:00:00+00",
            // PHP rolls over fields out of range: month 13 is January of the next year.
            "2024-13-45T00:00:00Z",
        ];
        for (const value of accepted) {
            it(`accepts ${JSON.stringify(value)}`, () => {
                const result = check({ list: "recentchanges", params: { rcstart: value } });
                assert.deepEqual(codes(result.errors), []);
                assert.equal(result.request.rcstart, value);
            });
        }

        const refused = [
            "yesterday",
            "2024-05-01",
            "2024/05/01 12:00:00",
            "2024-05-01T12:00:00Zx",
            "Foo, 01 May 2024 12:00:00 GMT",
            "01 Mai 2024 12:00:00",
            // Rolls over past year 9999, which the 14-digit form cannot hold.
            "99999999999999",
            "-99999999999",
        ];
        for (const value of refused) {
            it(`refuses ${JSON.stringify(value)} with badtimestamp`, () => {
                assert.deepEqual(codes(check({ list: "recentchanges", params: { rcstart: value } }).errors), [
                    "badtimestamp@rcstart",
                ]);
            });
        }

        it('warns (unclearnowtimestamp) for "" and "0", which MediaWiki reads as now', () => {
            for (const value of ["", "0", 0]) {
                const result = check({ list: "recentchanges", params: { rcend: value } });
                assert.deepEqual(codes(result.warnings), ["unclearnowtimestamp@rcend"], String(value));
                assert.equal(result.valid, true);
            }
        });
    });

    describe("user (UserDef)", () => {
        const kinds: [string, string][] = [
            ["Example", "a name"],
            ["example_user", "a name, capitalised by MediaWiki"],
            ["1.2.3.4", "an IP address"],
            ["2001:db8::1", "an IPv6 address"],
            ["~2024-17", "a temporary account"],
            ["en>Example", "an interwiki name"],
            ["#123", "a user ID"],
        ];
        for (const [value, kind] of kinds) {
            it(`accepts ${kind} where the subtypes allow it (rcuser: ${value})`, () => {
                assert.deepEqual(codes(check({ list: "recentchanges", params: { rcuser: value } }).errors), []);
            });
        }

        it("refuses an IP range where cidr is not a subtype, and accepts it where it is", () => {
            assert.deepEqual(codes(check({ list: "recentchanges", params: { rcuser: "192.0.2.0/24" } }).errors), [
                "baduser@rcuser",
            ]);
            assert.deepEqual(
                codes(check({ list: "blocks", params: { bkusers: "192.0.2.0/24|2001:db8::/32|Example" } }).errors),
                [],
            );
        });

        it("refuses a user ID or an interwiki name where the subtypes leave them out", () => {
            for (const value of ["#5", "en>Example"]) {
                assert.deepEqual(
                    codes(check({ list: "blocks", params: { bkusers: value } }).errors),
                    ["baduser@bkusers"],
                    value,
                );
            }
        });

        it("accepts only a plain name for watchlist's owner (subtypes: name)", () => {
            assert.deepEqual(
                codes(check({ list: "watchlist", params: { wlowner: "Example", wltoken: "t" } }).errors),
                [],
            );
            for (const value of ["192.0.2.1", "#7"]) {
                const result = check({ list: "watchlist", params: { wlowner: value } });
                assert.deepEqual(codes(result.errors), ["baduser@wlowner"], value);
            }
        });

        it("accepts a ~name, saying the wiki's configuration, or whether the temporary account exists, may refuse it", () => {
            const owner = check({ list: "watchlist", params: { wlowner: "~2024-17", wltoken: "t" } });
            assert.deepEqual(codes(owner.errors), []);
            assert.deepEqual(codes(owner.possible), ["baduser@wlowner"]);
            assert.match(owner.possible[0].when, /has temporary accounts/);
            // main's assertuser takes names and temporary accounts: a wiki with them refuses one that does not exist.
            const asserted = check({
                list: "watchlist",
                params: { assertuser: "~2024-17", wlowner: "Example", wltoken: "t" },
            });
            assert.deepEqual([codes(asserted.errors), codes(asserted.possible)], [[], ["baduser@assertuser"]]);
            assert.match(asserted.possible[0].when, /no such temporary account exists/);
        });

        it("reads IPv6 addresses as MediaWiki writes their user pages: ::1 is an address, User:::1 its page", () => {
            for (const value of ["::1", "User:::1", "::", "::ffff:0:1"]) {
                assert.deepEqual(codes(check({ list: "recentchanges", params: { rcuser: value } }).errors), [], value);
            }
            assert.deepEqual(codes(check({ list: "recentchanges", params: { rcuser: ":::1" } }).errors), [
                "baduser@rcuser",
            ]);
        });

        it("refuses what is no user designator at all", () => {
            for (const value of ["", "Foo#bar", "Foo[bar]", "Foo/Bar", "300.300.300.300", "Talk:Example", "a~~~b"]) {
                assert.deepEqual(
                    codes(check({ list: "recentchanges", params: { rcuser: value } }).errors),
                    ["baduser@rcuser"],
                    value,
                );
            }
            // With temporary accounts or without: no account has a name that is not valid.
            const tilde = check(
                { list: "recentchanges", params: { rcuser: "~Bad[name" } },
                { mediawikiVersion: "1.43.9" },
            );
            assert.deepEqual([codes(tilde.errors), codes(tilde.possible)], [["baduser@rcuser"], []]);
        });

        it("fails the whole multi-value on one bad user (baduser is not an unrecognized value)", () => {
            const result = check({ list: "usercontribs", params: { ucuser: "Alice|#5|Bob" } });
            assert.deepEqual(codes(result.errors), ["baduser@ucuser"]);
            assert.deepEqual(codes(result.warnings), []);
        });
    });

    describe("title (TitleDef)", () => {
        it("accepts page titles", () => {
            for (const value of ["Main Page", "Talk:Foo", ":Foo", "Foo#Section"]) {
                assert.deepEqual(
                    codes(check({ prop: "info", params: { titles: "A", inlinkcontext: value } }).errors),
                    [],
                    value,
                );
            }
        });

        it("refuses invalid titles with badtitle", () => {
            for (const value of ["", "Foo[bar]", "Talk:", "a%20b", "../x", "Foo~~~"]) {
                assert.deepEqual(
                    codes(check({ prop: "info", params: { titles: "A", inlinkcontext: value } }).errors),
                    ["badtitle@inlinkcontext"],
                    value,
                );
            }
        });
    });

    describe("string (StringDef)", () => {
        it("accepts any text, | included, for a single-valued parameter", () => {
            // StringDef takes it; allsearch's srsearch has no module check on top (allpages' apprefix has: a title part).
            const result = check({ list: "search", params: { srsearch: "a|b" } });
            assert.deepEqual(codes(result.errors), []);
            assert.equal(result.request.srsearch, "a|b");
        });

        it("refuses the empty string for a required parameter with missingparam", () => {
            assert.deepEqual(codes(check({ list: "search", params: { srsearch: "" } }).errors), [
                "missingparam@srsearch",
            ]);
            assert.deepEqual(codes(check({ list: "search", params: { srsearch: "wiki" } }).errors), []);
        });
    });
});
