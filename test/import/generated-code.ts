// Reads a program written by shortener-import back as data, through the TypeScript compiler API: the program must
// compile without a syntax error, and hold nothing but the package's import and `new shortener.<Kind>("name", {...})`
// statements (each alone or as a const), whose fields are literals or the id of a resource declared before.
// Anything else (another statement, a call, a template, an operator) is an error naming what was found.
import * as ts from "typescript";

export type DeclaredValue = string | number | boolean | { idOf: string };

export interface Declaration {
    kind: string;
    name: string;
    variable?: string;
    fields: Record<string, DeclaredValue>;
}

export function declarationsOf(program: string): Declaration[] {
    const syntax = ts.transpileModule(program, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.CommonJS } }).diagnostics ?? [];
    if (syntax.length > 0) throw new Error(`the program does not compile: ${syntax.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("; ")}`);
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
        throw new Error(`the first statement is not import * as shortener from "pulumi-shortener": ${first?.getText()}`);
    }
    const variables = new Set<string>();
    return rest.map((statement) => {
        const declaration = declarationOf(statement, variables);
        if (declaration.variable !== undefined) {
            if (variables.has(declaration.variable)) throw new Error(`the variable ${declaration.variable} is declared twice`);
            variables.add(declaration.variable);
        }
        return declaration;
    });
}

function unexpected(node: ts.Node): never {
    throw new Error(`unexpected ${ts.SyntaxKind[node.kind]} in the program: ${node.getText().slice(0, 200)}`);
}

function declarationOf(statement: ts.Statement, variables: ReadonlySet<string>): Declaration {
    if (ts.isExpressionStatement(statement)) return construction(statement.expression, variables);
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const) || statement.modifiers?.length) unexpected(statement);
    const [declared, ...more] = statement.declarationList.declarations;
    if (more.length > 0 || !ts.isIdentifier(declared.name) || declared.type || !declared.initializer) unexpected(statement);
    return { ...construction(declared.initializer, variables), variable: declared.name.text };
}

function construction(expression: ts.Expression, variables: ReadonlySet<string>): Declaration {
    if (!ts.isNewExpression(expression) || expression.typeArguments) unexpected(expression);
    const callee = expression.expression;
    if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression) || callee.expression.text !== "shortener") unexpected(expression);
    const [name, args, ...more] = expression.arguments ?? [];
    if (!name || !ts.isStringLiteral(name) || !args || !ts.isObjectLiteralExpression(args) || more.length > 0) unexpected(expression);
    const fields: Record<string, DeclaredValue> = {};
    for (const property of args.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) unexpected(property);
        if (property.name.text in fields) throw new Error(`the field ${property.name.text} is declared twice: ${args.getText().slice(0, 200)}`);
        fields[property.name.text] = value(property.initializer, variables);
    }
    return { kind: callee.name.text, name: name.text, fields };
}

function value(node: ts.Expression, variables: ReadonlySet<string>): DeclaredValue {
    if (ts.isStringLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node) && /^[1-9][0-9]*$/.test(node.text)) return Number(node.text);
    if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
    if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.name.text === "id" && variables.has(node.expression.text)) {
        return { idOf: node.expression.text };
    }
    return unexpected(node);
}
