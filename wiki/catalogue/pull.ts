// Pulls a wiki's catalogue for pinning: siteinfo for its version and site data (namespaces and their aliases, the
// interwiki map, extensions), languageinfo for the language codes it knows, then paraminfo for the query module and
// every query submodule it names (extensions' included), a page of at most 50 modules at a time (api.php's limit on a
// multi-valued parameter for an ordinary caller). Every answer is checked for shape, and the pull as a whole is
// bounded: its answers together in size, its requests together in time, and the pin it renders in size.
import { z } from "zod";
import { WIKI_BOUNDS } from "../bounds";
import { isModuleGroup } from "../definition";
import { implodeMultiValue } from "../paramvalidator/multivalue";
import { CatalogueError } from "./errors";
import { apiRequestUrl, describeUrl, fetchApiJson, FetchCatalogueOptions, requestBounds, RequestBounds } from "./fetch";
import { parseCatalogue } from "./load";
import type { Catalogue } from "./model";
import { ParsedModule, paraminfoReplySchema } from "./paraminfo-schema";
import { renderPinnedFile } from "./pin-file";
import { languageinfoReplySchema, siteinfoReplySchema, siteOf } from "./site-schema";
import type { SiteInfo } from "../mediawiki/site";

const MODULES_PER_PAGE = 50;
/** At most this many paraminfo pages: enough for a catalogue's most modules. */
export const MAX_PARAMINFO_PAGES = Math.ceil(WIKI_BOUNDS.maxCatalogueModules.default / MODULES_PER_PAGE);

export interface PullCatalogueOptions extends FetchCatalogueOptions {
    /** The time the pin records (default: now). */
    now?: Date;
    /** The answers together, at most (its bound's default when unset, never above its highest). */
    maxBytes?: number;
    /** The whole pull's deadline (its bound's default when unset). */
    deadlineMs?: number;
}

export interface PulledCatalogue {
    /** The pin file's text. */
    text: string;
    catalogue: Catalogue;
}

/** One pull under way: its api URL, its options and what its requests may still spend together. */
interface Pull {
    api: string;
    options: PullCatalogueOptions;
    maxBytes: number;
    bytesSpent: number;
    deadlineMs: number;
    endsAt: number;
}

/** The api.php URL as pins record and match it: http(s), no credentials, no query string or fragment. */
export function canonicalApiUrl(apiUrl: string): string {
    const url = apiRequestUrl(apiUrl, {});
    if (url.username || url.password) throw new CatalogueError("catalogue URL", "must not carry credentials");
    if (url.search || url.hash)
        throw new CatalogueError(
            "catalogue URL",
            "must be the api.php address alone, without a query string or fragment",
        );
    if (url.href.length > WIKI_BOUNDS.maxPinHeaderChars.default)
        throw new CatalogueError(
            "catalogue URL",
            `longer than ${WIKI_BOUNDS.maxPinHeaderChars.default} characters, more than a pin records`,
        );
    return url.href;
}

function shapeError(source: string, error: z.ZodError): CatalogueError {
    const [issue] = error.issues;
    return new CatalogueError(
        source,
        `unexpected answer: ${issue.path.map(String).join(".") || "(top level)"}: ${issue.message}`,
    );
}

/** The next request's bounds: what is left of the pull's bytes and time, within a request's own deadline. */
function boundsOfNext(pull: Pull): RequestBounds {
    const own = requestBounds(pull.options);
    const timeLeft = Math.max(0, pull.endsAt - Date.now());
    return {
        maxBytes: Math.max(1, pull.maxBytes - pull.bytesSpent),
        tooLarge: `the pull's answers together passed ${pull.maxBytes} bytes`,
        timeoutMs: Math.min(timeLeft, own.timeoutMs),
        tooSlow: timeLeft < own.timeoutMs ? `the pull did not finish within ${pull.deadlineMs / 1000} s` : own.tooSlow,
    };
}

async function fetchForPull(
    pull: Pull,
    params: Record<string, string>,
    expected: string,
): Promise<{ json: unknown; source: string }> {
    const url = apiRequestUrl(pull.api, { ...params, format: "json", formatversion: "2" });
    const source = describeUrl(url);
    const { json, bytes } = await fetchApiJson(url, source, expected, pull.options, boundsOfNext(pull));
    pull.bytesSpent += bytes;
    return { json, source };
}

function pathList(paths: readonly string[]): string {
    return paths
        .slice(0, 3)
        .map((path) => path.slice(0, 80))
        .join(", ");
}

async function paraminfoPage(pull: Pull, paths: readonly string[]): Promise<ParsedModule[]> {
    const { json, source } = await fetchForPull(
        pull,
        { action: "paraminfo", modules: implodeMultiValue(paths), helpformat: "none" },
        "paraminfo",
    );
    // parseCatalogue would stand the shipped query module in for a missing one; here every module asked must come.
    const parsed = paraminfoReplySchema.safeParse(json);
    if (!parsed.success) {
        parseCatalogue(json, source);
        throw shapeError(source, parsed.error);
    }
    const modules = parsed.data.paraminfo.modules;
    const unasked = modules.map((module) => module.path).filter((path) => !paths.includes(path));
    if (unasked.length > 0)
        throw new CatalogueError(
            source,
            `paraminfo answered with ${unasked.length} module${unasked.length === 1 ? "" : "s"} not asked for (${pathList(unasked)})`,
        );
    const missing = paths.filter((path) => !modules.some((module) => module.path === path));
    if (missing.length > 0)
        throw new CatalogueError(
            source,
            `paraminfo left out ${missing.length} of the modules asked for (${pathList(missing)})`,
        );
    return modules;
}

