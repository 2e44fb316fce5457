// Every bound on what a definition, a catalogue or a wiki may make the validator do, as data (common/bounds.ts says
// what a bound is). The wiki tools' limits, their options and units are read from here; docs/security.md's table of
// the linter's bounds lists them in this order, held by a test, with the bounds of what both parts show (common's,
// named here where the table lists them).
import { type Bound, COMMON_BOUNDS, MIB } from "../common/bounds";

// Wikipedia's query modules, extensions included, are about 100 and its paraminfo about 1 MB; this leaves ample
// room and still refuses what is no wiki's catalogue.
const CATALOGUE_FILE_BYTES = 32 * MIB;

/** The table's rows in the order docs/security.md lists them. */
export const WIKI_BOUNDS = {
    maxDefinitionsFileBytes: {
        name: "size of one definitions file",
        side: "wiki",
        unit: "bytes",
        default: 16 * MIB,
        // V8's longest string: a larger file could not be held as text at all.
        highest: 512 * MIB,
        option: { flag: "--max-file-size", counts: "MIB" },
    },
    // The YAML document parser needs about 100 bytes of memory per byte of YAML.
    maxYamlFileBytes: { name: "size of one YAML definitions file", side: "wiki", unit: "bytes", default: 2 * MIB },
    maxSuggestionCandidates: COMMON_BOUNDS.maxSuggestionCandidates,
    maxSuggestedNameChars: COMMON_BOUNDS.maxSuggestedNameChars,
    maxShownValueChars: COMMON_BOUNDS.maxShownValueChars,
    maxReportNameChars: { name: "a name in a report", side: "wiki", unit: "characters", default: 200 },
    maxReportMessageChars: COMMON_BOUNDS.maxReportMessageChars,
    maxCatalogueFileBytes: {
        name: "size of a catalogue file (`--catalogue FILE`, a pin)",
        side: "wiki",
        unit: "bytes",
        default: CATALOGUE_FILE_BYTES,
    },
    // A real pin nests fewer than 10 levels.
    maxParaminfoDepth: { name: "nesting of a pin's paraminfo", side: "wiki", unit: "levels", default: 64 },
    maxCatalogueModules: { name: "modules of a catalogue", side: "wiki", unit: "modules", default: 1000 },
    // A core wiki's answer is about 200 kB; large extension sets stay well below this.
    maxCatalogueAnswerBytes: {
        name: "size of one answer (`--catalogue URL`, each request of a pull)",
        side: "wiki",
        unit: "bytes",
        default: 32 * MIB,
    },
    catalogueRequestTimeoutMs: {
        name: "time per request, body included",
        side: "wiki",
        unit: "milliseconds",
        default: 30_000,
    },
    maxPullBytes: {
        name: "a pull's answers together (`catalogue pull`)",
        side: "wiki",
        unit: "bytes",
        // A pin is never larger than a catalogue file may be.
        default: CATALOGUE_FILE_BYTES,
        lowest: MIB,
        highest: CATALOGUE_FILE_BYTES,
        option: { flag: "--max-size", counts: "MIB" },
    },
    maxPinBytes: {
        name: "a pull's pin",
        side: "wiki",
        unit: "bytes",
        default: CATALOGUE_FILE_BYTES,
        remark: "what a catalogue file may have",
    },
    pullDeadlineMs: {
        name: "a whole pull's time",
        side: "wiki",
        unit: "milliseconds",
        // A large wiki's pull takes a few seconds.
        default: 120_000,
        lowest: 1000,
        // A day: a deadline beyond it is no deadline.
        highest: 86_400_000,
        option: { flag: "--deadline", counts: "SECONDS" },
    },
    // A wiki that moved needs one or two.
    maxRedirects: { name: "redirects of one request", side: "wiki", unit: "redirects", default: 5 },
    // Header strings come from the wiki (generator) or the user (apiUrl): long ones are not a header.
    maxPinHeaderChars: {
        name: "the api URL a pull pins",
        side: "wiki",
        unit: "characters",
        default: 2048,
        remark: "what a pin records",
    },
    // Wikipedia's interwiki map has about 1,000 prefixes, MediaWiki about 800 language codes.
    maxSiteEntries: {
        name: "entries of each list of a pin's site data",
        side: "wiki",
        unit: "entries",
        default: 10_000,
    },
    // A URL of the interwiki map is the longest text; the api URL's bound holds for each.
    maxSiteTextChars: { name: "a name or URL of a pin's site data", side: "wiki", unit: "characters", default: 2048 },
    // meta=languageinfo with liprop=code answers in one page; a wiki that pages it is still bounded.
    maxLanguageinfoPages: { name: "meta=languageinfo requests of a pull", side: "wiki", unit: "pages", default: 20 },
} as const satisfies Record<string, Bound>;
