// The user's shared folder sits beside the repository's root (`../shared`), on every machine and in CI.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { REPOSITORY_ROOT } from "./repository";

/** A file of ../shared/data, failing with the path it looked for when the shared folder is not beside the repository. */
export function sharedDataPath(name: string): string {
    const path = resolve(REPOSITORY_ROOT, "..", "shared", "data", name);
    if (!existsSync(path))
        throw new Error(
            `${path} is missing: the tests read the shared folder beside the repository's root (../shared)`,
        );
    return path;
}
