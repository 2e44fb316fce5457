// A clone stands on its own: a user's clone, a fork or a package mirror has nothing beside the repository, so no file
// reads or cites a folder outside it (the specs and data the project started from are written up or vendored inside:
// docs/service/, test/fixtures/wiki/), and every relative link of a Markdown page reaches a file of the repository.
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { mustRun } from "../support/commands";
import { REPOSITORY_ROOT } from "../support/repository";

/** The folder the project's specs and data once sat in, beside the repository, in any of the ways a path names it. */
const OUTSIDE_FOLDER = /\.\.\/shared\b|\bshared\/(spec|data)\b/;
/** A Markdown link or image target that is a path (not an anchor of the same page or a `<URL>`; URLs are skipped below). */
const MARKDOWN_LINK = /\]\(([^)\s#<]+)(#[^)\s]*)?\)/g;

async function trackedFiles(): Promise<string[]> {
    const { stdout } = await mustRun("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
        cwd: REPOSITORY_ROOT,
    });
    return stdout.split("\0").filter((file) => file !== "" && existsSync(join(REPOSITORY_ROOT, file)));
}

function isText(content: Buffer): boolean {
    return !content.subarray(0, 8000).includes(0);
}

describe("repository: a clone stands on its own", function () {
    this.timeout(60_000);
    let files: string[];
    before(async () => {
        files = await trackedFiles();
    });

    it("no file names the shared folder beside the repository", () => {
        const naming = files.filter((file) => {
            const content = readFileSync(join(REPOSITORY_ROOT, file));
            return isText(content) && OUTSIDE_FOLDER.test(content.toString("utf8"));
        });
        assert.deepEqual(naming, []);
    });

    it("every relative link of a Markdown page reaches a file inside the repository", () => {
        const broken: string[] = [];
        for (const page of files.filter((file) => file.endsWith(".md"))) {
            const text = readFileSync(join(REPOSITORY_ROOT, page), "utf8");
            for (const [, target] of text.matchAll(MARKDOWN_LINK)) {
                if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
                const path = resolve(REPOSITORY_ROOT, dirname(page), decodeURIComponent(target));
                const inside = !relative(REPOSITORY_ROOT, path).startsWith(`..${sep}`);
                if (!inside || !existsSync(path)) broken.push(`${page}: ${target}`);
            }
        }
        assert.deepEqual(broken, []);
    });

    it("the real MediaWiki reply the validator's tests read is vendored unchanged, as its README's digest says", () => {
        const folder = join(REPOSITORY_ROOT, "test", "fixtures", "wiki");
        const readme = readFileSync(join(folder, "README.md"), "utf8");
        const named = /\*\*`paraminfo-mw-1\.45\.4\.json`\*\*[^]*?SHA-256 `([0-9a-f]{64})`/.exec(readme);
        assert.ok(named, "test/fixtures/wiki/README.md names no SHA-256 for paraminfo-mw-1.45.4.json");
        const digest = createHash("sha256").update(readFileSync(join(folder, "paraminfo-mw-1.45.4.json")));
        assert.equal(digest.digest("hex"), named[1]);
    });
});
