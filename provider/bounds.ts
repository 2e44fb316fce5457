// Every bound on what the service, an input file or a wiki may make the package do, as data: its name as
// docs/security.md's tables give it, what it counts, its default, the range a setting may give it, and where it is
// set. Stack config keys, environment variables, units, the client's defaults and the wiki tools' limits are read
// from here, and a test holds the three bounds tables of docs/security.md to this one. It imports nothing, so that the
// shortener side and the wiki validator, which never imports that side, can both read it.

export const MIB = 1024 * 1024;

/** What a bound counts, as its messages name it. */
export type Unit =
    | "milliseconds"
    | "bytes"
    | "pages"
    | "refusals"
    | "retries"
    | "attempts"
    | "characters"
    | "levels"
    | "modules"
    | "redirects"
    | "names"
    | "steps"
    | "rows"
    | "folders"
    | "entries"
    | "links"
    | "values";

/** How a command-line option counts: the word its usage shows and its messages say, and how many of the bound's units one is. */
export const OPTION_UNITS = {
    MIB: { word: "MiB", per: MIB },
    SECONDS: { word: "seconds", per: 1000 },
    CHARACTERS: { word: "characters", per: 1 },
} as const;

export interface Bound {
    /** What is bounded, as the tables of docs/security.md name it. */
    readonly name: string;
    /** The table of docs/security.md that holds it: the service's and the client's, the wiki tools', or the other
     *  commands' (shortener-import, shortener-report) and the create journal's. */
    readonly side: "service" | "wiki" | "tools";
    readonly unit: Unit;
    readonly default: number;
    /** The lowest and highest a setting may give, where something sets it (stack config, the client's options, an option). */
    readonly lowest?: number;
    readonly highest?: number;
    /** The stack config key and the environment variable that set it, both or neither. */
    readonly config?: string;
    readonly env?: string;
    /** The command-line option that sets it, and how the option counts. */
    readonly option?: { readonly flag: string; readonly counts: keyof typeof OPTION_UNITS };
    /** What the docs say after the default, in words: a number in it would be a second place that holds it. */
    readonly remark?: string;
}

/** Node's timers hold at most this (about 24.8 days); a longer delay would fire at once, over and over. */
const NODE_TIMER_MS = 2 ** 31 - 1;
// Wikipedia's query modules, extensions included, are about 100 and its paraminfo about 1 MB; this leaves ample
// room and still refuses what is no wiki's catalogue.
const CATALOGUE_FILE_BYTES = 32 * MIB;

