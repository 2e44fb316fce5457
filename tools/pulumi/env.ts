// `eval "$(npm run --silent pulumi-env)"`, in a clone: the pinned Pulumi CLI (install.ts, built on first use) as
// `pulumi` in the calling shell, in any folder, with the settings `npm run pulumi` gives it. It prints POSIX shell
// lines: the CLI's folder put first on the shell's own PATH (npm's PATH is not the shell's), and each setting of
// cliEnvironment that the caller has not set. Anything else it says (a build's progress) goes to stderr.
import { delimiter } from "node:path";
import { cliEnvironment, ensurePulumiCli } from "./install";

/** A value as one single-quoted shell word. */
function quoted(value: string): string {
    return `'${value.replaceAll("'", `'\\''`)}'`;
}

async function main(): Promise<void> {
    const cli = await ensurePulumiCli();
    const lines = [`export PATH=${quoted(cli.binDir)}${delimiter}"$PATH"`];
    // The settings alone: what cliEnvironment adds to an empty environment, but PATH.
    for (const [key, value] of Object.entries(cliEnvironment(cli, {})))
        if (key !== "PATH" && process.env[key] === undefined) lines.push(`export ${key}=${quoted(value)}`);
    process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
});
