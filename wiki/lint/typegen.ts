// TypeScript declarations generated from a catalogue (shipped or pinned): each query module's parameters with
// their types and enumeration values, and a definition type whose `params` accepts exactly those names, so that
// a misspelt parameter or value fails to compile and an editor completes them. The result is assignable to
// WikiQueryDefinition, so WikiQuery and validateWikiQuery take a typed definition without a cast.
// Names and values come from the catalogue, i.e. from a wiki: they reach the output only as string literals or
// quoted property names (never as identifiers, comments or code), escaped so that no text can end them early.
import type { Catalogue, ModuleInfo, ParamInfo } from "../catalogue/model";
import { MODULE_FIELDS } from "../definition";
import { MAIN_MODULE } from "../modules/main-module";

const GENERATOR_PREFIX = "g";
const ANY_VALUE = "string | number | boolean | readonly (string | number)[]";

/** A string literal that stays one: JSON's escapes, plus every non-ASCII character as \uXXXX. */
export function stringLiteral(text: string): string {
    return JSON.stringify(text).replace(
        /[\u007f-\uffff]/g,
        (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
}

/** Text inside a template literal type: everything but [A-Za-z0-9_.-] as a \u{...} escape, so no `, ${ or \ survives. */
function templateText(text: string): string {
    return [...text]
        .map((char) => (/[A-Za-z0-9_.-]/.test(char) ? char : `\\u{${char.codePointAt(0)!.toString(16)}}`))
        .join("");
}

function scalarType(info: ParamInfo): string {
    const type = info.type;
    const withAll = (union: string[]) =>
        info.multi && info.allspecifier !== undefined ? [...union, stringLiteral(info.allspecifier)] : union;
    if (typeof type !== "string") return type.length === 0 ? "never" : withAll(type.map(stringLiteral)).join(" | ");
    switch (type) {
        case "boolean":
            return "boolean";
        case "integer":
            return "number | `${number}`";
        case "limit":
            return 'number | `${number}` | "max"';
        case "namespace":
            return withAll(["number", "`${number}`"]).join(" | ");
        case "timestamp":
            return "string | number";
        default:
            return "string";
    }
}

function valueType(info: ParamInfo): string {
    const scalar = scalarType(info);
    return info.multi && info.type !== "boolean" ? `${scalar} | readonly (${scalar})[]` : scalar;
}

interface Property {
    types: Set<string>;
}

class ParamsType {
    readonly properties = new Map<string, Property>();
    readonly patterns = new Set<string>();

    add(requestName: string, info: ParamInfo): void {
        const property = this.properties.get(requestName) ?? { types: new Set<string>() };
        property.types.add(valueType(info));
        this.properties.set(requestName, property);
    }

    /** A templated parameter ("contentformat-{slot}"): any name of its form. */
    addTemplate(prefix: string, info: ParamInfo): void {
        const parts = info.name.split(/\{[^}]*\}/);
        // A template with no fixed text would match every name and end the check of misspelt ones.
        if ((prefix + parts.join("")).length === 0) return;
        this.patterns.add(
            "`" +
                parts
                    .map((part, index) => (index === 0 ? templateText(prefix + part) : templateText(part)))
                    .join("${string}") +
                "`",
        );
    }

    addModule(module: ModuleInfo, prefix: string): void {
        for (const info of module.parameters) this.add(prefix + info.name, info);
        for (const info of module.templatedParameters) this.addTemplate(prefix, info);
    }

    /** The properties, and the patterns in a type of their own: a pattern may cover properties of the first (a
     *  module's "{slot}" covers every name of its prefix), which a single type would refuse under strict (TS2411). */
    render(indent: string): string {
        const lines = [...this.properties].map(
            ([name, { types }]) => `${indent}    ${stringLiteral(name)}?: ${[...types].join(" | ")};`,
        );
        const properties = `{\n${lines.join("\n")}\n${indent}}`;
        if (this.patterns.size === 0) return properties;
        const patterns = [...this.patterns].map((pattern) => `${indent}    [name: ${pattern}]: ${ANY_VALUE};`);
        return `${properties} & {\n${patterns.join("\n")}\n${indent}}`;
    }
}

function moduleNames(catalogue: Catalogue, test: (module: ModuleInfo) => boolean): string {
    const names = [...catalogue.modules.values()].filter(test).map((module) => stringLiteral(module.name));
    return names.length === 0 ? "never" : names.sort().join(" | ");
}

/** The text of a .d.ts for a catalogue. */
export function generateDeclarations(catalogue: Catalogue): string {
    const all = new ParamsType();
    all.properties.set("action", { types: new Set([stringLiteral("query")]) });
    for (const info of MAIN_MODULE.parameters) all.add(info.name, info);
    for (const info of catalogue.query.parameters) if (!MODULE_FIELDS.has(info.name)) all.add(info.name, info);
    const perModule: string[] = [];
    for (const module of catalogue.modules.values()) {
        all.addModule(module, module.prefix);
        if (module.generator) all.addModule(module, GENERATOR_PREFIX + module.prefix);
        const own = new ParamsType();
        own.addModule(module, module.prefix);
        perModule.push(`    ${stringLiteral(module.name)}: ${own.render("    ")};`);
    }
    const origin = catalogue.origin?.description ?? "a catalogue of unknown origin";
    return [
        "// Generated by `wiki-query-lint catalogue types`; regenerate it rather than edit it.",
        "",
        "/** The catalogue these types were generated from. */",
        `export type CatalogueSource = ${stringLiteral(origin)};`,
        "",
        "/** Each query module's own parameters, by request name. */",
        "export interface QueryModuleParameters {",
        ...perModule,
        "}",
        "",
        `export type PropModule = ${moduleNames(catalogue, (module) => module.group === "prop")};`,
        `export type ListModule = ${moduleNames(catalogue, (module) => module.group === "list")};`,
        `export type MetaModule = ${moduleNames(catalogue, (module) => module.group === "meta")};`,
        `export type GeneratorModule = ${moduleNames(catalogue, (module) => module.generator)};`,
        "",
        "/** Every parameter a query may give: api.php's, the query module's, each module's, and generators' (g prefix). */",
        `export type WikiQueryParams = ${all.render("")};`,
        "",
        "/** A query definition typed by this catalogue: accepted by WikiQuery and validateWikiQuery as it is. */",
        "export type TypedWikiQuery = {",
        "    name?: string;",
        "    description?: string;",
        "    prop?: PropModule | readonly PropModule[];",
        "    list?: ListModule | readonly ListModule[];",
        "    meta?: MetaModule | readonly MetaModule[];",
        "    generator?: GeneratorModule;",
        "    params?: WikiQueryParams;",
        "};",
        "",
    ].join("\n");
}