/** Each table's rows in the order docs/security.md lists them. */
export const BOUNDS = {
    requestTimeoutMs: {
        name: "time per request",
        side: "service",
        unit: "milliseconds",
        default: 30_000,
        lowest: 1,
        highest: NODE_TIMER_MS,
        config: "shortener:requestTimeoutMs",
        env: "SHORTENER_REQUEST_TIMEOUT_MS",
    },
    maxRateLimitWaitMs: {
        name: "wait for the rate limit",
        side: "service",
        unit: "milliseconds",
        default: 300_000,
        lowest: 0,
        config: "shortener:maxRateLimitWaitMs",
        env: "SHORTENER_MAX_RATE_LIMIT_WAIT_MS",
    },
    // A refused request was not applied, so resending is safe; this only bounds a service that never lets us through.
    maxRateLimitRefusals: {
        name: "refusals for the rate limit in a row",
        side: "service",
        unit: "refusals",
        default: 20,
    },
    maxResponseBytes: {
        name: "size of an answer",
        side: "service",
        unit: "bytes",
        default: 10 * MIB,
        lowest: 1,
        config: "shortener:maxResponseBytes",
        env: "SHORTENER_MAX_RESPONSE_BYTES",
    },
    maxListPages: {
        name: "pages of one listing",
        side: "service",
        unit: "pages",
        default: 1000,
        lowest: 1,
        config: "shortener:maxListPages",
        env: "SHORTENER_MAX_LIST_PAGES",
    },
    // Each page is bounded by the answer's size, so without this a listing could hold up to pages × answer size.
    maxListingBytes: {
        name: "bytes of one listing",
        side: "service",
        unit: "bytes",
        default: 256 * MIB,
        lowest: 1,
        config: "shortener:maxListingBytes",
        env: "SHORTENER_MAX_LISTING_BYTES",
        remark: "the items of its pages, as JSON",
    },
    // The service has no maximum page size for links; a refresh of N links costs ceil(N / this) requests.
    linkPageSize: {
        name: "links asked for per page of the link listing",
        side: "service",
        unit: "links",
        default: 100,
    },
    maxRetries: { name: "retries of a read", side: "service", unit: "retries", default: 4, lowest: 0 },
    firstRetryWaitMs: {
        name: "longest wait before the first retry",
        side: "service",
        unit: "milliseconds",
        default: 250,
    },
    longestRetryWaitMs: { name: "longest wait before any retry", side: "service", unit: "milliseconds", default: 8000 },
    // Creates and assignments look at the service before each attempt, updates and deletes set: resending is safe.
    writeAttempts: { name: "attempts of a write whose answer is lost", side: "service", unit: "attempts", default: 3 },
    // A request that timed out on a short limit is still often committed seconds later.
    minWriteSettleMs: {
        name: "time a write without an answer may still land",
        side: "service",
        unit: "milliseconds",
        default: 5000,
        remark: "at least; the time per request when longer",
    },
    maxTimerMs: {
        name: "any timer",
        side: "service",
        unit: "milliseconds",
        default: NODE_TIMER_MS,
        remark: "Node's limit",
    },
    maxServiceMessageChars: {
        name: "the service's message in an error",
        side: "service",
        unit: "characters",
        default: 1000,
    },

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
    maxSuggestionCandidates: { name: "names compared for a suggestion", side: "wiki", unit: "names", default: 10_000 },
    maxSuggestedNameChars: { name: "a name that gets a suggestion", side: "wiki", unit: "characters", default: 64 },
    maxShownValueChars: { name: "a value in a message", side: "wiki", unit: "characters", default: 200 },
    maxReportNameChars: { name: "a name in a report", side: "wiki", unit: "characters", default: 200 },
    maxReportMessageChars: { name: "a message in a report", side: "wiki", unit: "characters", default: 2000 },
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
    // A stack's config file is a few kilobytes; this refuses what cannot be one before YAML parses it.
    maxStackFileBytes: {
        name: "size of a stack config file (`shortener-import --stack`)",
        side: "tools",
        unit: "bytes",
        default: 4 * MIB,
    },
    // A stack of 10,000 resources with their states is a few megabytes of digest.
    maxDigestBytes: {
        name: "size of a preview digest (`shortener-report --input`)",
        side: "tools",
        unit: "bytes",
        default: 64 * MIB,
    },
    // More is refused, not cut: a summary of part of a plan would mislead.
    maxDigestSteps: { name: "steps of a preview digest", side: "tools", unit: "steps", default: 100_000 },
    maxLintFindingsBytes: {
        name: "size of the linter's findings (`shortener-report --lint`)",
        side: "tools",
        unit: "bytes",
        default: 16 * MIB,
    },
    reportMaxChars: {
        name: "length of a report (`shortener-report`)",
        side: "tools",
        unit: "characters",
        // GitHub refuses a comment longer than 65,536 characters; this leaves room for what a workflow adds.
        default: 60_000,
        // Below it not even the summary of a large plan fits.
        lowest: 2000,
        option: { flag: "--max-chars", counts: "CHARACTERS" },
    },
    // A row is a type and an operation; the rest are counted in one row.
    maxReportSummaryRows: { name: "rows of a report's summary", side: "tools", unit: "rows", default: 60 },
    maxReportValueChars: { name: "a value in a report", side: "tools", unit: "characters", default: 200 },
    maxReportValueDepth: { name: "nesting of a value in a report", side: "tools", unit: "levels", default: 6 },
    // An export of 100,000 links is about 20 MB.
    maxMigrationFileBytes: {
        name: "size of a file migrated from (`shortener-migrate FILE`)",
        side: "tools",
        unit: "bytes",
        default: 64 * MIB,
    },
    // Ten times the largest stack the bench runs: a stack holds its links in one state file, which a run writes whole.
    maxMigrationRows: { name: "links of one migrated file", side: "tools", unit: "rows", default: 50_000 },
    // A link of a Bitly export is about 20 JSON values, Kutt's fewer: 32 a link for the most links a file may hold, so
    // that what JSON.parse builds of a file is bounded by its links, not by its size.
    maxMigrationJsonValues: {
        name: "values of one migrated JSON file",
        side: "tools",
        unit: "values",
        default: 32 * 50_000,
    },
    // A link's row is a URL, an alias, a title and a few more short fields: a few KB.
    maxMigrationRowChars: { name: "a row of a migrated CSV", side: "tools", unit: "characters", default: 64 * 1024 },
    // What shortener-import writes for 50,000 links stays well below it.
    maxLinksDataBytes: {
        name: "size of the links.json a migration adds to (`shortener-migrate --output`)",
        side: "tools",
        unit: "bytes",
        default: 64 * MIB,
    },
    // An entry is a pid and the ids listed before the create: a few KB at most.
    maxJournalEntryBytes: { name: "size of a create journal entry", side: "tools", unit: "bytes", default: MIB },
    maxJournalNewFolders: {
        name: "folders made on the way to the create journal",
        side: "tools",
        unit: "folders",
        default: 32,
    },
} as const satisfies Record<string, Bound>;

type BoundName = keyof typeof BOUNDS;

/** The bounds that stack config and the environment set. */
export type SettingName = {
    [K in BoundName]: (typeof BOUNDS)[K] extends { readonly config: string } ? K : never;
}[BoundName];

export const SETTING_NAMES = (Object.keys(BOUNDS) as BoundName[]).filter(
    (name): name is SettingName => "config" in BOUNDS[name],
);

/** How an option counts: its word, and how many of its bound's units one is. */
export function optionUnit(option: NonNullable<Bound["option"]>): (typeof OPTION_UNITS)[keyof typeof OPTION_UNITS] {
    return OPTION_UNITS[option.counts];
}
