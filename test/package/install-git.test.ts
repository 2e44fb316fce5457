// The package installed the way a user can before it is published: from its git repository. npm clones it, installs
// its development dependencies and runs its `prepare` script, which builds it; the fresh project then requires it and
// type-checks a program against its declarations. The repository is a committed copy of the working tree (what a
// clone holds), installed from a git+file:// URL; CI runs this file under Node 22 and Node 24.
import { strict as assert } from "node:assert";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { mustRun } from "../support/commands";
import {
    committedCopy,
    freshTempDir,
    PACKAGE_NAME,
    readManifest,
    removeDir,
    writeUserProject,
} from "../support/repository";

const PROGRAM = `import * as shortener from "${PACKAGE_NAME}";

const campaign = new shortener.Campaign("launch", { name: "Launch campaign" });
const checked = shortener.validateWikiQuery({ list: "allpages", params: { aplimit: 10 } });
export const listUrl = campaign.listUrl;
export const valid: boolean = checked.valid;
`;

describe("package: installed from its git repository into a fresh project", function () {
    this.timeout(600_000);
    let work: string | undefined;
    let project: string;

    before(async () => {
        work = freshTempDir("shortener-git-install");
        const url = await committedCopy(join(work, "repository"));
        project = join(work, "project");
        writeUserProject(project, url, { "index.ts": PROGRAM });
        // The npm cache makes this quick; packages missing from it come from the registry.
        await mustRun("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
            cwd: project,
            timeoutMs: 540_000,
        });
    });
    after(() => removeDir(work));

    it("is built by its prepare script: the installed package holds the compiled entry points of its manifest", () => {
        const installed = join(project, "node_modules", PACKAGE_NAME);
        const manifest = readManifest(installed);
        assert.equal(manifest.version, readManifest().version);
        for (const entry of [manifest.main, manifest.types, ...Object.values(manifest.bin)]) {
            assert.ok(existsSync(join(installed, entry)), `${entry} is missing from the installed package`);
        }
    });

    it("is required by Node from the project, with its resource classes", async () => {
        const script = `const shortener = require("${PACKAGE_NAME}"); console.log(typeof shortener.Campaign, typeof shortener.validateWikiQuery)`;
        const { stdout } = await mustRun(process.execPath, ["-e", script], { cwd: project });
        assert.equal(stdout.trim(), "function function");
    });

    it("type-checks a program against its declarations", async () => {
        await mustRun(join(project, "node_modules", ".bin", "tsc"), ["-p", "."], { cwd: project });
    });
});
