// The command line: argument parsing, and the command run as a user runs it (exit code, text); `preview --json` has
// its own suite (digest.test.ts).
import { strict as assert } from "assert";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { siblingScript } from "../host/child-processes";
import { HELP, INTERRUPT_REFUSAL, parseCommand } from "../cli";
import { signalledRun } from "../host/interrupt";
import { OPTIONS } from "../options";
import { freshProgramPerTest } from "./test-program";
import { sampleTests } from "../../test/support/depth";

interface Finished {
    code: number | null;
    stdout: string;
    stderr: string;
}

function runCli(args: string[], env: Record<string, string>): Promise<Finished> {
    const cli = siblingScript(path.join(__dirname, "..", path.basename(__filename)), "cli");
    return new Promise((resolve) => {
        execFile(
            process.execPath,
            [...cli.execArgv, cli.script, ...args],
            { env: { ...process.env, ...cli.env, ...env } },
            (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
        );
    });
}

describe("engine double: command line", function () {
    describe("parseCommand", () => {
        it("reads the operation, folder, state, stack, config and secret config", () => {
            const command = parseCommand([
                "preview",
                "prog",
                "--stack",
                "prod",
                "--state",
                "s.json",
                "--config",
                "region=eu=1",
                "--secret-config",
                "shortener:apiKey=k",
                "--json",
            ]);
            assert.equal(command.operation, "preview");
            assert.equal(command.json, true);
            assert.equal(command.options.programDir, path.resolve("prog"));
            assert.equal(command.options.stateFile, path.resolve("s.json"));
            assert.equal(command.options.stack, "prod");
            assert.deepEqual(command.options.config, { region: "eu=1" });
            assert.deepEqual(command.options.secretConfig, { "shortener:apiKey": "k" });
        });

        it("reads --parallel, --refresh, --run-program and the pending-create choices", () => {
            const command = parseCommand([
                "refresh",
                "prog",
                "--parallel",
                "3",
                "--run-program",
                "--clear-pending-creates",
                "--import-pending-creates",
                "urn:pulumi:dev::p::t::a",
                "id-1",
                "--import-pending-creates",
                "urn:pulumi:dev::p::t::b",
                "id-2",
            ]);
            assert.equal(command.options.parallel, 3);
            assert.equal(command.options.runProgram, true);
            assert.equal(command.options.clearPendingCreates, true);
            assert.deepEqual(command.options.importPendingCreates, {
                "urn:pulumi:dev::p::t::a": "id-1",
                "urn:pulumi:dev::p::t::b": "id-2",
            });
            assert.equal(parseCommand(["up", "prog", "--refresh"]).options.refresh, true);
            assert.equal(parseCommand(["preview", "prog", "--refresh", "--run-program"]).options.runProgram, true);
            assert.throws(
                () => parseCommand(["up", "prog", "--parallel", "0"]),
                /--parallel: expected a whole number of at least 1, got 0/,
            );
            assert.throws(
                () => parseCommand(["refresh", "prog", "--import-pending-creates", "urn:x"]),
                /--import-pending-creates: a value is required/,
            );
        });

        it("takes the CLI's shorthands (-s, -c, -t, -p, -r, -f, -j)", () => {
            const up = parseCommand([
                "up",
                "prog",
                "-s",
                "prod",
                "-c",
                "region=eu",
                "-t",
                "urn:a",
                "-t",
                "urn:b",
                "-p",
                "2",
                "-r",
                "-f",
            ]);
            assert.equal(up.options.stack, "prod");
            assert.deepEqual(up.options.config, { region: "eu" });
            assert.deepEqual(up.options.targets, ["urn:a", "urn:b"]);
            assert.equal(up.options.parallel, 2);
            assert.equal(up.options.refresh, true);
            assert.equal(up.skipPreview, true);
            assert.equal(parseCommand(["preview", "prog", "-j"]).json, true);
            assert.throws(
                () => parseCommand(["up", "prog", "-p", "x"]),
                /^Error: -p: expected a whole number of at least 1, got x$/,
            );
        });

        it("refuses an option the operation does not take, naming the operations that do", () => {
            assert.throws(
                () => parseCommand(["destroy", "prog", "--refresh"]),
                /^Error: --refresh: only for preview and up$/,
            );
            assert.throws(
                () => parseCommand(["preview", "prog", "-f"]),
                /^Error: -f: only for up, refresh and destroy$/,
            );
            assert.throws(
                () => parseCommand(["destroy", "prog", "--expect-no-changes"]),
                /^Error: --expect-no-changes: only for preview, up and refresh$/,
            );
            assert.throws(
                () => parseCommand(["up", "prog", "--import-pending-creates", "urn:a", "id"]),
                /^Error: --import-pending-creates: only for refresh$/,
            );
        });

        it("takes --ignore-protect for preview, up and destroy only", () => {
            for (const operation of ["preview", "up", "destroy"]) {
                assert.equal(
                    parseCommand([operation, "prog", "--ignore-protect"]).options.ignoreProtect,
                    true,
                    operation,
                );
            }
            assert.throws(
                () => parseCommand(["refresh", "prog", "--ignore-protect"]),
                /^Error: --ignore-protect: only for preview, up and destroy$/,
            );
        });

        it("--help lists each option once, with its operations when not all of them take it", () => {
            for (const row of OPTIONS) {
                // An option's line starts with its names, then its value's name.
                const lines = HELP.split("\n").filter(
                    (line) => /^ {2}-/.test(line) && line.trim().split(" ").slice(0, 4).includes(row.names[0]),
                );
                assert.equal(lines.length, 1, `${row.names[0]} in ${lines.join("\n")}`);
                const scope = row.commands.length < 4 ? `${row.commands.join(", ")}: ` : "";
                assert.ok(lines[0].includes(` ${scope}`), lines[0]);
            }
        });

        it("keeps the state beside the program by default, per stack", () => {
            const command = parseCommand(["preview", "prog"]);
            assert.equal(command.options.stateFile, path.resolve("prog", ".pulumi-engine", "dev.json"));
        });

        it("names the argument that is wrong, without echoing a value", () => {
            assert.throws(
                () => parseCommand(["deploy", "prog"]),
                /operation: expected one of preview, up, refresh, destroy, got deploy/,
            );
            assert.throws(() => parseCommand(["up"]), /programDir: required/);
            assert.throws(() => parseCommand(["up", "prog", "--stack"]), /--stack: a value is required/);
            assert.throws(() => parseCommand(["up", "prog", "--verbose"]), /--verbose: unknown option/);
            assert.throws(
                () => parseCommand(["up", "prog", "--secret-config", "hunter2"]),
                (error: Error) =>
                    /--secret-config: expected key=value/.test(error.message) && !error.message.includes("hunter2"),
            );
        });
    });

    describe("the command", function () {
        // Each command starts node, the provider host and the program; a busy machine takes tens of seconds per run.
        this.timeout(300_000);
        const testProgram = freshProgramPerTest();

        it("prints the plan and exits 0 on success, 1 with the error last on failure; secrets never printed", async () => {
            const program = testProgram();
            const spec = (size: number) => `spec=${JSON.stringify({ things: [{ name: "a", inputs: { size } }] })}`;
            const common = [
                "--state",
                program.stateFile,
                "--secret-config",
                "apiKey=cli-secret-value",
                "--skip-preview",
            ];

            const success = await runCli(["up", program.dir, "--config", spec(1), ...common], program.env);
            assert.equal(success.code, 0, success.stdout + success.stderr);
            assert.match(success.stdout, /^Updating \(dev\):/);
            assert.match(success.stdout, /\+ +create +pulumi-nodejs:dynamic\/test:Thing +a\n/);

            const failure = await runCli(["up", program.dir, "--config", spec(0), ...common], program.env);
            assert.equal(failure.code, 1);
            assert.match(failure.stdout, /\n\nerror: .*size: must be a positive number[^\n]*\n/);
            for (const output of [success.stdout, success.stderr, failure.stdout, failure.stderr]) {
                assert.ok(!output.includes("cli-secret-value"));
            }
        });

        it("--help prints the usage with the exit codes, --version the package's version, both exit 0", async () => {
            const help = await runCli(["--help"], {});
            assert.equal(help.code, 0);
            assert.match(help.stdout, /^usage: engine <preview\|up\|refresh\|destroy> <programDir>/);
            assert.match(help.stdout, /Exit codes:\n {2}0 [^\n]+\n {2}1 [^\n]+\n {2}2 [^\n]+\n {2}7 /);
            const afterOperation = await runCli(["up", "prog", "--help"], {});
            assert.equal(afterOperation.stdout, help.stdout);
            const version = await runCli(["--version"], {});
            assert.equal(version.code, 0);
            const manifest = JSON.parse(
                fs.readFileSync(path.join(__dirname, "..", "..", "..", "package.json"), "utf8"),
            ) as { version: string };
            assert.equal(version.stdout, `${manifest.version}\n`);
        });

        it("a bad argument is one line on stderr, exit 2", async () => {
            const bad = await runCli(["up", "prog", "--verbose"], {});
            assert.equal(bad.code, 2);
            assert.equal(bad.stderr, "engine: --verbose: unknown option (engine --help for usage)\n");
        });

        it("reads secret config from an environment variable or a file, so the key is on no command line", async () => {
            const program = testProgram();
            const keyFile = path.join(program.root, "key.txt");
            fs.writeFileSync(keyFile, "key-from-file\n");
            const fromEnv = parseCommand(["up", "prog", "--secret-config-env", "apiKey=ENGINE_TEST_KEY"], {
                ENGINE_TEST_KEY: "key-from-env",
            });
            assert.deepEqual(fromEnv.options.secretConfig, { apiKey: "key-from-env" });
            const fromFile = parseCommand(["up", "prog", "--secret-config-file", `apiKey=${keyFile}`]);
            assert.deepEqual(fromFile.options.secretConfig, { apiKey: "key-from-file" });
            assert.throws(
                () => parseCommand(["up", "prog", "--secret-config-env", "apiKey=ENGINE_TEST_UNSET"], {}),
                /environment variable ENGINE_TEST_UNSET is not set/,
            );
            fs.writeFileSync(keyFile, "x".repeat(64 * 1024 + 1));
            assert.throws(
                () => parseCommand(["up", "prog", "--secret-config-file", `apiKey=${keyFile}`]),
                /larger than 65536 bytes/,
            );
        });

        it("up stops on the preview's errors before any step runs; --skip-preview does not preview", async () => {
            const program = testProgram();
            const spec = `spec=${JSON.stringify({
                things: [
                    { name: "good", inputs: { size: 1 } },
                    { name: "bad", inputs: { size: -1 } },
                ],
            })}`;
            const stopped = await runCli(
                ["up", program.dir, "--state", program.stateFile, "--config", spec],
                program.env,
            );
            assert.equal(stopped.code, 1, stopped.stdout);
            assert.match(stopped.stdout, /^Previewing update \(dev\):/);
            assert.deepEqual(
                program.takeCalls().filter((call) => call.call === "create"),
                [],
            );
            assert.deepEqual(program.cloud(), {});
            const skipped = await runCli(
                ["up", program.dir, "--state", program.stateFile, "--config", spec, "--skip-preview"],
                program.env,
            );
            assert.equal(skipped.code, 1);
            assert.match(skipped.stdout, /^Updating \(dev\):/);
        });

        it("--expect-no-changes: exit 0 with no changes, 7 with changes (NoChangesExpectedError)", async () => {
            const program = testProgram();
            const spec = (size: number) => `spec=${JSON.stringify({ things: [{ name: "a", inputs: { size } }] })}`;
            const common = [program.dir, "--state", program.stateFile];
            assert.equal((await runCli(["up", ...common, "--config", spec(1), "--skip-preview"], program.env)).code, 0);
            const unchanged = await runCli(
                ["preview", ...common, "--config", spec(1), "--expect-no-changes"],
                program.env,
            );
            assert.equal(unchanged.code, 0, unchanged.stdout + unchanged.stderr);
            const changed = await runCli(
                ["preview", ...common, "--config", spec(2), "--expect-no-changes"],
                program.env,
            );
            assert.equal(changed.code, 7, changed.stdout + changed.stderr);
            assert.equal(changed.stderr, "error: no changes were expected for preview but changes were proposed\n");
        });

        it("up --expect-no-changes applies the changes it previews, then exits 7 (PreviewThenPromptThenExecute)", async () => {
            const program = testProgram();
            const spec = (size: number) => `spec=${JSON.stringify({ things: [{ name: "a", inputs: { size } }] })}`;
            const common = [program.dir, "--state", program.stateFile];
            assert.equal((await runCli(["up", ...common, "--config", spec(1), "--skip-preview"], program.env)).code, 0);
            program.takeCalls();
            const changed = await runCli(["up", ...common, "--config", spec(2), "--expect-no-changes"], program.env);
            assert.equal(changed.code, 7, changed.stdout + changed.stderr);
            assert.equal(changed.stderr, "error: no changes were expected for update but changes were proposed\n");
            assert.deepEqual(
                Object.values(program.cloud()).map((thing) => thing.size),
                [2],
                "the update was applied",
            );
        });

        it("refresh previews first, reading every resource twice; --skip-preview reads once", async () => {
            const program = testProgram();
            const spec = `spec=${JSON.stringify({
                things: [
                    { name: "a", inputs: { size: 1 } },
                    { name: "b", inputs: { size: 2 } },
                ],
            })}`;
            const common = [program.dir, "--state", program.stateFile, "--config", spec];
            assert.equal((await runCli(["up", ...common, "--skip-preview"], program.env)).code, 0);
            program.takeCalls();
            const refreshed = await runCli(["refresh", ...common], program.env);
            assert.equal(refreshed.code, 0, refreshed.stdout + refreshed.stderr);
            assert.match(refreshed.stdout, /^Previewing refresh \(dev\):[^]*\nRefreshing \(dev\):/);
            assert.equal(
                program.takeCalls().filter((call) => call.call === "read").length,
                4,
                "two reads of each of two resources",
            );
            const skipped = await runCli(["refresh", ...common, "--skip-preview"], program.env);
            assert.match(skipped.stdout, /^Refreshing \(dev\):/);
            assert.equal(program.takeCalls().filter((call) => call.call === "read").length, 2);
        });

        it("state taint makes the next up replace the resource; state delete refuses a protected one until unprotected", async () => {
            const program = testProgram();
            const spec = `spec=${JSON.stringify({
                things: [
                    { name: "a", inputs: { size: 1 }, options: { protect: true } },
                    { name: "b", inputs: { size: 1 } },
                ],
            })}`;
            const common = [program.dir, "--state", program.stateFile];
            const urn = (name: string) =>
                program.state().resources.find((resource) => resource.urn.endsWith(`::${name}`))!.urn;
            assert.equal((await runCli(["up", ...common, "--config", spec, "--skip-preview"], program.env)).code, 0);
            const tainted = await runCli(["state", "taint", ...common, urn("b")], program.env);
            assert.deepEqual([tainted.code, tainted.stdout], [0, "1 resources tainted\n"], tainted.stderr);
            const up = await runCli(["up", ...common, "--config", spec, "--skip-preview"], program.env);
            assert.match(up.stdout, /\+-\s+replace\s+\S+\s+b\b/, up.stdout);
            assert.equal(
                program.state().resources.some((resource) => resource.taint),
                false,
                "the replacement is not tainted",
            );
            const refused = await runCli(["state", "delete", ...common, urn("a")], program.env);
            assert.equal(refused.code, 1);
            assert.equal(
                refused.stderr,
                `error: ${urn("a")} can't be safely deleted because it is protected. Re-run this command with --force to force deletion\n`,
            );
            assert.equal((await runCli(["state", "unprotect", ...common, urn("a")], program.env)).code, 0);
            const deleted = await runCli(["state", "rm", ...common, urn("a")], program.env);
            assert.deepEqual([deleted.code, deleted.stdout], [0, "Resource deleted\n"], deleted.stderr);
            assert.equal(
                program.state().resources.some((resource) => resource.urn.endsWith("::a")),
                false,
            );
            const usage = await runCli(["state", "taint", ...common, "--all"], program.env);
            assert.deepEqual(
                [usage.code, usage.stderr],
                [2, "engine: unknown flag: --all (engine state --help for usage)\n"],
            );
        });

        it("an interrupt is refused out loud: the run stops at once, naming the cancellation it does not follow (TestCanceledRefresh)", async () => {
            const program = testProgram();
            const spec = `spec=${JSON.stringify({ things: ["resA", "resB", "resC"].map((name) => ({ name, inputs: { slowMs: 3000 } })) })}`;
            const common = [
                program.dir,
                "--state",
                program.stateFile,
                "--config",
                spec,
                "--skip-preview",
                "--parallel",
                "1",
            ];
            assert.equal((await runCli(["up", ...common], program.env)).code, 0);
            const before = fs.readFileSync(program.stateFile, "utf8");
            program.takeCalls();
            // The provider host is configured, so the first slow read is in flight.
            const configured = () =>
                fs.existsSync(program.callsFile) &&
                fs.readFileSync(program.callsFile, "utf8").includes('"call":"configure"');
            const interrupted = await signalledRun(["refresh", ...common], program.env, configured);
            assert.equal(interrupted.code, 1, interrupted.stderr);
            assert.equal(interrupted.stderr, `error: ${INTERRUPT_REFUSAL}\n`);
            assert.match(
                interrupted.stderr,
                /cancellation_scope\.go cancellationScopeSource\.NewScope, deployment_executor\.go Execute/,
            );
            assert.equal(fs.readFileSync(program.stateFile, "utf8"), before, "nothing was refreshed");
        });

        sampleTests(this, 2);
    });
});
