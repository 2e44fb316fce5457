// What a bound is, as data: its name as docs/security.md's tables give it, what it counts, its default, the range a
// setting may give it, and where it is set. Each part keeps its own table of them (provider/bounds.ts for the service,
// the client and the shortener's commands, wiki/bounds.ts for the wiki validator, and below for what both parts
// show), and a test holds the three bounds tables of docs/security.md to them together.

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

/** How an option counts: its word, and how many of its bound's units one is. */
export function optionUnit(option: NonNullable<Bound["option"]>): (typeof OPTION_UNITS)[keyof typeof OPTION_UNITS] {
    return OPTION_UNITS[option.counts];
}

/**
 * The bounds of what both parts show: the text helpers' (text/suggest.ts, text/echo.ts) and a message in a report
 * (the linter's and shortener-report's). docs/security.md lists them among the wiki tools', whose table names each in
 * that place: the shortener's messages and report obey them too.
 */
export const COMMON_BOUNDS = {
    maxSuggestionCandidates: { name: "names compared for a suggestion", side: "wiki", unit: "names", default: 10_000 },
    maxSuggestedNameChars: { name: "a name that gets a suggestion", side: "wiki", unit: "characters", default: 64 },
    maxShownValueChars: { name: "a value in a message", side: "wiki", unit: "characters", default: 200 },
    maxReportMessageChars: { name: "a message in a report", side: "wiki", unit: "characters", default: 2000 },
} as const satisfies Record<string, Bound>;
