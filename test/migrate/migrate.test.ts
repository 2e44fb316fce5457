// shortener-migrate as a team leaving another shortener runs it: a CSV, one export of each of Bitly, Shlink and Kutt
// and the three files YOURLS users have (test/fixtures/migrate, made from their documented formats: docs/migration.md
// names each) become
// links.json, whose up through the real Pulumi CLI creates each link once; a second run of every migration changes
// nothing; rows that cannot be carried over are listed with their reasons, and nothing is written when a row cannot
// be carried, an input cannot be read, or a link of the account has a row's alias.
import { strict as assert } from "node:assert";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { runImported } from "../import/imported-stack";
import { runCommand, type Finished } from "../support/commands";
import { freshTempDir, linkedProject, removeDir, REPOSITORY_ROOT } from "../support/repository";
import { changes } from "../support/stack";
import { MIGRATE } from "./docs-example";

const FIXTURES = join(REPOSITORY_ROOT, "test", "fixtures", "migrate");
const SOURCES: [string, string][] = [
    ["csv", "links.csv"],
    ["bitly", "bitly.json"],
    ["yourls", "yourls.csv"],
    ["yourls", "yourls_url.csv"],
    ["yourls", "yourls-stats.json"],
    ["shlink", "shlink.csv"],
    ["kutt", "kutt.json"],
];
/** Each fixture holds two links. */
const LINKS = SOURCES.length * 2;
const PROGRAM = `import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as shortener from "pulumi-shortener";

const linkEntries: { name: string; args: shortener.LinkArgs }[] = JSON.parse(readFileSync(join(__dirname, "links.json"), "utf8"));
for (const { name, args } of linkEntries) new shortener.Link(name, args);
`;

