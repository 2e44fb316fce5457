// catalogue.json is the builder's output for notation.txt, byte for byte; and the builder refuses notation it cannot read.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildCatalogueJson } from "../../tools/wiki-catalogue/build";

const NOTATION_PATH = "tools/wiki-catalogue/notation.txt";
const SITE_PATH = "tools/wiki-catalogue/wikipedia-site.json";
const CATALOGUE_PATH = "wiki/catalogue/catalogue.json";
const BUILD_SCRIPT = join(__dirname, "../../tools/wiki-catalogue/build.js");
const run = promisify(execFile);

const notation = (): string => readFileSync(NOTATION_PATH, "utf8");
const siteText = (): string => readFileSync(SITE_PATH, "utf8");

/** The notation with one exact piece of text replaced; fails the test if the piece is not there. */
function edited(from: string, to: string): string {
    const text = notation();
    assert.ok(text.includes(from), `the notation contains ${from}`);
    return text.replace(from, to);
}

function lineOf(text: string, fragment: string): number {
    return text.slice(0, text.indexOf(fragment)).split("\n").length;
}

describe("wiki catalogue: building catalogue.json from the spec notation", () => {
    let scratch: string;
    before(() => {
        scratch = mkdtempSync(join(tmpdir(), "catalogue-build-"));
    });
    after(() => rmSync(scratch, { recursive: true, force: true }));

    it("rebuilds the committed catalogue.json byte for byte", () => {
        assert.ok(
            buildCatalogueJson(notation(), siteText()) === readFileSync(CATALOGUE_PATH, "utf8"),
            "catalogue.json is stale: run the build script",
        );
    });

    it("the build script writes the same bytes to the path it is given", async () => {
        const output = join(scratch, "catalogue.json");
        const { stdout } = await run(process.execPath, [BUILD_SCRIPT, NOTATION_PATH, output]);
        assert.equal(stdout.trim(), `wrote ${output}`);
        assert.ok(readFileSync(output).equals(readFileSync(CATALOGUE_PATH)));
    });

    it("a change in the notation changes the catalogue", () => {
        const changed = JSON.parse(
            buildCatalogueJson(
                edited(
                    "- `categoryinfo` (prop, ci): continue S.",
                    "- `categoryinfo` (prop, ci): continue S; extra I m.",
                ),
                siteText(),
            ),
        );
        const categoryinfo = changed.paraminfo.modules.find(
            (module: { name: string }) => module.name === "categoryinfo",
        );
        assert.deepEqual(categoryinfo.parameters[1], {
            index: 2,
            name: "extra",
            type: "integer",
            multi: "",
            lowlimit: 50,
            highlimit: 500,
            limit: 50,
        });
    });

    it("refuses a word the notation does not define, naming the line", () => {
        const text = edited(
            "from S; continue S; to S; prefix S; dir AD; min I",
            "from S; continue S; to Q; prefix S; dir AD; min I",
        );
        assert.throws(() => buildCatalogueJson(text, siteText()), {
            name: "NotationError",
            message: `notation line ${lineOf(text, "to Q;")}: unknown word "Q" in parameter "to"`,
        });
    });

    it("refuses a default that is not one of the enumeration's values", () => {
        const text = edited(
            "AD: enum ascending, descending; d=ascending.",
            "AD: enum ascending, descending; d=upward.",
        );
        assert.throws(
            () => buildCatalogueJson(text, siteText()),
            /notation line \d+: default "upward" of "dir" is not one of its values/,
        );
    });

    it("refuses a deprecated value the enumeration lacks, and an unknown note", () => {
        assert.throws(
            () => buildCatalogueJson(edited("(token deprecated)", "(tokens deprecated)"), siteText()),
            /deprecated value "tokens" is not a value of "prop"/,
        );
        assert.throws(
            () => buildCatalogueJson(edited("start TS (useronly)", "start TS (user only)"), siteText()),
            /unknown note "\(user only\)" on parameter "start"/,
        );
    });

    it("refuses a module line that disagrees with the templated parameter sentence", () => {
        const text = edited(
            "tag S; continue S; generatetitles B. Templated contentformat-{slot}.",
            "tag S; continue S; generatetitles B.",
        );
        assert.throws(() => buildCatalogueJson(text, siteText()), /disagree about "alldeletedrevisions"/);
    });

    it("takes English Wikipedia's site data with their sources, an empty list for each part they lack, and refuses others", () => {
        const built = JSON.parse(buildCatalogueJson(notation(), siteText()));
        assert.deepEqual(Object.keys(built.siteSource.lacks), ["languages", "extensions"]);
        assert.deepEqual([built.site.languages, built.site.extensions], [[], []]);
        assert.ok(built.siteSource.sources.every((source: { commit: string }) => source.commit !== ""));
        const source = JSON.parse(siteText());
        const withoutSources = JSON.stringify({ ...source, sources: [] });
        assert.throws(
            () => buildCatalogueJson(notation(), withoutSources),
            /wikipedia-site\.json: .*\n.*at siteSource\.sources/,
        );
        const unnamedPart = JSON.stringify({ ...source, lacks: { ...source.lacks, interwiki: "none" } });
        assert.throws(
            () => buildCatalogueJson(notation(), unnamedPart),
            /Unrecognized key: "interwiki"\n.*at siteSource\.lacks/,
        );
    });

    it("the build script exits 1 with the reason on bad notation", async () => {
        const bad = join(scratch, "bad-notation.txt");
        writeFileSync(bad, edited("`blocks` (list, bk)", "`blocks` (list, bk, X)"));
        await assert.rejects(
            run(process.execPath, [BUILD_SCRIPT, bad, join(scratch, "never.json")]),
            (error: { code: number; stderr: string }) => {
                assert.equal(error.code, 1);
                assert.match(error.stderr, /notation line \d+: unknown module mark "X"/);
                return true;
            },
        );
    });
});
