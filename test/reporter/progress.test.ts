// The test reporter on a quiet run: progress lines while a test prints nothing, and the closing line CI reads.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPOSITORY_ROOT } from "../support/repository";

const run = promisify(execFile);

describe("the summary reporter", function () {
    this.timeout(60_000);

    it("prints a progress line naming the running test when nothing was printed for a while, and ends with 'N passed, N failed'", async () => {
        const mocha = join(REPOSITORY_ROOT, "node_modules", "mocha", "bin", "mocha.js");
        const reporter = join(REPOSITORY_ROOT, "test", "support", "summary-reporter.js");
        const fixture = join(REPOSITORY_ROOT, "test", "fixtures", "reporter", "slow.js");
        const result = await run(process.execPath, [mocha, "--no-config", "--timeout", "20000", "--reporter", reporter, fixture], {
            env: { ...process.env, TEST_PROGRESS_SECONDS: "1" },
        }).catch((failed: { code: number; stdout: string }) => failed);
        const lines = result.stdout.trim().split("\n");
        const progress = lines.filter((line) => line.includes('into "a quiet suite waits without printing"'));
        assert.ok(progress.length >= 2, `expected progress lines about the quiet test, got:\n${result.stdout}`);
        assert.match(progress[0], /… \d+ s into the run, \d+ s into "a quiet suite waits without printing"; 0 passed, 0 failed so far/);
        assert.equal(lines.at(-1), "1 passed, 1 failed");
    });
});
