// The pinned Pulumi CLI's cache and build (tools/pulumi/install.ts) against a hostile machine: a CLI planted in a
// cache folder another user owns or may write to is never run by `npm run pulumi`, and the build takes only modules
// that go.sum pins, whatever GOFLAGS, GOPROXY and GOSUMDB say. The shared cache is never touched: each case names a
// cache folder of its own with PULUMI_SHORTENER_CACHE.
import { strict as assert } from "node:assert";
import { createHash } from "node:crypto";
import {
    chmodSync,
    chownSync,
    existsSync,
    mkdirSync,
    mkdtempSync,
    readdirSync,
    readFileSync,
    rmSync,
    writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { crc32 } from "node:zlib";
import { cachedBinDir, goBuild } from "../../tools/pulumi/install";
import { runCommand } from "../support/commands";
import { REPOSITORY_ROOT } from "../support/repository";

const CLI = join(REPOSITORY_ROOT, "dist", "tools", "pulumi", "cli.js");
/** Another user: nobody, on Debian and most Linux systems. */
const OTHER_UID = 65534;
const isRoot = process.getuid?.() === 0;

/** A CLI, its language host and its plugin, of someone else's: the CLI leaves a mark when run. */
function plantCli(cache: string, mark: string): string {
    const binDir = cachedBinDir({ PULUMI_SHORTENER_CACHE: cache });
    mkdirSync(binDir, { recursive: true, mode: 0o755 });
    for (let dir = binDir; dir !== dirname(cache); dir = dirname(dir)) chmodSync(dir, 0o755);
    const bin = join(binDir, "pulumi");
    writeFileSync(bin, `#!/bin/sh\necho planted > ${JSON.stringify(mark)}\necho v3.274.1\n`);
    for (const plugin of ["pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"])
        writeFileSync(join(binDir, plugin), "#!/bin/sh\nexit 1\n");
    for (const file of readdirSync(binDir)) chmodSync(join(binDir, file), 0o755);
    return bin;
}

/** `npm run pulumi -- version` with the cache in `cache`. */
function pulumiVersion(cache: string) {
    return runCommand(process.execPath, [CLI, "version"], {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, PULUMI_SHORTENER_CACHE: cache },
        timeoutMs: 60_000,
    });
}

describe("the pinned Pulumi CLI's cache, on a machine others share", function () {
    this.timeout(120_000);
    let dir: string;
    let mark: string;
    beforeEach(() => {
        dir = mkdtempSync(join(tmpdir(), "pulumi-cache-"));
        mark = join(dir, "ran");
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const refused = async (cache: string, why: RegExp) => {
        const result = await pulumiVersion(cache);
        assert.notEqual(result.code, 0, `the planted CLI ran:\n${result.stdout}${result.stderr}`);
        assert.ok(!existsSync(mark), "the planted CLI ran");
        assert.match(result.stderr, why);
        assert.match(result.stderr, /PULUMI_SHORTENER_CACHE/);
    };

    it("runs a cached CLI whose folders and binary are the user's own and no one else's to write", async () => {
        const cache = join(dir, "cache");
        plantCli(cache, mark);
        const result = await pulumiVersion(cache);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(result.stdout.trim(), "v3.274.1");
        assert.ok(existsSync(mark), "the cached CLI ran");
    });

    it("never runs one from a cache folder that anyone may write to", async () => {
        const cache = join(dir, "cache");
        plantCli(cache, mark);
        chmodSync(cache, 0o777);
        await refused(cache, new RegExp(`${cache}: writable by others \\(mode 777\\)`));
    });

    it("never runs a binary that anyone may write to, or whose folder is group-writable", async () => {
        const cache = join(dir, "cache");
        const bin = plantCli(cache, mark);
        chmodSync(bin, 0o757);
        await refused(cache, new RegExp(`${bin}: writable by others \\(mode 757\\)`));
        chmodSync(bin, 0o755);
        chmodSync(dirname(bin), 0o775);
        await refused(cache, new RegExp(`${dirname(bin)}: writable by others \\(mode 775\\)`));
    });

    it("never runs one from a cache inside a folder anyone may write to, where it could be swapped", async () => {
        const open = join(dir, "open");
        mkdirSync(open, { mode: 0o777 });
        chmodSync(open, 0o777);
        const cache = join(open, "cache");
        plantCli(cache, mark);
        await refused(cache, new RegExp(`${open}: writable by others \\(mode 777\\)`));
    });

    it("never runs one from a cache folder or binary another user owns, nor builds into such a folder", async function () {
        if (!isRoot) this.skip(); // Only root can give a folder to another user.
        const cache = join(dir, "cache");
        const bin = plantCli(cache, mark);
        chownSync(bin, OTHER_UID, OTHER_UID);
        await refused(cache, new RegExp(`${bin}: owned by uid ${OTHER_UID}, not by you \\(uid 0\\)`));
        chownSync(bin, 0, 0);
        chownSync(cache, OTHER_UID, OTHER_UID);
        chmodSync(cache, 0o777);
        await refused(cache, new RegExp(`${cache}: owned by uid ${OTHER_UID}`));
        // Without a planted CLI, the build is refused before it starts.
        rmSync(join(cache, relative(cache, dirname(dirname(bin)))), { recursive: true });
        await refused(cache, new RegExp(`${cache}: owned by uid ${OTHER_UID}`));
    });
});

/** A zip of `files` as Go's module proxy serves one (stored, no compression). */
function storedZip(files: Record<string, string>): Buffer {
    const locals: Buffer[] = [];
    const centrals: Buffer[] = [];
    let offset = 0;
    for (const [name, text] of Object.entries(files)) {
        const data = Buffer.from(text);
        const fileName = Buffer.from(name);
        const common = (header: Buffer, at: number) => {
            header.writeUInt16LE(20, at); // version needed
            header.writeUInt16LE(0, at + 2); // flags
            header.writeUInt16LE(0, at + 4); // stored
            header.writeUInt16LE(0, at + 6); // time
            header.writeUInt16LE(0x21, at + 8); // date: 1980-01-01
            header.writeUInt32LE(crc32(data), at + 10);
            header.writeUInt32LE(data.length, at + 14);
            header.writeUInt32LE(data.length, at + 18);
            header.writeUInt16LE(fileName.length, at + 22);
        };
        const local = Buffer.alloc(30);
        local.writeUInt32LE(0x04034b50, 0);
        common(local, 4);
        const central = Buffer.alloc(46);
        central.writeUInt32LE(0x02014b50, 0);
        central.writeUInt16LE(20, 4); // version made by
        common(central, 6);
        central.writeUInt32LE(offset, 42);
        locals.push(local, fileName, data);
        centrals.push(central, fileName);
        offset += local.length + fileName.length + data.length;
    }
    const directory = Buffer.concat(centrals);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Object.keys(files).length, 8);
    end.writeUInt16LE(Object.keys(files).length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...locals, directory, end]);
}

