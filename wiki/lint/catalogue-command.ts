// `wiki-query-lint catalogue pull <apiUrl> [--out FILE] ...` pins a wiki's catalogue (like a lockfile) and prints what
// changed since the previous pin; `wiki-query-lint catalogue types [--catalogue FILE] [--out FILE]` writes the
// TypeScript declarations of a catalogue. Also: which catalogue the linter judges with, and the line that says so.
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import {
    CatalogueError,
    catalogueDrift,
    describeDrift,
    fetchCatalogue,
    FetchCatalogueOptions,
    loadCatalogueFile,
    pullCatalogue,
    shippedCatalogue,
} from "../catalogue";
import type { Catalogue } from "../catalogue/model";
import { DEFAULT_PIN_DIRECTORY, findPinnedCatalogue, pinFileName } from "../catalogue/pinned";
import { canonicalApiUrl, PullCatalogueOptions } from "../catalogue/pull";
import { optionUnit } from "../../common/bounds";
import { WIKI_BOUNDS } from "../bounds";
import { writeFileWhole } from "../../common/fs/write-whole";
import { generateDeclarations } from "./typegen";
import { messageOf } from "../../common/text/message-of";

const PULL_SIZE = WIKI_BOUNDS.maxPullBytes;
const DEADLINE = WIKI_BOUNDS.pullDeadlineMs;

export const CATALOGUE_USAGE = `Usage: wiki-query-lint catalogue pull <apiUrl> [--out FILE] [--replace] [--max-size MIB] [--deadline SECONDS] [--allow-redirects]
       wiki-query-lint catalogue types [--catalogue FILE] [--out FILE]

  pull   fetches the wiki's paraminfo (every query module, extensions included) and pins it in FILE
         (default: ${DEFAULT_PIN_DIRECTORY}/<host and path>-<digest>.json), then prints what changed since the previous pin
         --replace          replace FILE even when it is not a pin, or the pin of another wiki
         --max-size MIB     the wiki's answers together, at most (default and highest ${PULL_SIZE.default / optionUnit(PULL_SIZE.option).per})
         --deadline SECONDS the whole pull's deadline (default ${DEADLINE.default / optionUnit(DEADLINE.option).per})
         --allow-redirects  follow a redirect to another host or from https to http (default: refused)
  types  writes the TypeScript declarations of a catalogue (default: the shipped one) to FILE (default: stdout)`;

export class CatalogueUsageError extends Error {}

export interface PinOptions extends PullCatalogueOptions {
    /** Replace the file even when it is not a pin, or the pin of another wiki. */
    replace?: boolean;
}

/** The file whole or not at all, its folder made when missing. */
function writeWhole(path: string, text: string): void {
    mkdirSync(dirname(path), { recursive: true });
    writeFileWhole(path, text);
}

/** The pin at `path` that a pull of `apiUrl` replaces, if any; a file that is not one of that wiki's pins is
 *  refused unless `replace`, and then named (`replacing`). */
function previousPin(path: string, apiUrl: string, replace: boolean): { catalogue?: Catalogue; replacing?: string } {
    if (!existsSync(path)) return {};
    const refuse = (what: string) => new CatalogueError(path, `is ${what}; pass --replace to replace it`);
    let catalogue: Catalogue;
    try {
        catalogue = loadCatalogueFile(path);
    } catch (error) {
        if (!(error instanceof CatalogueError)) throw error;
        if (!replace) throw refuse(`not a pin (${error.problem})`);
        return { replacing: "a file that was not a pin" };
    }
    const recorded = catalogue.origin?.apiUrl;
    if (recorded === canonicalApiUrl(apiUrl)) return { catalogue };
    const what =
        recorded === undefined
            ? "not a pin (a paraminfo reply without a pin header)"
            : `the pin of ${recorded}, not of ${canonicalApiUrl(apiUrl)}`;
    if (!replace) throw refuse(what);
    return { replacing: recorded === undefined ? "a file that was not a pin" : `the pin of ${recorded}` };
}

/** Pins a wiki's catalogue; returns the report: the wiki, and what changed since the previous pin. */
export async function pullAndPin(apiUrl: string, out?: string, options: PinOptions = {}): Promise<string> {
    const path = out ?? join(DEFAULT_PIN_DIRECTORY, pinFileName(apiUrl));
    const before = previousPin(path, apiUrl, options.replace === true);
    const { text, catalogue } = await pullCatalogue(apiUrl, options);
    const origin = catalogue.origin!;
    const version = origin.mediawikiVersion ? `MediaWiki ${origin.mediawikiVersion}` : "unknown MediaWiki version";
    const head = `${origin.apiUrl}: ${catalogue.modules.size} query modules, ${version}`;
    if (before.catalogue?.origin?.contentHash === origin.contentHash)
        return `${head}\nunchanged since the pin in ${path}; the file is kept as it was`;
    writeWhole(path, text);
    if (before.catalogue)
        return `${head}\npinned in ${path}; changes since the previous pin:\n${describeDrift(catalogueDrift(before.catalogue, catalogue))}`;
    if (before.replacing) return `${head}\npinned in ${path}, replacing ${before.replacing}`;
    return `${head}\npinned in ${path} (first pin)`;
}

