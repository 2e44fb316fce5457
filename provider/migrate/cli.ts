#!/usr/bin/env node
// shortener-migrate --from FORMAT [--output FILE] [--domain URL] [--offline] [--stack NAME] [--skip-refused] [--rewrite-aliases] [--encoding NAME] FILE...
// Reads the links of another shortener's export (or a CSV) and adds them to links.json, which a program declares in
// one loop. Exit status: 0 written (or nothing to add), 1 an input, links.json or the account could not be read, or
// rows cannot be carried over, and nothing was written; 2 a usage error, nothing written.
import { parseArgs } from "node:util";
import { BOUNDS } from "../bounds";
import type { Link as RemoteLink, ShortenerClient } from "../client";
import { ENV_KEYS } from "../config";
import { readFileBounded, type Decoding } from "../../common/fs/read-bounded";
import { accountClient, listOf, runCommand, stackConfig, UsageError } from "../import/command";
import { messageOf } from "../../common/text/message-of";
import { httpUrl } from "../resources/values";
import { forTerminal } from "../terminal";
import { packageVersion } from "../../common/package-version";
import { carryRows, type Carried, type Refused } from "./carry";
import { collisions, identityOf, withoutDuplicates } from "./identity";
import { readLinksFile, writeLinksFile, type LinksEntry } from "./links-file";
import { entriesFor } from "./names";
import { InputError, type SourceRow } from "./rows";
import { SOURCES } from "./sources";

const USAGE = `Usage: shortener-migrate --from FORMAT [--output FILE] [--domain URL] [--offline] [--stack NAME] [--skip-refused] [--rewrite-aliases] [--encoding NAME] FILE...

Reads the links of another shortener's export, or of a CSV, and adds them to links.json as entries that a Pulumi
program declares in one loop (new shortener.Link(name, args)); the first pulumi up creates them. Entries already in
links.json stay as they are, so running it again with the same files adds nothing.
  --from FORMAT       what the files are:
${Object.entries(SOURCES)
    .map(([name, source]) => `                        ${name.padEnd(7)} ${source.file}`)
    .join("\n")}
  -o, --output FILE   the links.json to add to (default: links.json here); written whole, only once all was read
  --domain URL        the domain of the account every link is made on (default: the CSV's domain column, else the
                      account's default domain)
  --offline           do not read the account; without it, a row whose alias (or, without one, long URL) a link of
                      the account already has is refused. It needs ${ENV_KEYS.baseUrl} and ${ENV_KEYS.apiKey}
  --stack NAME        also read the base URL from Pulumi.NAME.yaml here, as shortener-import does
  --skip-refused      write the rows that can be carried over when others cannot (each is listed); without it,
                      nothing is written unless every row can be
  --rewrite-aliases   carry an alias the service would rewrite in the form it would store (Summer_Sale as
                      Summer-Sale) instead of refusing the row
  --encoding NAME     the files' encoding (default utf-8), such as windows-1252, a spreadsheet's usual one; a byte
                      that is no character of it stops the migration, naming its file and line
  -h, --help          this text
  --version           the version of pulumi-shortener

Exit status: 0 links.json was written, or had every link already; 1 a file, links.json or the account could not be
read, or rows cannot be carried over (each listed with its reason), and nothing was written; 2 a usage error,
nothing written.`;

interface Options {
    from: string;
    files: string[];
    output: string;
    domain?: string;
    offline: boolean;
    stack?: string;
    skipRefused: boolean;
    rewriteAliases: boolean;
    decoding: Decoding;
}

function parsed(argv: string[]) {
    try {
        return parseArgs({
            args: argv,
            allowPositionals: true,
            options: {
                from: { type: "string" },
                output: { type: "string", short: "o", default: "links.json" },
                domain: { type: "string" },
                offline: { type: "boolean", default: false },
                stack: { type: "string" },
                "skip-refused": { type: "boolean", default: false },
                "rewrite-aliases": { type: "boolean", default: false },
                encoding: { type: "string", default: "utf-8" },
                help: { type: "boolean", short: "h", default: false },
                version: { type: "boolean", default: false },
            },
        });
    } catch (error) {
        throw new UsageError(messageOf(error));
    }
}

function parseOptions(argv: string[]): Options | "help" | "version" {
    const { values, positionals } = parsed(argv);
    if (values.help) return "help";
    if (values.version) return "version";
    if (values.from === undefined || !Object.hasOwn(SOURCES, values.from))
        throw new UsageError(`--from: expected one of ${listOf(Object.keys(SOURCES))}`);
    if (positionals.length === 0) throw new UsageError("name the files to migrate from");
    if (values.domain !== undefined && !httpUrl.safeParse(values.domain).success)
        throw new UsageError(`--domain: expected a URL starting with http:// or https://`);
    return {
        from: values.from,
        files: positionals,
        output: values.output,
        domain: values.domain,
        offline: values.offline,
        stack: values.stack,
        skipRefused: values["skip-refused"],
        rewriteAliases: values["rewrite-aliases"],
        decoding: decodingOf(values.encoding),
    };
}

