// Pulls a wiki's catalogue for pinning: siteinfo for its version, then paraminfo for the query module and every
// query submodule it names (extensions' included), a page of at most 50 modules at a time (api.php's limit on a
// multi-valued parameter for an ordinary caller). Every answer is bounded (size, deadline) and checked for shape.
import { z } from "zod";
import { isModuleGroup } from "../definition";
import { implodeMultiValue } from "../paramvalidator/multivalue";
import { CatalogueError } from "./errors";
import { apiRequestUrl, describeUrl, fetchApiJson, FetchCatalogueOptions } from "./fetch";
import { MAX_CATALOGUE_MODULES, parseCatalogue } from "./load";
import type { Catalogue } from "./model";
import { ParsedModule, paraminfoReplySchema } from "./paraminfo-schema";
import { renderPinnedFile } from "./pin-file";

const MODULES_PER_PAGE = 50;
/** At most this many paraminfo pages: enough for MAX_CATALOGUE_MODULES modules. */
export const MAX_PARAMINFO_PAGES = Math.ceil(MAX_CATALOGUE_MODULES / MODULES_PER_PAGE);

const siteinfoSchema = z.object({ query: z.object({ general: z.object({ generator: z.string().min(1).max(2048) }) }) });

export interface PulledCatalogue {
    /** The pin file's text. */
    text: string;
    catalogue: Catalogue;
}

/** The api.php URL as pins record and match it: http(s), no credentials, no query string or fragment. */
export function canonicalApiUrl(apiUrl: string): string {
    const url = apiRequestUrl(apiUrl, {});
    if (url.username || url.password) throw new CatalogueError("catalogue URL", "must not carry credentials");
    if (url.search || url.hash) throw new CatalogueError("catalogue URL", "must be the api.php address alone, without a query string or fragment");
    return url.href;
}

function shapeError(source: string, error: z.ZodError): CatalogueError {
    const [issue] = error.issues;
    return new CatalogueError(source, `unexpected answer: ${issue.path.map(String).join(".") || "(top level)"}: ${issue.message}`);
}

async function paraminfoPage(apiUrl: string, paths: readonly string[], options: FetchCatalogueOptions): Promise<ParsedModule[]> {
    const url = apiRequestUrl(apiUrl, { action: "paraminfo", modules: implodeMultiValue(paths), helpformat: "none", format: "json", formatversion: "2" });
    const source = describeUrl(url);
    const json = await fetchApiJson(url, source, "paraminfo", options);
    // parseCatalogue would stand the shipped query module in for a missing one; here every module asked must come.
    const parsed = paraminfoReplySchema.safeParse(json);
    if (!parsed.success) {
        parseCatalogue(json, source);
        throw shapeError(source, parsed.error);
    }
    const modules = parsed.data.paraminfo.modules;
    const missing = paths.filter((path) => !modules.some((module) => module.path === path));
    if (missing.length > 0) throw new CatalogueError(source, `paraminfo left out ${missing.length} of the modules asked for (${missing.slice(0, 3).join(", ")})`);
    return modules;
}

/** The query submodules' paths that the query module's prop, list and meta parameters name. */
function submodulePaths(query: ParsedModule, source: string): string[] {
    const paths = new Set<string>();
    for (const param of query.parameters) {
        if (!isModuleGroup(param.name)) continue;
        for (const path of Object.values(param.submodules ?? {})) {
            if (!path.startsWith("query+")) throw new CatalogueError(source, `query.${param.name}: submodule path "${path.slice(0, 80)}" is not under query+`);
            paths.add(path);
        }
    }
    if (paths.size > MAX_CATALOGUE_MODULES) throw new CatalogueError(source, `more than ${MAX_CATALOGUE_MODULES} query modules`);
    return [...paths].sort();
}

async function wikiGenerator(apiUrl: string, options: FetchCatalogueOptions): Promise<string> {
    const url = apiRequestUrl(apiUrl, { action: "query", meta: "siteinfo", siprop: "general", format: "json", formatversion: "2" });
    const source = describeUrl(url);
    const parsed = siteinfoSchema.safeParse(await fetchApiJson(url, source, "siteinfo", options));
    if (!parsed.success) throw shapeError(source, parsed.error);
    return parsed.data.query.general.generator;
}

/** Fetches a wiki's catalogue and renders it as a pin file (at most 1 + MAX_PARAMINFO_PAGES + 1 requests). */
export async function pullCatalogue(apiUrl: string, options: FetchCatalogueOptions & { now?: Date } = {}): Promise<PulledCatalogue> {
    const api = canonicalApiUrl(apiUrl);
    const generator = await wikiGenerator(api, options);
    const [query] = await paraminfoPage(api, ["query"], options);
    const paths = submodulePaths(query, describeUrl(new URL(api)));
    const modules: ParsedModule[] = [query];
    for (let start = 0; start < paths.length; start += MODULES_PER_PAGE) {
        modules.push(...(await paraminfoPage(api, paths.slice(start, start + MODULES_PER_PAGE), options)));
    }
    const text = renderPinnedFile({ apiUrl: api, generator, pulledAt: (options.now ?? new Date()).toISOString() }, { modules });
    return { text, catalogue: parseCatalogue(JSON.parse(text), api) };
}
