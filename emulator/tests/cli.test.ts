import assert from "node:assert/strict";
import { ChildProcess, execFile, spawn } from "node:child_process";
import { extname, join } from "node:path";
import { readManifest } from "../../test/support/repository";
import { parseCliArguments, parseRate } from "../cli-options";

describe("emulator: command-line options", () => {
    it("parses port, rate, style and state file", () => {
        assert.deepEqual(
            parseCliArguments(["--port", "8080", "--rate", "30/60s", "--rate-style", "status", "--state", "s.json"]),
            {
                run: "emulator",
                options: {
                    port: 8080,
                    rateLimit: { limit: 30, windowMs: 60_000 },
                    rateLimitStyle: "status",
                    stateFile: "s.json",
                },
            },
        );
        assert.deepEqual(parseCliArguments([]), { run: "emulator", options: {} });
    });

    it("answers --help and --version wherever they stand, before any other option is judged", () => {
        assert.deepEqual(parseCliArguments(["--help"]), { run: "help" });
        assert.deepEqual(parseCliArguments(["--port", "http", "-h"]), { run: "help" });
        assert.deepEqual(parseCliArguments(["--version"]), { run: "version" });
    });

    it("reads rate windows in ms, s and m", () => {
        assert.deepEqual(parseRate("30/1000ms"), { limit: 30, windowMs: 1000 });
        assert.deepEqual(parseRate("5/2m"), { limit: 5, windowMs: 120_000 });
    });

    for (const args of [
        ["--rate", "30"],
        ["--rate", "0/1s"],
        ["--rate-style", "loud"],
        ["--port", "http"],
        ["--port"],
        ["--verbose", "x"],
        ["stray"],
    ]) {
        it(`refuses ${args.join(" ")} naming the option`, () => {
            assert.throws(() => parseCliArguments(args), new RegExp(args[0]));
        });
    }
});

describe("emulator: command line", () => {
    let child: ChildProcess | undefined;
    afterEach(() => {
        if (child && child.exitCode === null) child.kill("SIGKILL");
    });
    // Run the CLI the same way this test runs: compiled JavaScript, or TypeScript through ts-node.
    const script = join(__dirname, "..", `cli${extname(__filename)}`);
    const args = extname(__filename) === ".ts" ? ["-r", "ts-node/register", script] : [script];
    const runOnce = (...flags: string[]) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
            execFile(
                process.execPath,
                [...args, ...flags],
                { env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "true" } },
                (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
            ),
        );

    it("prints its help with every option and exit code on --help, and the package version on --version, exit 0", async () => {
        const help = await runOnce("--help");
        assert.equal(help.code, 0, help.stderr);
        for (const option of [
            "--profile",
            "--port",
            "--rate",
            "--rate-style",
            "--state",
            "--version",
            "docs/emulator.md",
            "Exit codes: 0",
        ]) {
            assert.ok(help.stdout.includes(option), `the help does not mention ${option}:\n${help.stdout}`);
        }
        const version = await runOnce("--version");
        assert.equal(version.code, 0, version.stderr);
        assert.equal(version.stdout.trim(), readManifest().version);
        const wrong = await runOnce("--rate-style", "loud");
        assert.equal(wrong.code, 2);
        assert.match(wrong.stderr, /--rate-style must be body or status, got "loud"/);
    });

    it("prints the base URL, a working key and the admin token, and stops cleanly on SIGTERM", async () => {
        child = spawn(process.execPath, [...args, "--rate", "7/60s"], {
            env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "true" },
            stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));
        while (!/Press Ctrl\+C/.test(output)) {
            if (child.exitCode !== null) assert.fail("the emulator exited before printing its address");
            await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const baseUrl = /Base URL:\s+(\S+)/.exec(output)?.[1];
        const apiKey = /API key:\s+(\S+)/.exec(output)?.[1];
        const adminToken = /Admin token:\s+(\S+)/.exec(output)?.[1];
        assert.match(baseUrl ?? "", /^http:\/\/127\.0\.0\.1:\d+$/);
        const response = await fetch(`${baseUrl}/api/account`, { headers: { Authorization: `Bearer ${apiKey}` } });
        assert.equal(response.status, 200);
        assert.equal(response.headers.get("x-ratelimit-limit"), "7");
        await response.text();
        const admin = await fetch(`${baseUrl}/__admin/store`, { headers: { "X-Admin-Token": adminToken ?? "" } });
        assert.equal(admin.status, 200);
        await admin.text();

        child.kill("SIGTERM");
        assert.equal(await exited, 0);
        assert.match(output, /stopped/);
    });
});
