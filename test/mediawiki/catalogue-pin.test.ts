// Pinned catalogues against a real wiki: the test MediaWiki (Debian's 1.39 with PageImages and TextExtracts) is
// pinned with `wiki-query-lint catalogue pull`, and a query of the extensions' modules previews clean in a
// WikiQuery judged with the pin (through the real dynamic-provider host), warns with the shipped catalogue, and
// lints the same way. Enabling one more extension and pulling again reports exactly the modules, namespaces and
// extension it added.
import assert from "node:assert/strict";
import { ChildProcess, execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { validateWikiQuery } from "../../wiki";
import { loadCatalogueFile, shippedCatalogue } from "../../wiki/catalogue";
import { askWiki } from "./differential";
import { RunningMediaWiki, startMediaWikiForSuite, TEST_EXTENSIONS } from "./server";
import { startStack, type TestStack } from "../support/stack";

const CLI = resolve(__dirname, "../../wiki/lint/cli.js");
const CHILD_TIMEOUT_MS = 60_000;
const children = new Set<ChildProcess>();

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
    return new Promise((done) => {
        const child = execFile(
            process.execPath,
            [CLI, ...args],
            { timeout: CHILD_TIMEOUT_MS },
            (error, stdout, stderr) => {
                children.delete(child);
                done({ status: child.exitCode ?? (error ? -1 : 0), stdout, stderr });
            },
        );
        children.add(child);
    });
}

// Correct on a wiki with both extensions; the shipped (core) catalogue knows neither module.
const EXTENSIONS_QUERY = {
    prop: ["extracts", "pageimages"],
    params: {
        titles: "Main Page",
        exintro: true,
        explaintext: true,
        exsentences: 2,
        piprop: ["thumbnail", "name"],
        pithumbsize: 100,
    },
};

