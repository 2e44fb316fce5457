#!/usr/bin/env node
// shortener-import [--output FILE] [--kinds LIST] [--json] [--stack NAME] [--timestamp ISO] [--page-size N]
// Reads a whole account and writes the Pulumi program that takes it over (or, with --json, what was found).
// Exit status: 0 written, 1 the service or the configuration failed, 2 a usage error; a message on stderr.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { createShortenerClient } from "../client";
import { CONFIG_KEYS, ENV_KEYS, resolveSettings, type ConfigSource } from "../config";
import { countRefused, generateProgram, summary } from "./program";
import { IMPORT_KINDS, readSnapshot, type ImportKind } from "./snapshot";

const USAGE = `Usage: shortener-import [--output FILE] [--kinds LIST] [--json] [--stack NAME] [--timestamp ISO] [--page-size N]

Reads every domain, campaign, channel (with its items), pixel and QR code of the account, and the account's
settings, and writes a Pulumi TypeScript program that adopts each of them as the service holds it.
  -o, --output FILE   write to FILE instead of standard output
  --kinds LIST        comma-separated, from ${IMPORT_KINDS.join(", ")} (default: all)
  --json              print what was found as JSON instead of a program
  --stack NAME        also read ${CONFIG_KEYS.baseUrl} (and ${CONFIG_KEYS.requestTimeoutMs}) from Pulumi.NAME.yaml here
  --timestamp ISO     the time written in the header (default: now, or SOURCE_DATE_EPOCH when set)
  --page-size N       objects per listing page (default 100)

The service and the key come from the same places as the provider's: ${ENV_KEYS.baseUrl} and ${ENV_KEYS.apiKey}
(the key is never printed or written), after plain values of the stack's config with --stack.`;

const EXIT_USAGE = 2;
const EXIT_FAILED = 1;

class UsageError extends Error {}

/** The key in use, once resolved: no message leaves this process with it. */
const keys: string[] = [];

interface Options {
    output?: string;
    kinds: ImportKind[];
    json: boolean;
    stack?: string;
    importedAt: Date;
    pageSize?: number;
}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options | "help" {
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
                help: { type: "boolean", short: "h", default: false },
            },
        });
    } catch (error) {
        throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const { values } = parsed;
    if (values.help) return "help";
    return {
        output: values.output,
        kinds: values.kinds === undefined ? [...IMPORT_KINDS] : parseKinds(values.kinds),
        json: values.json === true,
        stack: values.stack,
        importedAt: parseTimestamp(values.timestamp, env.SOURCE_DATE_EPOCH),
        pageSize: values["page-size"] === undefined ? undefined : parsePageSize(values["page-size"]),
    };
}

function parseKinds(list: string): ImportKind[] {
    const kinds = list.split(",").map((kind) => kind.trim().toLowerCase()).filter((kind) => kind !== "");
    const unknown = kinds.filter((kind) => !(IMPORT_KINDS as readonly string[]).includes(kind));
    if (unknown.length > 0) throw new UsageError(`--kinds: unknown kind ${unknown.join(", ")}; expected some of ${IMPORT_KINDS.join(", ")}`);
    if (kinds.length === 0) throw new UsageError(`--kinds: name at least one of ${IMPORT_KINDS.join(", ")}`);
    return IMPORT_KINDS.filter((kind) => kinds.includes(kind));
}

/** --timestamp wins; else SOURCE_DATE_EPOCH (seconds, the reproducible-builds convention); else now. */
function parseTimestamp(timestamp: string | undefined, sourceDateEpoch: string | undefined): Date {
    if (timestamp !== undefined) {
        const date = new Date(timestamp);
        if (Number.isNaN(date.getTime())) throw new UsageError(`--timestamp: expected an ISO date and time such as 2026-01-31T12:00:00Z; got "${timestamp}"`);
        return date;
    }
    if (sourceDateEpoch !== undefined && sourceDateEpoch.trim() !== "") {
        if (!/^\d+$/.test(sourceDateEpoch.trim())) throw new UsageError(`SOURCE_DATE_EPOCH: expected whole seconds since 1970; got "${sourceDateEpoch}"`);
        return new Date(Number(sourceDateEpoch.trim()) * 1000);
    }
    return new Date();
}

function parsePageSize(value: string): number {
    const size = Number(value);
    if (!/^\d+$/.test(value) || size < 1) throw new UsageError(`--page-size: expected a whole number of at least 1; got "${value}"`);
    return size;
}

/**
 * The plain values of Pulumi.<stack>.yaml's config. An encrypted value (the key set with --secret) cannot be read
 * without the Pulumi CLI, so it is skipped and the environment variable is needed instead.
 */
function stackConfig(stack: string): ConfigSource {
    const file = `Pulumi.${stack}.yaml`;
    if (!existsSync(file)) throw new UsageError(`--stack ${stack}: there is no ${file} in this folder`);
    const config = (parseYaml(readFileSync(file, "utf8")) as { config?: Record<string, unknown> } | null)?.config ?? {};
    return { get: (key) => (typeof config[key] === "string" || typeof config[key] === "number" ? String(config[key]) : undefined) };
}

async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
    const options = parseOptions(argv, env);
    if (options === "help") {
        process.stdout.write(`${USAGE}\n`);
        return 0;
    }
    const keyFromEnv = env[ENV_KEYS.apiKey]?.trim();
    if (keyFromEnv) keys.push(keyFromEnv);
    const { requestTimeoutMs, ...credentials } = resolveSettings(options.stack === undefined ? undefined : stackConfig(options.stack), env);
    keys.push(credentials.apiKey);
    const client = createShortenerClient({
        ...credentials,
        timeoutMs: requestTimeoutMs,
        onWait: ({ reason, waitMs, operation }) =>
            process.stderr.write(`shortener-import: ${reason === "rate-limit" ? "rate limit reached" : "retrying"}: waiting ${Math.ceil(waitMs / 1000)} s before ${operation}\n`),
    });
    const snapshot = await readSnapshot(client, { kinds: options.kinds, pageSize: options.pageSize });
    const text = options.json
        ? `${JSON.stringify({ source: credentials.baseUrl, importedAt: options.importedAt.toISOString(), ...snapshot }, null, 2)}\n`
        : generateProgram(snapshot, { source: credentials.baseUrl, importedAt: options.importedAt });
    if (options.output === undefined) process.stdout.write(text);
    else writeFileSync(options.output, text);
    const refused = options.json ? 0 : countRefused(text);
    if (refused > 0) process.stderr.write(`shortener-import: ${refused} resource(s) hold values the provider refuses; see the comments "The provider refuses this at preview"\n`);
    const left = snapshot.systemDomains?.length ? `; left out ${snapshot.systemDomains.length} system domain(s)` : "";
    process.stderr.write(`shortener-import: ${summary(snapshot)}${left}${options.output === undefined ? "" : ` -> ${options.output}`}\n`);
    return 0;
}

/** Belt and braces: whatever an error says, the key is not repeated. */
function withoutKey(message: string): string {
    return keys.reduce((text, key) => text.split(key).join("[redacted]"), message);
}

main(process.argv.slice(2), process.env).then(
    (code) => {
        process.exitCode = code;
    },
    (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`shortener-import: ${withoutKey(message)}\n`);
        if (error instanceof UsageError) process.stderr.write(`Run shortener-import --help for the options.\n`);
        process.exitCode = error instanceof UsageError ? EXIT_USAGE : EXIT_FAILED;
    },
);
