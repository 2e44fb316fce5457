#!/usr/bin/env node
// wiki-query-lint [options] FILE...: see USAGE. Each file is read, parsed and linted on its own, so a file
// that cannot be (too large, not a regular file, not parseable, malformed) is reported by name and the
// others are still linted; the report is written as the definitions are linted.
import { parseArgs } from "util";
import { optionUnit } from "../../common/bounds";
import { WIKI_BOUNDS } from "../bounds";
import { packageHomepage, packageVersion } from "../../common/package-version";
import { CatalogueError } from "../catalogue";
import { CATALOGUE_USAGE, CatalogueUsageError, lintCatalogue, runCatalogueCommand } from "./catalogue-command";
import { escapeControls } from "../../common/text/echo";
import { LintTally, OUTPUT_FORMATS, OutputFormat, reporterFor, UnreadableFile } from "./report";
import { DefinitionsFile, LintInputError, readDefinitionsFile } from "./source";
import { judgedAs, validateWikiQuery, WikiQueryResult } from "../validate";
import { messageOf } from "../../common/text/message-of";

const EXIT_CLEAN = 0;
const EXIT_FINDINGS = 1;
const EXIT_INPUT = 2;

const FILE_SIZE = WIKI_BOUNDS.maxDefinitionsFileBytes;
const FILE_SIZE_UNIT = optionUnit(FILE_SIZE.option);

const USAGE = `Usage: wiki-query-lint [--catalogue FILE|URL] [--allow-redirects] [--high-limits] [--strict] [--format text|json|github|sarif] [--max-file-size MIB] FILE...
       wiki-query-lint catalogue pull|types ...   (pin a wiki's catalogue, write typed definitions: catalogue --help)
       wiki-query-lint --help | --version

Checks MediaWiki action=query definitions (JSON or YAML; one definition or an array per file).
  --catalogue FILE|URL  a pinned catalogue or paraminfo reply saved as a file, or a wiki's api.php URL (its pin in
                        wiki-catalogues/ when there is one, else fetched live; default: the shipped catalogue)
  --allow-redirects     fetching --catalogue URL, follow a redirect to another host or from https to http
  --high-limits         judge limits as for a user with elevated rights (apihighlimits)
  --strict              fail on warnings and on the project's advice too
  --format FORMAT       text (default), json, github (workflow annotations) or sarif (SARIF 2.1.0)
  --max-file-size MIB   refuse definitions files larger than this (default ${FILE_SIZE.default / FILE_SIZE_UNIT.per}; YAML files: at most ${WIKI_BOUNDS.maxYamlFileBytes.default / FILE_SIZE_UNIT.per})
  -h, --help            print this help and exit
  --version             print the version and exit

Exit status:
  ${EXIT_CLEAN}  no definition has errors (with --strict: nor warnings, nor advice)
  ${EXIT_FINDINGS}  some definition has errors (with --strict: or warnings, or advice)
  ${EXIT_INPUT}  a file could not be read, parsed or checked (the others are still linted), the catalogue
     could not be loaded, or the command line is wrong; the reason is on stderr`;

class UsageError extends Error {}

interface Options {
    catalogue?: string;
    allowRedirects: boolean;
    highLimits: boolean;
    strict: boolean;
    format: OutputFormat;
    maxFileBytes: number;
    files: string[];
}

const OPTIONS = {
    catalogue: { type: "string" },
    "allow-redirects": { type: "boolean", default: false },
    "high-limits": { type: "boolean", default: false },
    strict: { type: "boolean", default: false },
    format: { type: "string", default: "text" },
    "max-file-size": { type: "string" },
    help: { type: "boolean", short: "h", default: false },
    version: { type: "boolean", default: false },
} as const;

// parseArgs' own message for an unknown option ends with an unbalanced quote; this one names the option alone.
function refuseUnknownOptions(argv: string[]): void {
    const { tokens } = parseArgs({ args: argv, allowPositionals: true, strict: false, tokens: true, options: OPTIONS });
    for (const token of tokens) {
        if (
            token.kind === "option" &&
            !(token.name in OPTIONS) &&
            !Object.values(OPTIONS).some((option) => "short" in option && option.short === token.name)
        ) {
            throw new UsageError(`unknown option "${token.rawName}"`);
        }
    }
}

