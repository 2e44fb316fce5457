#!/usr/bin/env node
// wiki-query-lint [--catalogue FILE|URL] [--high-limits] [--strict] [--format text|json|github] FILE...
// Exit status: 0 when no definition has errors (with --strict: nor warnings, nor advice), 1 when some have,
// 2 for unreadable input or a usage error (with a message on stderr).
import { parseArgs } from "util";
import { CatalogueError } from "./catalogue";
import { CATALOGUE_USAGE, CatalogueUsageError, lintCatalogue, runCatalogueCommand } from "./catalogue-command";
import { formatReport, LintedDefinition, OUTPUT_FORMATS, OutputFormat } from "./lint-report";
import { DefinitionsFile, LintInputError, readDefinitionsFile } from "./lint-source";
import { validateWikiQuery } from "./validate";

const USAGE = `Usage: wiki-query-lint [--catalogue FILE|URL] [--high-limits] [--strict] [--format text|json|github] FILE...
       wiki-query-lint catalogue pull|types ...   (pin a wiki's catalogue, write typed definitions: catalogue --help)

Checks MediaWiki action=query definitions (JSON or YAML; one definition or an array per file).
  --catalogue FILE|URL  a pinned catalogue or paraminfo reply saved as a file, or a wiki's api.php URL (its pin in
                        wiki-catalogues/ when there is one, else fetched live; default: the shipped catalogue)
  --high-limits         judge limits as for a user with elevated rights (apihighlimits)
  --strict              fail on warnings and on the project's advice too
  --format FORMAT       text (default), json, or github (workflow annotations)`;

const EXIT_CLEAN = 0;
const EXIT_FINDINGS = 1;
const EXIT_INPUT = 2;

class UsageError extends Error {}

interface Options {
    catalogue?: string;
    highLimits: boolean;
    strict: boolean;
    format: OutputFormat;
    files: string[];
}

function parseOptions(argv: string[]): Options | "help" {
    let parsed;
    try {
        parsed = parseArgs({
            args: argv,
            allowPositionals: true,
            options: {
                catalogue: { type: "string" },
                "high-limits": { type: "boolean", default: false },
                strict: { type: "boolean", default: false },
                format: { type: "string", default: "text" },
                help: { type: "boolean", short: "h", default: false },
            },
        });
    } catch (error) {
        throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    const { values, positionals } = parsed;
    if (values.help) return "help";
    const format = values.format as OutputFormat;
    if (!OUTPUT_FORMATS.includes(format)) throw new UsageError(`--format: expected one of ${OUTPUT_FORMATS.join(", ")}`);
    if (positionals.length === 0) throw new UsageError("no definition files given");
    return { catalogue: values.catalogue, highLimits: values["high-limits"] === true, strict: values.strict === true, format, files: positionals };
}

function hasFindings(entry: LintedDefinition, strict: boolean): boolean {
    return entry.result.errors.length > 0 || (strict && (entry.result.warnings.length > 0 || entry.result.advice.length > 0));
}

async function main(argv: string[]): Promise<number> {
    if (argv[0] === "catalogue") {
        console.log(await runCatalogueCommand(argv.slice(1)));
        return EXIT_CLEAN;
    }
    const options = parseOptions(argv);
    if (options === "help") {
        console.log(USAGE);
        return EXIT_CLEAN;
    }
    const { catalogue, note } = await lintCatalogue(options.catalogue);
    console.error(`wiki-query-lint: ${note}`);
    const sources: DefinitionsFile[] = [];
    let unreadable = false;
    for (const file of options.files) {
        try {
            sources.push(readDefinitionsFile(file));
        } catch (error) {
            if (!(error instanceof LintInputError)) throw error;
            console.error(`wiki-query-lint: ${error.message}`);
            unreadable = true;
        }
    }
    const linted: LintedDefinition[] = sources.flatMap((source) =>
        source.definitions.map((definition, index) => ({
            source,
            index,
            result: validateWikiQuery(definition, { catalogue, highLimits: options.highLimits }),
        })),
    );
    if (sources.length > 0) {
        const report = formatReport(options.format, linted, sources.length);
        if (report) console.log(report);
    }
    if (unreadable) return EXIT_INPUT;
    return linted.some((entry) => hasFindings(entry, options.strict)) ? EXIT_FINDINGS : EXIT_CLEAN;
}

main(process.argv.slice(2)).then(
    (status) => {
        process.exitCode = status;
    },
    (error: unknown) => {
        if (error instanceof UsageError) {
            console.error(`wiki-query-lint: ${error.message}\n\n${USAGE}`);
        } else if (error instanceof CatalogueUsageError) {
            console.error(`wiki-query-lint: ${error.message}\n\n${CATALOGUE_USAGE}`);
        } else if (error instanceof CatalogueError) {
            console.error(`wiki-query-lint: catalogue ${error.message}`);
        } else {
            console.error(`wiki-query-lint: ${error instanceof Error ? error.message : String(error)}`);
        }
        process.exitCode = EXIT_INPUT;
    },
);
