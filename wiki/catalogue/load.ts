// Turns a paraminfo reply (any wiki's, formatversion 1 or 2, or the shipped catalogue.json) into the normalised
// Catalogue the validator reads. Unknown fields are tolerated; anything that is not paraminfo is one CatalogueError.
import { readFileSync, statSync } from "fs";
import { z } from "zod";
import { WIKI_BOUNDS } from "../bounds";
import shippedJson from "./catalogue.json";
import { CatalogueError } from "./errors";
import { Catalogue, CatalogueOrigin, ModuleInfo, ParamInfo } from "./model";
import { checkPin, isPinnedFile } from "./pin-file";
import { ParsedModule, ParsedParameter, paraminfoReplySchema } from "./paraminfo-schema";
import { shippedSiteSchema } from "./site-schema";
import type { LackableSitePart } from "../mediawiki/site";

const SHIPPED_SOURCE = "shipped catalogue";
/** The MediaWiki version the shipped catalogue describes: the rules apply as they stand there unless told otherwise. */
export const SHIPPED_MEDIAWIKI_VERSION = "1.45.4";

/** formatversion=1 marks a set flag with "", formatversion=2 with true. */
const isSet = (flag: "" | boolean | undefined): boolean => flag === "" || flag === true;

function toParamInfo(raw: ParsedParameter): ParamInfo {
    return {
        index: raw.index,
        name: raw.name,
        type: raw.type,
        default: raw.default,
        multi: isSet(raw.multi),
        lowlimit: raw.lowlimit,
        highlimit: raw.highlimit,
        limit: raw.limit,
        min: raw.min,
        max: raw.max,
        highmax: raw.highmax,
        allspecifier: raw.allspecifier,
        required: isSet(raw.required),
        deprecated: isSet(raw.deprecated),
        deprecatedValues: raw.deprecatedvalues ?? [],
        subtypes: raw.subtypes,
        extraNamespaces: raw.extranamespaces,
        info: raw.info ?? [],
        sensitive: isSet(raw.sensitive),
        allowsDuplicates: isSet(raw.allowsduplicates),
        submodules: raw.submodules,
        submoduleParamPrefix: raw.submoduleparamprefix,
        templateVars: raw.templatevars,
    };
}

function toModuleInfo(raw: ParsedModule, group: string): ModuleInfo {
    const parameters = raw.parameters.map(toParamInfo);
    return {
        name: raw.name,
        path: raw.path,
        group,
        prefix: raw.prefix,
        generator: isSet(raw.generator),
        deprecated: isSet(raw.deprecated),
        readRights: isSet(raw.readrights),
        parameters,
        parametersByName: new Map(parameters.map((param) => [param.name, param])),
        templatedParameters: (raw.templatedparameters ?? []).map(toParamInfo),
    };
}

function formatPath(path: readonly PropertyKey[]): string {
    const text = path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("");
    return text === "" ? "(top level)" : text.replace(/^\./, "");
}

function describeIssue(issue: z.core.$ZodIssue): string {
    const message = issue.message
        .replace(/^Invalid input: /, "")
        .replace(/^(expected .*), received undefined$/, "missing ($1)");
    return `${formatPath(issue.path)}: ${message}`;
}

function notParaminfo(source: string, problem: string): CatalogueError {
    return new CatalogueError(source, `not a paraminfo reply: ${problem}`);
}

/** The error code of a MediaWiki error reply ({"error": {"code": ...}}), if the value is one. */
function mediaWikiErrorCode(json: unknown): string | undefined {
    const error = typeof json === "object" && json !== null ? (json as { error?: unknown }).error : undefined;
    const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
    return typeof code === "string" ? code : undefined;
}

