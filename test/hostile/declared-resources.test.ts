// The declared-resources program's file of resources: a stack whose declaration is larger than the 128 KiB of config
// one environment variable carries runs from a file, and the file is outside input, bounded and checked by field.
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runOperation } from "../support/pulumi";
import {
    changes,
    DECLARED_PROGRAM,
    declaredFileConfig,
    startStack,
    type Declared,
    type TestStack,
} from "../support/stack";

// The program's own reader, loaded from its folder (test/fixtures/programs is not compiled into dist/).
type Reader = typeof import("../fixtures/programs/declared/declared-resources");
const reader: Reader = require(join(DECLARED_PROGRAM, "declared-resources.js"));
const KINDS = ["Pixel", "Channel"];
const config = (values: Record<string, string>) => ({ get: (key: string) => values[key] });
const PIXEL: Declared = { kind: "Pixel", name: "site", args: { type: "analyticspixel", name: "Site", tag: "G-1" } };

describe("The declared-resources program's file of resources", function () {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "declared-file-"))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    describe("through the Pulumi CLI", function () {
        let stack: TestStack;
        before(async () => (stack = await startStack()));
        after(async () => stack.close());

        it("previews a declaration of more than 128 KiB, which the config could not carry", async () => {
            const file = join(dir, "resources.json");
            const resourcesConfig = declaredFileConfig("declared", file, [PIXEL]);
            writeFileSync(file, `${JSON.stringify([PIXEL])}${" ".repeat(200 * 1024)}`);
            const result = await runOperation("preview", {
                programDir: DECLARED_PROGRAM,
                stateFile: join(dir, "state.json"),
                config: { "shortener:baseUrl": stack.emulator.baseUrl, ...resourcesConfig },
                secretConfig: { "shortener:apiKey": stack.emulator.apiKey },
                env: { PULUMI_CONFIG_PASSPHRASE: "test-passphrase" },
            });
            assert.ok(result.ok, result.log);
            assert.deepEqual(changes(result), ["create site"]);
        });
    });

    it("reads the file or the inline config, and refuses both or neither", () => {
        const file = join(dir, "resources.json");
        declaredFileConfig("declared", file, [PIXEL]);
        assert.deepEqual(reader.readDeclared(config({ resourcesFile: file }), KINDS), [PIXEL]);
        assert.deepEqual(reader.readDeclared(config({ resources: JSON.stringify([PIXEL]) }), KINDS), [PIXEL]);
        assert.throws(() => reader.readDeclared(config({}), KINDS), /give either resources or resourcesFile/);
        assert.throws(
            () => reader.readDeclared(config({ resources: "[]", resourcesFile: file }), KINDS),
            /give either resources or resourcesFile/,
        );
    });

    it("refuses a folder, a FIFO and a file over the bound before reading it", () => {
        const folder = join(dir, "folder");
        mkdirSync(folder);
        const fifo = join(dir, "fifo");
        execFileSync("mkfifo", [fifo]);
        const large = join(dir, "large.json");
        writeFileSync(large, "[]");
        truncateSync(large, reader.MAX_FILE_BYTES + 1);
        const read = (file: string) => () => reader.readDeclared(config({ resourcesFile: file }), KINDS);
        assert.throws(read(folder), /folder: not a regular file \(a directory\)/);
        assert.throws(read(fifo), /fifo: not a regular file \(a FIFO\)/);
        assert.throws(
            read(large),
            new RegExp(
                `has ${reader.MAX_FILE_BYTES + 1} bytes, more than the limit of ${reader.MAX_FILE_BYTES} bytes \\(config resourcesFile\\)`,
            ),
        );
    });

    it("names the field of an entry it refuses, and never quotes text that is not JSON", () => {
        const refusal = (resources: unknown) => () =>
            reader.readDeclared(config({ resources: JSON.stringify(resources) }), KINDS);
        assert.throws(refusal({ site: PIXEL }), /^Error: resources: expected a JSON array$/);
        assert.throws(refusal([PIXEL, "site"]), /^Error: resources\[1\]: expected an object$/);
        assert.throws(
            refusal([{ ...PIXEL, kind: "Widget" }]),
            /^Error: resources\[0\]\.kind: expected one of Pixel, Channel$/,
        );
        assert.throws(refusal([{ ...PIXEL, name: "" }]), /^Error: resources\[0\]\.name: expected a non-empty string$/);
        assert.throws(refusal([{ ...PIXEL, args: [] }]), /^Error: resources\[0\]\.args: expected an object$/);
        assert.throws(
            refusal([{ ...PIXEL, options: { protect: true } }]),
            /^Error: resources\[0\]\.options\.protect: not an option/,
        );
        assert.throws(
            refusal([{ ...PIXEL, options: { secretArgs: "tag" } }]),
            /^Error: resources\[0\]\.options\.secretArgs: not a valid value$/,
        );
        const secretText = "hunter2-not-json";
        assert.throws(
            () => reader.readDeclared(config({ resources: secretText }), KINDS),
            (error: Error) => error.message === "resources: not valid JSON",
        );
    });

    it("refuses more entries than its bound", () => {
        const file = join(dir, "resources.json");
        writeFileSync(file, JSON.stringify(Array.from({ length: reader.MAX_RESOURCES + 1 }, () => 0)));
        assert.throws(
            () => reader.readDeclared(config({ resourcesFile: file }), KINDS),
            new RegExp(`${reader.MAX_RESOURCES + 1} entries, more than ${reader.MAX_RESOURCES}`),
        );
    });
});
