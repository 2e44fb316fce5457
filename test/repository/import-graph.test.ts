// The package, the service double and the Pulumi CLI's tools have no import circle: each folder reads from the bottom
// up, and a module can be understood (and moved) without the ones that use it. Type-only imports count too: a circle
// of types is still a circle for the reader.
// The parts keep their doors: the product (provider/) imports nothing outside itself; the double (emulator/) uses the
// product only as a user does, by its package name, and the tests only from its own tests/; everything outside the
// double (the tests, the bench) imports it through its index.ts alone; tools/ (the pinned CLI) imports nothing outside
// itself; the policy pack (policy/), shipped in the package, imports only the product.
import { strict as assert } from "node:assert";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import * as ts from "typescript";
import { REPOSITORY_ROOT } from "../support/repository";

const PRODUCT = "provider";
const DOUBLES = ["emulator"];
const TOOLS = "tools";
const PACK = "policy";
const TREES = [PRODUCT, ...DOUBLES, TOOLS, PACK];
const ALL_SOURCES = [...TREES, "test", "bench"];

function sourcesUnder(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (name === "node_modules") return [];
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

/** The import graph of the sources under the given repository folders, by repository-relative paths. */
function importGraph(trees: readonly string[]): Map<string, string[]> {
    const files = trees.flatMap((tree) => sourcesUnder(join(REPOSITORY_ROOT, tree)));
    return new Map(files.map((file) => [relative(REPOSITORY_ROOT, file), importsOf(file)]));
}

const topFolder = (file: string) => file.split("/")[0];

/** Why an import from `from` to `to` goes around a part's door, or undefined when it goes through one. */
function breach(from: string, to: string): string | undefined {
    const [fromPart, toPart] = [topFolder(from), topFolder(to)];
    if (fromPart === toPart) return undefined;
    if (fromPart === PRODUCT) return "the product imports nothing outside provider/";
    if (fromPart === TOOLS) return "tools/ imports nothing outside itself";
    if (fromPart === PACK && toPart !== PRODUCT) return "the policy pack imports only the product";
    if (DOUBLES.includes(fromPart)) {
        if (toPart === PRODUCT) return "a double uses the product by its package name, as a user does";
        if (!DOUBLES.includes(toPart) && !from.startsWith(`${fromPart}/tests/`))
            return "only a double's tests/ use the tests' support";
    }
    if (DOUBLES.includes(toPart) && to !== `${toPart}/index.ts`)
        return `${toPart}/ is imported through ${toPart}/index.ts alone`;
    return undefined;
}

/** Every import that goes around a part's door, as "from -> to: why". */
export function doorBreaches(graph: ReadonlyMap<string, readonly string[]>): string[] {
    return [...graph].flatMap(([from, targets]) =>
        targets.flatMap((to) => {
            const why = breach(from, to);
            return why === undefined ? [] : [`${from} -> ${to}: ${why}`];
        }),
    );
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
        assert.deepEqual(
            importCircles(
                new Map([
                    ["a.ts", ["b.ts"]],
                    ["b.ts", []],
                ]),
            ),
            [],
        );
    });

    for (const tree of TREES) {
        it(`has no import circle in ${tree}/`, () => {
            const graph = importGraph([tree]);
            assert.ok(graph.size > 1, `no sources found under ${tree}`);
            assert.deepEqual(importCircles(graph), []);
        });
    }

    it("finds an import around a part's door when there is one (the check itself)", () => {
        const graph = new Map([
            ["provider/index.ts", ["provider/client.ts", "emulator/index.ts"]],
            ["emulator/index.ts", ["emulator/http/server.ts"]],
            ["emulator/http/server.ts", ["provider/runtime.ts", "test/support/depth.ts"]],
            ["emulator/tests/server.test.ts", ["emulator/http/server.ts", "test/support/depth.ts"]],
            ["tools/pulumi/install.ts", ["test/support/depth.ts"]],
            ["test/provider/a.test.ts", ["tools/pulumi/install.ts", "emulator/profiles/index.ts", "provider/index.ts"]],
            ["bench/index.ts", ["emulator/http/server.ts"]],
        ]);
        assert.deepEqual(doorBreaches(graph), [
            "provider/index.ts -> emulator/index.ts: the product imports nothing outside provider/",
            "emulator/http/server.ts -> provider/runtime.ts: a double uses the product by its package name, as a user does",
            "emulator/http/server.ts -> test/support/depth.ts: only a double's tests/ use the tests' support",
            "tools/pulumi/install.ts -> test/support/depth.ts: tools/ imports nothing outside itself",
            "test/provider/a.test.ts -> emulator/profiles/index.ts: emulator/ is imported through emulator/index.ts alone",
            "bench/index.ts -> emulator/http/server.ts: emulator/ is imported through emulator/index.ts alone",
        ]);
    });

    it("has every import of the product, the double, the tools, the tests and the bench go through a part's door", () => {
        const graph = importGraph(ALL_SOURCES);
        assert.ok(
            [...graph.keys()].some((file) => file.startsWith("test/")),
            "no test sources found",
        );
        assert.deepEqual(doorBreaches(graph), []);
    });
});
