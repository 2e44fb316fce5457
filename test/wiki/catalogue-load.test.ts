// The loader against a real wiki's reply (MediaWiki 1.45.4, formatversion 2), the same reply in formatversion 1,
// the compiled package, and inputs that are not paraminfo.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { CatalogueError, loadCatalogueFile, parseCatalogue, shippedCatalogue } from "../../wiki/catalogue";
import { realReplyPath } from "./validate-support";

const REAL_REPLY_PATH = realReplyPath();
const run = promisify(execFile);

type Json = Record<string, unknown>;
const realReply = (): { paraminfo: { helpformat: string; modules: Json[] } } =>
    JSON.parse(readFileSync(REAL_REPLY_PATH, "utf8"));

/** The same reply as formatversion=1 writes it: true flags become "", false flags disappear. */
function toFormatVersion1(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(toFormatVersion1);
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value)
        .filter(([, field]) => field !== false)
        .map(([key, field]) => [key, field === true ? "" : toFormatVersion1(field)]);
    return Object.fromEntries(entries);
}

function expectCatalogueError(action: () => unknown, ...fragments: string[]): CatalogueError {
    let caught: unknown;
    try {
        action();
    } catch (error) {
        caught = error;
    }
    assert.ok(caught instanceof CatalogueError, `expected a CatalogueError, got ${String(caught)}`);
    for (const fragment of fragments)
        assert.ok(caught.message.includes(fragment), `"${caught.message}" should contain "${fragment}"`);
    return caught;
}

