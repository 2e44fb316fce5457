// `npm run pulumi -- <args>`: the pinned Pulumi CLI (install.ts), built on first use, run with the caller's arguments,
// terminal and exit code, in the offline environment of cliEnvironment.
import { spawn } from "node:child_process";
import { cliEnvironment, ensurePulumiCli } from "./install";

async function main(): Promise<void> {
    const cli = await ensurePulumiCli();
    const child = spawn(cli.bin, process.argv.slice(2), { stdio: "inherit", env: cliEnvironment(cli) });
    // The terminal sends Ctrl-C to the whole process group; the CLI handles it (a second one cancels hard).
    process.on("SIGINT", () => undefined);
    child.once("error", (error) => {
        console.error(`pulumi: could not start ${cli.bin}: ${error.message}`);
        process.exit(1);
    });
    child.once("close", (code, signal) => process.exit(code ?? (signal ? 128 + 2 : 1)));
}

main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
});
