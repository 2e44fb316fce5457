// shortener-import on an account of thousands of short links, run as a user runs it: the links go into links.json
// beside a program a person can read (one loop, not a statement per link), nothing the service never shows reaches
// either file, and the real Pulumi CLI takes every link over without a single write.
import { strict as assert } from "node:assert";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LifecycleResult, Operation } from "../support/pulumi";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { runCommand, type Finished } from "../support/commands";
import { byDepth } from "../support/depth";
import { freshTempDir, linkedProject, readManifest, removeDir, REPOSITORY_ROOT } from "../support/repository";
import { changes } from "../support/stack";
import { typeCheck } from "../support/typecheck";
import { runImported } from "./imported-stack";

/** The issue's account of thousands at full depth (CI); at quick depth enough for several pages of the listing. */
const LINKS = byDepth(250, 2_000);
/** The link listing's page size (provider/bounds.ts linkPageSize), the import's default too. */
const PAGE_SIZE = 100;
const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-import"]);
const WRITES = ["POST", "PUT", "PATCH", "DELETE"];
const BRAND_DOMAIN = "https://go.brand.example";
const HIDDEN_PASSWORD = "hidden-link-password";
const HIDDEN_NOTE = "hidden note for the team";

interface DataEntry {
    name: string;
    shortUrl: string;
    args: Record<string, unknown> & { adopt: number };
}

/** Links as people make them in the dashboard: custom and random aliases, two domains, some with what the API never shows. */
async function seedLinks(emulator: RunningEmulator): Promise<number[]> {
    await emulator.admin.seed("domains", { domain: BRAND_DOMAIN });
    const ids: number[] = [];
    for (let i = 0; i < LINKS; i++) {
        const seeded = await emulator.admin.seed("links", {
            url: `https://www.brand.example/offers/${i}?from=poster`,
            custom: i % 4 === 3 ? "" : `offer-${i}`,
            domain: i % 5 === 0 ? BRAND_DOMAIN : "https://sho.rt",
            title: i % 7 === 0 ? `Café & co: offer ${i}` : `Offer ${i}`,
            description: i % 3 === 0 ? "Spring offers" : "",
            password: i % 10 === 0 ? HIDDEN_PASSWORD : "",
            note: i % 10 === 1 ? HIDDEN_NOTE : "",
            type: i % 10 === 2 ? "frame" : "direct",
        });
        ids.push(seeded.id);
    }
    return ids;
}

