// The package, the service double and the Pulumi CLI's tools have no import circle: each folder reads from the bottom
// up, and a module can be understood (and moved) without the ones that use it. Type-only imports count too: a circle
// of types is still a circle for the reader.
// The parts keep their doors: the shortener (provider/) imports nothing outside itself but the helpers it shares with
// the wiki validator (common/) and the validator's door (wiki/index.ts), which only the package's door, the WikiQuery
// kind and the report's --lint use; the wiki validator (wiki/) imports nothing of the shortener, only common/; common/
// imports neither; the double (emulator/) uses the package only as a user does, by its name, and the tests only from
// its own tests/; everything outside the double (the tests, the bench) imports it through its index.ts alone; tools/
// (the pinned CLI) imports nothing outside itself, but the wiki's catalogue build, which reads the validator through
// its door; the policy pack (policy/), shipped in the package, imports only the product and common/.
import { strict as assert } from "node:assert";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import * as ts from "typescript";
import { REPOSITORY_ROOT } from "../support/repository";

const PRODUCT = "provider";
const WIKI = "wiki";
const COMMON = "common";
/** The parts the package is built from. */
const PACKAGE_PARTS = [PRODUCT, WIKI, COMMON];
const DOUBLES = ["emulator"];
const TOOLS = "tools";
const PACK = "policy";
const TREES = [...PACKAGE_PARTS, ...DOUBLES, TOOLS, PACK];
const WIKI_DOOR = "wiki/index.ts";
/** The only modules of the shortener that use the wiki validator: the package's door, the WikiQuery kind, the report's --lint. */
const WIKI_USERS = ["provider/index.ts", "provider/resources/wikiquery.ts", "provider/report/lint.ts"];
const CATALOGUE_BUILD = "tools/wiki-catalogue/";
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

/** Why an import of the wiki validator by the shortener or the catalogue build goes around its door, if it does. */
function wikiBreach(from: string, to: string): string | undefined {
    if (topFolder(from) === PRODUCT && !WIKI_USERS.includes(from))
        return "only the package's door, the WikiQuery kind and the report's --lint use the wiki validator";
    if (to !== WIKI_DOOR) return "the wiki validator is imported through wiki/index.ts alone";
    return undefined;
}

/** Why an import from `from` to `to` goes around a part's door, or undefined when it goes through one. */
function breach(from: string, to: string): string | undefined {
    const [fromPart, toPart] = [topFolder(from), topFolder(to)];
    if (fromPart === toPart) return undefined;
    if (fromPart === COMMON) return "common/ imports neither the shortener nor the wiki validator";
    if (fromPart === WIKI && toPart !== COMMON)
        return "the wiki validator imports nothing of the shortener, only common/";
    if (toPart === WIKI && (fromPart === PRODUCT || from.startsWith(CATALOGUE_BUILD))) return wikiBreach(from, to);
    if (fromPart === PRODUCT && toPart !== COMMON) return "the product imports nothing outside provider/";
    if (fromPart === TOOLS) return "tools/ imports nothing outside itself";
    if (fromPart === PACK && toPart !== PRODUCT && toPart !== COMMON)
        return "the policy pack imports only the shortener and common/";
    if (DOUBLES.includes(fromPart)) {
        if (PACKAGE_PARTS.includes(toPart)) return "a double uses the product by its package name, as a user does";
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

    it("finds an import around the wiki validator's door or out of common/ when there is one (the check itself)", () => {
        const graph = new Map([
            ["provider/index.ts", ["wiki/index.ts", "common/text/echo.ts"]],
            ["provider/resources/wikiquery.ts", ["wiki/index.ts", "wiki/catalogue/pinned.ts"]],
            ["provider/resources/lifecycle.ts", ["wiki/index.ts", "common/text/suggest.ts"]],
            ["wiki/lint/cli.ts", ["wiki/bounds.ts", "common/bounds.ts", "provider/bounds.ts"]],
            ["common/text/echo.ts", ["common/bounds.ts", "wiki/bounds.ts"]],
            ["tools/wiki-catalogue/build.ts", ["wiki/index.ts", "wiki/catalogue/model.ts"]],
            ["tools/pulumi/install.ts", ["wiki/index.ts"]],
            ["policy/rule.ts", ["provider/index.ts", "common/text/suggest.ts", "wiki/index.ts"]],
            ["emulator/http/server.ts", ["common/text/echo.ts"]],
            ["test/wiki/a.test.ts", ["wiki/catalogue/pinned.ts", "common/text/echo.ts"]],
        ]);
        assert.deepEqual(doorBreaches(graph), [
            "provider/resources/wikiquery.ts -> wiki/catalogue/pinned.ts: the wiki validator is imported through wiki/index.ts alone",
            "provider/resources/lifecycle.ts -> wiki/index.ts: only the package's door, the WikiQuery kind and the report's --lint use the wiki validator",
            "wiki/lint/cli.ts -> provider/bounds.ts: the wiki validator imports nothing of the shortener, only common/",
            "common/text/echo.ts -> wiki/bounds.ts: common/ imports neither the shortener nor the wiki validator",
            "tools/wiki-catalogue/build.ts -> wiki/catalogue/model.ts: the wiki validator is imported through wiki/index.ts alone",
            "tools/pulumi/install.ts -> wiki/index.ts: tools/ imports nothing outside itself",
            "policy/rule.ts -> wiki/index.ts: the policy pack imports only the shortener and common/",
            "emulator/http/server.ts -> common/text/echo.ts: a double uses the product by its package name, as a user does",
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
