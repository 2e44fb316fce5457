import { ApiFailure } from "./context";

const DEFAULT_LIMIT = 15;

function positiveInteger(query: Record<string, string>, field: string, fallback: number): number {
    const raw = query[field];
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ApiFailure(`${field} must be a positive integer.`);
    return Number(raw);
}

/**
 * The list envelope: {"error":"0","data":{result, perpage, currentpage, nextpage, maxpage, <key>: [...]}}.
 * `alwaysIncluded` entries appear on every page and are not counted (the system domains).
 */
export function listResponse<T>(
    key: string,
    items: T[],
    query: Record<string, string>,
    alwaysIncluded: unknown[] = [],
): object {
    const perpage = positiveInteger(query, "limit", DEFAULT_LIMIT);
    const currentpage = positiveInteger(query, "page", 1);
    const maxpage = Math.ceil(items.length / perpage);
    const page = items.slice((currentpage - 1) * perpage, currentpage * perpage);
    return {
        error: "0",
        data: {
            result: page.length,
            perpage,
            currentpage,
            nextpage: currentpage < maxpage ? currentpage + 1 : null,
            maxpage,
            [key]: [...page, ...alwaysIncluded],
        },
    };
}