describe("wiki catalogue: loading paraminfo replies", () => {
    let scratch: string;
    before(() => {
        scratch = mkdtempSync(join(tmpdir(), "catalogue-load-"));
    });
    after(() => rmSync(scratch, { recursive: true, force: true }));

    it("reads every module and parameter of the real 1.45.4 reply (formatversion 2)", () => {
        const reply = realReply();
        const catalogue = loadCatalogueFile(REAL_REPLY_PATH);
        const [queryRaw, ...submodulesRaw] = reply.paraminfo.modules;
        assert.equal(catalogue.query.name, queryRaw.name);
        assert.equal(catalogue.modules.size, submodulesRaw.length);
        let parameterCount = 0;
        for (const raw of reply.paraminfo.modules) {
            const module = raw.name === "query" ? catalogue.query : catalogue.modules.get(String(raw.name));
            assert.ok(module, `module ${raw.name}`);
            assert.deepEqual(
                [module.path, module.group, module.prefix, module.generator, module.deprecated, module.readRights],
                [
                    raw.path,
                    raw.group,
                    raw.prefix,
                    raw.generator === true,
                    raw.deprecated === true,
                    raw.readrights === true,
                ],
            );
            const pairs: Array<[Json, (typeof module.parameters)[number]]> = [
                ...(raw.parameters as Json[]).map((p, i): [Json, (typeof module.parameters)[number]] => [
                    p,
                    module.parameters[i],
                ]),
                ...(raw.templatedparameters as Json[]).map((p, i): [Json, (typeof module.parameters)[number]] => [
                    p,
                    module.templatedParameters[i],
                ]),
            ];
            assert.equal(module.parameters.length + module.templatedParameters.length, pairs.length);
            for (const [p, read] of pairs) {
                parameterCount++;
                const where = `${raw.name}.${p.name}`;
                assert.deepEqual(
                    [
                        read.index,
                        read.name,
                        read.type,
                        read.default,
                        read.multi,
                        read.required,
                        read.deprecated,
                        read.sensitive,
                        read.allowsDuplicates,
                    ],
                    [
                        p.index,
                        p.name,
                        p.type,
                        p.default,
                        p.multi === true,
                        p.required === true,
                        p.deprecated === true,
                        p.sensitive === true,
                        p.allowsduplicates === true,
                    ],
                    where,
                );
                assert.deepEqual(
                    [read.lowlimit, read.highlimit, read.limit, read.min, read.max, read.highmax, read.allspecifier],
                    [p.lowlimit, p.highlimit, p.limit, p.min, p.max, p.highmax, p.allspecifier],
                    where,
                );
                assert.deepEqual(
                    [
                        read.deprecatedValues,
                        read.subtypes,
                        read.extraNamespaces,
                        read.info,
                        read.submodules,
                        read.submoduleParamPrefix,
                        read.templateVars,
                    ],
                    [
                        p.deprecatedvalues ?? [],
                        p.subtypes,
                        p.extranamespaces,
                        p.info ?? [],
                        p.submodules,
                        p.submoduleparamprefix,
                        p.templatevars,
                    ],
                    where,
                );
                if (!read.name.includes("{")) assert.equal(module.parametersByName.get(read.name), read, where);
            }
        }
        assert.equal(parameterCount, 537 + 4, "537 parameters and 4 templated ones");
    });

    it("reads the same reply in formatversion 1 (empty-string flags) into the same catalogue", () => {
        const version1 = toFormatVersion1(realReply());
        assert.ok(!JSON.stringify(version1).includes("true"));
        assert.deepEqual(parseCatalogue(version1, REAL_REPLY_PATH), loadCatalogueFile(REAL_REPLY_PATH));
    });

    it("knows the same modules and parameter names as the shipped catalogue", () => {
        const real = loadCatalogueFile(REAL_REPLY_PATH);
        const shipped = shippedCatalogue();
        assert.deepEqual([...real.modules.keys()].sort(), [...shipped.modules.keys()].sort());
        for (const [name, module] of real.modules) {
            const names = (m: typeof module) => [...m.parametersByName.keys()].sort();
            assert.deepEqual(names(module), names(shipped.modules.get(name)!), name);
        }
        assert.deepEqual(
            real.query.parameters.map((p) => p.name),
            shipped.query.parameters.map((p) => p.name),
        );
    });

    it("uses the shipped query module when the reply has none, and tolerates fields it does not know", () => {
        const reply = realReply();
        reply.paraminfo.modules.shift();
        (reply as Json).warnings = { paraminfo: { warnings: "something new" } };
        reply.paraminfo.modules[0].futurefield = { nested: [1, 2] };
        (reply.paraminfo.modules[0].parameters as Json[])[0].futureflag = true;
        const catalogue = parseCatalogue(reply, "query+* only");
        assert.equal(catalogue.query, shippedCatalogue().query);
        assert.equal(catalogue.modules.size, 64);
    });

    it("ignores modules of other actions but keeps the query submodules", () => {
        const reply = realReply();
        reply.paraminfo.modules.push({ name: "main", path: "main", prefix: "", parameters: [] });
        reply.paraminfo.modules.push({ name: "parse", path: "parse", group: "action", prefix: "", parameters: [] });
        const catalogue = parseCatalogue(reply);
        assert.equal(catalogue.modules.size, 64);
        assert.equal(catalogue.modules.has("parse"), false);
    });

    it("caches the shipped catalogue", () => {
        assert.equal(shippedCatalogue(), shippedCatalogue());
    });

    it("rejects a file that is not JSON, with the position where JSON.parse gives one, never echoing the text", () => {
        const path = join(scratch, "not.json");
        writeFileSync(path, '{"paraminfo": hunter2-secret}');
        const error = expectCatalogueError(() => loadCatalogueFile(path), `${path}: not JSON (unexpected character)`);
        assert.ok(!error.message.includes("hunter2"));
        writeFileSync(path, '{"paraminfo": {"modules": [],}}');
        expectCatalogueError(() => loadCatalogueFile(path), `${path}: not JSON (syntax error at position 29)`);
        writeFileSync(path, '{"paraminfo": ');
        expectCatalogueError(() => loadCatalogueFile(path), `${path}: not JSON (the text ends too early)`);
    });

    it("rejects a missing file naming the file and the reason", () => {
        expectCatalogueError(
            () => loadCatalogueFile(join(scratch, "absent.json")),
            "absent.json",
            "cannot read the file (ENOENT)",
        );
    });

    it("rejects a different API reply, naming the missing paraminfo and the source", () => {
        const queryReply = { batchcomplete: true, query: { pages: [{ pageid: 1, title: "Main Page" }] } };
        expectCatalogueError(
            () => parseCatalogue(queryReply, "https://wiki.example/w/api.php"),
            "https://wiki.example/w/api.php: not a paraminfo reply: paraminfo: missing (expected object)",
        );
        expectCatalogueError(
            () => parseCatalogue([1, 2], "array.json"),
            "array.json: not a paraminfo reply: (top level): expected object, received array",
        );
        expectCatalogueError(() => parseCatalogue(null, "null.json"), "null.json", "(top level)");
    });

    it("reports a MediaWiki error reply by its code", () => {
        const errorReply = { error: { code: "badvalue", info: 'Unrecognized value for parameter "modules"' } };
        expectCatalogueError(() => parseCatalogue(errorReply, "wiki"), 'wiki: the wiki answered with error "badvalue"');
    });

    it("names the field of a bad parameter: a type that is neither a name nor a list", () => {
        const reply = realReply();
        (reply.paraminfo.modules[3].parameters as Json[])[2].type = 42;
        expectCatalogueError(
            () => parseCatalogue(reply, "bad.json"),
            "bad.json: not a paraminfo reply: paraminfo.modules[3].parameters[2].type: expected a type name or an array of enumeration values",
        );
    });

    it("names the field of a bad flag, a missing index, and counts further problems", () => {
        const reply = realReply();
        (reply.paraminfo.modules[5].parameters as Json[])[0].multi = "yes";
        expectCatalogueError(
            () => parseCatalogue(reply, "flag.json"),
            "paraminfo.modules[5].parameters[0].multi: expected a flag",
        );
        delete (reply.paraminfo.modules[7].parameters as Json[])[1].index;
        expectCatalogueError(
            () => parseCatalogue(reply, "two.json"),
            "paraminfo.modules[5].parameters[0].multi",
            "(and 1 more problem)",
        );
    });

    it("rejects a reply without query submodules, a duplicate module and a submodule without group", () => {
        expectCatalogueError(
            () => parseCatalogue({ paraminfo: { helpformat: "none", modules: [] } }, "empty"),
            "empty: not a paraminfo reply: paraminfo.modules: no query submodule",
        );
        const duplicate = realReply();
        duplicate.paraminfo.modules.push(duplicate.paraminfo.modules[1]);
        expectCatalogueError(
            () => parseCatalogue(duplicate, "dup"),
            'paraminfo.modules[65].name: module "categories" appears twice',
        );
        const groupless = realReply();
        delete groupless.paraminfo.modules[2].group;
        expectCatalogueError(
            () => parseCatalogue(groupless, "nogroup"),
            'paraminfo.modules[2].group: missing on query submodule "categoryinfo"',
        );
    });

    it("works from the compiled package in another directory, and npm packs catalogue.json", async function () {
        this.timeout(120_000);
        const compiledIndex = resolve("dist/wiki/catalogue/index.js");
        const script =
            `const c = require(${JSON.stringify(compiledIndex)}).shippedCatalogue();` +
            "process.stdout.write(JSON.stringify([c.modules.size, c.query.parameters.length]))";
        const { stdout } = await run(process.execPath, ["-e", script], { cwd: scratch });
        assert.equal(stdout, "[64,16]");
        const { stdout: packed } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
            maxBuffer: 64 * 1024 * 1024,
        });
        const files: string[] = JSON.parse(packed)[0].files.map((file: { path: string }) => file.path);
        assert.ok(files.includes("dist/wiki/catalogue/catalogue.json"), "the package holds catalogue.json");
        assert.ok(files.includes("dist/wiki/catalogue/index.js"));
        assert.ok(!files.some((file) => file.endsWith("notation.txt")), "the package does not need the notation");
    });
});
