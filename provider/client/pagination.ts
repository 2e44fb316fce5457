import { BOUNDS } from "../bounds";
import { ShortenerApiError } from "./errors";
import { Page } from "./schemas";

export interface PageQuery {
    page?: number;
    limit?: number;
}

export interface AllOptions {
    /** Items per page requested while walking the list; default 100. */
    limit?: number;
    /** The most pages a listing may have; the client's maxListPages when unset. */
    maxPages?: number;
    /** The most bytes the items of the listing may hold, as JSON; the client's maxListingBytes when unset. */
    maxBytes?: number;
    /** What tells two items apart; default their id (channel items need their type too). */
    identity?: (item: never) => string | number;
    /**
     * Whether the service counts entries it does not list (a channel's items deleted in the dashboard): a page may
     * then list fewer than its share of a total. For every other kind a shortfall is an object missing from the list.
     */
    countsUnlisted?: boolean;
}

export const DEFAULT_ALL_LIMIT = 100;

/**
 * Every item of a list, page 1 to maxpage, each asked for in turn. Only a complete and consistent listing ends
 * without an error, because a caller may conclude from it that an object is gone:
 * - every page answers as the page asked for and keeps the maxpage of page 1;
 * - each page before maxpage names the following one as the next;
 * - no item is listed twice;
 * - `result` fits one reading of RESULT_READINGS on every page, the same reading for the whole listing;
 * - an empty page ends nothing while more pages follow (the real service counts hidden channel items for paging);
 * - a listing longer than `maxPages` is refused on its first page, before anything else is asked;
 * - a listing whose items, as JSON, hold more than `maxBytes` is refused at the page that passes it, before its items
 *   are given: each answer is bounded, and this bounds them together.
 */
export async function* allItems<T>(
    operation: string,
    fetchPage: (query: PageQuery) => Promise<Page<T>>,
    options: AllOptions = {},
): AsyncGenerator<T, void, undefined> {
    const limit = options.limit ?? DEFAULT_ALL_LIMIT;
    const maxPages = options.maxPages ?? BOUNDS.maxListPages.default;
    const maxBytes = options.maxBytes ?? BOUNDS.maxListingBytes.default;
    let bytes = 0;
    const identity = (options.identity ?? ((item: { id: number }) => item.id)) as (item: T) => string | number;
    const fail = (reason: string) =>
        new ShortenerApiError({ operation, kind: "bad-response", reason, retryable: false });
    const seen = new Set<string | number>();
    let first: PageCounts | undefined;
    let readings = RESULT_READINGS;
    for (let page = 1; ; page++) {
        const current = await fetchPage({ page, limit });
        if (current.currentPage !== page)
            throw fail(`asked for page ${page}, the service answered with page ${current.currentPage}`);
        const counts = {
            page,
            result: current.result,
            listed: current.items.length,
            perPage: current.perPage,
            maxPage: current.maxPage,
        };
        first ??= counts;
        if (current.maxPage !== first.maxPage) {
            throw fail(
                `page 1 said the listing has ${first.maxPage} pages, page ${page} says ${current.maxPage}: the listing changed or is inconsistent`,
            );
        }
        if (first.maxPage > maxPages) {
            throw fail(
                `page ${page} says the listing has ${first.maxPage} pages, more than the bound of ${maxPages} (setting maxListPages)`,
            );
        }
        if (first.maxPage === 0 && counts.listed > 0)
            throw fail(`page 1 lists ${counts.listed} items but says there are no pages`);
        readings = fittingReadings(readings, counts, first, options.countsUnlisted ?? false, fail);
        bytes += Buffer.byteLength(JSON.stringify(current.items));
        if (bytes > maxBytes) {
            throw fail(
                `by page ${page} of ${first.maxPage} the listing holds ${bytes} bytes, more than the bound of ${maxBytes} (setting maxListingBytes)`,
            );
        }
        for (const item of current.items) {
            const key = identity(item);
            if (seen.has(key)) throw fail(`item ${key} is listed twice (again on page ${page})`);
            seen.add(key);
        }
        yield* current.items;
        if (page >= first.maxPage) return;
        if (current.nextPage !== page + 1) {
            const said =
                current.nextPage === null
                    ? "says it is the last one"
                    : `names page ${current.nextPage} as the next one`;
            throw fail(`page ${page} of ${first.maxPage} ${said}; the listing would skip or repeat pages`);
        }
    }
}

/** The figures of one page that `result` is read against. */
interface PageCounts {
    page: number;
    result: number;
    listed: number;
    perPage: number;
    maxPage: number;
}

/** One way a service fills `result`, with why a page does not fit it (undefined when it does). */
interface ResultReading {
    name: string;
    misfit(counts: PageCounts, first: PageCounts, countsUnlisted: boolean): string | undefined;
}

/**
 * The two ways services fill `result`. The spec says it is the number of items on the page; the service's source
 * fills it with the total of the listing. Which one a service uses is read from its answers: a listing of more than
 * one page fits at most one of them from page 1 on, and a listing of one page reads the same either way.
 */
const RESULT_READINGS: readonly ResultReading[] = [
    {
        name: "the page's count",
        misfit: ({ result, listed }) => (result === listed ? undefined : `it lists ${listed}`),
    },
    {
        name: "the listing's total",
        misfit: (counts, first, countsUnlisted) => {
            const { page, result, listed, perPage, maxPage } = counts;
            if (result !== first.result) return `page 1 gave the total as ${first.result}`;
            if (perPage !== first.perPage) return `page 1 gave ${first.perPage} a page, this page ${perPage}`;
            const pages = perPage > 0 ? Math.ceil(result / perPage) : NaN;
            if (pages !== maxPage)
                return `a total of ${result} at ${perPage} a page makes ${pages} pages, not the ${maxPage} the listing says`;
            // Page by page, what is listed plus what the service counts but hides adds up to the total.
            const share = Math.min(perPage, Math.max(0, result - (page - 1) * perPage));
            if (listed > share) return `the total leaves ${share} items for this page, which lists ${listed}`;
            if (listed < share && !countsUnlisted)
                return `the total leaves ${share} items for this page, which lists only ${listed}`;
            return undefined;
        },
    },
];

/** The readings that still fit after this page; an error saying why each one left does not, when none does. */
function fittingReadings(
    readings: readonly ResultReading[],
    counts: PageCounts,
    first: PageCounts,
    countsUnlisted: boolean,
    fail: (reason: string) => ShortenerApiError,
): readonly ResultReading[] {
    const misfits = readings.map((reading) => reading.misfit(counts, first, countsUnlisted));
    const fitting = readings.filter((_, index) => misfits[index] === undefined);
    if (fitting.length > 0) return fitting;
    const which = readings.map((reading, index) => `${reading.name} (${misfits[index]})`);
    const said = `page ${counts.page} counts ${counts.result} items in "result"`;
    if (which.length > 1) throw fail(`${said}, which is neither ${which.join(" nor ")}`);
    throw fail(`${said}, which is not ${which[0]}, the only reading the earlier pages fit`);
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
    const all: T[] = [];
    for await (const item of items) all.push(item);
    return all;
}
