// docs/migration.md's example, run as the page writes it: its CSV as spring.csv in a fresh folder, the command without
// and then with --rewrite-aliases, and what each printed and wrote.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCommand } from "../support/commands";
import { freshTempDir, readManifest, removeDir, REPOSITORY_ROOT } from "../support/repository";

export const MIGRATE = join(REPOSITORY_ROOT, readManifest().bin["shortener-migrate"]);
const PAGE = join(REPOSITORY_ROOT, "docs", "migration.md");

/** The body of the page's first fenced block of `language`. */
export function block(language: string): string {
    const page = readFileSync(PAGE, "utf8");
    const found = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(page);
    if (!found) throw new Error(`docs/migration.md has no \`\`\`${language} block`);
    return found[1];
}

export interface ExampleRun {
    /** What the command printed on stderr without, then with, --rewrite-aliases. */
    refused: string;
    rewritten: string;
    /** links.json after the run with --rewrite-aliases. */
    links: string;
}

export async function runDocsExample(): Promise<ExampleRun> {
    const dir = freshTempDir("shortener-migrate-docs");
    try {
        writeFileSync(join(dir, "spring.csv"), block("csv"));
        const run = (extra: string[]) =>
            runCommand(process.execPath, [MIGRATE, "--from", "csv", "--offline", ...extra, "spring.csv"], { cwd: dir });
        const refused = (await run([])).stderr;
        const rewritten = (await run(["--rewrite-aliases"])).stderr;
        return { refused, rewritten, links: readFileSync(join(dir, "links.json"), "utf8") };
    } finally {
        removeDir(dir);
    }
}
