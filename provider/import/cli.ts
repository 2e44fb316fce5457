#!/usr/bin/env node
// shortener-import [--output FILE] [--service real|spec] [--kinds LIST] [--json] [--stack NAME] [--timestamp ISO] [--page-size N]
// Reads a whole account and writes the Pulumi program that takes it over (or, with --json, what was found).
// Exit status: 0 written, 1 the service or the configuration failed, 2 a usage error; a message on stderr.
import { dirname, join, resolve } from "node:path";
import { packageVersion } from "../../common/package-version";
import { parseArgs } from "node:util";
import { z } from "zod";
import { writeFileWhole } from "../../common/fs/write-whole";
import { CONFIG_KEYS, ENV_KEYS } from "../config";
import { accountClient, listOf, runCommand, stackConfig, UsageError } from "./command";
import {
    countRefused,
    generateProgram,
    SERVICE_TEXT,
    serviceTextOf,
    summary,
    type GeneratedProgram,
    type ServiceText,
} from "./program";
import { IMPORT_KINDS, LISTED_KINDS } from "./listed-kinds";
import { readSnapshot } from "./snapshot";
import { messageOf } from "../../common/text/message-of";

const USAGE = `Usage: shortener-import [--output FILE] [--service real|spec] [--kinds LIST] [--json] [--stack NAME] [--timestamp ISO] [--page-size N]

Reads every ${listOf(LISTED_KINDS.map((kind) => kind.listed.noun))} of the account (each channel with its items), and
the account's settings, and writes a Pulumi TypeScript program that adopts each of them as the service holds it.
  -o, --output FILE   write to FILE (only once everything was read; on failure FILE is left as it was), and the
                      links to links.json in FILE's folder, as data the program reads (needed when there are
                      links). Prefer it to "> FILE": the shell empties FILE before the import even starts
  --service real|spec how the service stores text: "real" escapes & " ' < > as HTML entities (the hosted service
                      does; the program declares the text itself), "spec" stores it as sent. Needed only when
                      the account's text holds entities and nothing else tells (the import then says so)
  --kinds LIST        comma-separated, from ${IMPORT_KINDS.join(", ")} (default: all)
  --json              print what was found as JSON instead of a program
  --stack NAME        also read ${CONFIG_KEYS.baseUrl} (and ${CONFIG_KEYS.requestTimeoutMs}) from Pulumi.NAME.yaml here
  --timestamp ISO     the time written in the header: a date (2026-01-31, midnight UTC) or a date and time with its
                      offset (2026-01-31T12:00:00Z); default: now, or SOURCE_DATE_EPOCH when set
  --page-size N       objects per listing page (default 100)
  -h, --help          this text
  --version           the version of pulumi-shortener

The service and the key come from the environment: ${ENV_KEYS.baseUrl} and ${ENV_KEYS.apiKey} (the key is never
printed or written), after plain values of the stack's config with --stack. A key set with
\`pulumi config set ${CONFIG_KEYS.apiKey} --secret\` is encrypted: export it as ${ENV_KEYS.apiKey} instead.

Exit status: 0 the program (or JSON) was written; 1 the service, the configuration or the account's answer failed
(an id a program cannot hold, the same id twice, an unknown channel item type), and nothing was written; 2 a usage
error, nothing written.`;

interface Options {
    output?: string;
    kinds: string[];
    json: boolean;
    stack?: string;
    importedAt: Date;
    pageSize?: number;
    service?: ServiceText;
}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options | "help" | "version" {
    let parsed;
    try {
        parsed = parseArgs({
            args: argv,
            options: {
                output: { type: "string", short: "o" },
                kinds: { type: "string" },
                json: { type: "boolean", default: false },
                stack: { type: "string" },
                timestamp: { type: "string" },
                "page-size": { type: "string" },
                service: { type: "string" },
                help: { type: "boolean", short: "h", default: false },
                version: { type: "boolean", default: false },
            },
        });
    } catch (error) {
        throw new UsageError(messageOf(error));
    }
    const { values } = parsed;
    if (values.help) return "help";
    if (values.version) return "version";
    return {
        output: values.output,
        kinds: values.kinds === undefined ? [...IMPORT_KINDS] : parseKinds(values.kinds),
        json: values.json === true,
        stack: values.stack,
        importedAt: parseTimestamp(values.timestamp, env.SOURCE_DATE_EPOCH),
        pageSize: values["page-size"] === undefined ? undefined : parsePageSize(values["page-size"]),
        service: values.service === undefined ? undefined : parseService(values.service),
    };
}

function parseService(value: string): ServiceText {
    if (!(SERVICE_TEXT as readonly string[]).includes(value))
        throw new UsageError(`--service: expected one of ${SERVICE_TEXT.join(", ")}; got ${JSON.stringify(value)}`);
    return value as ServiceText;
}

function parseKinds(list: string): string[] {
    const kinds = list
        .split(",")
        .map((kind) => kind.trim().toLowerCase())
        .filter((kind) => kind !== "");
    const unknown = kinds.filter((kind) => !IMPORT_KINDS.includes(kind));
    if (unknown.length > 0)
        throw new UsageError(
            `--kinds: unknown kind ${unknown.join(", ")}; expected some of ${IMPORT_KINDS.join(", ")}`,
        );
    if (kinds.length === 0) throw new UsageError(`--kinds: name at least one of ${IMPORT_KINDS.join(", ")}`);
    return IMPORT_KINDS.filter((kind) => kinds.includes(kind));
}

