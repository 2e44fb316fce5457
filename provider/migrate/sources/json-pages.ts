// An API answer saved to a file: one page of a listing (an object holding its items under `key`), or the pages of a
// whole listing as an array of them. Each item is handed on with where it stands in the file. The file's values are
// counted before it is parsed, and its items before anything is made of them, so that what is built is bounded by the
// links a migration takes, not by the file's size.
import { BOUNDS } from "../../bounds";
import { parseJsonText } from "../../json-text";
import { InputError, own } from "../rows";

export interface Item {
    where: string;
    value: unknown;
}

/** The file's JSON; broken JSON is an InputError naming its line and column, and one of too many values is refused. */
export function parsedJson(text: string): unknown {
    refuseManyValues(text);
    const parsed = parseJsonText(text);
    if ("problem" in parsed) throw new InputError(parsed.problem);
    return parsed.value;
}

/** The items of a file, refused whole when they are more than one migration takes. */
export function withinBound<T>(items: T[]): T[] {
    const most = BOUNDS.maxMigrationRows.default;
    if (items.length > most) throw new InputError(`${items.length} links, more than the ${most} one migration takes`);
    return items;
}

function itemArray(page: unknown, key: string, where: string): unknown[] {
    const items = own(page, key);
    if (!Array.isArray(items))
        throw new InputError(`${where || "the file"}: no array "${key}" (a page of the listing holds its items there)`);
    return items as unknown[];
}

/** The items of one page, or of every page of an array of pages. */
export function readPages(text: string, key: string): Item[] {
    const json = parsedJson(text);
    const pages: [unknown, string][] = Array.isArray(json)
        ? json.map((page, index) => [page, `[${index}].`])
        : [[json, ""]];
    const arrays = pages.map(([page, where]) => ({ where, items: itemArray(page, key, where) }));
    withinBound(arrays.flatMap(({ items }) => items));
    return arrays.flatMap(({ where, items }) =>
        items.map((value, index) => ({ where: `${where}${key}[${index}]`, value })),
    );
}

const MOST_VALUES = BOUNDS.maxMigrationJsonValues.default;
const [COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE, BACKSLASH] = [",", "[", "{", '"', "\\"].map((c) => c.charCodeAt(0));

/**
 * Refuses JSON of more values than the bound, counted in one pass over the text before it is parsed: each container,
 * and each value after the first of a container (its comma), outside strings.
 */
function refuseManyValues(text: string): void {
    let values = 0;
    let inString = false;
    for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index);
        if (inString) {
            if (code === BACKSLASH) index++;
            else if (code === QUOTE) inString = false;
        } else if (code === QUOTE) inString = true;
        else if ((code === COMMA || code === OPEN_ARRAY || code === OPEN_OBJECT) && ++values > MOST_VALUES)
            throw new InputError(`more than ${MOST_VALUES} JSON values, more than the links one migration takes hold`);
    }
}
