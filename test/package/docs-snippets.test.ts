// Every ```ts block in docs/ and the README compiles against the package's own declarations, resolved the way a user's project
// resolves them (package.json "exports", Node16 resolution), so a snippet cannot drift from the API it shows.
import { strict as assert } from "node:assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY_ROOT } from "../support/repository";
import { typeCheck } from "../support/typecheck";
import { shippedCatalogue } from "../../wiki/catalogue";
import { generateDeclarations } from "../../wiki/lint/typegen";

const DOCS = join(REPOSITORY_ROOT, "docs");
const REQUIRED_PAGES = [
    "configuration.md",
    "resources.md",
    "data-functions.md",
    "wiki-validator.md",
    "troubleshooting.md",
];
const FENCE = /^```(\w*)\s*$/;

interface Snippet {
    page: string;
    /** The line of its first line of code in the page. */
    firstLine: number;
    code: string;
}

/** @param page a path from the repository's root, e.g. "docs/resources.md". */
function snippetsOf(page: string): Snippet[] {
    const lines = readFileSync(join(REPOSITORY_ROOT, page), "utf8").split("\n");
    const snippets: Snippet[] = [];
    let open: { language: string; start: number; body: string[] } | undefined;
    lines.forEach((line, index) => {
        const fence = FENCE.exec(line.trim());
        if (!open) {
            if (fence) open = { language: fence[1], start: index + 2, body: [] };
        } else if (line.trim() === "```") {
            if (open.language === "ts" || open.language === "typescript") {
                snippets.push({ page, firstLine: open.start, code: open.body.join("\n") });
            }
            open = undefined;
        } else {
            open.body.push(line);
        }
    });
    return snippets;
}

/** Without an import or export, a file is a script and its names would collide with other snippets'. */
function asModule(code: string): string {
    return /^\s*(import|export)\s/m.test(code) ? code : `${code}\nexport {};\n`;
}

interface Problem {
    where: string;
    message: string;
}

/** Type-checks the snippets together; returns each error at its place in the docs. */
function checkSnippets(snippets: readonly Snippet[]): Problem[] {
    const files: Record<string, string> = Object.fromEntries(
        snippets.map((snippet, index) => [`snippet-${index}.ts`, asModule(snippet.code)]),
    );
    // The typed-definitions snippet imports what `wiki-query-lint catalogue types` writes for the shipped catalogue.
    files["wiki-types.d.ts"] = generateDeclarations(shippedCatalogue());
    // A project that installs the package has its dependencies beside it: docs/policy.md's own rule imports @pulumi/policy.
    return typeCheck(files, ["@pulumi/policy"]).map(({ file, line, message }) => {
        const snippet = snippets[Number(/^snippet-(\d+)\.ts$/.exec(file)?.[1])];
        return { where: snippet ? `${snippet.page}:${snippet.firstLine + line}` : file, message };
    });
}

describe("docs: every TypeScript snippet compiles against the package", function () {
    this.timeout(120_000);
    const pages = [
        ...readdirSync(DOCS)
            .filter((file) => file.endsWith(".md"))
            .sort()
            .map((file) => `docs/${file}`),
        "README.md",
    ];
    const snippets = pages.flatMap(snippetsOf);

    it("has the pages the README links to, each with at least one snippet", () => {
        for (const page of REQUIRED_PAGES.map((file) => `docs/${file}`)) {
            assert.ok(pages.includes(page), `${page} is missing`);
            assert.ok(
                snippets.some((snippet) => snippet.page === page),
                `${page} has no \`\`\`ts snippet`,
            );
        }
    });

    it("reports a snippet that does not compile at its file and line (the check itself)", () => {
        const broken: Snippet = {
            page: "docs/example.md",
            firstLine: 10,
            code: 'import * as shortener from "pulumi-shortener";\n\nnew shortener.Domain("brand", { domian: "https://go.example.com" });',
        };
        const problems = checkSnippets([broken]);
        assert.equal(problems.length, 1, JSON.stringify(problems));
        assert.equal(problems[0].where, "docs/example.md:12");
        assert.match(problems[0].message, /domian/);
    });

    it(`compiles all ${snippets.length} snippets`, () => {
        const problems = checkSnippets(snippets);
        assert.deepEqual(
            problems.map((problem) => `${problem.where}: ${problem.message}`),
            [],
        );
    });
});