describe("shortener-migrate: links from a CSV, Bitly, YOURLS, Shlink and Kutt into links.json, then up", function () {
    this.timeout(300_000);
    let emulator: RunningEmulator;
    let project: string;
    const migrate = (args: readonly string[]): Promise<Finished> =>
        runCommand(process.execPath, [MIGRATE, ...args], {
            cwd: project,
            env: { SHORTENER_BASE_URL: emulator.baseUrl, SHORTENER_API_KEY: emulator.apiKey },
        });
    const migrateAll = () =>
        Promise.all(SOURCES.map(([from, file]) => migrate(["--from", from, join(FIXTURES, file)])));
    const linksJson = () => readFileSync(join(project, "links.json"), "utf8");
    const fixture = (name: string, text: string) => writeFileSync(join(project, name), text);

    before(async () => {
        emulator = await startEmulator({ profile: "real", rateLimit: { limit: 100_000, windowMs: 1000 } });
        await emulator.admin.seed("links", { url: "https://elsewhere.example/taken", custom: "taken-one" });
        project = linkedProject("shortener-migrate", {
            "Pulumi.yaml": "name: migrated-links\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
            "index.ts": PROGRAM,
        });
    });
    after(async () => {
        if (project) removeDir(project);
        await emulator?.close();
    });

    it("writes one entry per link of every source, reading the account and writing nothing to it", async () => {
        // One after the other: each adds to the links.json the one before wrote.
        for (const [from, file] of SOURCES) {
            const result = await migrate(["--from", from, join(FIXTURES, file)]);
            assert.equal(result.code, 0, result.stderr);
            assert.match(result.stderr, /^shortener-migrate: 2 link\(s\) added to links\.json\n$/);
        }
        const entries = JSON.parse(linksJson()) as { name: string; args: Record<string, unknown> }[];
        assert.equal(entries.length, LINKS);
        assert.equal(new Set(entries.map((entry) => entry.name)).size, LINKS);
        assert.deepEqual(entries.find((entry) => entry.name === "spring-sale")?.args.utm, {
            source: "newsletter",
            medium: "email",
            campaign: "spring",
        });
        const writes = (await emulator.admin.requests()).filter((entry) => entry.method !== "GET");
        assert.deepEqual(writes, []);
    });

    it("the first up creates each link once, paced to the service's rate, and the next preview shows no change", async () => {
        await emulator.admin.clearRequests();
        // A window the up's requests do not fit in: the provider must wait for it, never run into a 429.
        await emulator.admin.setRateLimit({ limit: 4, windowMs: 1000, style: "status" });
        const up = await runImported("up", project, emulator);
        await emulator.admin.setRateLimit({ limit: 100_000, windowMs: 1000 });
        assert.equal(changes(up).filter((change) => change.startsWith("create ")).length, LINKS, up.log);
        const requests = await emulator.admin.requests();
        assert.deepEqual(
            requests.filter((entry) => entry.status === 429),
            [],
        );
        const creates = requests.filter((entry) => entry.path === "/api/url/add");
        assert.equal(creates.length, LINKS);
        const links = await emulator.admin.list("links");
        assert.equal(links.length, LINKS + 1);
        const aliases = links.map((record) => record.custom).filter((custom) => custom !== "");
        for (const alias of [
            "spring-sale",
            "autumn-coats",
            "winter",
            "gift-guide",
            "returns",
            "new-arrivals",
            "size-chart",
            "summer-hats",
            "launch-week",
            "press-kit",
        ])
            assert.ok(aliases.includes(alias), `${alias}: ${JSON.stringify(aliases)}`);
        assert.deepEqual(changes(await runImported("preview", project, emulator)), []);
    });

    it("a second run of every migration adds nothing and leaves links.json as it was, byte for byte", async () => {
        const before = linksJson();
        for (const result of await migrateAll()) {
            assert.equal(result.code, 0, result.stderr);
            assert.match(result.stderr, /^shortener-migrate: 0 link\(s\) added to links\.json, 2 already in it\n$/);
        }
        assert.equal(linksJson(), before);
        assert.deepEqual(changes(await runImported("preview", project, emulator)), []);
    });

    it("lists every row that cannot be carried over with its place and reason, and writes nothing", async () => {
        const before = linksJson();
        fixture(
            "bad.csv",
            "url,alias,title\nnot a url,fine-alias,\nhttps://x.example/a,Summer Sale!,\nhttps://x.example/b,api,\n" +
                "https://x.example/c,taken-one,\nhttps://x.example/d,twice-here,\nhttps://x.example/e,twice-here,\n" +
                "https://x.example/f,good-one,Good\n",
        );
        const result = await migrate(["--from", "csv", "bad.csv"]);
        assert.equal(result.code, 1);
        const listed = result.stderr.split("\n").filter((line) => line.startsWith("  "));
        assert.deepEqual(
            listed.map((line) => line.split(":")[0].trim()),
            ["bad.csv line 2", "bad.csv line 3", "bad.csv line 4", "bad.csv line 5", "bad.csv line 7"],
        );
        assert.match(listed[0], /url: must be a URL/);
        assert.match(listed[1], /would be stored as "Summer-Sale"/);
        assert.match(listed[2], /"api" is reserved/);
        assert.match(
            listed[3],
            /the account's link \d+ \(.*\/taken-one\) has the alias "taken-one": declare it in links\.json with adopt: \d+/,
        );
        assert.match(listed[4], /the alias "twice-here" is on bad\.csv line 6 too/);
        assert.match(result.stderr, /5 row\(s\) cannot be carried over .* Nothing was written\n$/);
        assert.equal(linksJson(), before);
    });

    it("with --skip-refused, adds the rows that can be carried over and lists the others", async () => {
        const saved = join(project, "links.before.json");
        copyFileSync(join(project, "links.json"), saved);
        try {
            const result = await migrate(["--from", "csv", "--skip-refused", "bad.csv"]);
            assert.equal(result.code, 0, result.stderr);
            assert.match(result.stderr, /2 link\(s\) added to links\.json, 5 not carried over \(listed above\)/);
            const added = (JSON.parse(linksJson()) as { args: { alias?: string } }[]).slice(LINKS);
            assert.deepEqual(
                added.map((entry) => entry.args.alias),
                ["twice-here", "good-one"],
            );
        } finally {
            copyFileSync(saved, join(project, "links.json"));
        }
    });

    it("--offline carries YOURLS's own table, exported as CSV, with its keywords as aliases, without reading the account", async () => {
        await emulator.admin.clearRequests();
        const result = await runCommand(
            process.execPath,
            [MIGRATE, "--from", "yourls", "--offline", "-o", "yourls-links.json", join(FIXTURES, "yourls_url.csv")],
            { cwd: project, env: { SHORTENER_BASE_URL: "", SHORTENER_API_KEY: "" } },
        );
        assert.equal(result.code, 0, result.stderr);
        assert.equal(result.stderr, "shortener-migrate: 2 link(s) added to yourls-links.json\n");
        const entries = JSON.parse(readFileSync(join(project, "yourls-links.json"), "utf8")) as unknown[];
        assert.deepEqual(entries, [
            {
                name: "gift-guide",
                args: { url: "https://shop.example.com/gifts", alias: "gift-guide", title: "Gift guide, 2025" },
            },
            {
                name: "returns",
                args: { url: "https://shop.example.com/help/returns", alias: "returns", title: "Returns & refunds" },
            },
        ]);
        assert.deepEqual(await emulator.admin.requests(), []);
    });

    it("writes nothing when an input cannot be read: a quote not closed, JSON that does not parse (named by line and column), a password column, a YOURLS file of no layout it reads, no file", async () => {
        const before = linksJson();
        fixture("broken.csv", 'url,alias\n"https://x.example/a,abc\n');
        fixture("broken.json", '{"links": [\n  {"long_url": "https://x.example/a",}\n]}\n');
        fixture("secret.csv", "url,password\nhttps://x.example/a,hunter22\n");
        const cases: [string[], RegExp][] = [
            [
                ["--from", "csv", "broken.csv"],
                /broken\.csv: line 2: a quoted field is not closed\. Nothing was written\./,
            ],
            [
                ["--from", "bitly", "broken.json"],
                /broken\.json: not JSON \(line 2, column 38: expected a key in quotes\)\. Nothing was written\./,
            ],
            [
                ["--from", "yourls", join(FIXTURES, "links.csv")],
                /line 1: not a layout of YOURLS this reads; it reads the Import Export plugin's CSV \(source,target,hits\), the yourls_url table as CSV with its column names in the first row \(keyword,url,title,timestamp,ip,clicks\), or the JSON answer of its API's action=stats\. Nothing was written\./,
            ],
            [["--from", "csv", "secret.csv"], /secret\.csv: line 1: the column password: passwords are not carried/],
            [["--from", "kutt", "missing.json"], /missing\.json: cannot read the file \(ENOENT\)/],
            [["--from", "shlink", join(FIXTURES, "links.csv")], /line 1: no column is called "url", "alias"/],
        ];
        for (const [args, said] of cases) {
            const result = await migrate(args);
            assert.equal(result.code, 1, `${args.join(" ")}: ${result.stderr}`);
            assert.match(result.stderr, said);
            assert.ok(!result.stderr.includes("hunter22"), "a value of the file is in the message");
            assert.equal(linksJson(), before, args.join(" "));
        }
    });

    it("refuses a file that is not UTF-8 naming its line, and reads it faithfully in the encoding --encoding names", async () => {
        // A spreadsheet's CSV in Windows-1252, Excel's default: é is the one byte 0xE9, which UTF-8 has no character for.
        const excel =
            "url,title\nhttps://www.example.com/menu,Menu\nhttps://www.example.com/caf\u00e9/menu,Caf\u00e9\n";
        writeFileSync(join(project, "excel.csv"), Buffer.from(excel, "latin1"));
        const refused = await migrate(["--from", "csv", "--offline", "-o", "excel.json", "excel.csv"]);
        assert.equal(refused.code, 1, refused.stderr);
        assert.match(refused.stderr, /excel\.csv: line 3: holds bytes that are not UTF-8 text.*--encoding/);
        assert.ok(!existsSync(join(project, "excel.json")), "links.json was written");
        const read = await migrate([
            "--from",
            "csv",
            "--offline",
            "--encoding",
            "windows-1252",
            "-o",
            "excel.json",
            "excel.csv",
        ]);
        assert.equal(read.code, 0, read.stderr);
        const written = JSON.parse(readFileSync(join(project, "excel.json"), "utf8")) as {
            args: { url: string; title: string };
        }[];
        assert.deepEqual(
            written.map(({ args }) => [args.url, args.title]),
            [
                ["https://www.example.com/menu", "Menu"],
                ["https://www.example.com/caf\u00e9/menu", "Caf\u00e9"],
            ],
        );
        const unknown = await migrate(["--from", "csv", "--offline", "--encoding", "ebcdic", "excel.csv"]);
        assert.equal(unknown.code, 2, unknown.stderr);
        assert.match(unknown.stderr, /--encoding: "ebcdic" is not an encoding/);
    });

    it("refuses what is no way of calling it: exit 2, nothing written", async () => {
        for (const args of [
            ["links.csv"],
            ["--from", "tinyurl", "x.csv"],
            ["--from", "csv"],
            ["--from", "csv", "--domain", "go.example.com", "x.csv"],
        ]) {
            const result = await migrate(args);
            assert.equal(result.code, 2, `${args.join(" ")}: ${result.stderr}`);
            assert.match(result.stderr, /Run shortener-migrate --help for the options\./);
        }
    });
});

