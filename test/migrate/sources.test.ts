// The readers of each source take the file as hostile input: a value of another type, a key named like
// Object.prototype's, a flag saying the link cannot be carried, more rows than a migration takes, and text that
// would end a line of links.json or move a terminal's cursor. In-process, without the account.
import { strict as assert } from "node:assert";
import { BOUNDS } from "../../provider/bounds";
import { carryRows } from "../../provider/migrate/carry";
import { writeLinksFile } from "../../provider/migrate/links-file";
import { InputError } from "../../provider/migrate/rows";
import { SOURCES } from "../../provider/migrate/sources";
import { runCommand } from "../support/commands";
import { freshTempDir, removeDir } from "../support/repository";
import { MIGRATE } from "./docs-example";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const MOST = BOUNDS.maxMigrationRows.default;

describe("shortener-migrate's sources, on hostile input", () => {
    it("names a field of another type, and ignores a key named like Object.prototype's", () => {
        const rows = SOURCES.bitly.read(
            '{"links":[{"__proto__":{"long_url":"https://evil.example"},"long_url":5,"link":"https://bit.ly/abc"}]}',
        );
        assert.deepEqual(
            rows.map((row) => row.refused),
            ["long_url: not a string"],
        );
        const kutt = SOURCES.kutt.read('{"data":[{"constructor":"x","target":"https://a.example","address":"abc-d"}]}');
        assert.deepEqual(kutt[0].fields, {
            url: "https://a.example",
            alias: "abc-d",
            title: undefined,
            expiry: undefined,
        });
    });

    it("refuses what the source marks as not to be carried: an archived Bitly link, a banned or password-protected Kutt link", () => {
        const bitly = SOURCES.bitly.read(
            '{"links":[{"long_url":"https://a.example","link":"https://bit.ly/abc","archived":true}]}',
        );
        assert.equal(bitly[0].refused, "archived in Bitly");
        const kutt = SOURCES.kutt.read(
            '[{"data":[{"target":"https://a.example","address":"abc","password":true}]},{"data":[{"target":"https://b.example","address":"def","banned":true}]}]',
        );
        assert.deepEqual(
            kutt.map((row) => [row.where, row.refused?.split(",")[0]]),
            [
                ["[0].data[0]", "protected by a password in Kutt"],
                ["[1].data[0]", "banned in Kutt"],
            ],
        );
    });

    it(`refuses a file of more than ${MOST} links, whole, in every format`, () => {
        const many = MOST + 1;
        const json = (key: string) => JSON.stringify({ [key]: Array.from({ length: many }, () => ({})) });
        const csv = `url\n${"https://a.example/x\n".repeat(many)}`;
        for (const [name, text] of [
            ["bitly", json("links")],
            ["kutt", json("data")],
            ["csv", csv],
        ] as const)
            assert.throws(
                () => SOURCES[name].read(text),
                (error) => error instanceof InputError && /more than/.test(error.message),
            );
    });

    it("stops at the row bound with memory bounded by it: 3 million one-character rows, or fields, under a 256 MB heap", async function () {
        this.timeout(120_000);
        const dir = freshTempDir("shortener-migrate-rows");
        try {
            const values = `more than ${BOUNDS.maxMigrationJsonValues.default} JSON values`;
            const files: [string, string, string, RegExp][] = [
                ["csv", "rows.csv", `url\n${"x\n".repeat(3_000_000)}`, /more than the 50000 one migration takes/],
                ["kutt", "rows.json", `{"data":[${"0,".repeat(2_999_999)}0]}`, new RegExp(values)],
                ["kutt", "links.json", `{"data":[${"0,".repeat(MOST)}0]}`, /50001 links, more than the 50000/],
                ["bitly", "values.json", `{"links":[{"tags":[${"0,".repeat(2_999_999)}0]}]}`, new RegExp(values)],
                ["csv", "fields.csv", `${"url,".repeat(3_000_000)}url\n`, /line 1: a row of more than \d+ characters/],
            ];
            for (const [from, name, text, said] of files) {
                writeFileSync(join(dir, name), text);
                const started = Date.now();
                const result = await runCommand(
                    process.execPath,
                    ["--max-old-space-size=256", MIGRATE, "--from", from, "--offline", "-o", "out.json", name],
                    { cwd: dir, timeoutMs: 60_000 },
                );
                assert.equal(
                    result.code,
                    1,
                    `${name}: exit ${result.code} after ${Date.now() - started} ms\n${result.stderr.slice(0, 2000)}`,
                );
                assert.match(result.stderr, said, name);
                assert.ok(!existsSync(join(dir, "out.json")), `${name}: links.json was written`);
            }
        } finally {
            removeDir(dir);
        }
    });

    it("writes text that would end a line or move the cursor as escapes, and reads it back the same", () => {
        const title = "Sale\u2028now\u001b[2J\u202e";
        const { carried } = carryRows([{ where: "line 2", fields: { url: "https://a.example/x", title } }], {
            rewriteAliases: false,
        });
        const dir = freshTempDir("shortener-migrate-escapes");
        try {
            writeLinksFile(join(dir, "links.json"), [{ name: "x", args: carried[0].args }]);
            const text = readFileSync(join(dir, "links.json"), "utf8");
            assert.ok(!/[\u2028\u001b\u202e]/.test(text), text);
            assert.equal((JSON.parse(text) as { args: { title: string } }[])[0].args.title, title);
        } finally {
            removeDir(dir);
        }
    });
});
