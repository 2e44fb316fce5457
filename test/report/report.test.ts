// shortener-report, run as a workflow runs it: fed previews in Go's `pulumi preview --json` shape, its Markdown is
// rendered by GitHub's own Markdown renderer (cmark-gfm, test/support/cmark-gfm.ts) and the HTML read as a reviewer's browser would get it.
import { strict as assert } from "node:assert";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { definitions } from "../../provider/resources/registry";
import { renderGfm } from "../support/cmark-gfm";
import { runCommand } from "../support/commands";
import { freshTempDir, readManifest, removeDir, REPOSITORY_ROOT } from "../support/repository";
import {
    change,
    create,
    detailed,
    digest,
    examplePlan,
    refresh,
    remove,
    stackStep,
    state,
    UNKNOWN,
    urnOf,
} from "./digest-fixtures";

const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-report"]);

describe("shortener-report", function () {
    let dir: string;
    before(() => (dir = freshTempDir("shortener-report")));
    after(() => removeDir(dir));

    let written = 0;
    const file = (text: string) => {
        const path = join(dir, `input-${written++}.json`);
        writeFileSync(path, text);
        return path;
    };
    const report = (input: string, ...args: string[]) =>
        runCommand(process.execPath, [BIN, "--input", file(input), ...args], { cwd: dir });
    const markdown = async (input: string, ...args: string[]) => {
        const result = await report(input, ...args);
        assert.equal(result.code, 0, result.stderr);
        return result.stdout;
    };
    const html = renderGfm;
    /** The cells of each row of the rendered HTML's n-th table. */
    const tableRows = (rendered: string, index = 0): string[][] => {
        const table = rendered.split("<table>")[index + 1]?.split("</table>")[0] ?? "";
        return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
            [...row[1].matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]),
        );
    };

    it("--help lists the options, --version prints the package's version, a bad option is a usage error (exit 2)", async () => {
        const help = await runCommand(process.execPath, [BIN, "--help"], { cwd: dir });
        assert.equal(help.code, 0);
        for (const option of ["--input", "--format", "--title", "--marker", "--max-chars", "--lint"])
            assert.match(help.stdout, new RegExp(option));
        const version = await runCommand(process.execPath, [BIN, "--version"], { cwd: dir });
        assert.equal(version.stdout.trim(), readManifest().version);
        for (const args of [["--format", "html"], ["--max-chars", "10"], ["--marker", "a b"], ["--colour"]]) {
            const refused = await runCommand(process.execPath, [BIN, ...args], { cwd: dir });
            assert.equal(refused.code, 2, args.join(" "));
            assert.match(refused.stderr, /^shortener-report: .*\(shortener-report --help for usage\)\n$/);
            assert.equal(refused.stdout, "");
        }
    });

    it("the summary table counts each operation by type, replacements and deletions first and marked, unchanged resources last", async () => {
        const rendered = html(await markdown(examplePlan()));
        const rows = tableRows(rendered).slice(1);
        assert.deepEqual(
            rows.map(([mark, operation, type, count]) => [
                mark,
                operation.replace(/<\/?strong>/g, ""),
                type.replace(/<\/?code>/g, ""),
                count,
            ]),
            [
                ["⚠️", "replace", "pulumi-nodejs:dynamic/shortener:Domain", "1"],
                ["⚠️", "delete", "pulumi-nodejs:dynamic/shortener:Pixel", "1"],
                ["", "create", "pulumi-nodejs:dynamic/shortener:Campaign", "1"],
                ["", "update", "pulumi-nodejs:dynamic/shortener:AccountSettings", "1"],
                ["", "update", "pulumi-nodejs:dynamic/shortener:Channel", "1"],
                ["", "same", "all types", "2"],
            ],
        );
        assert.match(rendered, /<h3>Pulumi preview: 1 to replace, 1 to delete, 1 to create, 2 to update<\/h3>/);
    });

    it("each changed resource collapses, names its properties in the kind's words, old → new, and why it is replaced", async () => {
        const rendered = html(await markdown(examplePlan()));
        const details = rendered
            .split("<details>")
            .slice(1)
            .map((block) => block.split("</details>")[0]);
        assert.equal(details.length, 5, "one collapsed block per changed resource");
        const block = (name: string) =>
            details.find((entry) => entry.includes(`(<code>${name}</code>)`)) ?? assert.fail(`no block for ${name}`);
        assert.match(block("brand"), /<summary><b>replace<\/b> ⚠️ Domain <code>https:\/\/links.example.com<\/code>/);
        assert.match(block("brand"), /Replaced because <code>domain<\/code> changed/);
        const domainRows = tableRows(block("brand"));
        assert.deepEqual(domainRows[1], [
            "<code>domain</code> (replaces)",
            "<code>&quot;https://go.example.com&quot;</code>",
            "<code>&quot;https://links.example.com&quot;</code>",
        ]);
        assert.deepEqual(tableRows(block("newsletter"))[1], [
            "<code>name</code>",
            "<code>&quot;Newsletter&quot;</code>",
            "<code>&quot;Weekly newsletter&quot;</code>",
        ]);
        const created = tableRows(block("launch"))
            .slice(1)
            .map((cells) => cells[0]);
        assert.deepEqual(
            created,
            ["<code>name</code>", "<code>public</code>", "rotator slug <code>slug</code>"],
            "a create shows what it declares, not the provider's internals",
        );
        assert.match(
            block("account"),
            /Only values that are not shown change: secrets/,
            "a secret change is said, never shown",
        );
    });

    it("an output not known before up is 'known after up'; the object's link is given where its outputs carry one", async () => {
        const old = state(
            "QrCode",
            "poster",
            { type: "link", data: "https://www.example.com/a" },
            { type: "link", data: "https://www.example.com/a", link: "https://go.example.com/qr/7", scans: 3 },
            "7",
        );
        const next = state("QrCode", "poster", { type: "link", data: "https://www.example.com/b" }, { link: UNKNOWN });
        const text = await markdown(
            digest(
                [
                    stackStep(),
                    change("update", old, next),
                    change("update", old, { ...old, inputs: { ...old.inputs, background: UNKNOWN } }),
                ],
                {},
            ),
        );
        const rendered = html(text);
        assert.match(
            rendered,
            /On the service: <a href="https:\/\/go.example.com\/qr\/7"><code>https:\/\/go.example.com\/qr\/7<\/code><\/a>/,
        );
        assert.match(rendered, /<em>known after up<\/em>/);
        assert.ok(!text.includes(UNKNOWN), "Go's unknown placeholder is never shown");
    });

    it("names a short link by its short URL, marks every change that breaks one, and says where drift cannot be checked", async () => {
        const link = (
            name: string,
            alias: string,
            extra: Record<string, unknown> = {},
            domain = "https://go.example.com",
        ) =>
            state(
                "Link",
                name,
                { url: `https://www.example.com/${alias}`, alias, domain, ...extra },
                { url: `https://www.example.com/${alias}`, alias, domain, shortUrl: `${domain}/${alias}` },
                "1",
            );
        const retitled = link("retitled", "spring", { title: "Spring" });
        const realiased = link("realiased", "summer");
        const moved = link("moved", "autumn");
        const gone = link("gone", "winter");
        const replaced = link("replaced", "poster");
        const locked = link("locked", "members", { password: "old" });
        const steps = [
            stackStep(),
            // As the real CLI's preview writes an update's new state: its inputs, and no outputs (no short URL).
            change("update", retitled, {
                urn: retitled.urn,
                custom: true,
                type: retitled.type,
                inputs: { ...retitled.inputs, title: "Spring sale" },
            }),
            change("update", realiased, { ...realiased, inputs: { ...realiased.inputs, alias: "summer-sale" } }),
            change("update", moved, { ...moved, inputs: { ...moved.inputs, domain: "https://links.example.com" } }),
            remove(gone),
            change(
                "replace",
                replaced,
                { ...replaced, inputs: { ...replaced.inputs, url: "https://www.example.com/other" } },
                ["url"],
            ),
            change("update", locked, {
                ...locked,
                inputs: { ...locked.inputs, password: "new", note: "for members", redirect: "splash" },
            }),
        ];
        const text = await markdown(digest(steps, {}));
        const rendered = html(text);
        assert.match(
            rendered,
            /<h3>Pulumi preview: 1 to replace, 1 to delete, 4 to update, 4 break a public short URL<\/h3>/,
        );
        const marks = Object.fromEntries(
            tableRows(rendered)
                .slice(1)
                .map(([mark, operation]) => [operation.replace(/<\/?strong>/g, ""), mark]),
        );
        assert.deepEqual(marks, {
            replace: "⚠️ 🔗 1 breaks a short URL",
            delete: "⚠️ 🔗 1 breaks a short URL",
            update: "🔗 2 break a short URL",
        });
        const broken = (
            rendered.split("Public short URLs that break</h4>")[1] ?? assert.fail("no list of broken short URLs")
        ).split("<h4>")[0];
        const listed = [...broken.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((item) => item[1].replace(/<\/?code>/g, ""));
        assert.deepEqual(listed.sort(), [
            "https://go.example.com/autumn: domain changed (moved)",
            "https://go.example.com/poster: replaced (replaced)",
            "https://go.example.com/summer: alias changed (realiased)",
            "https://go.example.com/winter: deleted (gone)",
        ]);
        const details = rendered
            .split("<details>")
            .slice(1)
            .map((block) => block.split("</details>")[0]);
        const block = (name: string) =>
            details.find((entry) => entry.includes(`(<code>${name}</code>)`)) ?? assert.fail(`no block for ${name}`);
        assert.match(block("retitled"), /<summary>update Short link <code>https:\/\/go.example.com\/spring<\/code>/);
        assert.doesNotMatch(block("retitled"), /Breaks the public short URL/, "a new title keeps the short URL");
        assert.match(
            block("realiased"),
            /Breaks the public short URL<\/strong> <code>https:\/\/go.example.com\/summer<\/code>: <code>alias<\/code> changed/,
        );
        assert.match(
            block("locked"),
            /The service does not show <code>note<\/code>, <code>password<\/code>, <code>redirect<\/code>: drift in them cannot be checked/,
        );
        assert.doesNotMatch(block("retitled"), /does not show/, "the title is shown by the service");
        assert.ok(!text.includes('"new"') && !text.includes('"old"'), "a link's password is a secret");
    });

    it("no secret in any encoding: values a --show-secrets preview carries are hidden by what the kind knows is secret", async () => {
        const password = "Tr0ub4dor&3-wifi";
        const wifiOld = state(
            "QrCode",
            "guest-wifi",
            { type: "wifi", data: { ssid: "Guest", pass: password } },
            undefined,
            "3",
        );
        const wifiNew = state("QrCode", "guest-wifi", { type: "wifi", data: { ssid: "Guest", pass: `${password}!` } });
        const account = state("AccountSettings", "account", { email: "ops@example.com", password }, undefined, "1");
        const accountNew = state("AccountSettings", "account", { email: "ops@example.com", password: `${password}?` });
        // A secret serialized without being blinded keeps Go's signature: shown as a secret too.
        const signed = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: password };
        const other = state(
            "random:index/randomPassword:RandomPassword",
            "generated",
            { length: 16 },
            { result: signed },
        );
        const otherNew = state(
            "random:index/randomPassword:RandomPassword",
            "generated",
            { length: 20 },
            { result: signed },
        );
        const input = digest(
            [
                stackStep(),
                change("replace", wifiOld, wifiNew, ["data"]),
                change("update", account, accountNew),
                detailed(change("update", other, { ...otherNew, inputs: { length: 20, result: signed } }), [
                    "length:update",
                    "result:update",
                ]),
            ],
            {},
        );
        for (const format of ["markdown", "json"]) {
            const out = (await report(input, "--format", format)).stdout;
            for (const secret of [password, `${password}!`, `${password}?`]) {
                const encodings = [
                    secret,
                    Buffer.from(secret).toString("base64"),
                    JSON.stringify(secret).slice(1, -1),
                    secret.replace(/&/g, "&amp;"),
                    encodeURIComponent(secret),
                ];
                for (const encoded of encodings) assert.ok(!out.includes(encoded), `${format} holds ${encoded}`);
            }
            assert.match(out, format === "json" ? /"kind": "secret"/ : /\[secret\]/);
        }
    });

    it("a QR code whose type turns from wifi to link hides its old wifi data, password included", async () => {
        const password = "Tr0ub4dor&3-old-wifi";
        const wifi = state(
            "QrCode",
            "poster",
            { type: "wifi", data: { ssid: "Guest", pass: password } },
            undefined,
            "3",
        );
        const linked = state("QrCode", "poster", { type: "link", data: "https://www.example.com/a" });
        const input = digest(
            [
                stackStep(),
                change("replace", wifi, linked, ["type", "data"]),
                refresh(wifi),
                change("update", linked, wifi),
            ],
            {},
        );
        for (const format of ["markdown", "json"]) {
            const out = (await report(input, "--format", format)).stdout;
            assert.ok(!out.includes(password) && !out.includes("Guest"), `${format} shows the old wifi data:\n${out}`);
        }
    });

    it("text from the preview opens no tag, link, mention or table column, and breaks no line", async () => {
        const hostile =
            "x</code></summary></details><script>alert(1)</script> | @octocat #1 [a](javascript:alert(1)) ![i](https://e.example/p.png)\n### heading";
        const old = state("Channel", "news", { name: "News" }, undefined, "4");
        const next = state("Channel", "news", { name: hostile, [hostile]: hostile });
        const input = digest(
            [
                stackStep(),
                detailed(change("update", old, next), ["name:update", `["${hostile.replace(/"/g, '\\"')}"]:add`]),
            ],
            {},
            { diagnostics: [{ urn: next.urn, message: hostile, severity: "warning" }] },
        );
        const text = await markdown(input);
        const rendered = html(text);
        assert.ok(!/<script|<img|<h3>heading|href="javascript/i.test(rendered), rendered);
        assert.equal(rendered.split("</details>").length - 1, 1, "the one details block is closed once");
        for (const row of tableRows(rendered, 1))
            assert.equal(row.length, 3, `a row of the property table split: ${row.join(" | ")}`);
        assert.ok(!/(^|[^;])@octocat/.test(rendered.replace(/<code>[\s\S]*?<\/code>/g, "")), "a mention outside code");
    });

    it("an unknown step op is data: it opens no HTML, adds no table column and mentions no one, in the summary table or a <summary>", async () => {
        const op = "x</summary></details><img src=https://evil.example/p.png> | @octocat";
        const step = { ...create(state("Pixel", "site", { type: "qapixel", name: "Site", tag: "G-1" })), op };
        const rendered = html(await markdown(digest([stackStep(), step], {})));
        assert.ok(!/<img/.test(rendered), rendered);
        assert.equal(rendered.split("</details>").length - 1, 1, "the one details block is closed once, by the report");
        for (const row of tableRows(rendered))
            assert.equal(row.length, 4, `a row of the summary table split: ${row.join(" | ")}`);
        assert.ok(!/@octocat/.test(rendered.replace(/<code>[\s\S]*?<\/code>/g, "")), "a mention outside code");
        assert.match(rendered, /<summary><code>x&lt;\/summary&gt;&lt;\/details&gt;/, "the op is shown as code");
    });

    it("property names and ops inherited from Object.prototype are plain data: no crash, no native function, no [object Object]", async () => {
        const inherited = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"];
        const props = Object.fromEntries(inherited.map((name) => [name, `v-${name}`]));
        const old = state("Channel", "news", { name: "News" }, undefined, "4");
        const next = state("Channel", "news", { name: "News", ...props });
        const other = state("example:index:Thing", "thing", { a: 1 }, undefined, "5");
        const withPaths = detailed(
            change("update", other, state("example:index:Thing", "thing", { a: 1, ...props })),
            inherited.map((name) => `${name}:add`),
        );
        const input = digest(
            [
                stackStep(),
                change("update", old, next),
                withPaths,
                { ...create(state("Pixel", "p", { name: "P" })), op: "__proto__" },
            ],
            {},
        );
        for (const format of ["markdown", "json"]) {
            const result = await report(input, "--format", format);
            assert.equal(result.code, 0, `${format}: ${result.stderr}`);
            assert.ok(!/native code|\[object Object\]/.test(result.stdout), `${format}:\n${result.stdout}`);
        }
        const rendered = html(await markdown(input));
        assert.match(
            rendered,
            /<code>toString<\/code><\/td>\s*<td><em>none<\/em><\/td>\s*<td><code>&quot;v-toString&quot;<\/code>/,
            "an added toString is shown from none to its value",
        );
        assert.match(rendered, /<summary><code>__proto__<\/code> Pixel/);
    });

    it("an empty name, replace reason, diagnostic URN or lint code is an empty code span that pairs with no other", async () => {
        const hostile = "x` @octocat <img src=https://evil.example/p.png> **bold** y";
        const old = state("Domain", "", { domain: "https://go.example.com" }, undefined, "1");
        const next = state("Domain", "", { domain: hostile });
        const lintFile = join(dir, "empty-code-lint.json");
        writeFileSync(
            lintFile,
            JSON.stringify([
                {
                    file: "",
                    index: 0,
                    name: null,
                    errors: [{ code: "", param: "", module: "", message: hostile }],
                    warnings: [],
                },
            ]),
        );
        const diagnostics = [
            { urn: "urn:pulumi:s::p::t", severity: "error", message: hostile },
            { urn: next.urn, severity: "warning", message: hostile },
        ];
        const input = digest([stackStep(), change("replace", old, next, ["", "domain", ""])], {}, { diagnostics });
        const rendered = html(await markdown(input, "--lint", lintFile));
        const outsideCode = rendered.replace(/<code>[\s\S]*?<\/code>/g, "");
        assert.ok(
            !/<img|<strong>bold|@octocat/.test(outsideCode),
            `the text between two empty spans rendered as Markdown:\n${rendered}`,
        );
        assert.match(rendered, /Replaced because <code> {2}<\/code>, <code>domain<\/code>, <code> {2}<\/code> changed/);
    });

    it("bidi overrides and zero-width characters in names, values and messages are shown escaped, never raw", async () => {
        const invisible = "evil\u202egnp.exe\u200b\u2066x\u2069\ufeff";
        const old = state("Channel", `news${invisible}`, { name: "News" }, undefined, "4");
        const next = state("Channel", `news${invisible}`, { name: invisible });
        const input = digest(
            [stackStep(), change("update", old, next)],
            {},
            { diagnostics: [{ urn: next.urn, message: invisible, severity: "warning" }] },
        );
        for (const format of ["markdown", "json"]) {
            const out = (await report(input, "--format", format)).stdout;
            const shown = format === "markdown" ? html(out) : out;
            assert.doesNotMatch(shown, /\p{Cf}/u, `${format}: a bidi or zero-width character is raw`);
            assert.ok(shown.includes("evil\\u202egnp.exe\\u200b"), `${format}: the override is shown as its escape`);
        }
    });

    it("a report over the cap keeps the marker, the heading and the summary, and says how many sections it left out", async () => {
        const steps = [stackStep()];
        for (let index = 0; index < 400; index++)
            steps.push(
                create(
                    state("Pixel", `pixel-${index}`, {
                        type: "qapixel",
                        name: `Pixel ${index} `.repeat(5),
                        tag: `T-${index}`,
                    }),
                ),
            );
        steps.push(remove(state("Domain", "old", { domain: "https://old.example.com" }, undefined, "3")));
        const text = await markdown(
            digest(steps, { create: 400, delete: 1 }),
            "--max-chars",
            "12000",
            "--marker",
            "pr-42",
        );
        assert.ok(text.length <= 12_000, `${text.length} characters`);
        assert.ok(text.startsWith("<!-- pulumi-shortener-report:pr-42 -->\n"));
        const rows = tableRows(html(text)).slice(1);
        assert.deepEqual(
            rows.map((cells) => cells[3]),
            ["1", "400"],
            "the summary is whole",
        );
        const left = /> (\d+) more sections left out: the comment would pass 12000 characters/.exec(text);
        assert.ok(left, "a note says what was left out");
        const shown = text.split("<details>").length - 1;
        assert.equal(shown + Number(left[1]), 401, "every resource's block is shown or counted");
        assert.match(
            text.split("<details>")[1],
            /^<summary><b>delete<\/b> ⚠️ Domain/,
            "the deletion, last in the plan, is shown first",
        );
    });

    it("the cap counts everything it writes: a huge type, or a summary too long by type, collapses the summary to its counts", async () => {
        const pixel = (type: string, index: number) => create(state(type, `p-${index}`, { name: `P${index}` }));
        const huge = digest(
            [
                stackStep(),
                pixel(`example:index:${"T".repeat(100_000)}`, 0),
                remove(state("Domain", "old", { domain: "https://old.example.com" }, undefined, "3")),
            ],
            {},
        );
        const many = digest(
            [
                stackStep(),
                ...Array.from({ length: 60 }, (_, index) =>
                    pixel(`example:index:${String(index).padStart(4, "0")}${"t".repeat(1_200)}`, index),
                ),
            ],
            {},
        );
        for (const [input, cap] of [
            [huge, "60000"],
            [many, "60000"],
            [many, "2000"],
        ]) {
            const text = await markdown(input, "--max-chars", cap);
            assert.ok(text.length <= Number(cap), `${text.length} characters, over the cap of ${cap}`);
            const rendered = html(text);
            assert.match(text, /The summary by type is left out: it would pass/);
            const counts = tableRows(rendered)
                .slice(1)
                .map((cells) => [cells[1].replace(/<\/?strong>/g, ""), cells[2], cells[3]]);
            assert.deepEqual(
                counts,
                input === huge
                    ? [
                          ["delete", "all types", "1"],
                          ["create", "all types", "1"],
                      ]
                    : [["create", "all types", "60"]],
            );
        }
    });

    it("a refreshed preview names each drifted resource and property, old → new, apart from the plan", async () => {
        const before = state(
            "Domain",
            "brand",
            { domain: "https://go.example.com", redirectRoot: "https://www.example.com" },
            undefined,
            "12",
        );
        const drifted = state(
            "Domain",
            "brand",
            { domain: "https://go.example.com", redirectRoot: "https://hand.example.com" },
            undefined,
            "12",
        );
        const pixel = state("Pixel", "site", { type: "qapixel", name: "Site", tag: "G-1" }, undefined, "5");
        // As the CLI gives them: each resource's refresh step, then the program's steps against what was read.
        const steps = [
            stackStep("refresh"),
            refresh(before),
            refresh(pixel),
            stackStep(),
            change("update", drifted, before),
            create(pixel),
        ];
        const text = await markdown(digest(steps, { update: 1, create: 1, same: 1 }));
        assert.match(text, /^### Drift: 2 drifted, 1 to create, 1 to update$/m);
        const driftSection = html(text.split("#### Drift: changed outside Pulumi")[1].split("#### Changes")[0]);
        assert.match(
            driftSection,
            /<details open><summary>changed Domain <code>https:\/\/go.example.com<\/code> \(<code>brand<\/code>\)/,
        );
        assert.deepEqual(tableRows(driftSection)[1], [
            "root redirect <code>redirectRoot</code>",
            "<code>&quot;https://www.example.com&quot;</code>",
            "<code>&quot;https://hand.example.com&quot;</code>",
        ]);
        assert.match(driftSection, /<b>deleted<\/b> ⚠️ Pixel <code>Site<\/code>/);
    });

    it("a refreshed preview's drift is what changed since the state was last written, naming each property, outputs too", async () => {
        const declared = { type: "qapixel", name: "Site", tag: "G-1" };
        // Renamed by hand, and recorded so by an earlier refresh: the state holds it, the plan renames it back.
        const recorded = state("Pixel", "site", { ...declared, name: "Renamed" }, undefined, "5");
        const channel = (colour: string) =>
            state("Channel", "news", { name: "News" }, { name: "News", effectiveColor: colour }, "7");
        const steps = [
            stackStep("refresh"),
            refresh(recorded),
            refresh(channel("#111111")),
            stackStep(),
            change("update", recorded, state("Pixel", "site", declared, undefined, "5")),
            change("update", channel("#222222"), { ...channel("#222222"), inputs: { name: "News", starred: true } }),
        ];
        const text = await markdown(digest(steps, { update: 2, same: 1 }));
        assert.match(text, /^### Drift: 1 drifted, 2 to update$/m);
        const driftSection = html(text.split("#### Drift: changed outside Pulumi")[1].split("#### Changes")[0]);
        assert.doesNotMatch(driftSection, /Pixel/, "recorded by the earlier refresh: the plan's change, not drift");
        assert.doesNotMatch(driftSection, /not shown/);
        assert.deepEqual(tableRows(driftSection)[1], [
            "colour shown <code>effectiveColor</code>",
            "<code>&quot;#111111&quot;</code>",
            "<code>&quot;#222222&quot;</code>",
        ]);
    });

    it("a refresh's JSON is drift alone: what it names, old → new, and a count of the changes it does not detail", async () => {
        const recorded = state("Pixel", "site", { type: "qapixel", name: "Site", tag: "G-1" }, undefined, "5");
        const gone = state("Pixel", "old", { type: "qapixel", name: "Old site", tag: "G-2" }, undefined, "6");
        const renamed = state("Pixel", "site", { type: "qapixel", name: "Renamed", tag: "G-1" }, undefined, "5");
        const quiet = state("Channel", "news", { name: "News" }, undefined, "7");
        // As the CLI's display leaves them: a refresh step turned into the delete it found, or into the update it
        // found where the provider's diff is detailed; a change without one keeps its refresh step, as recorded.
        const steps = [
            stackStep("refresh"),
            detailed(change("update", recorded, renamed), ["name:update"]),
            { ...remove(gone), provider: "urn:pulumi:dev::shortener-stack::pulumi:providers:pulumi-nodejs::default" },
            refresh(quiet),
        ];
        const text = await markdown(digest(steps, { update: 2, delete: 1, same: 1 }));
        assert.match(text, /^### Drift: 3 drifted$/m);
        assert.match(text, /\n1 more resource was changed outside Pulumi, which `pulumi refresh --json` counts/);
        const rendered = html(text);
        assert.match(text, /\nNo resource changes\.\n/, "nothing planned, nothing unchanged but the stack");
        assert.match(rendered, /<details open><summary><b>deleted<\/b> ⚠️ Pixel <code>Old site<\/code>/);
        assert.match(
            rendered,
            /<td><code>&quot;Site&quot;<\/code><\/td>\s*<td><code>&quot;Renamed&quot;<\/code><\/td>/,
        );
        assert.equal(rendered.split("<details").length - 1, 2);
    });

    it("drift pairing is linear: 100,000 steps, the bound, of 50,000 refreshes then 50,000 updates report within seconds", async function () {
        this.timeout(150_000);
        const steps = [];
        // Bare states (no serialized provider), written compact, to keep 100,000 steps under the digest's size bound.
        const pixels = Array.from({ length: 50_000 }, (_, index) => ({
            urn: urnOf("example:index:Thing", `p${index}`),
            custom: true,
            type: "example:index:Thing",
            id: String(index),
            inputs: { n: index },
        }));
        for (const pixel of pixels) steps.push(refresh(pixel));
        for (const pixel of pixels) steps.push(change("update", { ...pixel, inputs: { n: -1 } }, pixel));
        const input = JSON.stringify(JSON.parse(digest(steps, { update: 50_000 })));
        // A few seconds of CPU when pairing is linear; paired by a scan from each refresh it took minutes.
        const result = await runCommand(process.execPath, [BIN, "--input", file(input)], {
            cwd: dir,
            timeoutMs: 90_000,
        });
        assert.equal(result.code, 0, `exit ${result.code} (null: killed after 90 s): ${result.stderr}`);
        assert.match(result.stdout, /^### Drift: 50000 drifted, 50000 to update$/m);
    });

    it("reads standard input; what is not a preview digest fails with exit 1 naming what is wrong, never its values", async () => {
        const piped = spawnSync(process.execPath, [BIN], { input: examplePlan(), encoding: "utf8", timeout: 60_000 });
        assert.equal(piped.status, 0, piped.stderr);
        assert.match(piped.stdout, /^<!-- pulumi-shortener-report:preview -->/);
        const cases: [string, RegExp][] = [
            ['{"steps": [{"op": "create", "urn": 12, "secret": "hunter2-value"}]}', /steps\.0\.urn: Invalid input/],
            ["not json hunter2-value", /it is not JSON/],
            [`${"[".repeat(200_000)}${"]".repeat(200_000)}`, /nests too deep|is not the output/],
        ];
        for (const [input, message] of cases) {
            const result = await report(input);
            assert.equal(result.code, 1, input.slice(0, 40));
            assert.match(result.stderr, message);
            assert.ok(!result.stderr.includes("hunter2-value"));
            assert.equal(result.stdout, "");
        }
        const missing = await runCommand(process.execPath, [BIN, "--input", join(dir, "missing.json")], { cwd: dir });
        assert.equal(missing.code, 1);
        const folder = await runCommand(process.execPath, [BIN, "--input", dir], { cwd: dir });
        assert.match(folder.stderr, /: not a regular file \(a directory\)/);
        // Bytes that are no UTF-8 are refused by their line, from a file or standard input, never read as U+FFFD.
        const latin1 = Buffer.from(`{\n"steps": [],\n"title": "caf\u00e9"\n}\n`, "latin1");
        writeFileSync(join(dir, "latin1.json"), latin1);
        const file = await runCommand(process.execPath, [BIN, "--input", join(dir, "latin1.json")], { cwd: dir });
        assert.equal(file.code, 1, file.stderr);
        assert.match(file.stderr, /latin1\.json: line 3: holds bytes that are not UTF-8 text/);
        const stdin = spawnSync(process.execPath, [BIN], { input: latin1, encoding: "utf8", timeout: 60_000 });
        assert.equal(stdin.status, 1, stdin.stderr);
        assert.match(stdin.stderr, /the standard input: line 3: holds bytes that are not UTF-8 text/);
    });

    it("--lint adds the wiki queries' errors and warnings that wiki-query-lint found, --changed only those of the files a change touches", async () => {
        const bad = (name: string) => JSON.stringify([{ name, list: "allpages", params: { apdir: "sideways" } }]);
        writeFileSync(join(dir, "changed.json"), bad("recent"));
        writeFileSync(join(dir, "untouched.json"), bad("older"));
        const lint = await runCommand(
            process.execPath,
            [
                join(REPOSITORY_ROOT, readManifest().bin["wiki-query-lint"]),
                "--format",
                "json",
                "changed.json",
                "untouched.json",
            ],
            { cwd: dir },
        );
        const lintFile = join(dir, "lint.json");
        writeFileSync(lintFile, lint.stdout);
        const wikiRows = (rendered: string) =>
            tableRows(
                (rendered.split("Wiki queries")[1] ?? assert.fail("no wiki section")).replace(/^[^<]*/, ""),
            ).slice(1);
        const all = wikiRows(html(await markdown(examplePlan(), "--lint", lintFile)));
        assert.equal(all.length, 2);
        assert.match(all[0].join(" | "), /changed\.json.*\[0\] recent.*apdir.*error.*badvalue/);
        const changedList = join(dir, "changed-files.txt");
        writeFileSync(changedList, "./changed.json\nindex.ts\n");
        const touched = wikiRows(html(await markdown(examplePlan(), "--lint", lintFile, "--changed", changedList)));
        assert.deepEqual(
            touched.map((cells) => cells[0]),
            ["<code>changed.json</code>"],
        );
        const alone = await runCommand(process.execPath, [BIN, "--changed", changedList], { cwd: dir });
        assert.equal(alone.code, 2, "--changed without --lint");
    });

    it("has words for each input and output of every kind the provider registers", () => {
        for (const [kind, definition] of Object.entries(definitions)) {
            const inputs = Object.keys((definition.inputs as unknown as { shape: object }).shape).filter(
                (input) => input !== "adopt",
            );
            for (const property of [...inputs, ...(definition.computedOutputs ?? [])])
                assert.ok(definition.words.words[property], `${kind}.${property} has no words`);
            for (const input of definition.words.unseen ?? [])
                assert.ok(inputs.includes(input), `${kind}'s unseen ${input} is not an input`);
        }
    });
});
