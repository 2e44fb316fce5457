// What a wiki's meta=siteinfo (and meta=languageinfo) says that decides titles and some module rules, beyond
// paraminfo: its namespaces with their names and aliases, its interwiki prefixes, whether titles' first letters are
// capitalised, and the language codes it knows. A pinned catalogue carries it; without it, the standard English
// namespaces of a fresh MediaWiki and no interwiki prefix are assumed, and language codes are judged by their shape.

export type TitleCase = "first-letter" | "case-sensitive";

export interface SiteNamespace {
    id: number;
    /** The wiki's local name ("" for the main namespace). */
    name: string;
    /** The canonical English name, when it has one. */
    canonical?: string;
    case: TitleCase;
}

export interface SiteInterwiki {
    prefix: string;
    url: string;
    /** The prefix names this wiki itself ($wgLocalInterwikis, siteinfo's "localinterwiki"): such a prefix is dropped,
     *  as a leading colon. Not siteinfo's "local" (iw_local), which says only that the other wiki is trusted. */
    local: boolean;
}

/** Parts of site data a catalogue may lack (the shipped catalogue's, where no faithful source was reachable). */
export const LACKABLE_SITE_PARTS = ["languages", "extensions"] as const;
export type LackableSitePart = (typeof LACKABLE_SITE_PARTS)[number];

export interface SiteExtension {
    name: string;
    version?: string;
}

/** A wiki's site data as a pin records it. */
export interface SiteInfo {
    namespaces: readonly SiteNamespace[];
    namespaceAliases: readonly { id: number; alias: string }[];
    interwiki: readonly SiteInterwiki[];
    /** The codes meta=languageinfo knows (LanguageNameUtils::getLanguageNames( 'en', ALL )). */
    languages: readonly string[];
    extensions: readonly SiteExtension[];
    /** Parts the site data lack, their lists left empty: without language codes, codes are judged by their shape. */
    lacks?: readonly LackableSitePart[];
}

/** Site data prepared for the rules that read it: lookups by lower-case name, as Language::getNsIndex and
 *  InterwikiLookup::isValidInterwiki compare. */
export interface SiteRules {
    /** True when the catalogue carried no site data and the defaults below stand in for it. */
    readonly assumed: boolean;
    readonly namespaceIds: ReadonlyMap<string, number>;
    /** The name a title in the namespace is written with. */
    readonly namespaceNames: ReadonlyMap<number, string>;
    readonly interwikiPrefixes: ReadonlySet<string>;
    readonly localInterwikiPrefixes: ReadonlySet<string>;
    /** Namespaces whose titles keep the case of their first letter. */
    readonly caseSensitive: ReadonlySet<number>;
    /** The codes meta=languageinfo knows; undefined when unknown. */
    readonly languages?: ReadonlySet<string>;
}

const key = (name: string) => name.replace(/ /g, "_").toLowerCase();

// A fresh MediaWiki's namespaces in English (Language::getNamespaces with $wgMetaNamespace "Project"), and the
// aliases every English wiki has (Image for File, as in MessagesEn.php's $namespaceAliases).
const STANDARD_NAMESPACES: readonly [number, string][] = [
    [-2, "Media"],
    [-1, "Special"],
    [0, ""],
    [1, "Talk"],
    [2, "User"],
    [3, "User talk"],
    [4, "Project"],
    [5, "Project talk"],
    [6, "File"],
    [7, "File talk"],
    [8, "MediaWiki"],
    [9, "MediaWiki talk"],
    [10, "Template"],
    [11, "Template talk"],
    [12, "Help"],
    [13, "Help talk"],
    [14, "Category"],
    [15, "Category talk"],
];

/** What is assumed without site data. */
export const STANDARD_SITE: SiteInfo = {
    namespaces: STANDARD_NAMESPACES.map(([id, name]) => ({ id, name, canonical: name, case: "first-letter" })),
    namespaceAliases: [
        { id: 6, alias: "Image" },
        { id: 7, alias: "Image talk" },
    ],
    interwiki: [],
    languages: [],
    extensions: [],
};

/** The rules' view of site data (the standard site's, marked assumed, when there is none). */
export function siteRules(site: SiteInfo | undefined): SiteRules {
    const data = site ?? STANDARD_SITE;
    const namespaceIds = new Map<string, number>();
    for (const namespace of data.namespaces) {
        if (namespace.canonical !== undefined && namespace.canonical !== "")
            namespaceIds.set(key(namespace.canonical), namespace.id);
        if (namespace.name !== "") namespaceIds.set(key(namespace.name), namespace.id);
    }
    for (const { id, alias } of data.namespaceAliases) namespaceIds.set(key(alias), id);
    return {
        assumed: site === undefined,
        namespaceIds,
        namespaceNames: new Map(data.namespaces.map((namespace) => [namespace.id, namespace.name])),
        interwikiPrefixes: new Set(data.interwiki.map((entry) => entry.prefix.toLowerCase())),
        localInterwikiPrefixes: new Set(
            data.interwiki.filter((entry) => entry.local).map((entry) => entry.prefix.toLowerCase()),
        ),
        caseSensitive: new Set(
            data.namespaces.filter((namespace) => namespace.case === "case-sensitive").map((namespace) => namespace.id),
        ),
        languages: site === undefined || site.lacks?.includes("languages") ? undefined : new Set(data.languages),
    };
}

/** The rules of the standard site, for callers with no catalogue at hand. */
export const STANDARD_SITE_RULES: SiteRules = siteRules(undefined);
