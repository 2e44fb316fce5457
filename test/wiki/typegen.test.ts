// Typed definitions: declarations generated from a catalogue, checked with the TypeScript compiler API as a user's
// editor and build would check them. A definition typed from them compiles and is taken by WikiQuery and
// validateWikiQuery without a cast; a misspelt parameter name or enumeration value fails to compile. Names and
// values from a hostile catalogue (quotes, newlines, comment ends, template syntax) stay inside string literals.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import fc from "fast-check";
import ts from "typescript";
import { parseCatalogue, shippedCatalogue } from "../../wiki/catalogue";
import { generateDeclarations } from "../../wiki/lint/typegen";
import { lint, stopLintChildren } from "./lint-support";

// The package's compiled declarations, as a user's program imports them.
const PACKAGE = resolve(__dirname, "../../provider/index");
const COMPILER_OPTIONS: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    types: [],
};

function compile(files: Record<string, string>): string[] {
    const directory = mkdtempSync(join(tmpdir(), "wiki-types-"));
    try {
        for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
        const roots = Object.keys(files)
            .filter((name) => name.endsWith(".ts"))
            .map((name) => join(directory, name));
        const program = ts.createProgram(roots, COMPILER_OPTIONS);
        return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
            const line =
                diagnostic.file && diagnostic.start !== undefined
                    ? `:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}`
                    : "";
            const where = diagnostic.file ? `${diagnostic.file.fileName.slice(directory.length + 1)}${line}: ` : "";
            return `${where}TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
        });
    } finally {
        rmSync(directory, { recursive: true, force: true });
    }
}

/** The generated file's own errors under strict, as a project that checks its declaration files (no skipLibCheck) sees them. */
function declarationErrors(declarations: string): string[] {
    const directory = mkdtempSync(join(tmpdir(), "wiki-types-"));
    try {
        const file = join(directory, "wiki-types.d.ts");
        writeFileSync(file, declarations);
        const program = ts.createProgram([file], { ...COMPILER_OPTIONS, skipLibCheck: false });
        return ts
            .getPreEmitDiagnostics(program)
            .map(
                (diagnostic) => `TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`,
            );
    } finally {
        rmSync(directory, { recursive: true, force: true });
    }
}

const program = (definition: string): string => `
import type { TypedWikiQuery } from "./wiki-types";
import { validateWikiQuery, WikiQuery, type WikiQueryArgs } from ${JSON.stringify(PACKAGE)};
const query: TypedWikiQuery = ${definition};
export const result = validateWikiQuery(query);
export const args: WikiQueryArgs = { apiUrl: "https://wiki.example.org/w/api.php", definition: query };
export const make = () => new WikiQuery("typed", args);
`;

describe("typed definitions generated from a catalogue", function () {
    this.timeout(120_000);
    const declarations = generateDeclarations(shippedCatalogue());

    it("check cleanly under strict themselves, the shipped catalogue's", () => {
        assert.deepEqual(declarationErrors(declarations), []);
    });

    it("compile a typed definition, which WikiQuery and validateWikiQuery take without a cast; refuse a misspelt parameter or value", () => {
        const good = `{ list: ["allpages", "recentchanges"], prop: "revisions", generator: "categorymembers", params: {
            aplimit: 50, apdir: "descending", apnamespace: 0, rcprop: ["title", "ids"], rclimit: "max", rvprop: "ids",
            gcmtitle: "Category:Physics", gcmlimit: 20, "rvcontentformat-main": "text/x-wiki", titles: ["A", "B"], format: "json", action: "query" } }`;
        // One compilation (the package's declarations take a while to load): each misspelt definition on its own line.
        const misspelt: [string, RegExp][] = [
            [
                `{ list: "allpages", params: { aplimt: 50 } }`,
                /TS2561 .*'aplimt' does not exist .*Did you mean to write 'aplimit'/,
            ],
            [
                `{ list: "allpages", params: { apdir: "descnding" } }`,
                /TS2820 .*"descnding".*Did you mean '"descending"'/,
            ],
            [`{ list: "recentchanges", params: { rcprop: ["title", "idz"] } }`, /TS2322 .*"idz"/],
            [`{ list: "allpagez" }`, /TS2820 .*"allpagez".*Did you mean '"allpages"'/],
        ];
        const lines = [
            program(good),
            ...misspelt.map(([definition], index) => `export const bad${index}: TypedWikiQuery = ${definition};`),
        ];
        const diagnostics = compile({ "wiki-types.d.ts": declarations, "main.ts": lines.join("\n") });
        const firstBadLine = program(good).split("\n").length + 1;
        assert.equal(diagnostics.length, misspelt.length, diagnostics.join("\n"));
        misspelt.forEach(([, expected], index) => {
            const line = firstBadLine + index;
            assert.ok(
                diagnostics.some((text) => text.startsWith(`main.ts:${line}: `) && expected.test(text)),
                `line ${line}: ${expected} not in\n${diagnostics.join("\n")}`,
            );
        });
    });

    it("keep every name and value from the catalogue a string literal, whatever it holds", () => {
        const hostile = fc.string({
            minLength: 1,
            maxLength: 12,
            unit: fc.constantFrom(
                "a",
                '"',
                "'",
                "`",
                "$",
                "{",
                "}",
                "\\",
                "\n",
                "\r",
                "*",
                "/",
                "\u2028",
                "é",
                " ",
                "<",
            ),
        });
        fc.assert(
            fc.property(
                hostile,
                hostile,
                fc.uniqueArray(hostile, { minLength: 1, maxLength: 3 }),
                (moduleName, paramName, values) => {
                    const catalogue = parseCatalogue({
                        paraminfo: {
                            modules: [
                                {
                                    name: moduleName,
                                    path: `query+${moduleName}`,
                                    group: "prop",
                                    prefix: "x",
                                    parameters: [{ index: 1, name: paramName, type: values, multi: true }],
                                    templatedparameters: [
                                        {
                                            index: 2,
                                            name: `${paramName}-{v}`,
                                            type: "string",
                                            templatevars: { v: paramName },
                                        },
                                    ],
                                },
                            ],
                        },
                    });
                    const text = generateDeclarations(catalogue);
                    const source = ts.createSourceFile("wiki-types.d.ts", text, ts.ScriptTarget.ES2022, true);
                    const syntax = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
                    assert.deepEqual(
                        syntax.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")),
                        [],
                    );
                    const modules = source.statements.find(
                        (s): s is ts.InterfaceDeclaration =>
                            ts.isInterfaceDeclaration(s) && s.name.text === "QueryModuleParameters",
                    )!;
                    const [member] = modules.members as ts.NodeArray<ts.PropertySignature>;
                    assert.equal((member.name as ts.StringLiteral).text, moduleName);
                    // The properties, then (the module has a templated parameter) its patterns: { ... } & { [name: ...]: ... }.
                    const [properties, patterns] = (member.type as ts.IntersectionTypeNode)
                        .types as unknown as ts.TypeLiteralNode[];
                    assert.ok(ts.isIndexSignatureDeclaration(patterns.members[0]));
                    const own = properties.members;
                    assert.equal(((own[0] as ts.PropertySignature).name as ts.StringLiteral).text, `x${paramName}`);
                    // "a" | "b" | readonly ("a" | "b")[]: the values are the union's literal members.
                    const union = ((own[0] as ts.PropertySignature).type as ts.UnionTypeNode).types.filter(
                        ts.isLiteralTypeNode,
                    );
                    const literals = union.map((node) => (node.literal as ts.StringLiteral).text);
                    assert.deepEqual(literals, values);
                },
            ),
            { numRuns: 200 },
        );
    });

    it("compile under strict when a prefixed module's templated parameter is all template ({slot}), written by `catalogue types`", async () => {
        const directory = mkdtempSync(join(tmpdir(), "wiki-types-cli-"));
        try {
            const catalogueFile = join(directory, "slots.json");
            writeFileSync(
                catalogueFile,
                JSON.stringify({
                    paraminfo: {
                        modules: [
                            {
                                name: "slots",
                                path: "query+slots",
                                group: "prop",
                                prefix: "sl",
                                parameters: [
                                    { index: 1, name: "limit", type: "limit", max: 500 },
                                    { index: 2, name: "mode", type: ["a", "b"] },
                                ],
                                templatedparameters: [
                                    { index: 3, name: "{slot}", type: "string", templatevars: { slot: "mode" } },
                                ],
                            },
                        ],
                    },
                }),
            );
            const out = join(directory, "wiki-types.d.ts");
            const run = await lint("catalogue", "types", "--catalogue", catalogueFile, "--out", out);
            assert.equal(run.status, 0, run.stderr);
            const files = { "wiki-types.d.ts": readFileSync(out, "utf8") };
            assert.deepEqual(declarationErrors(files["wiki-types.d.ts"]), []);
            assert.deepEqual(
                compile({
                    ...files,
                    "main.ts": program(`{ prop: "slots", params: { sllimit: 5, slmode: "a", "sla": "text" } }`),
                }),
                [],
            );
            assert.match(
                compile({ ...files, "main.ts": program(`{ prop: "slots", params: { slmode: "c" } }`) }).join("\n"),
                /TS2322 .*"c"/,
            );
        } finally {
            stopLintChildren();
            rmSync(directory, { recursive: true, force: true });
        }
    });

    it("type a pinned wiki's extension modules and a hostile name so that a program compiles against them", () => {
        const catalogue = parseCatalogue({
            paraminfo: {
                modules: [
                    {
                        name: "extracts",
                        path: "query+extracts",
                        group: "prop",
                        prefix: "ex",
                        parameters: [
                            { index: 1, name: "intro", type: "boolean" },
                            { index: 2, name: "sectionformat", type: ["plain", "wiki", "raw"] },
                        ],
                    },
                    {
                        name: 'evil"*/\n`${x}`',
                        path: "query+evil",
                        group: "list",
                        prefix: "ev",
                        generator: true,
                        parameters: [{ index: 1, name: 'x"*/', type: "integer" }],
                    },
                ],
            },
        });
        const files = { "wiki-types.d.ts": generateDeclarations(catalogue) };
        const ok = `{ prop: "extracts", list: "evil\\"*/\\n\`\${x}\`", params: { exintro: true, exsectionformat: "plain", "evx\\"*/": 5, "gevx\\"*/": "7" } }`;
        assert.deepEqual(compile({ ...files, "main.ts": program(ok) }), []);
        assert.match(
            compile({ ...files, "main.ts": program(`{ prop: "extracts", params: { exsectionformat: "html" } }`) }).join(
                "\n",
            ),
            /TS2322 .*"html"/,
        );
    });
});
