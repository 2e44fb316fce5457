// The plugin's schema is read from the kinds' own declarations (provider/schema): every kind, each input with its
// description, type and secrecy, each output, what replaces a resource, the look-ups and the config. This holds it to
// them, and holds docs/resources.md's input tables to it, so that neither can drift from the field tables.
import { strict as assert } from "node:assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { READS } from "../../provider/data";
import { outputNames } from "../../provider/resources/lifecycle";
import { definitions } from "../../provider/resources/registry";
import { packageSchema } from "../../provider/schema";
import { REPOSITORY_ROOT } from "../support/repository";

interface Property {
    description?: string;
    secret?: boolean;
    replaceOnChanges?: boolean;
    type?: string;
    $ref?: string;
    oneOf?: unknown[];
}
interface Schema {
    resources: Record<
        string,
        { description: string; inputProperties: Record<string, Property>; properties: Record<string, Property> }
    >;
    functions: Record<string, { description: string }>;
    config: { variables: Record<string, Property> };
    types: Record<string, { properties: Record<string, Property> }>;
}

const schema = packageSchema() as Schema;

/** The names in the first column of each kind's input table of docs/resources.md, by kind. */
function documentedInputs(): Map<string, string[]> {
    const text = readFileSync(join(REPOSITORY_ROOT, "docs", "resources.md"), "utf8");
    const byKind = new Map<string, string[]>();
    for (const section of text.split(/^## /m).slice(1)) {
        const kind = section.slice(0, section.indexOf("\n")).trim();
        const table = /^\| input \|.*\n\|[- |]+\|\n((?:\|.*\n)+)/m.exec(section);
        if (!table) continue;
        const names = table[1]
            .split("\n")
            .filter(Boolean)
            .flatMap((row) => [...row.split("|")[1].matchAll(/`(\w+)`/g)].map(([, name]) => name));
        byKind.set(kind, names);
    }
    return byKind;
}

describe("plugin: the schema from the field tables", () => {
    it("has every kind, each input described and typed, every output, secrets and what replaces it", () => {
        assert.deepEqual(
            Object.keys(schema.resources).sort(),
            Object.keys(definitions)
                .map((kind) => `shortener:index:${kind}`)
                .sort(),
        );
        for (const definition of Object.values(definitions)) {
            const resource = schema.resources[`shortener:index:${definition.kind}`];
            assert.ok(resource.description, `${definition.kind}: no description`);
            assert.deepEqual(
                Object.keys(resource.inputProperties),
                Object.keys(definition.inputs.shape),
                definition.kind,
            );
            for (const [name, property] of Object.entries(resource.inputProperties)) {
                assert.ok(property.description, `${definition.kind}.${name}: no description`);
                assert.ok(property.type ?? property.$ref ?? property.oneOf, `${definition.kind}.${name}: no type`);
                assert.equal(
                    property.secret === true,
                    (definition.secretInputs ?? []).includes(name),
                    `${definition.kind}.${name}: secret`,
                );
                assert.equal(
                    property.replaceOnChanges === true,
                    (definition.replaceOn ?? []).includes(name),
                    `${definition.kind}.${name}: replaceOnChanges`,
                );
            }
            assert.deepEqual(Object.keys(resource.properties), outputNames(definition), definition.kind);
            for (const [name, output] of Object.entries(definition.computedFields ?? {}))
                assert.equal(resource.properties[name].description, output.description, `${definition.kind}.${name}`);
        }
    });

    it("gives a Link's password as a secret input and output, its utm as a type of its own, its shortUrl as a string", () => {
        const link = schema.resources["shortener:index:Link"];
        assert.equal(link.inputProperties.password.secret, true);
        assert.equal(link.properties.password.secret, true);
        assert.equal(link.inputProperties.utm.$ref, "#/types/shortener:index:LinkUtm");
        assert.deepEqual(Object.keys(schema.types["shortener:index:LinkUtm"].properties), [
            "source",
            "medium",
            "campaign",
            "term",
            "content",
        ]);
        assert.equal(link.properties.shortUrl.type, "string");
        assert.deepEqual(link.inputProperties.campaign.oneOf, [{ type: "integer" }, { type: "string" }]);
    });

    it("has every look-up as a function, and the config with the API key secret", () => {
        assert.deepEqual(
            Object.keys(schema.functions).sort(),
            Object.keys(READS)
                .map((name) => `shortener:index:${name}`)
                .sort(),
        );
        assert.equal(schema.config.variables.apiKey.secret, true);
        assert.equal(schema.config.variables.baseUrl.type, "string");
    });

    it("is what docs/resources.md's input tables list, kind by kind", () => {
        const documented = documentedInputs();
        for (const definition of Object.values(definitions)) {
            const inputs = Object.keys(schema.resources[`shortener:index:${definition.kind}`].inputProperties);
            assert.deepEqual(
                documented.get(definition.kind)?.sort(),
                [...inputs].sort(),
                `docs/resources.md, ${definition.kind}`,
            );
        }
    });
});
