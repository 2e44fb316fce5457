// Where a kind must be, besides its own file: its line in provider/resources/kinds.ts, the registry (which reads that
// list), the package's exports, shortener-import's kinds when the service lists it, and docs/resources.md (a row of
// its table and a section). Judged from a compiled tree and its docs, so that a copy of the sources with a kind added
// is judged as the repository is, and from modules given as values, so that each place can be taken away in turn.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyKind } from "../../provider/resources/lifecycle";

/** What the judgement reads, each as its module exports it. */
export interface KindPlaces {
    /** Every module of provider/resources but kinds.ts, by file name: the kind files are among them. */
    resources: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    /** provider/resources/kinds.ts */
    kinds: Readonly<Record<string, unknown>>;
    /** provider/resources/registry.ts's `definitions` */
    registry: Readonly<Record<string, AnyKind>>;
    /** provider/index.ts */
    packageExports: Readonly<Record<string, unknown>>;
    /** provider/import/listed-kinds.ts's LISTED_KINDS */
    imported: readonly object[];
    /** provider/resources/resource.ts's definitionOf, from the same tree as the classes */
    definitionOf(value: unknown): AnyKind | undefined;
    /** The text of docs/resources.md */
    docs: string;
}

/** The places of a tree whose sources are under `root` (provider/, docs/) and whose compiled modules under `compiled`. */
export function kindPlacesOf(root: string, compiled: string): KindPlaces {
    const load = (module: string): Record<string, unknown> => require(join(compiled, "provider", module));
    const sources = readdirSync(join(root, "provider", "resources")).filter(
        (file) => file.endsWith(".ts") && file !== "kinds.ts",
    );
    const modules = Object.fromEntries(
        sources.map((file) => [file, load(join("resources", file.replace(/\.ts$/, "")))]),
    );
    return {
        resources: modules,
        kinds: load("resources/kinds"),
        registry: (load("resources/registry") as typeof import("../../provider/resources/registry")).definitions,
        packageExports: load("index"),
        imported: (load("import/listed-kinds") as typeof import("../../provider/import/listed-kinds")).LISTED_KINDS,
        definitionOf: (load("resources/resource") as typeof import("../../provider/resources/resource")).definitionOf,
        docs: readFileSync(join(root, "docs", "resources.md"), "utf8"),
    };
}

/** A kind as its file declares it: the class's name, the class and its definition. */
interface KindClass {
    name: string;
    cls: unknown;
    definition: AnyKind;
}

/** The classes of the kind files, each once: every exported class that has a kind's definition. */
function kindClasses(places: KindPlaces): KindClass[] {
    return Object.values(places.resources).flatMap((exports) =>
        Object.entries(exports).flatMap(([name, cls]) => {
            const definition = typeof cls === "function" ? places.definitionOf(cls) : undefined;
            return definition ? [{ name, cls, definition }] : [];
        }),
    );
}

/** Where the docs are missing a kind: its row in the table of resources, its section. */
function docsMissing(docs: string, name: string): string[] {
    const lines = docs.split("\n");
    const row = lines.some((line) => line.startsWith(`| [${name}](#${name.toLowerCase()}) |`));
    const section = lines.includes(`## ${name}`);
    return [row ? [] : ["its row in the table of resources"], section ? [] : [`its section "## ${name}"`]].flat();
}

/** Each place a kind is missing from, as "<class>: missing from <place>"; and the kinds found, by class name. */
export function missingKindPlaces(places: KindPlaces): { kinds: string[]; missing: string[] } {
    const listedKinds = Object.values(places.kinds);
    const classes = kindClasses(places);
    const missing = classes.flatMap(({ name, cls, definition }) => {
        const docs = docsMissing(places.docs, name);
        return [
            listedKinds.includes(cls) ? undefined : "provider/resources/kinds.ts",
            places.registry[definition.kind] === definition
                ? undefined
                : "the registry (provider/resources/registry.ts)",
            places.packageExports[name] === cls ? undefined : "the package's exports (provider/index.ts)",
            !("listed" in definition) || places.imported.includes(definition)
                ? undefined
                : "shortener-import (provider/import/listed-kinds.ts)",
            docs.length === 0 ? undefined : `docs/resources.md (${docs.join(", ")})`,
        ]
            .filter((place) => place !== undefined)
            .map((place) => `${name}: missing from ${place}`);
    });
    const strays = Object.entries(places.kinds)
        .filter(([, cls]) => {
            const definition = places.definitionOf(cls);
            return !definition || places.registry[definition.kind] !== definition;
        })
        .map(([name]) => `${name}: exported by provider/resources/kinds.ts, but no kind of the registry`);
    return { kinds: classes.map(({ name }) => name), missing: [...missing, ...strays] };
}
