// An API answer saved to a file: one page of a listing (an object holding its items under `key`), or the pages of a
// whole listing as an array of them. Each item is handed on with where it stands in the file.
import { BOUNDS } from "../../bounds";
import { parseJsonText } from "../../json-text";
import { InputError, own } from "../rows";

export interface Item {
    where: string;
    value: unknown;
}

/** The file's JSON; broken JSON is an InputError naming its line and column. */
export function parsedJson(text: string): unknown {
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

function itemsOf(page: unknown, key: string, where: string): Item[] {
    const items = own(page, key);
    if (!Array.isArray(items))
        throw new InputError(`${where || "the file"}: no array "${key}" (a page of the listing holds its items there)`);
    return (items as unknown[]).map((value, index) => ({ where: `${where}${key}[${index}]`, value }));
}

/** The items of one page, or of every page of an array of pages. */
export function readPages(text: string, key: string): Item[] {
    const json = parsedJson(text);
    return withinBound(
        Array.isArray(json) ? json.flatMap((page, index) => itemsOf(page, key, `[${index}].`)) : itemsOf(json, key, ""),
    );
}
