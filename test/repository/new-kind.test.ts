// A new kind is its file and its line in provider/resources/kinds.ts, and nothing else in the code: in a copy of the
// sources (in the system's temporary folder, never in the repository), a kind "Beacon", made from pixel.ts under
// other names, is added so and compiled. The copy's registry and runtime know it, its shortener-import reads and
// declares it (against the emulator), and the completeness judgement names docs/resources.md as the one place it is
// missing from.
import { strict as assert } from "node:assert";
import { appendFileSync, cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { mustRun, runCommand } from "../support/commands";
import { kindPlacesOf, missingKindPlaces } from "../support/kinds-complete";
import { freshTempDir, removeDir, REPOSITORY_ROOT } from "../support/repository";

/** pixel.ts under the names of a Beacon: each of these must match once, so a change to pixel.ts's shape is noticed. */
const RENAMES: [RegExp, string][] = [
    [/\bexport const pixel = /, "export const beacon = "],
    [/kind: "Pixel"/, 'kind: "Beacon"'],
    [/noun: "pixel"/, 'noun: "beacon"'],
    [/option: "pixels"/, 'option: "beacons"'],
    [/snapshotKey: "pixels"/, 'snapshotKey: "beacons"'],
    [/title: "Pixels"/, 'title: "Beacons"'],
    [/prefix: "pixel"/, 'prefix: "beacon"'],
    [/class Pixel extends kindResource<PixelArgs>\(pixel\)/, "class Beacon extends kindResource<BeaconArgs>(beacon)"],
];

function beaconSource(pixel: string): string {
    const renamed = RENAMES.reduce((text, [from, to]) => {
        assert.equal(text.match(new RegExp(from, "g"))?.length, 1, `pixel.ts: expected one ${from}`);
        return text.replace(from, to);
    }, pixel);
    return renamed.replace(/\bPixel(Inputs|Args|ArgsAgree)\b/g, "Beacon$1");
}

/** A copy of the package's parts and docs/resources.md with the Beacon added, its node_modules the repository's. */
function treeWithBeacon(dir: string): void {
    for (const part of ["provider", "wiki", "common"])
        cpSync(join(REPOSITORY_ROOT, part), join(dir, part), { recursive: true });
    mkdirSync(join(dir, "docs"));
    cpSync(join(REPOSITORY_ROOT, "docs", "resources.md"), join(dir, "docs", "resources.md"));
    symlinkSync(join(REPOSITORY_ROOT, "node_modules"), join(dir, "node_modules"), "dir");
    const resources = join(dir, "provider", "resources");
    writeFileSync(join(resources, "beacon.ts"), beaconSource(readFileSync(join(resources, "pixel.ts"), "utf8")));
    appendFileSync(join(resources, "kinds.ts"), 'export { Beacon, type BeaconArgs } from "./beacon";\n');
    // The repository's compiler options and projects (provider/, and wiki/ and common/ it references): what the
    // package is built from.
    cpSync(join(REPOSITORY_ROOT, "tsconfig.json"), join(dir, "tsconfig.json"));
}

describe("repository: a new kind is its file and its line in kinds.ts", function () {
    // Compiling provider/ takes tens of seconds on a 2-core machine, more while the suite's other jobs run beside it.
    this.timeout(300_000);
    let dir: string | undefined;
    let emulator: RunningEmulator | undefined;
    const compiled = (module: string) => join(dir!, "dist", "provider", module);

    before(async () => {
        dir = freshTempDir("shortener-new-kind");
        treeWithBeacon(dir);
        await mustRun(join(REPOSITORY_ROOT, "node_modules", ".bin", "tsc"), ["-b", join(dir, "tsconfig.json")], {
            cwd: dir,
            timeoutMs: 280_000,
        });
        emulator = await startEmulator({ rateLimit: { limit: 1000, windowMs: 1000 } });
    });
    after(async () => {
        await emulator?.close();
        removeDir(dir);
    });

    it("the registry holds it beside the others, and the runtime binds it", () => {
        const { definitions } = require(
            compiled("resources/registry"),
        ) as typeof import("../../provider/resources/registry");
        const { definitions: ours } =
            require("../../provider/resources/registry") as typeof import("../../provider/resources/registry");
        assert.deepEqual(Object.keys(definitions), [...Object.keys(ours), "Beacon"]);
        const { bindProvider } = require(compiled("runtime")) as typeof import("../../provider/runtime");
        assert.equal(typeof bindProvider("Beacon", { get: () => undefined }).check, "function");
    });

    it("shortener-import reads and declares it under its own section and --kinds name", async () => {
        const { id } = await emulator!.admin.seed("pixels", { type: "forum", name: "Site beacon", tag: "B-1" });
        const env = { SHORTENER_BASE_URL: emulator!.baseUrl, SHORTENER_API_KEY: emulator!.apiKey };
        const result = await runCommand(process.execPath, [compiled("import/cli.js"), "--kinds", "pixels,beacons"], {
            cwd: dir!,
            env,
        });
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, /\/\/ Pixels\nconst pixelSiteBeacon = new shortener\.Pixel\("site-beacon", \{/);
        assert.match(
            result.stdout,
            new RegExp(
                `// Beacons\\nconst beaconSiteBeacon = new shortener\\.Beacon\\("site-beacon", \\{\\n {4}adopt: ${id},`,
            ),
        );
        assert.match(result.stderr, /^shortener-import: 1 pixel, 1 beacon\n$/);
        const help = await runCommand(process.execPath, [compiled("import/cli.js"), "--help"], { cwd: dir! });
        assert.match(help.stdout, /from account, domains, campaigns, channels, pixels, links, qrcodes, beacons/);
    });

    it("the completeness judgement names docs/resources.md as the one place it is missing from", () => {
        const { kinds, missing } = missingKindPlaces(kindPlacesOf(dir!, join(dir!, "dist")));
        assert.ok(kinds.includes("Beacon"), kinds.join(", "));
        assert.deepEqual(missing, [
            'Beacon: missing from docs/resources.md (its row in the table of resources, its section "## Beacon")',
        ]);
    });
});