/** Go's h1: hash of files (dirhash.Hash1): the SHA-256 of one "sha256  name" line per file, sorted by name. */
function h1(files: Record<string, string>): string {
    const lines = Object.keys(files)
        .sort()
        .map((name) => `${createHash("sha256").update(files[name]).digest("hex")}  ${name}\n`)
        .join("");
    return `h1:${createHash("sha256").update(lines).digest("base64")}`;
}

describe("the pinned Pulumi CLI's build, under a hostile Go environment", function () {
    this.timeout(120_000);
    const MODULE = "example.com/unpinned";
    const VERSION = "v1.0.0";
    const goMod = `module ${MODULE}\n\ngo 1.22\n`;
    const zipped = {
        [`${MODULE}@${VERSION}/go.mod`]: goMod,
        [`${MODULE}@${VERSION}/unpinned.go`]: 'package unpinned\n\nfunc Hello() string { return "hello" }\n',
    };
    let dir: string;
    let probe: string;
    /** The environment of a user who set Go to take any module unchecked, with a module proxy of the test's own. */
    let hostile: NodeJS.ProcessEnv;
    before(() => {
        dir = mkdtempSync(join(tmpdir(), "pulumi-go-env-"));
        const proxy = join(dir, "proxy", MODULE, "@v");
        mkdirSync(proxy, { recursive: true });
        writeFileSync(join(proxy, "list"), `${VERSION}\n`);
        writeFileSync(
            join(proxy, `${VERSION}.info`),
            JSON.stringify({ Version: VERSION, Time: "2024-01-01T00:00:00Z" }),
        );
        writeFileSync(join(proxy, `${VERSION}.mod`), goMod);
        writeFileSync(join(proxy, `${VERSION}.zip`), storedZip(zipped));
        probe = join(dir, "probe");
        mkdirSync(probe);
        writeFileSync(join(probe, "go.mod"), `module probe\n\ngo 1.22\n\nrequire ${MODULE} ${VERSION}\n`);
        writeFileSync(
            join(probe, "main.go"),
            `package main\n\nimport "${MODULE}"\n\nfunc main() { println(unpinned.Hello()) }\n`,
        );
        hostile = {
            ...process.env,
            GOFLAGS: "-mod=mod",
            GOSUMDB: "off",
            GONOSUMDB: "*",
            GOPROXY: `file://${join(dir, "proxy")}`,
            GOMODCACHE: join(dir, "modcache"),
        };
    });
    after(() => {
        // Go makes its module cache read-only.
        if (existsSync(join(dir, "modcache"))) writableTree(join(dir, "modcache"));
        rmSync(dir, { recursive: true, force: true });
    });
    const build = () =>
        goBuild(
            join(dir, "out"),
            "probe",
            ".",
            "v0.0.0",
            () => undefined,
            { dir: probe, versionVariable: "main.version" },
            hostile,
        );

    it("refuses a module go.sum does not pin, whatever GOFLAGS and GOSUMDB say, and writes no go.sum", async () => {
        rmSync(join(probe, "go.sum"), { force: true });
        await assert.rejects(build(), /go build probe exited with 1/);
        assert.ok(!existsSync(join(probe, "go.sum")), "the build pinned a module itself, unchecked");
        assert.ok(!existsSync(join(dir, "out", "probe")), "a binary was built");
    });

    it("builds a module go.sum pins from the GOPROXY the environment names", async () => {
        const sums = `${MODULE} ${VERSION} ${h1(zipped)}\n${MODULE} ${VERSION}/go.mod ${h1({ "go.mod": goMod })}\n`;
        writeFileSync(join(probe, "go.sum"), sums);
        await build();
        assert.ok(existsSync(join(dir, "out", "probe")), "no binary was built");
        assert.equal(readFileSync(join(probe, "go.sum"), "utf8"), sums, "go.sum was changed");
    });
});

/** Makes every folder of a tree writable, so that it can be removed. */
function writableTree(path: string): void {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path, { withFileTypes: true }))
        if (entry.isDirectory()) writableTree(join(path, entry.name));
}
