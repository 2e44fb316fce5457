// The package's own version and home page, for the commands' --version and the linter's SARIF report.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The package.json of the package this file belongs to (dist/common/package-version.js is two folders below it). */
function manifest(): Record<string, unknown> {
    return JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as Record<string, unknown>;
}

export function packageVersion(): string {
    const { version } = manifest();
    return typeof version === "string" ? version : "unknown";
}

/** The package's `homepage`, or undefined while it names none: a report never points at a page that is not there. */
export function packageHomepage(): string | undefined {
    const { homepage } = manifest();
    return typeof homepage === "string" && homepage !== "" ? homepage : undefined;
}
