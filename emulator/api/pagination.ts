import { Kind, RecordsByKind } from "../store/records";
import { ApiContext, ApiRoute } from "./context";
import { ApiFailure } from "./answers";

export const DEFAULT_LIMIT = 15;

function positiveInteger(query: Record<string, string>, field: string, fallback: number): number {
    const raw = query[field];
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ApiFailure(`${field} must be a positive integer.`);
    return Number(raw);
}

/**
 * The list envelope: {"error":"0","data":{result, perpage, currentpage, nextpage, maxpage, <key>: [...]}}, with `error`
 * and `result` as the profile answers them. `alwaysIncluded` entries appear on every page and are not counted (the
 * system domains).
 */
export function listResponse<T>(key: string, items: T[], context: ApiContext, alwaysIncluded: unknown[] = []): object {
    return pagedListResponse(key, items, (entry) => entry, context, { alwaysIncluded });
}

/**
 * The list envelope over entries that are paged as they are but listed as `show` presents them: an entry shown as
 * undefined still takes its place in the paging and is left out of its page (a `result` of the page counts what is
 * listed, a `result` of the total counts every entry). `perpage` replaces the `limit` parameter's reading where a
 * list reads it its own way.
 */
export function pagedListResponse<E, T>(
    key: string,
    entries: E[],
    show: (entry: E) => T | undefined,
    context: ApiContext,
    options: { alwaysIncluded?: unknown[]; perpage?: number } = {},
): object {
    const { profile } = context.settings;
    const perpage = options.perpage ?? positiveInteger(context.query, "limit", DEFAULT_LIMIT);
    const currentpage = positiveInteger(context.query, "page", 1);
    const maxpage = Math.ceil(entries.length / perpage);
    const page = entries
        .slice((currentpage - 1) * perpage, currentpage * perpage)
        .map(show)
        .filter((item): item is T => item !== undefined);
    return {
        error: profile.listErrorFlag,
        data: {
            result: profile.listResult === "total" ? entries.length : page.length,
            perpage,
            currentpage,
            nextpage: currentpage < maxpage ? currentpage + 1 : null,
            maxpage,
            [key]: [...page, ...(options.alwaysIncluded ?? [])],
        },
    };
}

/** "GET <pattern>": one page of the caller's own objects of a kind, oldest first. */
export function ownedListRoute<K extends Kind>(
    pattern: string,
    kind: K,
    key: string | ((context: ApiContext) => string),
    present: (record: RecordsByKind[K], context: ApiContext, index: number) => object,
    alwaysIncluded: (context: ApiContext) => unknown[] = () => [],
): ApiRoute {
    return {
        method: "GET",
        pattern,
        handler: (context) => {
            const items = context.store
                .owned(kind, context.user.id)
                .map((record, index) => present(record, context, index));
            return listResponse(typeof key === "string" ? key : key(context), items, context, alwaysIncluded(context));
        },
    };
}
