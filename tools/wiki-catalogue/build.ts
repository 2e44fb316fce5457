// Writes the shipped catalogue from the spec's notation and English Wikipedia's site data, so that catalogue.json can
// always be rebuilt and compared:
//   node dist/tools/wiki-catalogue/build.js [notation.txt] [catalogue.json] [wikipedia-site.json]
// (paths default to this folder's sources and the wiki validator's catalogue.json, seen from the repository root). The
// paraminfo has the shape the spec gives: the query module first, then the 64 submodules; flags are "" and present
// only when set. The site data are wikipedia-site.json's (written by wikipedia-site.php from the sources it names),
// with an empty list for each part it lacks, and where they come from.
import { readFileSync, writeFileSync } from "fs";
import { z } from "zod";
import { MultiLimits, NotatedModule, NotatedParam, Notation, parseNotation } from "./notation";
import { RawModule, RawParameter, shippedSiteSchema } from "../../wiki";

const SOURCE = "MediaWiki";
const LICENSE_TAG = "GPL-2.0-or-later";
// The spec gives the licence link only as "URL on {wiki_url}"; wiki.example is a placeholder, not a real wiki.
const LICENSE_LINK = "https://wiki.example/index.php/Special:Version/License/MediaWiki";
// Spec, module fields: readrights is present on every module except these.
const WITHOUT_READ_RIGHTS = new Set(["authmanagerinfo", "tokens"]);

const HELP_PAGES = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:";
// The spec says only "documentation URLs; empty array for languageinfo". The page names are those of the
// MediaWiki 1.45.4 reply: the module name capitalised, except these.
const HELP_PAGE_EXCEPTIONS: Readonly<Record<string, string | null>> = {
    codexicons: "CodexIcons",
    mystashedfiles: "mystashedfiles",
    languageinfo: null,
};
const QUERY_HELP_PAGES = ["Query", "Meta", "Properties", "Lists"];

// The query module's own parameters around the module-choosing ones, as the 1.45.4 reply lists them.
const QUERY_PAGE_SET_PARAMETERS =
    "indexpageids B; export B; exportnowrap B; exportschema enum 0.10, 0.11 d=0.11; iwurl B; continue S; rawcontinue B; " +
    "titles S m; pageids I m; revids I m";
const QUERY_TAIL_PARAMETERS = "redirects B; converttitles B";
const GENERATOR_PARAM_PREFIX = "g";

const flag = (set: boolean): "" | undefined => (set ? "" : undefined);
const nonEmpty = <T>(items: readonly T[]): T[] | undefined => (items.length > 0 ? [...items] : undefined);

// Fields left undefined here are absent from the JSON (JSON.stringify drops them).
function renderParameter(param: NotatedParam, index: number, limits: MultiLimits): RawParameter {
    return {
        index,
        name: param.name,
        type: param.type,
        default: param.default,
        multi: flag(param.multi),
        ...(param.multi ? limits : {}),
        min: param.min,
        max: param.max,
        highmax: param.highmax,
        allspecifier: param.allSpecifier,
        required: flag(param.required),
        deprecated: flag(param.deprecated),
        deprecatedvalues: nonEmpty(param.deprecatedValues),
        subtypes: param.subtypes,
        extranamespaces: param.extraNamespaces,
        info: nonEmpty(param.info),
        sensitive: flag(param.sensitive),
        allowsduplicates: flag(param.allowsDuplicates),
    };
}

/** Regular parameters take, in order, the indices the templated parameters leave free. */
function renderParameters(module: NotatedModule, limits: MultiLimits): RawParameter[] {
    const taken = new Set(module.templatedParameters.map((param) => param.index));
    let index = 0;
    return module.parameters.map((param) => {
        do index++;
        while (taken.has(index));
        return renderParameter(param, index, limits);
    });
}

function helpUrls(name: string): string[] {
    const page = name in HELP_PAGE_EXCEPTIONS ? HELP_PAGE_EXCEPTIONS[name] : name[0].toUpperCase() + name.slice(1);
    return page === null ? [] : [HELP_PAGES + page];
}

function moduleHeader(name: string, path: string, group: string, prefix: string): Omit<RawModule, "parameters"> {
    return {
        name,
        path,
        group,
        prefix,
        source: SOURCE,
        sourcename: SOURCE,
        licensetag: LICENSE_TAG,
        licenselink: LICENSE_LINK,
    };
}