type OptionSpecs = Record<string, { type: "string" | "boolean" }>;

function parse(argv: string[], options: OptionSpecs) {
    try {
        return parseArgs({ args: argv, allowPositionals: true, options });
    } catch (error) {
        throw new CatalogueUsageError(messageOf(error));
    }
}

/** A whole number option within its bound's range, in the bound's units, or undefined when not given. */
function wholeNumber(
    values: Record<string, string | boolean | undefined>,
    bound: typeof PULL_SIZE | typeof DEADLINE,
): number | undefined {
    const { flag } = bound.option;
    const text = values[flag.slice("--".length)];
    if (text === undefined) return undefined;
    const unit = optionUnit(bound.option);
    const [low, high] = [bound.lowest / unit.per, bound.highest / unit.per];
    if (typeof text !== "string" || !/^\d+$/.test(text) || Number(text) < low || Number(text) > high) {
        throw new CatalogueUsageError(`${flag}: expected a whole number of ${unit.word} from ${low} to ${high}`);
    }
    return Number(text) * unit.per;
}

const PULL_OPTIONS: OptionSpecs = {
    out: { type: "string" },
    replace: { type: "boolean" },
    "max-size": { type: "string" },
    deadline: { type: "string" },
    "allow-redirects": { type: "boolean" },
};

/** `catalogue pull`'s options, all checked before any request. */
function pullOptions(values: Record<string, string | boolean | undefined>): PinOptions {
    return {
        replace: values.replace === true,
        allowRedirects: values["allow-redirects"] === true,
        maxBytes: wholeNumber(values, PULL_SIZE),
        deadlineMs: wholeNumber(values, DEADLINE),
    };
}

/** Runs `catalogue <pull|types> ...`; returns what to print on stdout. */
export async function runCatalogueCommand(argv: string[]): Promise<string> {
    const [action, ...rest] = argv;
    if (action === undefined || action === "--help" || action === "-h") return CATALOGUE_USAGE;
    if (action === "pull") {
        const { values, positionals } = parse(rest, PULL_OPTIONS);
        if (positionals.length !== 1) throw new CatalogueUsageError("catalogue pull: expected one api.php URL");
        const options = pullOptions(values);
        return pullAndPin(positionals[0], values.out as string | undefined, options);
    }
    if (action === "types") {
        const { values, positionals } = parse(rest, { catalogue: { type: "string" }, out: { type: "string" } });
        if (positionals.length > 0)
            throw new CatalogueUsageError(`catalogue types: unexpected argument ${JSON.stringify(positionals[0])}`);
        const catalogue =
            values.catalogue === undefined ? shippedCatalogue() : loadCatalogueFile(values.catalogue as string);
        const declarations = generateDeclarations(catalogue);
        if (values.out === undefined) return declarations;
        writeWhole(values.out as string, declarations);
        return `wrote ${values.out} from the ${catalogue.origin?.description}`;
    }
    throw new CatalogueUsageError(
        `catalogue: expected "pull" or "types", got ${action === undefined ? "nothing" : JSON.stringify(action)}`,
    );
}

/** The catalogue the linter judges with, and the line (for stderr) saying which, with how to pin when none is.
 *  `--catalogue URL` uses the wiki's pin when there is one, and fetches the live catalogue otherwise. */
export async function lintCatalogue(
    location: string | undefined,
    options: FetchCatalogueOptions = {},
): Promise<{ catalogue: Catalogue; note: string }> {
    const pull = (url: string) => `pin it with: npx wiki-query-lint catalogue pull ${url}`;
    if (location === undefined) {
        const catalogue = shippedCatalogue();
        return {
            catalogue,
            note: `judged with the ${catalogue.origin?.description}; to judge with your wiki's own, ${pull("<api.php URL>")}, then pass --catalogue FILE`,
        };
    }
    if (!/^https?:\/\//i.test(location)) {
        const catalogue = loadCatalogueFile(location);
        return { catalogue, note: `judged with ${catalogue.origin?.description}` };
    }
    const pinned = findPinnedCatalogue(location);
    if (pinned) return { catalogue: pinned, note: `judged with the ${pinned.origin?.description}` };
    const catalogue = await fetchCatalogue(location, options);
    return {
        catalogue,
        note: `judged with the live catalogue of ${catalogue.origin?.description}, fetched now; ${pull(location)}`,
    };
}
