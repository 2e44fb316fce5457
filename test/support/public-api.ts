// The package's public face as data, read from its sources with the TypeScript compiler: each export of the entry
// points the package.json `exports` names (the root and ./runtime), with what it is and, for a class, its static and
// instance members, for a function its parameter count. Comparing it across changes shows that a refactor left what
// users import as it was.
import * as path from "node:path";
import * as ts from "typescript";

export interface ExportedName {
    name: string;
    kind: string;
    members?: string[];
}

const KINDS: [ts.SymbolFlags, string][] = [
    [ts.SymbolFlags.Class, "class"],
    [ts.SymbolFlags.Function, "function"],
    [ts.SymbolFlags.Variable, "const"],
    [ts.SymbolFlags.Interface, "interface"],
    [ts.SymbolFlags.TypeAlias, "type"],
    [ts.SymbolFlags.Enum, "enum"],
];

/** The exports of each entry file (relative to `root`), by entry. */
export function publicApi(root: string, entries: readonly string[]): Record<string, ExportedName[]> {
    const files = entries.map((entry) => path.join(root, entry));
    const program = ts.createProgram(files, {
        strict: true,
        skipLibCheck: true,
        types: ["node"],
        noEmit: true,
        esModuleInterop: true,
        resolveJsonModule: true,
    });
    const checker = program.getTypeChecker();
    return Object.fromEntries(
        entries.map((entry, index) => {
            const source = program.getSourceFile(files[index]);
            if (!source) throw new Error(`${entry}: not found under ${root}`);
            const module = checker.getSymbolAtLocation(source)!;
            const names = checker.getExportsOfModule(module).map((exported) => describe(checker, exported));
            return [entry, names.sort((a, b) => a.name.localeCompare(b.name))];
        }),
    );
}

function describe(checker: ts.TypeChecker, exported: ts.Symbol): ExportedName {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const kind =
        KINDS.filter(([flag]) => symbol.flags & flag)
            .map(([, name]) => name)
            .join("+") || "other";
    if (!(symbol.flags & ts.SymbolFlags.Class)) return { name: exported.name, kind };
    const classType = checker.getTypeOfSymbol(symbol);
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const statics = checker.getPropertiesOfType(classType).map((member) => `static ${member.name}`);
    const members = checker.getPropertiesOfType(instance).map((member) => member.name);
    return {
        name: exported.name,
        kind,
        members: [...statics, ...members].filter((member) => member !== "static prototype").sort(),
    };
}