/** The query submodules' paths that the query module's prop, list and meta parameters name. */
function submodulePaths(query: ParsedModule, source: string): string[] {
    const paths = new Set<string>();
    for (const param of query.parameters) {
        if (!isModuleGroup(param.name)) continue;
        for (const path of Object.values(param.submodules ?? {})) {
            if (!path.startsWith("query+"))
                throw new CatalogueError(
                    source,
                    `query.${param.name}: submodule path "${path.slice(0, 80)}" is not under query+`,
                );
            paths.add(path);
        }
    }
    if (paths.size > WIKI_BOUNDS.maxCatalogueModules.default)
        throw new CatalogueError(source, `more than ${WIKI_BOUNDS.maxCatalogueModules.default} query modules`);
    return [...paths].sort();
}

// siprop=languages is not asked: it lists the languages with a name defined (LanguageNameUtils::DEFINED), fewer than
// meta=languageinfo accepts (ALL), which is what the rule on licode needs.
const SITEINFO_PROPS = ["general", "namespaces", "namespacealiases", "interwikimap", "extensions"];

/** The codes meta=languageinfo knows, page by page (at most maxLanguageinfoPages requests). */
async function languageCodes(pull: Pull): Promise<string[]> {
    const codes: string[] = [];
    let next: string | undefined;
    for (let page = 0; page < WIKI_BOUNDS.maxLanguageinfoPages.default; page++) {
        const params: Record<string, string> = {
            action: "query",
            meta: "languageinfo",
            liprop: "code",
            ...(next === undefined ? {} : { licontinue: next }),
        };
        const { json, source } = await fetchForPull(pull, params, "languageinfo");
        const parsed = languageinfoReplySchema.safeParse(json);
        if (!parsed.success) throw shapeError(source, parsed.error);
        codes.push(...Object.values(parsed.data.query.languageinfo).map((language) => language.code));
        const { maxSiteEntries } = WIKI_BOUNDS;
        if (codes.length > maxSiteEntries.default)
            throw new CatalogueError(
                source,
                `more than ${maxSiteEntries.default} language codes, the bound on ${maxSiteEntries.name}`,
            );
        next = parsed.data.continue?.licontinue;
        if (next === undefined) return codes;
    }
    const { maxLanguageinfoPages } = WIKI_BOUNDS;
    throw new CatalogueError(
        describeUrl(new URL(pull.api)),
        `meta=languageinfo still continued after ${maxLanguageinfoPages.default} requests, the bound on ${maxLanguageinfoPages.name}`,
    );
}

async function wikiSite(pull: Pull): Promise<{ generator: string; site: SiteInfo }> {
    const { json, source } = await fetchForPull(
        pull,
        { action: "query", meta: "siteinfo", siprop: implodeMultiValue(SITEINFO_PROPS) },
        "siteinfo",
    );
    const parsed = siteinfoReplySchema.safeParse(json);
    if (!parsed.success) throw shapeError(source, parsed.error);
    return {
        generator: parsed.data.query.general.generator,
        site: siteOf(parsed.data.query, await languageCodes(pull)),
    };
}

function startPull(apiUrl: string, options: PullCatalogueOptions): Pull {
    const deadlineMs = options.deadlineMs ?? WIKI_BOUNDS.pullDeadlineMs.default;
    const maxBytes = Math.min(options.maxBytes ?? WIKI_BOUNDS.maxPullBytes.default, WIKI_BOUNDS.maxPullBytes.highest);
    return {
        api: canonicalApiUrl(apiUrl),
        options,
        maxBytes,
        bytesSpent: 0,
        deadlineMs,
        endsAt: Date.now() + deadlineMs,
    };
}

/** Fetches a wiki's catalogue and renders it as a pin file (at most 1 + maxLanguageinfoPages + MAX_PARAMINFO_PAGES + 1
 *  requests). */
export async function pullCatalogue(apiUrl: string, options: PullCatalogueOptions = {}): Promise<PulledCatalogue> {
    const pull = startPull(apiUrl, options);
    const { generator, site } = await wikiSite(pull);
    const [query] = await paraminfoPage(pull, ["query"]);
    const source = describeUrl(new URL(pull.api));
    const paths = submodulePaths(query, source);
    const modules: ParsedModule[] = [query];
    for (let start = 0; start < paths.length; start += MODULES_PER_PAGE) {
        modules.push(...(await paraminfoPage(pull, paths.slice(start, start + MODULES_PER_PAGE))));
    }
    const text = renderPinnedFile(
        { apiUrl: pull.api, generator, pulledAt: (options.now ?? new Date()).toISOString() },
        site,
        { modules },
    );
    const bytes = Buffer.byteLength(text);
    const most = WIKI_BOUNDS.maxPinBytes.default;
    if (bytes > most)
        throw new CatalogueError(
            source,
            `the pin would have ${bytes} bytes, more than the ${most} a catalogue file may have`,
        );
    return { text, catalogue: parseCatalogue(JSON.parse(text), pull.api) };
}
