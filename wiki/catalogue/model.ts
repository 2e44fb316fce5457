// The catalogue as the validator sees it: one normalised shape, whatever the source
// (the shipped JSON, a wiki's formatversion=1 or formatversion=2 paraminfo reply).
// Flags that paraminfo writes as "" (formatversion 1) or true/false (formatversion 2) are booleans here.
import type { SiteInfo } from "../mediawiki/site";

/** A parameter's type: a type name (string, integer, boolean, timestamp, limit, namespace, user, title, ...)
 *  or the list of allowed values of an enumeration. */
export type ParamType = string | readonly string[];

export interface ParamInfoNote {
    name: string;
    values?: readonly (string | number)[];
}

export interface ParamInfo {
    index: number;
    /** Name without the module prefix. For templated parameters, the template, e.g. "contentformat-{slot}". */
    name: string;
    type: ParamType;
    default?: string | number | boolean;
    multi: boolean;
    lowlimit?: number;
    highlimit?: number;
    limit?: number;
    min?: number;
    max?: number;
    highmax?: number;
    allspecifier?: string;
    required: boolean;
    deprecated: boolean;
    deprecatedValues: readonly string[];
    subtypes?: readonly string[];
    extraNamespaces?: readonly number[];
    info: readonly ParamInfoNote[];
    sensitive: boolean;
    allowsDuplicates: boolean;
    /** On the query module's prop/list/meta/generator parameters: value -> module path. */
    submodules?: Readonly<Record<string, string>>;
    /** On the query module's generator parameter: "g". */
    submoduleParamPrefix?: string;
    /** On templated parameters: template variable -> name of the parameter whose values it takes, e.g. {slot: "slots"}. */
    templateVars?: Readonly<Record<string, string>>;
}

/** A parameter's flags where paraminfo sets none: single-valued, optional, current, plain (new lists on each call). */
export function unflagged() {
    return {
        multi: false,
        required: false,
        deprecated: false,
        deprecatedValues: [] as string[],
        info: [],
        sensitive: false,
        allowsDuplicates: false,
    };
}

export interface ModuleInfo {
    name: string;
    path: string;
    /** Paraminfo's group of the module: prop, list or meta for a query module, action for api.php's own, or another. */
    group: string;
    prefix: string;
    generator: boolean;
    deprecated: boolean;
    readRights: boolean;
    parameters: readonly ParamInfo[];
    /** The same parameters by unprefixed name. */
    parametersByName: ReadonlyMap<string, ParamInfo>;
    templatedParameters: readonly ParamInfo[];
}

/** Where a catalogue comes from, so that a result can say which catalogue judged it. */
export interface CatalogueOrigin {
    /** For people: "shipped catalogue (MediaWiki 1.45.4 core)", "pinned catalogue wiki-catalogues/x.json (...)". */
    description: string;
    /** The wiki's api.php, when the catalogue was pinned or fetched from one. */
    apiUrl?: string;
    /** The wiki's MediaWiki version ("1.39.17"), when known: the rules that changed between versions follow it. */
    mediawikiVersion?: string;
    /** A pinned catalogue's content hash ("sha256:..."). */
    contentHash?: string;
    /** Whose site data the catalogue carries, when they are not its own wiki's pull (the shipped catalogue's). */
    siteDescription?: string;
}

export interface Catalogue {
    /** The query module itself (prop, list, meta, titles, pageids, revids, generator, continue, redirects, ...). */
    query: ModuleInfo;
    /** The query submodules by name. */
    modules: ReadonlyMap<string, ModuleInfo>;
    origin?: CatalogueOrigin;
    /** The wiki's site data (a pin's, or the shipped catalogue's Wikipedia's); absent from a bare paraminfo reply. */
    site?: SiteInfo;
}
