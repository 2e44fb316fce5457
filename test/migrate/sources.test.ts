// The readers of each source take the file as hostile input: a value of another type, a key named like
// Object.prototype's, a flag saying the link cannot be carried, more rows than a migration takes, and text that
// would end a line of links.json or move a terminal's cursor. In-process, without the account, but for the memory
// bound, which the command is run for under a small heap.
import { strict as assert } from "node:assert";
import { BOUNDS } from "../../provider/bounds";
import { carryRows } from "../../provider/migrate/carry";
import { readLinksFile, writeLinksFile } from "../../provider/migrate/links-file";
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
        const stats = JSON.stringify({
            links: Object.fromEntries(Array.from({ length: many }, (_, index) => [`link_${index + 1}`, {}])),
            stats: { total_links: String(many) },
        });
        for (const [name, text] of [
            ["bitly", json("links")],
            ["kutt", json("data")],
            ["csv", csv],
            ["yourls", `keyword,url\n${"abc,https://a.example/x\n".repeat(many)}`],
            ["yourls", stats],
        ] as const)
            assert.throws(
                () => SOURCES[name].read(text),
                (error) => error instanceof InputError && /more than/.test(error.message),
            );
    });

    it("YOURLS's action=stats answer: every link of every page given, each by its place; fewer than its stats count is refused", () => {
        const link = (alias: string) => ({
            shorturl: `https://y.example/${alias}`,
            url: `https://a.example/${alias}`,
        });
        const page = (links: string[], total: number | string) => ({
            links: Object.fromEntries(links.map((alias, index) => [`link_${index + 1}`, link(alias)])),
            stats: { total_links: total, total_clicks: "0" },
            statusCode: "200",
            message: "success",
        });
        const rows = SOURCES.yourls.read(JSON.stringify([page(["abc", "def"], "3"), page(["ghi"], "3")]));
        assert.deepEqual(
            rows.map((row) => [row.where, row.fields.alias, row.fields.url]),
            [
                ["[0].links.link_1", "abc", "https://a.example/abc"],
                ["[0].links.link_2", "def", "https://a.example/def"],
                ["[1].links.link_1", "ghi", "https://a.example/ghi"],
            ],
        );
        const refusals: [unknown, RegExp][] = [
            [page(["abc"], "250"), /holds 1 of the 250 links its stats count: ask action=stats with limit=250/],
            [{ stats: { total_links: "0" }, links: [] }, /^links: not an object of links/],
            [{ links: {} }, /^stats\.total_links: not a count of links/],
            [page(["abc"], "1 "), /^stats\.total_links: not a count of links/],
            [[page(["abc"], 2), page(["def"], 3)], /the answers count different totals of links: 2, 3/],
        ];
        for (const [answer, said] of refusals)
            assert.throws(
                () => SOURCES.yourls.read(JSON.stringify(answer)),
                (error) => error instanceof InputError && said.test(error.message),
                JSON.stringify(answer),
            );
        assert.deepEqual(SOURCES.yourls.read('{"stats":{"total_links":"0","total_clicks":null}}'), []);
    });

    it("broken JSON is named by its line and column, never by its text, in each export and in links.json", () => {
        const broken = '[\n  {"links": [{"long_url": "https://a.example/secret-path"}\n  }\n]';
        for (const name of ["bitly", "kutt", "yourls"])
            assert.throws(
                () => SOURCES[name].read(broken),
                (error) =>
                    error instanceof InputError &&
                    error.message === "not JSON (line 3, column 3: expected ',' or ']' after a value)",
                name,
            );
        const dir = freshTempDir("shortener-migrate-broken");
        try {
            const path = join(dir, "links.json");
            writeFileSync(
                path,
                '[\n  {"name": "a", "args": {"url": "https://a.example/x"}},\n  {"name": "b" "args": {}}\n]\n',
            );
            assert.throws(
                () => readLinksFile(path),
                (error) =>
                    error instanceof InputError &&
                    error.message === `${path}: not JSON (line 3, column 16: expected ',' or '}' after a value)`,
            );
        } finally {
            removeDir(dir);
        }
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