function maxFileBytes(text: string | undefined): number {
    if (text === undefined) return FILE_SIZE.default;
    const mebibytes = Number(text);
    const highest = FILE_SIZE.highest / FILE_SIZE_UNIT.per;
    if (!/^\d+(\.\d+)?$/.test(text) || !(mebibytes > 0) || mebibytes > highest) {
        throw new UsageError(
            `${FILE_SIZE.option.flag}: expected a number of ${FILE_SIZE_UNIT.word} above 0, at most ${highest}`,
        );
    }
    return Math.floor(mebibytes * FILE_SIZE_UNIT.per);
}

function parseOptions(argv: string[]): Options | "help" | "version" {
    let parsed;
    try {
        refuseUnknownOptions(argv);
        parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
    } catch (error) {
        if (error instanceof UsageError) throw error;
        throw new UsageError(messageOf(error));
    }
    const { values, positionals } = parsed;
    if (values.help) return "help";
    if (values.version) return "version";
    const format = values.format as OutputFormat;
    if (!OUTPUT_FORMATS.includes(format))
        throw new UsageError(`--format: expected one of ${OUTPUT_FORMATS.join(", ")}`);
    if (positionals.length === 0) throw new UsageError("no definition files given");
    return {
        catalogue: values.catalogue,
        allowRedirects: values["allow-redirects"] === true,
        highLimits: values["high-limits"] === true,
        strict: values.strict === true,
        format,
        maxFileBytes: maxFileBytes(values["max-file-size"]),
        files: positionals,
    };
}

function hasFindings(result: WikiQueryResult, strict: boolean): boolean {
    return result.errors.length > 0 || (strict && (result.warnings.length > 0 || result.advice.length > 0));
}

function write(text: string): void {
    if (text !== "") process.stdout.write(text);
}

function readSource(file: string, maxBytes: number, unreadable: UnreadableFile[]): DefinitionsFile | undefined {
    try {
        return readDefinitionsFile(file, maxBytes);
    } catch (error) {
        if (!(error instanceof LintInputError)) throw error;
        const reason = escapeControls(error.message);
        console.error(`wiki-query-lint: ${reason}`);
        unreadable.push({ file, reason });
        return undefined;
    }
}

async function main(argv: string[]): Promise<number> {
    if (argv[0] === "catalogue") {
        console.log(await runCatalogueCommand(argv.slice(1)));
        return EXIT_CLEAN;
    }
    const options = parseOptions(argv);
    if (options === "help" || options === "version") {
        console.log(options === "help" ? USAGE : packageVersion());
        return EXIT_CLEAN;
    }
    const { catalogue, note } = await lintCatalogue(options.catalogue, { allowRedirects: options.allowRedirects });
    console.error(`wiki-query-lint: ${escapeControls(note)}`);
    console.error(`wiki-query-lint: judged as ${escapeControls(judgedAs(catalogue))}`);
    const reporter = reporterFor(options.format, {
        name: "wiki-query-lint",
        version: packageVersion(),
        informationUri: packageHomepage(),
    });
    const tally: LintTally = { files: 0, definitions: 0, withErrors: 0, warningsOnly: 0, adviceOnly: 0 };
    const unreadable: UnreadableFile[] = [];
    let findings = false;
    for (const file of options.files) {
        const source = readSource(file, options.maxFileBytes, unreadable);
        if (!source) continue;
        tally.files++;
        source.definitions.forEach((definition, index) => {
            const result = validateWikiQuery(definition, { catalogue, highLimits: options.highLimits });
            tally.definitions++;
            if (result.errors.length > 0) tally.withErrors++;
            else if (result.warnings.length > 0) tally.warningsOnly++;
            else if (result.advice.length > 0) tally.adviceOnly++;
            findings ||= hasFindings(result, options.strict);
            write(reporter.definition({ source, index, result }));
        });
    }
    write(reporter.end(tally, unreadable));
    if (unreadable.length > 0) return EXIT_INPUT;
    return findings ? EXIT_FINDINGS : EXIT_CLEAN;
}

main(process.argv.slice(2)).then(
    (status) => {
        process.exitCode = status;
    },
    (error: unknown) => {
        if (error instanceof UsageError) {
            console.error(`wiki-query-lint: ${escapeControls(error.message)}\n\n${USAGE}`);
        } else if (error instanceof CatalogueUsageError) {
            console.error(`wiki-query-lint: ${escapeControls(error.message)}\n\n${CATALOGUE_USAGE}`);
        } else if (error instanceof CatalogueError) {
            console.error(`wiki-query-lint: catalogue ${escapeControls(error.message)}`);
        } else {
            console.error(`wiki-query-lint: ${escapeControls(messageOf(error))}`);
        }
        process.exitCode = EXIT_INPUT;
    },
);
