// The package and the two test doubles have no import circle: each folder reads from the bottom up, and a module
// can be understood (and moved) without the ones that use it. Type-only imports count too: a circle of types is
// still a circle for the reader.
import { strict as assert } from "node:assert";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import * as ts from "typescript";
import { REPOSITORY_ROOT } from "../support/repository";

const TREES = ["provider", "test/emulator", "test/engine"];

function sourcesUnder(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return sourcesUnder(path);
        return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
    });
}

/** The repository-relative files a module imports or re-exports by a relative path. */
function importsOf(file: string): string[] {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    return importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith("."))
        .map((name) => resolve(dirname(file), name))
        .map((target) => [`${target}.ts`, join(target, "index.ts")].find((candidate) => existsSync(candidate)))
        .filter((target): target is string => target !== undefined)
        .map((target) => relative(REPOSITORY_ROOT, target));
}

/** Every import circle, each as the path that closes it ("a.ts -> b.ts -> a.ts"), found by a depth-first walk. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[] {
    const circles = new Set<string>();
    const done = new Set<string>();
    const walk = (file: string, path: string[]) => {
        const seenAt = path.indexOf(file);
        if (seenAt >= 0) {
            const circle = path.slice(seenAt);
            // One spelling per circle: start it at its smallest file name.
            const start = circle.indexOf([...circle].sort()[0]);
            const turned = [...circle.slice(start), ...circle.slice(0, start)];
            circles.add([...turned, turned[0]].join(" -> "));
            return;
        }
        if (done.has(file)) return;
        for (const next of graph.get(file) ?? []) walk(next, [...path, file]);
        done.add(file);
    };
    for (const file of graph.keys()) walk(file, []);
    return [...circles].sort();
}

describe("repository: import graph", () => {
    it("finds a circle when there is one (the check itself)", () => {
        const graph = new Map([
            ["a.ts", ["b.ts"]],
            ["b.ts", ["c.ts"]],
            ["c.ts", ["a.ts", "d.ts"]],
            ["d.ts", []],
        ]);
        assert.deepEqual(importCircles(graph), ["a.ts -> b.ts -> c.ts -> a.ts"]);
        assert.deepEqual(importCircles(new Map([["a.ts", ["b.ts"]], ["b.ts", []]])), []);
    });

    for (const tree of TREES) {
        it(`has no import circle in ${tree}/`, () => {
            const files = sourcesUnder(join(REPOSITORY_ROOT, tree));
            assert.ok(files.length > 5, `no sources found under ${tree}`);
            const graph = new Map(files.map((file) => [relative(REPOSITORY_ROOT, file), importsOf(file)]));
            assert.deepEqual(importCircles(graph), []);
        });
    }
});
