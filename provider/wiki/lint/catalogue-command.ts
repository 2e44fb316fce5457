// `wiki-query-lint catalogue pull <apiUrl> [--out FILE]` pins a wiki's catalogue (like a lockfile) and prints what
// changed since the previous pin; `wiki-query-lint catalogue types [--catalogue FILE] [--out FILE]` writes the
// TypeScript declarations of a catalogue. Also: which catalogue the linter judges with, and the line that says so.
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { CatalogueError, catalogueDrift, describeDrift, fetchCatalogue, loadCatalogueFile, pullCatalogue, shippedCatalogue } from "../catalogue";
import type { Catalogue } from "../catalogue/model";
import { DEFAULT_PIN_DIRECTORY, findPinnedCatalogue, pinFileName } from "../catalogue/pinned";
import { writeFileWhole } from "../../fs/write-whole";
import { generateDeclarations } from "./typegen";

export const CATALOGUE_USAGE = `Usage: wiki-query-lint catalogue pull <apiUrl> [--out FILE]
       wiki-query-lint catalogue types [--catalogue FILE] [--out FILE]

  pull   fetches the wiki's paraminfo (every query module, extensions included) and pins it in FILE
         (default: ${DEFAULT_PIN_DIRECTORY}/<host and path>.json), then prints what changed since the previous pin
  types  writes the TypeScript declarations of a catalogue (default: the shipped one) to FILE (default: stdout)`;

export class CatalogueUsageError extends Error {}

/** The file whole or not at all, its folder made when missing. */
function writeWhole(path: string, text: string): void {
    mkdirSync(dirname(path), { recursive: true });
    writeFileWhole(path, text);
}

function previousPin(path: string): { catalogue?: Catalogue; problem?: string } {
    if (!existsSync(path)) return {};
    try {
        return { catalogue: loadCatalogueFile(path) };
    } catch (error) {
        if (error instanceof CatalogueError) return { problem: error.problem };
        throw error;
    }
}

/** Pins a wiki's catalogue; returns the report: the wiki, and what changed since the previous pin. */
export async function pullAndPin(apiUrl: string, out?: string): Promise<string> {
    const path = out ?? join(DEFAULT_PIN_DIRECTORY, pinFileName(apiUrl));
    const before = previousPin(path);
    const { text, catalogue } = await pullCatalogue(apiUrl);
    const origin = catalogue.origin!;
    const version = origin.mediawikiVersion ? `MediaWiki ${origin.mediawikiVersion}` : "unknown MediaWiki version";
    const head = `${origin.apiUrl}: ${catalogue.modules.size} query modules, ${version}`;
    if (before.catalogue?.origin?.contentHash === origin.contentHash) return `${head}\nunchanged since the pin in ${path}; the file is kept as it was`;
    writeWhole(path, text);
    if (before.catalogue) return `${head}\npinned in ${path}; changes since the previous pin:\n${describeDrift(catalogueDrift(before.catalogue, catalogue))}`;
    if (before.problem) return `${head}\npinned in ${path}, replacing an unreadable file (${before.problem})`;
    return `${head}\npinned in ${path} (first pin)`;
}

function parse(argv: string[], options: Record<string, { type: "string" }>) {
    try {
        return parseArgs({ args: argv, allowPositionals: true, options });
    } catch (error) {
        throw new CatalogueUsageError(error instanceof Error ? error.message : String(error));
    }
}

/** Runs `catalogue <pull|types> ...`; returns what to print on stdout. */
export async function runCatalogueCommand(argv: string[]): Promise<string> {
    const [action, ...rest] = argv;
    if (action === undefined || action === "--help" || action === "-h") return CATALOGUE_USAGE;
    if (action === "pull") {
        const { values, positionals } = parse(rest, { out: { type: "string" } });
        if (positionals.length !== 1) throw new CatalogueUsageError("catalogue pull: expected one api.php URL");
        return pullAndPin(positionals[0], values.out);
    }
    if (action === "types") {
        const { values, positionals } = parse(rest, { catalogue: { type: "string" }, out: { type: "string" } });
        if (positionals.length > 0) throw new CatalogueUsageError(`catalogue types: unexpected argument ${JSON.stringify(positionals[0])}`);
        const catalogue = values.catalogue === undefined ? shippedCatalogue() : loadCatalogueFile(values.catalogue);
        const declarations = generateDeclarations(catalogue);
        if (values.out === undefined) return declarations;
        writeWhole(values.out, declarations);
        return `wrote ${values.out} from the ${catalogue.origin?.description}`;
    }
    throw new CatalogueUsageError(`catalogue: expected "pull" or "types", got ${action === undefined ? "nothing" : JSON.stringify(action)}`);
}

/** The catalogue the linter judges with, and the line (for stderr) saying which, with how to pin when none is.
 *  `--catalogue URL` uses the wiki's pin when there is one, and fetches the live catalogue otherwise. */
export async function lintCatalogue(location: string | undefined): Promise<{ catalogue: Catalogue; note: string }> {
    const pull = (url: string) => `pin it with: npx wiki-query-lint catalogue pull ${url}`;
    if (location === undefined) {
        const catalogue = shippedCatalogue();
        return { catalogue, note: `judged with the ${catalogue.origin?.description}; to judge with your wiki's own, ${pull("<api.php URL>")}, then pass --catalogue FILE` };
    }
    if (!/^https?:\/\//i.test(location)) {
        const catalogue = loadCatalogueFile(location);
        return { catalogue, note: `judged with ${catalogue.origin?.description}` };
    }
    const pinned = findPinnedCatalogue(location);
    if (pinned) return { catalogue: pinned, note: `judged with the ${pinned.origin?.description}` };
    const catalogue = await fetchCatalogue(location);
    return { catalogue, note: `judged with the live catalogue of ${catalogue.origin?.description}, fetched now; ${pull(location)}` };
}