describe(`shortener-import: an account of ${LINKS} short links, as data beside the program`, function () {
    // The up of 2,000 links took 15.5 minutes on a 2-core machine at load average 20.
    this.timeout(40 * 60_000);
    let emulator: RunningEmulator;
    let project: string;
    let program: string;
    let entries: DataEntry[];
    let seededIds: number[];
    let importRequests: { method: string; path: string; query: Record<string, string> }[];
    const importer = (args: readonly string[], cwd: string): Promise<Finished> =>
        runCommand(process.execPath, [BIN, ...args], {
            cwd,
            env: { SHORTENER_BASE_URL: emulator.baseUrl, SHORTENER_API_KEY: emulator.apiKey, SOURCE_DATE_EPOCH: "0" },
        });
    // The CLI writes the state once, not once per link (PULUMI_SKIP_CHECKPOINTS), as a user importing thousands would.
    const run = (operation: Operation): Promise<LifecycleResult> =>
        runImported(operation, project, emulator, { PULUMI_SKIP_CHECKPOINTS: "true" });
    const writes = async () =>
        (await emulator.admin.requests())
            .filter((entry) => WRITES.includes(entry.method))
            .map((entry) => `${entry.method} ${entry.path}`);

    before(async function () {
        emulator = await startEmulator({ rateLimit: { limit: 100_000, windowMs: 1000 } });
        seededIds = await seedLinks(emulator);
        await emulator.admin.clearRequests();
        project = linkedProject("shortener-import-links", {
            "Pulumi.yaml": "name: imported-links\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
        });
        const result = await importer(["--kinds", "links", "--output", "index.ts"], project);
        assert.equal(result.code, 0, result.stderr);
        importRequests = await emulator.admin.requests();
        await emulator.admin.clearRequests();
        program = readFileSync(join(project, "index.ts"), "utf8");
        entries = JSON.parse(readFileSync(join(project, "links.json"), "utf8")) as DataEntry[];
    });
    after(async () => {
        if (project) removeDir(project);
        await emulator?.close();
    });

    it(`reads the links in ceil(${LINKS}/${PAGE_SIZE}) list requests and writes nothing`, () => {
        assert.deepEqual(
            importRequests.filter((entry) => entry.method !== "GET"),
            [],
        );
        const pages = importRequests
            .filter((entry) => entry.path === "/api/urls")
            .map((entry) => Number(entry.query.page));
        assert.deepEqual(
            pages,
            Array.from({ length: Math.ceil(LINKS / PAGE_SIZE) }, (_, index) => index + 1),
        );
    });

    it("writes a program a person can read: one loop over links.json, and the note on what the service never shows", () => {
        assert.ok(program.split("\n").length < 60, `the program has ${program.split("\n").length} lines:\n${program}`);
        assert.equal(program.split("new shortener.Link(").length - 1, 1);
        assert.match(program, /^for \(const \{ name, args \} of linkEntries\) new shortener\.Link\(name, args\);$/m);
        assert.match(program, new RegExp(`^// ${LINKS} links, one an entry of links.json beside this program`, "m"));
        assert.match(
            program,
            /^\/\/ preview image, note, password, expiry, public, redirect, country targets, device targets, language targets,\n\/\/ query parameters, UTM parameters, pixels and deep link: the service's listing never shows them/m,
        );
        assert.doesNotMatch(program, /brand\.example\/offers/, "a link's value is in the program, not in its data");
        assert.deepEqual(typeCheck({ "index.ts": program }), []);
    });

    it("links.json holds every link once, as the service shows it, and nothing it never shows", () => {
        assert.deepEqual(
            entries.map((entry) => entry.args.adopt).sort((a, b) => a - b),
            [...seededIds].sort((a, b) => a - b),
        );
        assert.equal(new Set(entries.map((entry) => entry.name)).size, LINKS, "resource names are unique");
        const first = entries.find((entry) => entry.args.adopt === seededIds[0])!;
        assert.deepEqual(first.args, {
            adopt: seededIds[0],
            url: "https://www.brand.example/offers/0?from=poster",
            alias: "offer-0",
            domain: BRAND_DOMAIN,
            title: "Café & co: offer 0",
            description: "Spring offers",
        });
        assert.equal(first.shortUrl, `${BRAND_DOMAIN}/offer-0`);
        assert.equal(first.name, "offer-0");
        const data = readFileSync(join(project, "links.json"), "utf8");
        for (const hidden of [HIDDEN_PASSWORD, HIDDEN_NOTE, "frame"])
            assert.ok(!data.includes(hidden) && !program.includes(hidden), `${hidden} was imported`);
        assert.equal(data.split("\n").length, LINKS + 3, "one link a line");
    });

    it("the first up takes every link over without a single write, and the next preview shows no change", async () => {
        const up = await run("up");
        assert.deepEqual(await writes(), []);
        const created = up.steps.filter((step) => step.op === "create" && step.type.endsWith(":Link"));
        assert.equal(created.length, LINKS);
        assert.deepEqual(changes(await run("preview")), []);
        assert.deepEqual(await writes(), []);
    });

    it("without --output the links cannot go anywhere: a usage error, nothing written", async () => {
        const dir = freshTempDir("shortener-import-stdout");
        try {
            const result = await importer(["--kinds", "links"], dir);
            assert.equal(result.code, 2);
            assert.equal(result.stdout, "");
            assert.match(
                result.stderr,
                /links\.json go beside the program, as data it reads: name the program with --output FILE/,
            );
            assert.ok(!existsSync(join(dir, "links.json")));
        } finally {
            removeDir(dir);
        }
    });
});
