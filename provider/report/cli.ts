#!/usr/bin/env node
// shortener-report [--input FILE] [--format markdown|json] [--title TEXT] [--marker NAME] [--max-chars N] [--lint FILE [--changed FILE]]
// Reads `pulumi preview --json` (or `pulumi preview --refresh --json`, or the event stream that prints with
// PULUMI_ENABLE_STREAMING_JSON_PREVIEW, policy violations with it) and writes a report for a pull request, a job
// summary or an issue. Exit status: 0 written, 1 the input is not a preview digest (or not readable), 2 a usage error.
import { readSync } from "node:fs";
import { normalize } from "node:path";
import { parseArgs } from "node:util";
import { decodedText, readFileBounded } from "../../common/fs/read-bounded";
import { packageVersion } from "../../common/package-version";
import { escapeControls, escapeJsonControls } from "../../common/text/echo";
import { MAX_DIGEST_BYTES, parseDigest } from "./digest";
import { MAX_LINT_BYTES, parseLintOutput, type LintFinding } from "./lint";
import { DEFAULT_MAX_CHARS, MIN_MAX_CHARS, renderMarkdown } from "./markdown";
import { buildReport } from "./model";
import { messageOf } from "../../common/text/message-of";

const USAGE = `Usage: shortener-report [--input FILE] [--format markdown|json] [--title TEXT] [--marker NAME] [--max-chars N] [--lint FILE [--changed FILE]]

Reads the output of \`pulumi preview --json\` (the drift check's \`pulumi preview --refresh --json\` and
\`pulumi refresh --json\` too) from FILE or standard input, and writes a report: a summary table of the resources
each operation touches, replacements and deletions first, then each resource that changes or drifted with its
properties, old -> new. Secrets are shown as [secret] and values not known before \`pulumi up\` as "known after up".
With PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true, \`pulumi preview --json\` prints the engine's events instead, which
hold the policy packs' violations too (\`--policy-pack\`): the report lists them first, mandatory ones first. That
stream also holds the SDK's debug log, secrets in plain text: pipe it straight into this command, never into a file.
  --input FILE        the preview's JSON (default: standard input; at most ${MAX_DIGEST_BYTES} bytes)
  --format FORMAT     markdown (default; for a pull-request comment, a job summary or an issue) or json
  --title TEXT        the report's heading (default "Pulumi preview", or "Drift" after a refresh)
  --marker NAME       names the hidden marker <!-- pulumi-shortener-report:NAME --> that a workflow looks for to
                      edit its own comment (default "preview")
  --max-chars N       the longest Markdown written (default ${DEFAULT_MAX_CHARS}, under GitHub's 65,536; at least ${MIN_MAX_CHARS}):
                      the summary is always kept, resources that do not fit are left out with a note
  --lint FILE         the output of \`wiki-query-lint --format json\`: its errors and warnings get a section of their
                      own (at most ${MAX_LINT_BYTES} bytes)
  --changed FILE      with --lint, only the findings in these files: one path a line, as \`git diff --name-only\`
                      prints them (at most ${MAX_LINT_BYTES} bytes)
  -h, --help          this text
  --version           the version of pulumi-shortener

Exit status: 0 the report was written; 1 the input is not a preview digest, or a file could not be read; 2 a usage
error. Nothing is written on failure.`;

const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

class UsageError extends Error {}

interface Options {
    input?: string;
    format: "markdown" | "json";
    title?: string;
    marker: string;
    maxChars: number;
    lint?: string;
    changed?: string;
}

function parseOptions(argv: string[]): Options | "help" | "version" {
    let values;
    try {
        values = parseArgs({
            args: argv,
            options: {
                input: { type: "string" },
                format: { type: "string", default: "markdown" },
                title: { type: "string" },
                marker: { type: "string", default: "preview" },
                "max-chars": { type: "string" },
                lint: { type: "string" },
                changed: { type: "string" },
                help: { type: "boolean", short: "h", default: false },
                version: { type: "boolean", default: false },
            },
        }).values;
    } catch (error) {
        throw new UsageError(messageOf(error));
    }
    if (values.help) return "help";
    if (values.version) return "version";
    if (values.format !== "markdown" && values.format !== "json")
        throw new UsageError(`--format must be markdown or json, not ${JSON.stringify(values.format)}`);
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(values.marker))
        throw new UsageError("--marker takes 1 to 64 letters, digits, dots, dashes or underscores");
    if (values.changed !== undefined && values.lint === undefined) throw new UsageError("--changed goes with --lint");
    const { input, format, title, marker, lint, changed } = values;
    return { input, format, title, marker, maxChars: maxChars(values["max-chars"]), lint, changed };
}

function maxChars(raw: string | undefined): number {
    if (raw === undefined) return DEFAULT_MAX_CHARS;
    const value = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= MIN_MAX_CHARS))
        throw new UsageError(`--max-chars takes a whole number of at least ${MIN_MAX_CHARS}`);
    return value;
}

/** A regular file (readFileBounded) or standard input, read up to `limit` bytes; more is refused, never read whole. */
function readInput(path: string | undefined, limit: number): string {
    if (path !== undefined) return readFileBounded(path, limit);
    const chunks: Buffer[] = [];
    const chunk = Buffer.alloc(1 << 16);
    let total = 0;
    for (let read = readStdin(chunk); read > 0; read = readStdin(chunk)) {
        total += read;
        if (total > limit) throw new Error(`the standard input is larger than ${limit} bytes`);
        chunks.push(Buffer.from(chunk.subarray(0, read)));
    }
    return decodedText("the standard input", Buffer.concat(chunks));
}

function readStdin(buffer: Buffer): number {
    try {
        return readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
        // A closed standard input ends the input rather than failing it.
        if ((error as NodeJS.ErrnoException).code === "EOF") return 0;
        throw error;
    }
}

/** The findings in the files a change touches, when a list of them is given. */
function changedOnly(findings: LintFinding[], changed: string | undefined): LintFinding[] {
    if (changed === undefined) return findings;
    const files = new Set(
        readFileBounded(changed, MAX_LINT_BYTES)
            .split(/\r?\n/)
            .map((line) => normalize(line.trim()))
            .filter((line) => line !== "."),
    );
    return findings.filter((finding) => files.has(normalize(finding.file)));
}

function run(options: Options): string {
    const digest = parseDigest(readInput(options.input, MAX_DIGEST_BYTES));
    const lint =
        options.lint === undefined
            ? []
            : changedOnly(parseLintOutput(readFileBounded(options.lint, MAX_LINT_BYTES)), options.changed);
    const report = buildReport(digest);
    if (options.format === "json")
        return `${escapeJsonControls(JSON.stringify({ version: packageVersion(), ...report, lint }, null, 2))}\n`;
    const title = options.title ?? (report.refreshed ? "Drift" : "Pulumi preview");
    return renderMarkdown(report, { marker: options.marker, title, maxChars: options.maxChars, lint });
}

function main(argv: string[]): number {
    let options;
    try {
        options = parseOptions(argv);
    } catch (error) {
        process.stderr.write(`shortener-report: ${(error as Error).message} (shortener-report --help for usage)\n`);
        return EXIT_USAGE;
    }
    if (options === "help") return (void process.stdout.write(`${USAGE}\n`), 0);
    if (options === "version") return (void process.stdout.write(`${packageVersion()}\n`), 0);
    try {
        process.stdout.write(run(options));
        return 0;
    } catch (error) {
        const message = messageOf(error);
        process.stderr.write(`shortener-report: ${escapeControls(message)}\n`);
        return EXIT_FAILED;
    }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
