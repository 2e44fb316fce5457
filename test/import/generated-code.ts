// Reads a program written by shortener-import back as data, through the TypeScript compiler API: the program must
// compile without a syntax error, and hold nothing but the package's import and `new shortener.<Kind>("name", {...})`
// statements (each alone or as a const), whose fields are literals or the id of a resource declared before, and,
// for a kind written as data, the imports and the loop that declare one resource per entry of a JSON file beside
// it (read here as the loop reads it: each entry's name and args, args holding literals only).
// Anything else (another statement, a call, a template, an operator) is an error naming what was found.
import * as ts from "typescript";

export type DeclaredValue = string | number | boolean | { idOf: string };

export interface Declaration {
    kind: string;
    name: string;
    variable?: string;
    fields: Record<string, DeclaredValue>;
}

/** The data loop's imports and statements, exactly as emit.ts writes them. */
const DATA_IMPORTS = ['import { readFileSync } from "node:fs";', 'import { join } from "node:path";'];
const DATA_READ =
    /^const ([a-z][A-Za-z]*): \{ name: string; args: shortener\.([A-Z][A-Za-z]*)Args \}\[\] = JSON\.parse\(readFileSync\(join\(__dirname, "([a-z0-9-]+\.json)"\), "utf8"\)\);$/;
const dataLoop = (variable: string, kind: string) =>
    `for (const { name, args } of ${variable}) new shortener.${kind}(name, args);`;

/**
 * @param readData reads a data file the program names, from the program's folder; absent, a data loop is an error
 */
export function declarationsOf(program: string, readData?: (file: string) => string): Declaration[] {
    const syntax =
        ts.transpileModule(program, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS } })
            .diagnostics ?? [];
    if (syntax.length > 0)
        throw new Error(
            `the program does not compile: ${syntax.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("; ")}`,
        );
    const source = ts.createSourceFile("index.ts", program, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const [first, ...rest] = source.statements;
    if (
        !first ||
        !ts.isImportDeclaration(first) ||
        !ts.isStringLiteral(first.moduleSpecifier) ||
        first.moduleSpecifier.text !== "pulumi-shortener" ||
        first.importClause?.namedBindings === undefined ||
        !ts.isNamespaceImport(first.importClause.namedBindings) ||
        first.importClause.namedBindings.name.text !== "shortener"
    ) {
        throw new Error(
            `the first statement is not import * as shortener from "pulumi-shortener": ${first?.getText()}`,
        );
    }
    const withDataImports =
        rest
            .slice(0, DATA_IMPORTS.length)
            .map((statement) => statement.getText())
            .join("\n") === DATA_IMPORTS.join("\n");
    const statements = rest.slice(withDataImports ? DATA_IMPORTS.length : 0);
    const variables = new Set<string>();
    return statements.flatMap((statement, index) => {
        const read = DATA_READ.exec(statement.getText());
        if (read) {
            const [, variable, kind, file] = read;
            const loop = statements[index + 1];
            if (!withDataImports || !readData || loop?.getText() !== dataLoop(variable, kind)) unexpected(statement);
            return dataDeclarations(kind, readData(file));
        }
        if (index > 0 && DATA_READ.test(statements[index - 1].getText())) return [];
        const declaration = declarationOf(statement, variables);
        if (declaration.variable !== undefined) {
            if (variables.has(declaration.variable))
                throw new Error(`the variable ${declaration.variable} is declared twice`);
            variables.add(declaration.variable);
        }
        return declaration;
    });
}

/** The resources a data file declares: an array of { name, args }, each arg a literal (any other field is what the service shows). */
function dataDeclarations(kind: string, text: string): Declaration[] {
    const entries: unknown = JSON.parse(text);
    if (!Array.isArray(entries)) throw new Error(`the data file of ${kind} is not an array`);
    return entries.map((entry: { name?: unknown; args?: Record<string, unknown> }) => {
        if (typeof entry?.name !== "string" || typeof entry.args !== "object" || entry.args === null)
            throw new Error(`an entry of ${kind}'s data is not { name, args }: ${JSON.stringify(entry).slice(0, 200)}`);
        for (const [field, value] of Object.entries(entry.args)) {
            if (!["string", "number", "boolean"].includes(typeof value))
                throw new Error(
                    `${kind} ${entry.name}'s ${field} is not a literal: ${JSON.stringify(value).slice(0, 200)}`,
                );
        }
        return { kind, name: entry.name, fields: entry.args as Record<string, DeclaredValue> };
    });
}

function unexpected(node: ts.Node): never {
    throw new Error(`unexpected ${ts.SyntaxKind[node.kind]} in the program: ${node.getText().slice(0, 200)}`);
}

function declarationOf(statement: ts.Statement, variables: ReadonlySet<string>): Declaration {
    if (ts.isExpressionStatement(statement)) return construction(statement.expression, variables);
    if (
        !ts.isVariableStatement(statement) ||
        !(statement.declarationList.flags & ts.NodeFlags.Const) ||
        statement.modifiers?.length
    )
        unexpected(statement);
    const [declared, ...more] = statement.declarationList.declarations;
    if (more.length > 0 || !ts.isIdentifier(declared.name) || declared.type || !declared.initializer)
        unexpected(statement);
    return { ...construction(declared.initializer, variables), variable: declared.name.text };
}

function construction(expression: ts.Expression, variables: ReadonlySet<string>): Declaration {
    if (!ts.isNewExpression(expression) || expression.typeArguments) unexpected(expression);
    const callee = expression.expression;
    if (
        !ts.isPropertyAccessExpression(callee) ||
        !ts.isIdentifier(callee.expression) ||
        callee.expression.text !== "shortener"
    )
        unexpected(expression);
    const [name, args, ...more] = expression.arguments ?? [];
    if (!name || !ts.isStringLiteral(name) || !args || !ts.isObjectLiteralExpression(args) || more.length > 0)
        unexpected(expression);
    const fields: Record<string, DeclaredValue> = {};
    for (const property of args.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) unexpected(property);
        if (property.name.text in fields)
            throw new Error(`the field ${property.name.text} is declared twice: ${args.getText().slice(0, 200)}`);
        fields[property.name.text] = value(property.initializer, variables);
    }
    return { kind: callee.name.text, name: name.text, fields };
}

function value(node: ts.Expression, variables: ReadonlySet<string>): DeclaredValue {
    if (ts.isStringLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node) && /^[1-9][0-9]*$/.test(node.text)) return Number(node.text);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.name.text === "id" &&
        variables.has(node.expression.text)
    ) {
        return { idOf: node.expression.text };
    }
    return unexpected(node);
}
