// A kind's fields are written in its zod inputs, its Args interface and the typed Outputs of its class. Args and the
// inputs are compared when the package is built (provider/resources/args-check.ts): this proves that comparison
// bites (every kind has one, it passes as the sources are, and taking any one field out of a kind's Args is a
// compile error naming it; the broken copies are served to the compiler in memory, nothing is written into the
// source tree), and that a class declares as Outputs only its kind's outputs, the computed ones all of them.
import { strict as assert } from "node:assert";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import * as ts from "typescript";
import { outputNames } from "../../provider/resources/lifecycle";
import { definitionOf } from "../../provider/resources/resource";
import { REPOSITORY_ROOT } from "../support/repository";

const RESOURCES = join(REPOSITORY_ROOT, "provider", "resources");
const CHECK = /^export type (\w+)ArgsAgree = ArgsAgree<AgreeWith<(\w+), typeof \w+>>;$/m;

interface Kind {
    file: string;
    text: string;
    /** The name of its Args type, e.g. DomainArgs. */
    args: string;
}

/** The kind files: those that declare a resource class. */
function kinds(): Kind[] {
    return readdirSync(RESOURCES)
        .filter((name) => name.endsWith(".ts"))
        .map((name) => ({ file: join(RESOURCES, name), text: readFileSync(join(RESOURCES, name), "utf8") }))
        .filter(({ text }) => /export class \w+ extends (ShortenerResource|kindResource<\w+>\(\w+\)) \{/.test(text))
        .map(({ file, text }) => ({ file, text, args: CHECK.exec(text)?.[2] ?? "" }));
}

/** The names of the Args type's fields, each with every span (start, end) that declares it. */
function argsFields(kind: Kind): Map<string, [number, number][]> {
    const source = ts.createSourceFile(kind.file, kind.text, ts.ScriptTarget.ES2022, true);
    const fields = new Map<string, [number, number][]>();
    const visit = (node: ts.Node) => {
        if (ts.isPropertySignature(node) && ts.isIdentifier(node.name)) {
            fields.set(node.name.text, [...(fields.get(node.name.text) ?? []), [node.getFullStart(), node.getEnd()]]);
        }
        ts.forEachChild(node, visit);
    };
    for (const statement of source.statements) {
        if (
            (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
            statement.name.text === kind.args
        )
            visit(statement);
    }
    return fields;
}

/** The names of the Outputs the kind's class declares, and the class's name. */
function declaredOutputs(kind: Kind): { declared: string[]; className: string } {
    const source = ts.createSourceFile(kind.file, kind.text, ts.ScriptTarget.ES2022, true);
    const declared: string[] = [];
    let className = "";
    const visit = (node: ts.Node) => {
        if (
            ts.isPropertyDeclaration(node) &&
            node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword) &&
            ts.isIdentifier(node.name)
        ) {
            declared.push(node.name.text);
        }
        if (ts.isClassDeclaration(node) && node.name) className = node.name.text;
        ts.forEachChild(node, visit);
    };
    visit(source);
    return { declared, className };
}

const OPTIONS: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [join(REPOSITORY_ROOT, "node_modules", "@types")],
};

/**
 * Compiles the given files (path -> text) in one program, each a module of provider/resources (a copy sits beside
 * its original, under another name, and is served from memory); returns each file's errors.
 */
function compile(files: ReadonlyMap<string, string>): Map<string, string[]> {
    const host = ts.createCompilerHost(OPTIONS);
    const read = host.getSourceFile;
    const served: ts.CompilerHost = {
        ...host,
        fileExists: (name) => files.has(name) || host.fileExists(name),
        getSourceFile: (name, language, ...rest) =>
            files.has(name)
                ? ts.createSourceFile(name, files.get(name)!, language)
                : read.call(host, name, language, ...rest),
    };
    const program = ts.createProgram([...files.keys()], OPTIONS, served);
    return new Map(
        [...files.keys()].map((file) => [
            file,
            ts
                .getPreEmitDiagnostics(program, program.getSourceFile(file))
                .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
        ]),
    );
}

describe("repository: each kind's Args agrees with its zod inputs", function () {
    this.timeout(600_000);
    const all = kinds();

    it("every kind file checks its Args against its inputs", () => {
        assert.ok(all.length >= 9, `found ${all.length} kind files under provider/resources`);
        for (const kind of all)
            assert.ok(kind.args, `${kind.file} declares a resource class without an ArgsAgree check`);
    });

    it("passes for every kind as it is, and fails naming the field when any one field is taken out of a kind's Args", () => {
        const originals = new Map(all.map((kind) => [kind.file, kind.text]));
        // One copy per kind and field, the field taken out of every member of the Args type that declares it.
        const broken = new Map<string, { kind: Kind; field: string }>();
        const texts = new Map(originals);
        for (const kind of all) {
            const fields = argsFields(kind);
            assert.ok(fields.size > 0, `no fields found in ${kind.args}`);
            for (const [field, spans] of fields) {
                let text = kind.text;
                for (const [start, end] of [...spans].reverse()) text = text.slice(0, start) + text.slice(end);
                const copy = kind.file.replace(/\.ts$/, `.without-${field}.ts`);
                texts.set(copy, text);
                broken.set(copy, { kind, field });
            }
        }
        assert.ok(broken.size >= 30, `only ${broken.size} fields were found to take out`);
        const errors = compile(texts);
        for (const file of originals.keys()) assert.deepEqual(errors.get(file), [], file);
        for (const [copy, { kind, field }] of broken) {
            const said = errors.get(copy) ?? [];
            assert.ok(
                said.some((error) => error.includes(`"${field}: an input missing from Args"`)),
                `${kind.args} without ${field}: expected the check to name it; the compiler said:\n${said.join("\n") || "(nothing)"}`,
            );
        }
    });

    it("a class declares as Outputs only its kind's outputs, and every output its service computes", () => {
        for (const kind of all) {
            const { declared, className } = declaredOutputs(kind);
            const module = basename(kind.file, ".ts");
            const definition = definitionOf(
                (require(join(__dirname, "../../provider/resources", module)) as Record<string, unknown>)[className],
            );
            assert.ok(definition, `${module}: ${className || "the class"} declares no kind`);
            const outputs = outputNames(definition);
            assert.deepEqual(
                declared.filter((field) => !outputs.includes(field)),
                [],
                `${module}: declared, but no output of ${definition.kind}`,
            );
            const computed = definition.computedOutputs ?? [];
            assert.deepEqual(
                computed.filter((field) => !declared.includes(field)),
                [],
                `${module}: computed by ${definition.kind}, but not declared`,
            );
        }
    });
});