describe("pinned catalogues of a real wiki with extensions", function () {
    this.timeout(10 * 60_000);
    let wiki: RunningMediaWiki | undefined;
    let directory: string;
    let pin: string;
    let firstPull: { status: number | null; stdout: string; stderr: string };

    before(async function () {
        wiki = await startMediaWikiForSuite(this, { extensions: TEST_EXTENSIONS });
        directory = mkdtempSync(join(tmpdir(), "wiki-pin-test-"));
        pin = join(directory, "wiki-catalogues", "test-wiki.json");
        firstPull = await cli("catalogue", "pull", wiki.apiUrl, "--out", pin);
    });

    afterEach(() => {
        for (const child of children) child.kill();
        children.clear();
    });

    after(async () => {
        await wiki?.close();
        if (directory) rmSync(directory, { recursive: true, force: true });
    });

    it("pulls every query module, the extensions' included, with the api URL, version, time and content hash", () => {
        assert.equal(firstPull.status, 0, firstPull.stderr);
        assert.match(firstPull.stdout, /\(first pin\)/);
        const file = JSON.parse(readFileSync(pin, "utf8"));
        assert.equal(file.pin.apiUrl, wiki!.apiUrl);
        assert.equal(file.pin.generator, `MediaWiki ${wiki!.version}`);
        assert.ok(Math.abs(Date.parse(file.pin.pulledAt) - Date.now()) < 10 * 60_000);
        assert.match(file.pin.contentHash, /^sha256:[0-9a-f]{64}$/);
        const catalogue = loadCatalogueFile(pin);
        assert.equal(catalogue.origin?.mediawikiVersion, wiki!.version);
        for (const module of ["extracts", "pageimages", "revisions", "allpages"])
            assert.ok(catalogue.modules.has(module), module);
        assert.equal(catalogue.modules.get("extracts")?.group, "prop");
    });

    it("judges an extensions query as the wiki does: clean with the pin, warnings with the shipped catalogue", async () => {
        const answer = await askWiki(wiki!.apiUrl, EXTENSIONS_QUERY);
        assert.deepEqual(answer.errors, []);
        assert.deepEqual(
            answer.warnings.filter((warning) => !warning.code.startsWith("textextracts-")),
            [],
        );
        const pinned = validateWikiQuery(EXTENSIONS_QUERY, { catalogue: loadCatalogueFile(pin) });
        assert.deepEqual([...pinned.errors, ...pinned.warnings], []);
        assert.match(
            pinned.judgedWith,
            /^pinned catalogue .*test-wiki\.json \(http:\/\/127\.0\.0\.1:\d+\/api\.php, MediaWiki 1\.39\.\d+, pulled /,
        );
        const shipped = validateWikiQuery(EXTENSIONS_QUERY, { catalogue: shippedCatalogue() });
        assert.deepEqual(shipped.warnings.map((warning) => warning.code).sort(), [
            "unrecognizedparams",
            "unrecognizedparams",
            "unrecognizedparams",
            "unrecognizedparams",
            "unrecognizedparams",
            "unrecognizedvalues",
        ]);
    });

    describe("WikiQuery at preview, through the Pulumi CLI", () => {
        let stack: TestStack;
        before(async () => (stack = await startStack()));
        after(async () => stack?.close());

        const declare = (args: Record<string, unknown>) => [
            {
                kind: "WikiQuery",
                name: "extracts",
                args: { apiUrl: wiki!.apiUrl, definition: EXTENSIONS_QUERY, strict: true, ...args },
            },
        ];

        it("previews clean (strict) with the pinned catalogue, and says which catalogue judged", async () => {
            const result = await stack.run("preview", declare({ catalogue: pin }));
            assert.equal(result.ok, true, result.log);
            assert.match(
                result.log,
                /pinned catalogue .*test-wiki\.json .*MediaWiki 1\.39\.\d+.* judged the definition/,
            );
            assert.doesNotMatch(result.log, /unrecognized/i);
        });

        it("fails strict preview with the shipped catalogue, naming the extension parameters, and says once how to pin", async () => {
            const result = await stack.run("preview", [
                ...declare({}),
                ...declare({}).map((resource) => ({ ...resource, name: "extracts-2" })),
            ]);
            assert.equal(result.ok, false);
            const failures = result.steps.flatMap((step) => step.failures ?? []);
            assert.ok(
                failures.some((f) => f.property === "definition.params.exintro" && /unrecognizedparams/.test(f.reason)),
                result.log,
            );
            assert.ok(
                failures.some((f) => f.property === "definition.prop" && /unrecognizedvalues/.test(f.reason)),
                result.log,
            );
            // Counted in the engine's events: the CLI's display shows a message as it comes and again in its summary.
            const told = result.diagnostics.join("\n").split(`catalogue pull ${wiki!.apiUrl}`).length - 1;
            assert.equal(told, 1, result.diagnostics.join("\n"));
            assert.match(result.log, /shipped catalogue \(MediaWiki 1\.45\.4 core\) judged the definition/);
        });
    });

    it("lints the same way: clean with --catalogue FILE (saying which), warnings with the shipped one", async () => {
        const definitions = join(directory, "queries.json");
        writeFileSync(definitions, JSON.stringify([EXTENSIONS_QUERY]));
        const pinned = await cli("--strict", "--catalogue", pin, definitions);
        assert.equal(pinned.status, 0, pinned.stdout + pinned.stderr);
        assert.match(pinned.stderr, /judged with pinned catalogue .*MediaWiki 1\.39/);
        assert.match(
            pinned.stderr,
            /judged as the rules of MediaWiki 1\.39\.\d+ \(the catalogue's\), with the site data of the catalogue/,
        );
        const shipped = await cli("--strict", definitions);
        assert.equal(shipped.status, 1, shipped.stdout + shipped.stderr);
        assert.match(shipped.stdout, /unrecognizedparams/);
        assert.match(shipped.stderr, /shipped catalogue .*catalogue pull <api\.php URL>/);
        assert.match(
            shipped.stderr,
            /judged as the rules of MediaWiki 1\.45\.4 \(the catalogue's\), with the site data of English Wikipedia .*; they lack the wiki's language codes \(judged by their shape\)/,
        );
    });

    it("writes typed definitions from the pin, which type the extensions' parameters", async () => {
        const declarations = join(directory, "wiki-types.d.ts");
        const types = await cli("catalogue", "types", "--catalogue", pin, "--out", declarations);
        assert.equal(types.status, 0, types.stderr);
        assert.match(types.stdout, /wrote .*wiki-types\.d\.ts from the pinned catalogue/);
        const text = readFileSync(declarations, "utf8");
        const extracts = text.split('\n    "extracts": {\n')[1]?.split("\n    };")[0] ?? "";
        assert.match(extracts, /^ {8}"exintro"\?: boolean;$/m);
        assert.match(text, /"piprop"\?: [^;]*"original"[^;]*\| readonly \([^;]*"thumbnail"[^;]*\)\[\];/);
    });

    it("a second pull after enabling one more extension reports exactly the modules, namespaces and extension it added; a third, nothing", async () => {
        wiki!.enableExtension("Gadgets");
        const second = await cli("catalogue", "pull", wiki!.apiUrl, "--out", pin);
        assert.equal(second.status, 0, second.stderr);
        const changes = second.stdout.split("changes since the previous pin:\n")[1]?.trim();
        assert.equal(
            changes,
            "modules added: list=gadgetcategories, list=gadgets\n" +
                "namespace names added: 2300:Gadget, 2301:Gadget talk, 2302:Gadget definition, 2303:Gadget definition talk\n" +
                "extensions added: Gadgets",
            second.stdout,
        );
        assert.ok(loadCatalogueFile(pin).modules.has("gadgets"));
        const modified = statSync(pin).mtimeMs;
        const third = await cli("catalogue", "pull", wiki!.apiUrl, "--out", pin);
        assert.equal(third.status, 0, third.stderr);
        assert.match(third.stdout, /unchanged since the pin .*; the file is kept as it was/);
        assert.equal(statSync(pin).mtimeMs, modified);
    });
});
