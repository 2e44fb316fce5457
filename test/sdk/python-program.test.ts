// examples/python-stack under Pulumi's own mocks (pulumi.runtime.set_mocks, run by unittest): PyPI's pulumi in a venv
// (python-venv.ts), and the SDK of sdk/python pip-installed from a copy of it (the build writes beside its sources).
// Python programs cannot run under the engine here (Pulumi's Python host is not served), so this is how a Python
// program of the SDK is tested, as Pulumi documents for any Python program.
import { strict as assert } from "node:assert";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { mustRun, runCommand } from "../support/commands";
import { freshTempDir, removeDir, REPOSITORY_ROOT } from "../support/repository";
import { PIP_TIMEOUT_MS, pythonWithPulumi } from "./python-venv";

const EXAMPLE = join(REPOSITORY_ROOT, "examples", "python-stack");

describe("examples/python-stack under Pulumi's mocks, with the SDK of sdk/python", function () {
    this.timeout(2 * PIP_TIMEOUT_MS);
    let work: string | undefined;
    after(() => removeDir(work));

    it("passes its unittest suite: a campaign, a link in it, and a QR code holding the link's short URL", async () => {
        const python = await pythonWithPulumi();
        work = freshTempDir("python-sdk");
        cpSync(join(REPOSITORY_ROOT, "sdk", "python"), join(work, "source"), { recursive: true });
        const install = ["-m", "pip", "install", "--no-input", "--no-deps", "--no-build-isolation"];
        await mustRun(python, [...install, "--target", join(work, "site"), join(work, "source")], {
            cwd: work,
            timeoutMs: PIP_TIMEOUT_MS,
        });
        const tests = await runCommand(python, ["-m", "unittest", "-v"], {
            cwd: EXAMPLE,
            env: { PYTHONPATH: join(work, "site"), PYTHONDONTWRITEBYTECODE: "1" },
        });
        assert.equal(tests.code, 0, tests.stderr);
        const passed = [...tests.stderr.matchAll(/^(test_\w+) \(.*\) \.\.\. ok$/gm)].map((match) => match[1]);
        assert.deepEqual(passed.sort(), [
            "test_declares_a_campaign_a_link_and_a_qr_code",
            "test_the_link_is_in_the_campaign",
            "test_the_qr_code_holds_the_link_short_url",
        ]);
    });
});
