import { ShortenerApiError } from "./errors";
import { Page } from "./schemas";

export interface PageQuery {
    page?: number;
    limit?: number;
}

export interface AllOptions {
    /** Items per page requested while walking the list; default 100. */
    limit?: number;
}

export const DEFAULT_ALL_LIMIT = 100;

/**
 * Every item of a list, page after page. Stops on the last page however the service marks it (nextPage null,
 * an empty page, currentPage reaching maxPage, maxPage 0), and fails rather than loop when the service
 * points back at a page already read.
 */
export async function* allItems<T>(
    operation: string,
    fetchPage: (query: PageQuery) => Promise<Page<T>>,
    options: AllOptions = {},
): AsyncGenerator<T, void, undefined> {
    const limit = options.limit ?? DEFAULT_ALL_LIMIT;
    let page = 1;
    for (;;) {
        const current = await fetchPage({ page, limit });
        yield* current.items;
        const next = current.nextPage;
        if (next === null || current.items.length === 0 || current.maxPage === 0 || current.currentPage >= current.maxPage) return;
        if (next <= page) {
            throw new ShortenerApiError({
                operation,
                kind: "bad-response",
                reason: `page ${page} names page ${next} as the next one; the service's pagination goes back instead of forward`,
                retryable: false,
            });
        }
        page = next;
    }
}
