// The test reporter on a quiet run: progress lines while a test prints nothing, and the closing line CI reads.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPOSITORY_ROOT } from "../support/repository";

const run = promisify(execFile);
const MOCHA = join(REPOSITORY_ROOT, "node_modules", "mocha", "bin", "mocha.js");
const REPORTER = join(REPOSITORY_ROOT, "test", "support", "summary-reporter.js");
const QUIET_FIXTURE = join(REPOSITORY_ROOT, "test", "fixtures", "reporter", "slow.js");

/** Runs the quiet fixture under the summary reporter, a progress line after each quiet second; its output's lines. */
async function quietRun(...mochaOptions: string[]): Promise<string[]> {
    const result = await run(
        process.execPath,
        [MOCHA, "--no-config", ...mochaOptions, "--timeout", "20000", "--reporter", REPORTER, QUIET_FIXTURE],
        {
            env: { ...process.env, TEST_PROGRESS_SECONDS: "1" },
        },
    ).catch((failed: { code: number; stdout: string }) => failed);
    return result.stdout.trim().split("\n");
}

describe("the summary reporter", function () {
    this.timeout(60_000);

    it("prints a progress line naming the running test when nothing was printed for a while, and ends with 'N passed, N failed'", async () => {
        const lines = await quietRun();
        const progress = lines.filter((line) => line.includes('into "a quiet suite waits without printing"'));
        assert.ok(progress.length >= 2, `expected progress lines about the quiet test, got:\n${lines.join("\n")}`);
        assert.match(
            progress[0],
            /… \d+ s into the run, \d+ s into "a quiet suite waits without printing"; 0 passed, 0 failed so far/,
        );
        assert.equal(lines.at(-1), "1 passed, 1 failed");
    });

    it("prints progress lines with --parallel too, where mocha reports a file only once it has finished", async () => {
        const lines = await quietRun("--parallel", "--jobs", "2");
        const progress = lines.filter((line) => line.includes("workers running"));
        assert.ok(
            progress.length >= 2,
            `expected progress lines while the worker runs the quiet file, got:\n${lines.join("\n")}`,
        );
        assert.match(
            progress[0],
            /… \d+ s into the run, workers running, the last result \d+ s ago from "\(none yet\)"; 0 passed, 0 failed so far/,
        );
        assert.equal(lines.at(-1), "1 passed, 1 failed");
    });
});
