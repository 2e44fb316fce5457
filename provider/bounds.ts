// Every bound on what the service, an input file or a stack may make the shortener's side of the package do, as data
// (common/bounds.ts says what a bound is): stack config keys, environment variables, units, the client's defaults and
// the commands' limits are read from here. docs/security.md's service table and its other commands' table list them
// in this order, held by a test; the wiki validator keeps its own table (wiki/bounds.ts).
import { type Bound, MIB } from "../common/bounds";

/** Node's timers hold at most this (about 24.8 days); a longer delay would fire at once, over and over. */
const NODE_TIMER_MS = 2 ** 31 - 1;

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
