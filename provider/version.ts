// The package's own version, for the commands' --version and the linter's SARIF report.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Read from the package.json of the package this file belongs to (dist/provider/version.js is two folders below it). */
export function packageVersion(): string {
    const manifest = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as {
        version?: unknown;
    };
    return typeof manifest.version === "string" ? manifest.version : "unknown";
}
