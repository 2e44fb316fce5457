// The links.json a program declares its links from (one `new shortener.Link(name, args)` per entry), as
// shortener-import writes it and a migration adds to it: read bounded and checked, written whole, one entry a line,
// through the one writer of data (import/emit.ts).
import { existsSync } from "node:fs";
import { BOUNDS } from "../bounds";
import { readFileBounded } from "../../common/fs/read-bounded";
import { writeFileWhole } from "../../common/fs/write-whole";
import { dataLines } from "../import/emit";
import { parseJsonText } from "../json-text";
import { InputError, own } from "./rows";

/** An entry of links.json: its resource name and its inputs, and whatever else it holds (what the service shows). */
export interface LinksEntry {
    name: string;
    args: Readonly<Record<string, unknown>>;
    [other: string]: unknown;
}

const MAX_BYTES = BOUNDS.maxLinksDataBytes.default;

function checkedEntry(entry: unknown, index: number): LinksEntry {
    const name = own(entry, "name");
    const args = own(entry, "args");
    if (typeof name !== "string" || typeof args !== "object" || args === null || Array.isArray(args))
        throw new InputError(`entry ${index}: not { name, args } (a name and the link's inputs)`);
    return entry as LinksEntry;
}

/** The entries of links.json; none when there is no such file yet. */
export function readLinksFile(path: string): LinksEntry[] {
    if (!existsSync(path)) return [];
    const text = readFileBounded(path, MAX_BYTES);
    const parsed = parseJsonText(text);
    if ("problem" in parsed) throw new InputError(`${path}: ${parsed.problem}`);
    const json = parsed.value;
    if (!Array.isArray(json)) throw new InputError(`${path}: not an array of entries`);
    try {
        return json.map(checkedEntry);
    } catch (error) {
        throw new InputError(`${path}: ${(error as Error).message}`);
    }
}

export function writeLinksFile(path: string, entries: readonly LinksEntry[]): void {
    writeFileWhole(path, dataLines(entries));
}