describe("shortener-migrate against a crowded account", function () {
    this.timeout(300_000);
    const ROWS = 10_000;
    let emulator: RunningEmulator;
    let dir: string;
    before(async () => {
        emulator = await startEmulator({ profile: "real", rateLimit: { limit: 100_000, windowMs: 1000 } });
        dir = freshTempDir("shortener-migrate-crowded");
        for (let start = 0; start < ROWS; start += 100)
            await Promise.all(
                Array.from({ length: 100 }, (_, offset) =>
                    emulator.admin.seed("links", {
                        url: `https://www.example.com/account/${start + offset}`,
                        custom: `account-${start + offset}`,
                    }),
                ),
            );
    });
    after(async () => {
        if (dir) removeDir(dir);
        await emulator?.close();
    });

    it("checks 10,000 rows against 10,000 links of the account in about linear time, and finds the two in their way", async () => {
        // Half the rows with an alias, half without; one alias and one long URL are an account link's.
        const rows = Array.from({ length: ROWS }, (_, index) =>
            index % 2 === 0
                ? `https://www.example.com/row/${index},row-${index}`
                : `https://www.example.com/row/${index},`,
        );
        rows[ROWS - 2] = `https://www.example.com/row/${ROWS - 2},account-42`;
        rows[ROWS - 1] = "https://www.example.com/account/7,";
        writeFileSync(join(dir, "crowded.csv"), `url,alias\n${rows.join("\n")}\n`);
        // Seconds when linear; quadratic, with URLs parsed for each pair, it took minutes.
        const result = await runCommand(process.execPath, [MIGRATE, "--from", "csv", "--skip-refused", "crowded.csv"], {
            cwd: dir,
            env: { SHORTENER_BASE_URL: emulator.baseUrl, SHORTENER_API_KEY: emulator.apiKey },
            timeoutMs: 60_000,
        });
        assert.equal(result.code, 0, `exit ${result.code} (null: killed after 60 s): ${result.stderr.slice(0, 2000)}`);
        const listed = result.stderr.split("\n").filter((line) => line.startsWith("  "));
        assert.equal(listed.length, 2, result.stderr);
        assert.match(
            listed[0],
            new RegExp(
                `crowded\\.csv line ${ROWS}: the account's link \\d+ \\(.*/account-42\\) has the alias "account-42"`,
            ),
        );
        assert.match(
            listed[1],
            new RegExp(
                `crowded\\.csv line ${ROWS + 1}: the account's link \\d+ \\(.*/account-7\\) has the same long URL`,
            ),
        );
        const written = JSON.parse(readFileSync(join(dir, "links.json"), "utf8")) as unknown[];
        assert.equal(written.length, ROWS - 2);
    });
});
