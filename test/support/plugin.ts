// The plugin as the CLI finds it in a user's project: `pulumi-resource-shortener` in a folder on PATH (npm puts it in
// node_modules/.bin). Here it is a script in dist/, beside the build it runs, written on first use.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { delimiter } from "node:path";

/** dist/plugin-bin: the folder of this build's plugin. */
const BIN_DIR = resolve(__dirname, "../../plugin-bin");

/** The folder holding `pulumi-resource-shortener` for this build, made if it is not there. */
export function pluginBinDir(): string {
    mkdirSync(BIN_DIR, { recursive: true });
    const script = join(BIN_DIR, "pulumi-resource-shortener");
    writeFileSync(script, `#!/bin/sh\nexec node "$(dirname "$0")/../provider/plugin/main.js" "$@"\n`);
    chmodSync(script, 0o755);
    return BIN_DIR;
}

/** The environment of a CLI run that uses the plugin: its folder first on PATH. */
export function pluginEnv(): Record<string, string> {
    return { PATH: `${pluginBinDir()}${delimiter}${process.env.PATH ?? ""}` };
}
