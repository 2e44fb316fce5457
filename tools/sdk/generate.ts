// The provider's SDKs for Node.js, Python and Go (sdk/<language>), written by the real Pulumi CLI from the plugin's
// schema: `pulumi package get-schema` asks the plugin (package.json's bin `pulumi-resource-shortener`) for it, and
// `pulumi package gen-sdk` hands it to each language's host, built beside the CLI (tools/pulumi).
import { execFile } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { cliEnvironment, type PulumiCli } from "../pulumi/install";

const REPOSITORY = resolve(__dirname, "../../..");
/** Where the SDKs are committed, one folder per language. */
export const SDK_DIR = join(REPOSITORY, "sdk");
export const SDK_LANGUAGES = ["nodejs", "python", "go"] as const;
const PLUGIN = "pulumi-resource-shortener";
/** A get-schema or gen-sdk takes about a second; one that hangs (a plugin that never answers) is killed after this. */
export const CLI_STEP_TIMEOUT_MS = 120_000;
/** The most a step may print, the schema on stdout included, before it is killed. */
const OUTPUT_LIMIT_MIB = 16;
/** How much of a failed step's output its error shows: the end, where the CLI says what went wrong. */
const SHOWN_OUTPUT_CHARS = 8000;

/** The schema the plugin answers, as `pulumi package get-schema` prints it, written to `<work>/schema.json`. */
export async function pluginSchema(cli: PulumiCli, work: string): Promise<string> {
    const bin = (JSON.parse(readFileSync(join(REPOSITORY, "package.json"), "utf8")) as { bin?: Record<string, string> })
        .bin?.[PLUGIN];
    if (!bin) throw new Error(`package.json names no bin ${PLUGIN}: there is no plugin to ask for the schema`);
    const main = join(REPOSITORY, bin);
    if (!existsSync(main)) throw new Error(`${main} (package.json's bin ${PLUGIN}) is not built: npm run build`);
    // The CLI starts the plugin by its path and name; npm's bin link would be executable, a build's output is not.
    const launcher = join(work, PLUGIN);
    writeFileSync(launcher, `#!/bin/sh\nexec ${shellQuoted(process.execPath)} ${shellQuoted(main)} "$@"\n`);
    chmodSync(launcher, 0o755);
    const printed = await runCli(cli, ["package", "get-schema", launcher], work);
    try {
        JSON.parse(printed);
    } catch (error) {
        throw new Error(`pulumi package get-schema ${PLUGIN} printed no JSON schema`, { cause: error });
    }
    const schema = join(work, "schema.json");
    writeFileSync(schema, printed);
    return schema;
}

/** Writes `<out>/<language>` for each SDK language from the schema file, one `pulumi package gen-sdk` each. */
export async function generateSdks(cli: PulumiCli, schema: string, out: string): Promise<void> {
    mkdirSync(out, { recursive: true });
    for (const language of SDK_LANGUAGES)
        await runCli(cli, ["package", "gen-sdk", schema, "--language", language, "--out", out], out);
}

/** Puts the SDKs generated in `generated` in place of the committed ones, once all of them were written. */
export function replaceSdks(generated: string): void {
    for (const language of SDK_LANGUAGES) {
        rmSync(join(SDK_DIR, language), { recursive: true, force: true });
        cpSync(join(generated, language), join(SDK_DIR, language), { recursive: true });
    }
}

/** Runs the CLI in `cwd` (outside the repository, whose Pulumi.yaml is no project of these commands), bounded. */
function runCli(cli: PulumiCli, args: string[], cwd: string): Promise<string> {
    return new Promise((done, fail) => {
        const options = {
            cwd,
            env: cliEnvironment(cli),
            timeout: CLI_STEP_TIMEOUT_MS,
            killSignal: "SIGKILL" as const,
            maxBuffer: OUTPUT_LIMIT_MIB * 1024 * 1024,
        };
        execFile(cli.bin, args, options, (error, stdout, stderr) => {
            if (!error) return done(stdout);
            const why =
                error.code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER"
                    ? `printed more than ${OUTPUT_LIMIT_MIB} MiB`
                    : error.killed
                      ? `did not finish in ${CLI_STEP_TIMEOUT_MS / 1000} s`
                      : "failed";
            const said = printable((stderr || error.message).slice(-SHOWN_OUTPUT_CHARS));
            fail(new Error(`pulumi ${args.slice(0, 2).join(" ")} ${why}:\n${said}`));
        });
    });
}

function shellQuoted(text: string): string {
    return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The CLI's and the plugin's words with every control, format and line-separator character but the line break
 * escaped: the terminal escape of common/text/echo.ts, which tools/ (importing nothing outside itself) cannot reach.
 */
function printable(text: string): string {
    return text.replace(/(?!\n)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => `\\u{${c.codePointAt(0)?.toString(16)}}`);
}
