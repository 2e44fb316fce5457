// Finding the catalogue that judges a wiki's definitions, offline: one named explicitly, else the pin whose api
// URL matches (wiki-catalogues/<host and path>-<digest>.json by default, where `catalogue pull` writes it), else the
// shipped catalogue, with a hint saying how to pin the wiki's own.
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { CatalogueError } from "./errors";
import { loadCatalogueFile, shippedCatalogue } from "./load";
import type { Catalogue } from "./model";
import { canonicalApiUrl } from "./pull";

/** Where `catalogue pull` writes pins and where they are looked for, relative to the working directory. */
export const DEFAULT_PIN_DIRECTORY = "wiki-catalogues";
// Loaded pins kept per process (a stack may hold many WikiQuery resources for one wiki); a few wikis at most.
const MAX_CACHED_PINS = 16;
const cache = new Map<string, { mtimeMs: number; size: number; catalogue: Catalogue }>();
// A pin's file name: room for a wiki's host and path, and enough of a digest that two wikis never share one.
const READABLE_NAME_CHARACTERS = 100;
const DIGEST_CHARACTERS = 16;

/** The pin's file name for a wiki: its host, port and path, with anything else than [A-Za-z0-9.-] as "_" and cut to
 *  READABLE_NAME_CHARACTERS, then a digest of the whole api URL. The readable part alone may be two wikis' (/w/api.php
 *  and /w_api.php, a wiki's http and https addresses); the digest keeps their names apart, and any name short. */
export function pinFileName(apiUrl: string): string {
    const canonical = canonicalApiUrl(apiUrl);
    const url = new URL(canonical);
    const readable = `${url.host}${url.pathname}`.replace(/[^A-Za-z0-9.-]/g, "_").slice(0, READABLE_NAME_CHARACTERS);
    return `${readable}-${createHash("sha256").update(canonical).digest("hex").slice(0, DIGEST_CHARACTERS)}.json`;
}

/** Loads a catalogue file (pinned or a plain paraminfo reply), reading it again only when it changed. */
export function loadCatalogueFileCached(path: string): Catalogue {
    const full = resolve(path);
    let stat;
    try {
        stat = statSync(full);
    } catch (error) {
        throw new CatalogueError(
            path,
            `cannot read the file (${(error as NodeJS.ErrnoException).code ?? "read error"})`,
        );
    }
    const cached = cache.get(full);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.catalogue;
    const catalogue = loadCatalogueFile(path);
    if (cache.size >= MAX_CACHED_PINS) cache.delete(cache.keys().next().value as string);
    cache.set(full, { mtimeMs: stat.mtimeMs, size: stat.size, catalogue });
    return catalogue;
}

/** The name 0.2.0 gave a pin: host, port and path alone, which two wikis may share. */
function pinFileNameOf0_2(apiUrl: string): string {
    const url = new URL(canonicalApiUrl(apiUrl));
    return `${`${url.host}${url.pathname}`.replace(/[^A-Za-z0-9.-]/g, "_")}.json`;
}

/** A pin of 0.2.0 under its old name, when it records this wiki (another wiki's may have that name too). */
function pinNamedAsIn0_2(apiUrl: string, directory: string): Catalogue | undefined {
    const path = join(directory, pinFileNameOf0_2(apiUrl));
    if (!existsSync(path)) return undefined;
    const catalogue = loadCatalogueFileCached(path);
    return catalogue.origin?.apiUrl === canonicalApiUrl(apiUrl) ? catalogue : undefined;
}

/** The pinned catalogue for a wiki in `directory`, if there is one; a pin recorded for another URL is an error. */
export function findPinnedCatalogue(apiUrl: string, directory = DEFAULT_PIN_DIRECTORY): Catalogue | undefined {
    const path = join(directory, pinFileName(apiUrl));
    if (!existsSync(path)) return pinNamedAsIn0_2(apiUrl, directory);
    const catalogue = loadCatalogueFileCached(path);
    const wanted = canonicalApiUrl(apiUrl);
    if (catalogue.origin?.apiUrl !== wanted) {
        throw new CatalogueError(
            path,
            `is pinned for ${catalogue.origin?.apiUrl ?? "no wiki (not a pin file)"}, not for ${wanted}`,
        );
    }
    return catalogue;
}

export interface ChosenCatalogue {
    catalogue: Catalogue;
    /** Set when no pin was found: how to pin the wiki's own catalogue. */
    hint?: string;
}

/** The catalogue for a wiki's definitions: `explicit` (a file), else its pin in `directory`, else the shipped one. */
export function chooseCatalogue(
    apiUrl: string | undefined,
    options: { explicit?: string; directory?: string } = {},
): ChosenCatalogue {
    if (options.explicit !== undefined) return { catalogue: loadCatalogueFileCached(options.explicit) };
    const pinned = apiUrl === undefined ? undefined : findPinnedCatalogue(apiUrl, options.directory);
    if (pinned) return { catalogue: pinned };
    const catalogue = shippedCatalogue();
    const target = apiUrl ?? "<api.php URL>";
    const where = options.directory ?? DEFAULT_PIN_DIRECTORY;
    return {
        catalogue,
        hint: `no pinned catalogue for ${target} in ${where}/, so the ${catalogue.origin?.description} judged it; pin the wiki's own with: npx wiki-query-lint catalogue pull ${target}`,
    };
}
