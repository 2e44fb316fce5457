// The findings of `wiki-query-lint --format json` (wiki/lint/report.ts writes it), for the report's wiki
// section: errors and warnings of each definition, read as hostile input like the digest.
import { z } from "zod";
import { BOUNDS } from "../bounds";

/** The largest lint output read, in bytes. */
export const MAX_LINT_BYTES = BOUNDS.maxLintFindingsBytes.default;

export interface LintFinding {
    file: string;
    definition: string;
    param: string;
    severity: "error" | "warning";
    code: string;
    message: string;
}

const issue = z.looseObject({ code: z.string(), param: z.string(), module: z.string(), message: z.string() });
const entry = z.looseObject({
    file: z.string(),
    index: z.number(),
    name: z.string().nullable(),
    errors: z.array(issue),
    warnings: z.array(issue),
});
const lintOutput = z.array(entry);

class LintOutputError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "LintOutputError";
    }
}

export function parseLintOutput(text: string): LintFinding[] {
    if (Buffer.byteLength(text) > MAX_LINT_BYTES)
        throw new LintOutputError(`the lint output is larger than ${MAX_LINT_BYTES} bytes`);
    let json: unknown;
    try {
        json = JSON.parse(text);
    } catch {
        throw new LintOutputError("this is not the output of `wiki-query-lint --format json`: it is not JSON");
    }
    const parsed = lintOutput.safeParse(json);
    if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new LintOutputError(
            `this is not the output of \`wiki-query-lint --format json\`: ${first.path.join(".") || "the document"}: ${first.message}`,
        );
    }
    return parsed.data.flatMap((definition) => {
        const label = `[${definition.index}]${definition.name === null ? "" : ` ${definition.name}`}`;
        const finding =
            (severity: LintFinding["severity"]) =>
            (found: z.output<typeof issue>): LintFinding => ({
                file: definition.file,
                definition: label,
                param: found.param,
                severity,
                code: found.code,
                message: found.message,
            });
        return [...definition.errors.map(finding("error")), ...definition.warnings.map(finding("warning"))];
    });
}
