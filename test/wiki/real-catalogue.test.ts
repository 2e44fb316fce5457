// The shipped catalogue (the wiki the spec describes) and the real MediaWiki 1.45.4 reply must judge
// every definition alike for the modules they share; codexicons' brand logos are the one known difference.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";
import { definitionsOf, validateWikiQuery } from "../../wiki";
import { codes, real, shipped } from "./validate-support";

const CORPUS = resolve(__dirname, "../../../test/fixtures/wiki/corpus.yaml");

describe("wiki validator: the shipped catalogue and the real 1.45.4 reply", () => {
    const definitions = definitionsOf(parse(readFileSync(CORPUS, "utf8")), CORPUS);

    it("the corpus exercises both errors and warnings", () => {
        const results = definitions.map((definition) => validateWikiQuery(definition, { catalogue: shipped }));
        assert.ok(results.some((result) => result.valid) && results.some((result) => !result.valid));
        assert.ok(results.some((result) => result.warnings.length > 0));
    });

    for (const definition of definitionsOf(parse(readFileSync(CORPUS, "utf8")), CORPUS)) {
        it(`judges "${definition.name}" alike`, () => {
            for (const highLimits of [false, true]) {
                // Alike but for which catalogue judged (and whether it named its version and site data).
                assert.deepEqual(
                    { ...validateWikiQuery(definition, { catalogue: real, highLimits }), judgedWith: "", judgedAs: "" },
                    {
                        ...validateWikiQuery(definition, { catalogue: shipped, highLimits }),
                        judgedWith: "",
                        judgedAs: "",
                    },
                );
            }
        });
    }

    it("differs only where the spec leaves codexicons' brand logos out", () => {
        const logo = { list: "codexicons", params: { names: "cdxIconLogoMediaWiki|cdxIconAdd" } };
        assert.deepEqual(codes(validateWikiQuery(logo, { catalogue: real }).warnings), []);
        assert.deepEqual(codes(validateWikiQuery(logo, { catalogue: shipped }).warnings), ["unrecognizedvalues@names"]);
    });
});