function renderModule(module: NotatedModule, limits: MultiLimits): RawModule {
    return {
        ...moduleHeader(module.name, `query+${module.name}`, module.group, module.prefix),
        readrights: flag(!WITHOUT_READ_RIGHTS.has(module.name)),
        generator: flag(module.generator),
        deprecated: flag(module.deprecated),
        helpurls: helpUrls(module.name),
        parameters: renderParameters(module, limits),
        templatedparameters: module.templatedParameters.map(({ index, templateVars, ...param }) => ({
            ...renderParameter(param, index, limits),
            templatevars: templateVars,
        })),
    };
}

/** prop, list, meta, generator: an enumeration of module names; deprecated modules last, as MediaWiki lists them. */
function moduleChoice(
    notation: Notation,
    name: string,
    modules: readonly NotatedModule[],
    index: number,
): RawParameter {
    const ordered = [...modules].sort(
        (a, b) => Number(a.deprecated) - Number(b.deprecated) || (a.name < b.name ? -1 : 1),
    );
    const names = ordered.map((module) => module.name);
    const multi = name !== "generator";
    const [param] = notation.readParameters(`${name} ${multi ? "m " : ""}enum ${names.join(", ")}`);
    param.deprecatedValues = ordered.filter((module) => module.deprecated).map((module) => module.name);
    return {
        ...renderParameter(param, index, notation.multiLimits),
        submodules: Object.fromEntries(names.map((module) => [module, `query+${module}`])),
        submoduleparamprefix: multi ? undefined : GENERATOR_PARAM_PREFIX,
    };
}

function renderQueryModule(notation: Notation): RawModule {
    const inGroup = (group: string) => notation.modules.filter((module) => module.group === group);
    const plain = (clauses: string, firstIndex: number) =>
        notation
            .readParameters(clauses)
            .map((param, offset) => renderParameter(param, firstIndex + offset, notation.multiLimits));
    const pageSet = plain(QUERY_PAGE_SET_PARAMETERS, 4);
    const generatorIndex = 4 + pageSet.length;
    return {
        ...moduleHeader("query", "query", "action", ""),
        readrights: flag(true),
        helpurls: QUERY_HELP_PAGES.map((page) => HELP_PAGES + page),
        parameters: [
            moduleChoice(notation, "prop", inGroup("prop"), 1),
            moduleChoice(notation, "list", inGroup("list"), 2),
            moduleChoice(notation, "meta", inGroup("meta"), 3),
            ...pageSet,
            moduleChoice(
                notation,
                "generator",
                notation.modules.filter((module) => module.generator),
                generatorIndex,
            ),
            ...plain(QUERY_TAIL_PARAMETERS, generatorIndex + 1),
        ],
        templatedparameters: [],
    };
}

/** The shipped site data and their sources from wikipedia-site.json's text: an empty list for each part it lacks. */
function shippedSite(siteText: string): z.output<typeof shippedSiteSchema> {
    const { site, ...siteSource } = JSON.parse(siteText) as { site: Record<string, unknown> };
    const lacked = Object.fromEntries(
        Object.keys((siteSource as { lacks?: object }).lacks ?? {}).map((part) => [part, []]),
    );
    const parsed = shippedSiteSchema.safeParse({ site: { ...site, ...lacked }, siteSource });
    if (!parsed.success) throw new Error(`wikipedia-site.json: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
}

/** The text of catalogue.json for a notation text and the text of wikipedia-site.json. */
export function buildCatalogueJson(notationText: string, siteText: string): string {
    const notation = parseNotation(notationText);
    const modules = [
        renderQueryModule(notation),
        ...notation.modules.map((module) => renderModule(module, notation.multiLimits)),
    ];
    return `${JSON.stringify({ paraminfo: { helpformat: "none", modules }, ...shippedSite(siteText) }, null, 2)}\n`;
}

if (require.main === module) {
    const [
        notationPath = "tools/wiki-catalogue/notation.txt",
        outputPath = "wiki/catalogue/catalogue.json",
        sitePath = "tools/wiki-catalogue/wikipedia-site.json",
    ] = process.argv.slice(2);
    try {
        writeFileSync(
            outputPath,
            buildCatalogueJson(readFileSync(notationPath, "utf8"), readFileSync(sitePath, "utf8")),
        );
        console.log(`wrote ${outputPath}`);
    } catch (error) {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
    }
}