function assemble(modules: readonly ParsedModule[], source: string, origin: CatalogueOrigin): Catalogue {
    if (modules.length > WIKI_BOUNDS.maxCatalogueModules.default)
        throw notParaminfo(source, `paraminfo.modules: more than ${WIKI_BOUNDS.maxCatalogueModules.default} modules`);
    let query: ModuleInfo | undefined;
    const submodules = new Map<string, ModuleInfo>();
    modules.forEach((raw, position) => {
        const where = `paraminfo.modules[${position}]`;
        if (raw.path === "query") {
            query = toModuleInfo(raw, raw.group ?? "action");
            return;
        }
        // Modules of other actions may share a reply; they are no part of a query catalogue.
        if (!raw.path.startsWith("query+")) return;
        if (raw.group === undefined)
            throw notParaminfo(source, `${where}.group: missing on query submodule "${raw.name}"`);
        if (submodules.has(raw.name)) throw notParaminfo(source, `${where}.name: module "${raw.name}" appears twice`);
        submodules.set(raw.name, toModuleInfo(raw, raw.group));
    });
    if (submodules.size === 0) throw notParaminfo(source, "paraminfo.modules: no query submodule (path query+<name>)");
    // A reply for query+* alone lacks the query module; the shipped one stands in for it.
    return { query: query ?? shippedCatalogue().query, modules: submodules, origin };
}

/** Reads a parsed paraminfo reply, or a pinned catalogue (whose header and hash it checks). `source` names it
 *  in errors and in the catalogue's origin (a file name, a URL). */
export function parseCatalogue(json: unknown, source = "paraminfo reply"): Catalogue {
    const pin = isPinnedFile(json) ? checkPin(json, source) : undefined;
    const origin: CatalogueOrigin = pin?.origin ?? { description: source };
    const errorCode = mediaWikiErrorCode(json);
    if (errorCode !== undefined)
        throw new CatalogueError(source, `the wiki answered with error "${errorCode}" instead of paraminfo`);
    const result = paraminfoReplySchema.safeParse(json);
    if (!result.success) {
        const [first, ...others] = result.error.issues;
        const more = others.length > 0 ? ` (and ${others.length} more problem${others.length > 1 ? "s" : ""})` : "";
        throw notParaminfo(source, describeIssue(first) + more);
    }
    const catalogue = assemble(result.data.paraminfo.modules, source, origin);
    return pin?.site ? { ...catalogue, site: pin.site } : catalogue;
}

/** V8's own reason, reduced to what never quotes the text (its "Unexpected token" messages do). */
function describeSyntaxError(message: string): string {
    const position = /position (\d+)/.exec(message);
    if (position) return `syntax error at position ${position[1]}`;
    return /end of JSON input/.test(message) ? "the text ends too early" : "unexpected character";
}

/** JSON.parse, failing with a CatalogueError that never echoes the text. */
export function parseJsonText(text: string, source: string): unknown {
    try {
        return JSON.parse(text);
    } catch (error) {
        throw new CatalogueError(
            source,
            `not JSON (${describeSyntaxError(error instanceof Error ? error.message : "")})`,
        );
    }
}

export function loadCatalogueFile(path: string): Catalogue {
    let text: string;
    try {
        // Only a regular file: a FIFO or a device (/dev/zero) would block or never end.
        const stats = statSync(path);
        if (!stats.isFile()) throw new CatalogueError(path, "not a regular file");
        if (stats.size > WIKI_BOUNDS.maxCatalogueFileBytes.default)
            throw new CatalogueError(path, `larger than ${WIKI_BOUNDS.maxCatalogueFileBytes.default} bytes`);
        text = readFileSync(path, "utf8");
    } catch (error) {
        if (error instanceof CatalogueError) throw error;
        throw new CatalogueError(
            path,
            `cannot read the file (${(error as NodeJS.ErrnoException).code ?? "read error"})`,
        );
    }
    return parseCatalogue(parseJsonText(text, path), path);
}

let shipped: Catalogue | undefined;

/** The catalogue this package ships: the paraminfo of the MediaWiki release the spec describes, with English
 *  Wikipedia's site data (without the parts no faithful source gave). Read once. */
export function shippedCatalogue(): Catalogue {
    if (shipped) return shipped;
    const { site, siteSource } = shippedSiteSchema.parse({
        site: shippedJson.site,
        siteSource: shippedJson.siteSource,
    });
    const lacks = Object.keys(siteSource.lacks) as LackableSitePart[];
    const origin = {
        description: `${SHIPPED_SOURCE} (MediaWiki ${SHIPPED_MEDIAWIKI_VERSION} core)`,
        mediawikiVersion: SHIPPED_MEDIAWIKI_VERSION,
        siteDescription: siteSource.description,
    };
    shipped = { ...parseCatalogue(shippedJson, SHIPPED_SOURCE), origin, site: { ...site, lacks } };
    return shipped;
}
