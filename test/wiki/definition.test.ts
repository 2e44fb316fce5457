// Malformed definitions are refused before any rule, with an error naming the field; well-formed
// ones in each accepted shape are validated.
import assert from "node:assert/strict";
import { definitionsOf, validateWikiQuery, WikiDefinitionError } from "../../wiki";
import { check } from "./validate-support";

function refusal(action: () => unknown): WikiDefinitionError {
    try {
        action();
    } catch (error) {
        if (error instanceof WikiDefinitionError) return error;
        throw error;
    }
    assert.fail("the definition was accepted");
}

describe("wiki validator: the definition's shape", () => {
    const malformed: [string, unknown, string, RegExp][] = [
        ["a string", "list=allpages", "definition", /expected an object, got a string/],
        ["null", null, "definition", /got null/],
        ["an array", [{ list: "allpages" }], "definition", /got an array/],
        [
            "params that are not an object",
            { list: "allpages", params: ["aplimit=5"] },
            "definition.params",
            /expected an object, got an array/,
        ],
        [
            "a value that is an object",
            { list: "allpages", params: { aplimit: { max: 5 } } },
            "definition.params.aplimit",
            /got an object/,
        ],
        [
            "a value that is null",
            { list: "allpages", params: { apfrom: null } },
            "definition.params.apfrom",
            /got null/,
        ],
        [
            "an object inside a value list",
            { params: { titles: ["A", { title: "B" }] } },
            "definition.params.titles[1]",
            /got an object/,
        ],
        [
            "a boolean inside a value list",
            { params: { titles: ["A", true] } },
            "definition.params.titles[1]",
            /got a boolean/,
        ],
        ["a module list that is a number", { list: 5 }, "definition.list", /module name/],
        ["a generator list", { generator: ["allpages"] }, "definition.generator", /expected a string/],
        ["an unknown field", { lists: "allpages" }, "definition.lists", /unknown field/],
        ["list among params", { params: { list: "allpages" } }, "definition.params.list", /"list" field/],
        ["another action", { params: { action: "parse" } }, "definition.params.action", /action "query"/],
        ["a name that is not a string", { name: 5 }, "definition.name", /expected a string/],
    ];
    for (const [what, definition, field, reason] of malformed) {
        it(`refuses ${what}, naming ${field}`, () => {
            const error = refusal(() => validateWikiQuery(definition));
            assert.equal(error.field, field);
            assert.match(error.message, reason);
            assert.ok(error.message.startsWith(`${field}: `));
        });
    }

    it("accepts names, descriptions, module lists as strings or arrays, and scalar or list values", () => {
        const result = check({
            name: "recent edits",
            description: "what changed",
            list: ["recentchanges"],
            prop: "info",
            params: { titles: ["A", 1], rclimit: 5, rcbot: true, rcprop: "title|ids" },
        });
        assert.equal(result.valid, true);
        assert.equal(result.request.titles, "A|1");
    });

    it("reads a file's document as one definition or as an array, naming the index in errors", () => {
        assert.equal(definitionsOf({ list: "allpages" }).length, 1);
        assert.equal(definitionsOf([{ list: "allpages" }, { meta: "siteinfo" }]).length, 2);
        const error = refusal(() => definitionsOf([{ list: "allpages" }, { params: 3 }]));
        assert.equal(error.field, "definitions[1].params");
    });

    it("refuses namespaces that are not integers", () => {
        assert.throws(() => check({ list: "allpages" }, { namespaces: [0, 1.5] }), /options\.namespaces/);
    });
});
