// Multi-valued parameters as ParamValidator handles them: "|" and U+001F splitting, the all-specifier,
// the 50/500 value limit, unrecognized values, duplicates; and how the request joins values again.
import assert from "node:assert/strict";
import { check, codes } from "./validate-support";

const titles = (count: number): string[] => Array.from({ length: count }, (_, index) => `Page ${index}`);

describe("wiki validator: multi-valued parameters", () => {
    it("joins a list with | in the request", () => {
        const result = check({ list: "recentchanges", params: { rcprop: ["title", "ids", "sizes"] } });
        assert.equal(result.request.rcprop, "title|ids|sizes");
    });

    it("splits a string at | and validates each value", () => {
        const result = check({ list: "recentchanges", params: { rcprop: "title|ids" } });
        assert.deepEqual(codes(result.warnings), []);
        assert.equal(result.request.rcprop, "title|ids");
    });

    it("joins with U+001F, led by U+001F, when a value contains |", () => {
        const result = check({ params: { titles: ["A|B", "C"] } });
        assert.equal(result.request.titles, "\x1fA|B\x1fC");
    });

    it("splits a string led by U+001F at U+001F", () => {
        const result = check({ params: { titles: "\x1fA|B\x1fC\x1fD" } });
        assert.deepEqual(codes(result.errors), []);
        assert.equal(result.request.titles, "\x1fA|B\x1fC\x1fD");
    });

    it("refuses several values, or a U+001F-led value, for a single-valued parameter (badvalue)", () => {
        assert.deepEqual(codes(check({ list: "allpages", params: { apdir: ["ascending", "descending"] } }).errors), [
            "badvalue@apdir",
        ]);
        assert.deepEqual(codes(check({ list: "allpages", params: { apprefix: "\x1fa\x1fb" } }).errors), [
            "badvalue@apprefix",
        ]);
        assert.deepEqual(codes(check({ list: "allpages", params: { apdir: ["descending"] } }).errors), []);
    });

    it("warns about unrecognized values of a multi-valued enum, drops them, and keeps the others", () => {
        const result = check({ list: "recentchanges", params: { rcprop: "title|bogus|ids" } });
        assert.deepEqual(codes(result.errors), []);
        assert.deepEqual(codes(result.warnings), ["unrecognizedvalues@rcprop"]);
        assert.match(result.warnings[0].message, /"bogus"/);
        assert.equal(result.request.rcprop, "title|ids");
    });

    it("drops duplicates, keeping the first of each", () => {
        const result = check({ list: "recentchanges", params: { rcprop: "ids|title|ids" } });
        assert.equal(result.request.rcprop, "ids|title");
        assert.equal(check({ params: { titles: ["B", "A", "B"] } }).request.titles, "B|A");
    });

    it("keeps duplicates where the parameter allows them", () => {
        const result = check({ meta: "allmessages", params: { amargs: ["x", "x", "y"] } });
        assert.equal(result.request.amargs, "x|x|y");
    });

    it("reads * alone as all values where the parameter has the all-specifier", () => {
        const result = check({ list: "recentchanges", params: { rcnamespace: "*" } });
        assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], []);
        assert.equal(result.request.rcnamespace, "*");
    });

    it("treats * as an ordinary (unrecognized) value beside others or without an all-specifier", () => {
        const mixed = check({ list: "recentchanges", params: { rcnamespace: "*|0" } });
        assert.deepEqual(codes(mixed.warnings), ["unrecognizedvalues@rcnamespace"]);
        assert.equal(mixed.request.rcnamespace, "0");
        assert.deepEqual(codes(check({ list: "recentchanges", params: { rcprop: "*" } }).warnings), [
            "unrecognizedvalues@rcprop",
        ]);
    });

    it("accepts 50 values, and refuses 51 with toomanyvalues", () => {
        assert.deepEqual(codes(check({ params: { titles: titles(50) } }).errors), []);
        const result = check({ params: { titles: titles(51) } });
        assert.deepEqual(codes(result.errors), ["toomanyvalues@titles"]);
        assert.match(result.errors[0].message, /limit is 50\b/);
    });

    it("accepts up to 500 values with high limits, and refuses 501", () => {
        assert.deepEqual(codes(check({ params: { titles: titles(500).join("|") } }, { highLimits: true }).errors), []);
        const result = check({ params: { titles: titles(501).join("|") } }, { highLimits: true });
        assert.deepEqual(codes(result.errors), ["toomanyvalues@titles"]);
        assert.match(result.errors[0].message, /limit is 500\b/);
    });

    it("fails the whole value when one integer is bad (badinteger is not an unrecognized value)", () => {
        const result = check({ params: { pageids: [1, "x", 3] } });
        assert.deepEqual(codes(result.errors), ["badinteger@pageids"]);
        assert.equal(check({ params: { pageids: [1, 2, 3] } }).request.pageids, "1|2|3");
    });

    it("keeps an empty value as an empty request value (explicitly no values)", () => {
        const result = check({ list: "recentchanges", params: { rcprop: "" } });
        assert.deepEqual([...codes(result.errors), ...codes(result.warnings)], []);
        assert.equal(result.request.rcprop, "");
    });
});
