import { ShortenerApiError } from "./errors";
import { Page } from "./schemas";

export interface PageQuery {
    page?: number;
    limit?: number;
}

export interface AllOptions {
    /** Items per page requested while walking the list; default 100. */
    limit?: number;
    /** The most pages a listing may have; the client's maxListPages (default 1000) when unset. */
    maxPages?: number;
    /** What tells two items apart; default their id (channel items need their type too). */
    identity?: (item: never) => string | number;
}

export const DEFAULT_ALL_LIMIT = 100;
export const DEFAULT_MAX_LIST_PAGES = 1000;

/**
 * Every item of a list, page 1 to maxpage, each asked for in turn. Only a complete and consistent listing ends
 * without an error, because a caller may conclude from it that an object is gone: every page must answer as the
 * page asked for, say that the next page is the following one until maxpage, keep the maxpage of page 1, count in
 * `result` the items it lists, and list no item twice. An empty page ends nothing while more pages follow (the real
 * service counts hidden channel items for paging but does not list them). A listing longer than `maxPages` is
 * refused on its first page, before anything else is asked.
 */
export async function* allItems<T>(
    operation: string,
    fetchPage: (query: PageQuery) => Promise<Page<T>>,
    options: AllOptions = {},
): AsyncGenerator<T, void, undefined> {
    const limit = options.limit ?? DEFAULT_ALL_LIMIT;
    const maxPages = options.maxPages ?? DEFAULT_MAX_LIST_PAGES;
    const identity = (options.identity ?? ((item: { id: number }) => item.id)) as (item: T) => string | number;
    const fail = (reason: string) => new ShortenerApiError({ operation, kind: "bad-response", reason, retryable: false });
    const seen = new Set<string | number>();
    let lastPage = 0;
    for (let page = 1; ; page++) {
        const current = await fetchPage({ page, limit });
        if (current.currentPage !== page) throw fail(`asked for page ${page}, the service answered with page ${current.currentPage}`);
        if (page === 1) lastPage = current.maxPage;
        else if (current.maxPage !== lastPage) {
            throw fail(`page 1 said the listing has ${lastPage} pages, page ${page} says ${current.maxPage}: the listing changed or is inconsistent`);
        }
        if (lastPage > maxPages) {
            throw fail(`page ${page} says the listing has ${lastPage} pages, more than the bound of ${maxPages} (setting maxListPages)`);
        }
        if (current.result !== current.items.length) {
            throw fail(`page ${page} counts ${current.result} items in "result" but lists ${current.items.length}`);
        }
        if (lastPage === 0 && current.items.length > 0) throw fail(`page 1 lists ${current.items.length} items but says there are no pages`);
        for (const item of current.items) {
            const key = identity(item);
            if (seen.has(key)) throw fail(`item ${key} is listed twice (again on page ${page})`);
            seen.add(key);
        }
        yield* current.items;
        if (page >= lastPage) return;
        if (current.nextPage !== page + 1) {
            const said = current.nextPage === null ? "says it is the last one" : `names page ${current.nextPage} as the next one`;
            throw fail(`page ${page} of ${lastPage} ${said}; the listing would skip or repeat pages`);
        }
    }
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
    const all: T[] = [];
    for await (const item of items) all.push(item);
    return all;
}