/**
 * The files' encoding, as --encoding names it. One Node.js does not read is a usage error, and so is UTF-16: its
 * lines do not end at the byte 0x0A, by which an error names its line.
 */
function decodingOf(label: string): Decoding {
    let encoding: string;
    try {
        encoding = new TextDecoder(label).encoding;
    } catch {
        throw new UsageError(
            `--encoding: ${JSON.stringify(label)} is not an encoding Node.js reads (such as utf-8, windows-1252, iso-8859-15)`,
        );
    }
    if (encoding.startsWith("utf-16"))
        throw new UsageError(`--encoding: ${encoding} is not read; save the files as UTF-8`);
    const advice =
        encoding === "utf-8"
            ? "save it as UTF-8, or name its encoding with --encoding (a spreadsheet's CSV is often windows-1252)"
            : `check that the file is ${encoding}, or name its encoding with --encoding`;
    return { encoding, advice };
}

/** A file's rows, each named by the file too; a file that cannot be read, or not as its format, stops everything. */
function rowsOf(file: string, from: string, decoding: Decoding): SourceRow[] {
    const text = readFileBounded(file, BOUNDS.maxMigrationFileBytes.default, "", decoding);
    try {
        return SOURCES[from].read(text).map((row) => ({ ...row, where: `${file} ${row.where}` }));
    } catch (error) {
        if (error instanceof InputError) throw new Error(`${file}: ${error.message}`, { cause: error });
        throw error;
    }
}

async function accountLinks(client: ShortenerClient): Promise<RemoteLink[]> {
    const links: RemoteLink[] = [];
    for await (const remote of client.links.all({ limit: BOUNDS.linkPageSize.default })) links.push(remote);
    return links;
}

/** The rows to add: carried over, not in links.json already, not twice, in no link of the account's way. */
async function judged(options: Options, existing: readonly LinksEntry[], env: NodeJS.ProcessEnv) {
    const rows = options.files.flatMap((file) => rowsOf(file, options.from, options.decoding));
    const { carried, refused } = carryRows(rows, options);
    const known = new Set(existing.map((entry) => identityOf(entry.args)));
    const fresh = carried.filter((row) => !known.has(identityOf(row.args)));
    const { kept, refused: twice } = withoutDuplicates(fresh);
    let blocked: Refused[] = [];
    if (!options.offline) {
        const config = options.stack === undefined ? undefined : stackConfig(options.stack);
        blocked = collisions(
            kept,
            await accountLinks(accountClient("shortener-migrate", env, config).client),
            existing,
        );
    }
    const order = new Map(rows.map((row, index) => [row.where, index]));
    const refusedAll = [...refused, ...twice, ...blocked].sort((a, b) => order.get(a.where)! - order.get(b.where)!);
    const added = kept.filter((row) => !blocked.some((refusal) => refusal.where === row.where));
    return { added, already: carried.length - fresh.length, refused: refusedAll };
}

function listRefused(refused: readonly Refused[]): void {
    for (const { where, reason } of refused) process.stderr.write(`  ${forTerminal(`${where}: ${reason}`)}\n`);
}

async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
    const options = parseOptions(argv);
    if (options === "help" || options === "version") {
        process.stdout.write(`${options === "help" ? USAGE : packageVersion()}\n`);
        return 0;
    }
    const existing = readLinksFile(options.output);
    const { added, already, refused } = await judged(options, existing, env);
    listRefused(refused);
    if (refused.length > 0 && !options.skipRefused)
        throw new Error(
            `${refused.length} row(s) cannot be carried over (listed above): fix them in the input, or run with --skip-refused to write the others. Nothing was written`,
        );
    if (added.length > 0) writeLinksFile(options.output, [...existing, ...entriesFor(added, existing)]);
    process.stderr.write(`shortener-migrate: ${forTerminal(summary(options.output, added, already, refused))}\n`);
    return 0;
}

function summary(output: string, added: readonly Carried[], already: number, refused: readonly Refused[]): string {
    const parts = [
        `${added.length} link(s) added to ${output}`,
        ...(already > 0 ? [`${already} already in it`] : []),
        ...(refused.length > 0 ? [`${refused.length} not carried over (listed above)`] : []),
    ];
    return parts.join(", ");
}

runCommand("shortener-migrate", () => main(process.argv.slice(2), process.env));
