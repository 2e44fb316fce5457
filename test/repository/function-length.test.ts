// No function of the product or of its Pulumi CLI tools is longer than 80 lines, so that each can be read at once. A declarative table is
// no function: it is a literal (an array or object of rows) or, in a test, a suite's `describe` callback, whose body
// only declares its cases. What tells them apart is the syntax tree, not a list of names:
// - a literal's rows are not counted against the function that holds it (its lines are subtracted), though an arrow
//   function inside a row is a function of its own and is measured;
// - a `describe(...)` callback is a table of its `it` cases, so it is not measured itself, while each case and hook
//   in it is.
import { strict as assert } from "node:assert";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import * as ts from "typescript";
import { REPOSITORY_ROOT } from "../support/repository";

const MAX_LINES = 80;
/** The parts held to the limit: the product (the shortener, the wiki validator and what they share), its policy pack,
 *  and the tools that build the wiki's catalogue and build and run the pinned Pulumi CLI. */
const PARTS = ["provider", "wiki", "common", "policy", "tools"];
const PRODUCT = join(REPOSITORY_ROOT, "provider");

function sourcesUnder(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return sourcesUnder(path);
        return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
    });
}

type FunctionNode = ts.FunctionLikeDeclaration & { body: ts.Node };

function isMeasured(node: ts.Node): node is FunctionNode {
    return (
        (ts.isFunctionDeclaration(node) ||
            ts.isMethodDeclaration(node) ||
            ts.isConstructorDeclaration(node) ||
            ts.isGetAccessor(node) ||
            ts.isSetAccessor(node) ||
            ts.isArrowFunction(node) ||
            ts.isFunctionExpression(node)) &&
        node.body !== undefined
    );
}

/** A suite's `describe(name, () => { ... })` callback (and `describe.skip`, `describe.only`). */
function isSuiteCallback(node: ts.Node): boolean {
    const call = node.parent;
    if (!call || !ts.isCallExpression(call) || !call.arguments.includes(node as ts.Expression)) return false;
    const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.expression : call.expression;
    return ts.isIdentifier(callee) && callee.text === "describe";
}

function isTable(node: ts.Node): boolean {
    return ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node);
}

function lineOf(source: ts.SourceFile, position: number): number {
    return source.getLineAndCharacterOfPosition(position).line;
}

/** The lines a node spans. */
function spanOf(source: ts.SourceFile, node: ts.Node): number {
    return lineOf(source, node.getEnd()) - lineOf(source, node.getStart(source)) + 1;
}

/** The lines of the outermost tables directly in this function's body (not inside a nested function). */
function tableLines(source: ts.SourceFile, body: ts.Node): number {
    let lines = 0;
    const visit = (node: ts.Node): void => {
        if (isMeasured(node)) return;
        if (isTable(node)) {
            // A one-line literal is an expression, not a table.
            const span = spanOf(source, node);
            lines += span > 1 ? span : 0;
            return;
        }
        ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return lines;
}

/** Each function of the file longer than the limit, as "path:line name (n lines)". */
export function longFunctions(file: string, text: string): string[] {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
        if (isMeasured(node) && !isSuiteCallback(node)) {
            const lines = spanOf(source, node.body) - tableLines(source, node.body);
            if (lines > MAX_LINES) {
                const name = node.name && ts.isIdentifier(node.name) ? node.name.text : "(anonymous)";
                found.push(
                    `${relative(REPOSITORY_ROOT, file)}:${lineOf(source, node.getStart(source)) + 1} ${name} (${lines} lines)`,
                );
            }
        }
        ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
}

describe("the product's and the tools' functions", () => {
    it(`are at most ${MAX_LINES} lines long, declarative tables aside`, () => {
        const sources = PARTS.flatMap((part) => sourcesUnder(join(REPOSITORY_ROOT, part)));
        const long = sources.flatMap((file) => longFunctions(file, readFileSync(file, "utf8")));
        assert.deepEqual(long, []);
    });

    it("are measured: a long function is found, a long table and a suite's callback are not", () => {
        const body = (count: number, line: string) => Array.from({ length: count }, () => line).join("\n");
        const longFunction = `function long() {\n${body(MAX_LINES, "    work();")}\n}`;
        const table = `function table() {\n    return [\n${body(MAX_LINES + 10, "        { row: 1 },")}\n    ];\n}`;
        const suite = `describe("suite", () => {\n${body(MAX_LINES + 10, "    it('case', () => undefined);")}\n});`;
        const longCase = `describe("suite", () => {\n    it("case", () => {\n${body(MAX_LINES + 10, "        work();")}\n    });\n});`;
        assert.deepEqual(longFunctions(join(PRODUCT, "long.ts"), longFunction), [
            `provider/long.ts:1 long (${MAX_LINES + 2} lines)`,
        ]);
        assert.deepEqual(longFunctions(join(PRODUCT, "table.ts"), table), []);
        assert.deepEqual(longFunctions(join(PRODUCT, "suite.ts"), suite), []);
        assert.equal(longFunctions(join(PRODUCT, "case.ts"), longCase).length, 1);
    });
});
