// `wiki-query-lint catalogue pull` as a user runs it (the compiled CLI in a child process) against a wiki on
// 127.0.0.1 whose module names hold terminal controls: the drift report it prints on a re-pull shows every one of
// them escaped, so a wiki cannot move the cursor, colour or rewrite the lines of the terminal that reads it.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, Server } from "node:http";
import { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lint, LINT_TIMEOUT_MS, stopLintChildren } from "./lint-support";
import { siteAnswer } from "./fake-site";

/** C1 controls (CSI U+009B and NEL U+0085 among them), DEL, and the line and paragraph separators. */
const CONTROLS = ["\u009b31m", "\u0085", "\u007f", "\u2028", "\u2029", "\u0080", "\u009f"];
/** Right-to-left override, isolate, mark; zero-width space, joiner; byte-order mark; a tag character (U+E0041). */
const INVISIBLE = ["\u202e", "\u2067", "\u200f", "\u200b", "\u200d", "\ufeff", "\u{e0041}"];
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

function module(name: string) {
    return {
        name,
        path: `query+${name}`,
        group: "list",
        prefix: "x",
        parameters: [{ index: 1, name: "limit", type: "limit", max: 500 }],
    };
}

describe("wiki-query-lint catalogue pull: the drift report escapes what the wiki names", function () {
    this.timeout(LINT_TIMEOUT_MS * 3);
    let names: string[] = [];
    let server: Server;
    let directory: string;
    let apiUrl: string;

    before(async () => {
        server = createServer((request, response) => {
            const url = new URL(request.url ?? "/", "http://127.0.0.1");
            const answer = (body: unknown) =>
                response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
            if (url.searchParams.get("action") === "query") return answer(siteAnswer(url));
            const raw = url.searchParams.get("modules") ?? "";
            const asked = raw.startsWith("\u001f") ? raw.slice(1).split("\u001f") : raw.split("|");
            const submodules = Object.fromEntries(names.map((name) => [name, `query+${name}`]));
            const query = {
                name: "query",
                path: "query",
                group: "action",
                prefix: "",
                parameters: [{ index: 1, name: "list", type: names, multi: true, submodules }],
            };
            answer({
                paraminfo: {
                    helpformat: "none",
                    modules: asked.map((path) => (path === "query" ? query : module(path.slice("query+".length)))),
                },
            });
        });
        await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
        apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php`;
        directory = mkdtempSync(join(tmpdir(), "wiki-drift-"));
    });
    after(async () => {
        stopLintChildren();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        rmSync(directory, { recursive: true, force: true });
    });

    it("bidi overrides, isolates and marks and zero-width characters in the names a wiki gives are shown escaped in the drift lines", async () => {
        const pin = join(directory, "bidi.json");
        names = ["kept", ...INVISIBLE.map((character, index) => `gone${index}${character}x`)];
        assert.equal((await lint("catalogue", "pull", apiUrl, "--out", pin)).status, 0);
        names = ["kept", ...INVISIBLE.map((character, index) => `new${index}${character}x`)];
        const again = await lint("catalogue", "pull", apiUrl, "--out", pin);
        assert.equal(again.status, 0, again.stderr);
        assert.doesNotMatch(
            again.stdout + again.stderr,
            /[\p{Cf}]/u,
            "a bidi or zero-width character reached the terminal raw",
        );
        assert.match(again.stdout, /modules added: .*"list=new0\\u202ex"/);
        assert.match(again.stdout, /"list=gone6\\udb40\\udc41x"/, "a tag character as the two escapes JSON gives it");
    });

    it("modules added and removed whose names hold C1 controls, DEL, NEL and U+2028/U+2029 are reported with each escaped", async () => {
        const pin = join(directory, "wiki.json");
        names = ["kept", ...CONTROLS.map((control, index) => `gone${index}${control}`)];
        const first = await lint("catalogue", "pull", apiUrl, "--out", pin);
        assert.equal(first.status, 0, first.stderr);
        names = ["kept", ...CONTROLS.map((control, index) => `new${index}${control}`)];
        const again = await lint("catalogue", "pull", apiUrl, "--out", pin);
        assert.equal(again.status, 0, again.stderr);
        assert.doesNotMatch(again.stdout + again.stderr, RAW, "a control character reached the terminal raw");
        assert.match(again.stdout, /modules added: .*"list=new0\\u009b31m"/);
        assert.match(again.stdout, /modules removed: .*"list=gone1\\u0085"/);
        for (const escaped of ["\\u007f", "\\u2028", "\\u2029", "\\u0080", "\\u009f"])
            assert.ok(again.stdout.includes(escaped), `${escaped} is not in:\n${again.stdout}`);
    });
});
