// Shared by the linter's tests: the compiled wiki-query-lint run in a child process, as a user runs it.
import { ChildProcess, execFile } from "node:child_process";
import { resolve } from "node:path";

export const LINT_CLI = resolve(__dirname, "../../wiki/lint/cli.js");
const FIXTURES = resolve(__dirname, "../../../test/fixtures/wiki");
export const fixture = (name: string): string => resolve(FIXTURES, name);
export const LINT_TIMEOUT_MS = 30_000;

export interface LintRun {
    status: number | null;
    stdout: string;
    stderr: string;
}

const children = new Set<ChildProcess>();

export function lint(...args: string[]): Promise<LintRun> {
    return new Promise((done) => {
        const child = execFile(
            process.execPath,
            [LINT_CLI, ...args],
            { timeout: LINT_TIMEOUT_MS },
            (error, stdout, stderr) => {
                children.delete(child);
                done({ status: child.exitCode ?? (error ? -1 : 0), stdout, stderr });
            },
        );
        children.add(child);
    });
}

/** Stops every child a test left running. */
export function stopLintChildren(): void {
    for (const child of children) child.kill();
    children.clear();
}

/** A pin whose paraminfo holds arrays nested `depth` deep: the header is well formed, the hash cannot match. */
export function deeplyNestedPin(depth: number): string {
    const pin = {
        format: 1,
        apiUrl: "https://wiki.example.org/w/api.php",
        generator: "MediaWiki 1.39.17",
        pulledAt: "2026-01-01T00:00:00.000Z",
        contentHash: `sha256:${"0".repeat(64)}`,
    };
    const module = `{"name":"deep","path":"query+deep","group":"list","prefix":"d","parameters":[],"nested":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    return `{"pin":${JSON.stringify(pin)},"paraminfo":{"helpformat":"none","modules":[${module}]}}`;
}
