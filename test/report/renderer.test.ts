// The renderer the report's tests judge with (test/support/cmark-gfm.ts): GitHub's cmark-gfm with github.com's
// extensions, from the npm package, so `npm test` needs no system package; and where the package cannot be loaded,
// the tests that render fail saying what to do, while the test files still load.
import { strict as assert } from "node:assert";
import { join } from "node:path";
import { runCommand } from "../support/commands";
import { renderGfm } from "../support/cmark-gfm";

/** Loads the renderer in a Node whose `require("cmark-gfm")` finds nothing, as on a machine where it was not built. */
const WITHOUT_PACKAGE = `
const Module = require("node:module");
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
    if (request === "cmark-gfm") throw Object.assign(new Error("Cannot find module 'cmark-gfm'"), { code: "MODULE_NOT_FOUND" });
    return resolveFilename.call(this, request, ...rest);
};
const { renderGfm } = require(${JSON.stringify(join(__dirname, "../support/cmark-gfm.js"))});
console.log("loaded");
renderGfm("| a |\\n|---|\\n| b |");
`;

describe("the report's Markdown renderer", () => {
    it("renders as github.com does: tables, strikethrough, autolinks, and the tag filter over raw HTML", () => {
        const html = renderGfm("| a |\n|---|\n| ~~old~~ www.example.com <script>x</script> <b>b</b> |\n");
        assert.equal(
            html,
            "<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n" +
                '<td><del>old</del> <a href="http://www.example.com">www.example.com</a> &lt;script>x&lt;/script> <b>b</b></td>\n' +
                "</tr>\n</tbody>\n</table>\n",
        );
    });

    it("without the package, the test file loads and rendering fails naming the package and what to run", async () => {
        const run = await runCommand(process.execPath, ["-e", WITHOUT_PACKAGE], { cwd: __dirname, timeoutMs: 30_000 });
        assert.equal(run.stdout, "loaded\n");
        assert.notEqual(run.code, 0);
        assert.match(run.stderr, /the npm package cmark-gfm/);
        assert.match(run.stderr, /python3, make and a C compiler/);
        assert.match(run.stderr, /Cannot find module 'cmark-gfm'\. Run npm ci\./);
    });
});