/** A date (midnight UTC), or a date and time with Z or an offset; each field within its range (no 31 February). */
const isoTimestamp = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
/** The latest time a JavaScript date holds (+275760-09-13), in seconds since 1970. */
const LATEST_DATE_SECONDS = 8.64e12;

/** --timestamp wins; else SOURCE_DATE_EPOCH (seconds, the reproducible-builds convention); else now. */
function parseTimestamp(timestamp: string | undefined, sourceDateEpoch: string | undefined): Date {
    if (timestamp !== undefined) {
        // Date alone would read "1" as 2001-01-01 and a time without offset as local time: only ISO 8601's forms are taken.
        if (!isoTimestamp.safeParse(timestamp).success) {
            throw new UsageError(
                `--timestamp: expected an ISO date (2026-01-31) or an ISO date and time with its offset (2026-01-31T12:00:00Z); got ${JSON.stringify(timestamp)}`,
            );
        }
        return new Date(timestamp);
    }
    if (sourceDateEpoch !== undefined && sourceDateEpoch.trim() !== "") {
        const date = new Date(Number(sourceDateEpoch.trim()) * 1000);
        if (!/^\d+$/.test(sourceDateEpoch.trim()) || Number.isNaN(date.getTime())) {
            throw new UsageError(
                `SOURCE_DATE_EPOCH: expected whole seconds since 1970, at most ${LATEST_DATE_SECONDS} (the latest date JavaScript holds); got "${sourceDateEpoch}"`,
            );
        }
        return date;
    }
    return new Date();
}

function parsePageSize(value: string): number {
    const size = Number(value);
    if (!/^\d+$/.test(value) || size < 1 || !Number.isSafeInteger(size)) {
        throw new UsageError(
            `--page-size: expected a whole number from 1 to ${Number.MAX_SAFE_INTEGER}; got "${value}"`,
        );
    }
    return size;
}

async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
    const options = parseOptions(argv, env);
    if (options === "help" || options === "version") {
        process.stdout.write(`${options === "help" ? USAGE : packageVersion()}\n`);
        return 0;
    }
    const config = options.stack === undefined ? undefined : stackConfig(options.stack);
    const { client, source } = accountClient("shortener-import", env, config);
    const snapshot = await readSnapshot(client, { kinds: options.kinds, pageSize: options.pageSize });
    const generated = options.json
        ? {
              program: `${JSON.stringify({ source, importedAt: options.importedAt.toISOString(), ...snapshot }, null, 2)}\n`,
              data: [],
          }
        : generateProgram(snapshot, {
              source,
              importedAt: options.importedAt,
              service: options.service ?? serviceOf(snapshot),
          });
    const written = writeGenerated(generated, options.output);
    const text = generated.program;
    const refused = options.json ? 0 : countRefused(text);
    if (refused > 0)
        process.stderr.write(
            `shortener-import: ${refused} resource(s) hold values the provider refuses; see the comments "The provider refuses this at preview"\n`,
        );
    const left = snapshot.systemDomains?.length ? `; left out ${snapshot.systemDomains.length} system domain(s)` : "";
    process.stderr.write(
        `shortener-import: ${summary(snapshot)}${left}${written.length === 0 ? "" : ` -> ${written.join(", ")}`}\n`,
    );
    return 0;
}

/**
 * The program to standard output or to `output`, and its data files beside `output` (each written whole, the data
 * first, so that a program is never there without the data it reads). A program with data cannot go to standard
 * output: its data needs a folder. Returns the files written.
 */
function writeGenerated(generated: GeneratedProgram, output: string | undefined): string[] {
    if (output === undefined) {
        if (generated.data.length > 0) {
            throw new UsageError(
                `the account's ${generated.data.map((data) => data.file).join(" and ")} go beside the program, as data it reads: ` +
                    "name the program with --output FILE (the data is written to the same folder), or leave them out with --kinds. Nothing was written",
            );
        }
        process.stdout.write(generated.program);
        return [];
    }
    const files = generated.data.map((data) => ({ path: join(dirname(output), data.file), text: data.text }));
    const clash = files.find((file) => resolve(file.path) === resolve(output));
    if (clash)
        throw new UsageError(
            `--output ${output}: the program's data is written to ${clash.path}; name the program otherwise`,
        );
    for (const file of files) writeFileWhole(file.path, file.text);
    writeFileWhole(output, generated.program);
    return [output, ...files.map((file) => file.path)];
}

/** How the service stores text, when the account tells; else the user must say (--service). */
function serviceOf(snapshot: Awaited<ReturnType<typeof readSnapshot>>): ServiceText {
    const found = serviceTextOf(snapshot);
    if (found.service !== "unknown") return found.service;
    throw new UsageError(
        `the account's text holds HTML entities (${found.example}) and nothing tells whether the service escaped it or stored ` +
            "it as sent: run again with --service real (the service escapes text, as the hosted service does: the program " +
            "declares the text itself) or --service spec (it stores text as sent: the program declares it as stored)",
    );
}

runCommand("shortener-import", () => main(process.argv.slice(2), process.env));
