// What reaches the terminal of the person running Pulumi: the provider's error messages and its stderr lines hold
// text from the service, and no such text may act on the terminal (write the clipboard with OSC 52, clear the screen,
// colour the output, turn it around with a bidi override). And a provider host whose stderr is gone (its CLI died)
// ends, rather than loop on the failing writes.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bindProvider } from "../../provider/runtime";
import { forTerminal } from "../../provider/terminal";
import { runOperation } from "../support/pulumi";
import { DECLARED_PROGRAM } from "../support/stack";
import { useHostileFront } from "./hostile-service";

/** Sequences a hostile answer could carry to a terminal. */
const HOSTILE = {
    "OSC 52 (writes the clipboard)": "\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007",
    "CSI 2J (clears the screen)": "\u001b[2J",
    "CSI colour": "\u001b[31m",
    "a C1 control (CSI in one byte)": "\u009b2J",
    "U+202E (right-to-left override)": "\u202e",
} as const;

const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

describe("hostile service: what reaches the terminal", function () {
    this.timeout(60_000);
    const { emulator, service } = useHostileFront();

    for (const [name, sequence] of Object.entries(HOSTILE)) {
        it(`an error message from the service holding ${name} reaches the engine escaped`, async () => {
            service().script((request) =>
                request.method === "POST"
                    ? { status: 400, body: { error: 1, message: `bad ${sequence} row` } }
                    : undefined,
            );
            const config: Record<string, string> = {
                "shortener:baseUrl": service().baseUrl,
                "shortener:apiKey": emulator().apiKey,
            };
            const provider = bindProvider("Channel", { get: (key: string) => config[key] });
            const error = await provider.create({ name: "News" }).then(
                () => assert.fail("the create succeeded"),
                (thrown: unknown) => thrown as Error,
            );
            assert.match(error.message, /Channel create failed: .*bad .* row/);
            assert.doesNotMatch(error.message, RAW, JSON.stringify(error.message));
        });
    }

    it("a data function's error holding every one of them, in a program under the CLI, reaches the terminal escaped", async function () {
        this.timeout(300_000);
        const said = `denied ${Object.values(HOSTILE).join("")}\r done`;
        service().script((request) =>
            request.path === "/api/account" ? { status: 400, body: { error: 1, message: said } } : undefined,
        );
        const dir = mkdtempSync(join(tmpdir(), "terminal-output-"));
        try {
            const preview = await runOperation("preview", {
                programDir: DECLARED_PROGRAM,
                stateFile: join(dir, "state.json"),
                config: { "shortener:baseUrl": service().baseUrl, "declared:dataCall": "getAccount" },
                secretConfig: { "shortener:apiKey": emulator().apiKey, "declared:resources": "[]" },
                env: { PULUMI_CONFIG_PASSPHRASE: "test-passphrase" },
            });
            assert.equal(preview.ok, false, preview.log);
            assert.match(preview.log, /the service rejected the request: denied \\u001b\]52;c;/);
            // The program's Node colours the error's properties itself; the service's sequences are only escaped.
            for (const [name, sequence] of Object.entries({ ...HOSTILE, "a carriage return": "\r" }))
                assert.ok(
                    !preview.log.includes(sequence),
                    `${name} reached the terminal: ${JSON.stringify(preview.log)}`,
                );
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });

    it("keeps the line breaks of a message and escapes every other control", () => {
        assert.equal(forTerminal("one\ntwo\u001b[2J\tthree"), "one\ntwo\\u001b[2J\\u0009three");
    });
});

describe("a provider host whose stderr is gone", function () {
    this.timeout(30_000);

    // The host's stderr is a pipe to the CLI. The child binds a provider as the host does, its reader goes, and it
    // writes to stderr as the provider and @pulumi/pulumi's uncaught-error handler do.
    it("ends at its first failing write instead of looping on it", async () => {
        const script = [
            `require(${JSON.stringify(require.resolve("../../provider/runtime"))}).bindProvider("Channel", undefined);`,
            "process.on('uncaughtException', (error) => console.error(error.stack));",
            "setInterval(() => process.stderr.write('shortener: waiting\\n'), 10);",
        ].join("\n");
        const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "pipe"] });
        await new Promise((resolve) => child.stderr.once("data", resolve));
        child.stderr.destroy();
        const code = await new Promise<number | null>((resolve) => {
            const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
            child.once("exit", (exitCode) => {
                clearTimeout(killer);
                resolve(exitCode);
            });
        });
        assert.equal(code, 1, "the host went on (killed after 10 s) or ended otherwise");
    });
});
