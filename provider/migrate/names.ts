// The resource names of migrated links: from the alias, or from the long URL's host and path without one, as
// shortener-import names what it imports (import/names.ts), and never one links.json holds already.
import { nameObjects } from "../import/names";
import type { Carried } from "./carry";
import type { LinksEntry } from "./links-file";

/** The text a link's name is made from. */
function nameText(args: Carried["args"]): string {
    if (typeof args.alias === "string") return args.alias;
    // A carried link has a URL the Link's checks took.
    const url = new URL(typeof args.url === "string" ? args.url : "");
    return `${url.host} ${url.pathname}`;
}

/** `name`, or the first of name_2, name_3, ... that is not taken. */
function freeName(name: string, taken: Set<string>): string {
    let free = name;
    for (let suffix = 2; taken.has(free); suffix++) free = `${name}_${suffix}`;
    taken.add(free);
    return free;
}

/** The entries of links.json for the added rows, in their order, named apart from every entry there. */
export function entriesFor(added: readonly Carried[], existing: readonly LinksEntry[]): LinksEntry[] {
    const named = nameObjects(
        "link",
        added.map((row, index) => ({ id: index + 1, text: nameText(row.args) })),
    );
    const taken = new Set(existing.map((entry) => entry.name));
    return added.map((row, index) => ({ name: freeName(named.get(index + 1)!.resource, taken), args: row.args }));
}
