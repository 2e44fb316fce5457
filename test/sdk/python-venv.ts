// A Python virtual environment holding PyPI's pulumi at the version examples/python-stack/requirements.txt pins, and
// wheel (which builds the SDK's package from its setup.py), for the Python program's mock tests. It is made once per
// machine under the pinned CLI's cache (tools/pulumi), in a folder named after the Python and the requirements, in a
// private folder renamed into place (so a killed install leaves nothing half-made), each step bounded in time.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { cacheRoot } from "../../tools/pulumi/install";
import { mustRun } from "../support/commands";
import { REPOSITORY_ROOT } from "../support/repository";

export const REQUIREMENTS = join(REPOSITORY_ROOT, "examples", "python-stack", "requirements.txt");
/** Builds the SDK's package: setuptools (in every venv of Python 3.11) needs it for a wheel. */
const BUILD_TOOL = "wheel==0.48.0";
/** Making the venv takes seconds; one that hangs is stopped here. */
const VENV_TIMEOUT_MS = 120_000;
/** pip downloads about 20 packages from PyPI (half a minute here); a stalled index is given up on after this. */
export const PIP_TIMEOUT_MS = 10 * 60_000;

/** The venv's python, the venv made first when this machine has none for this Python and these requirements. */
export async function pythonWithPulumi(): Promise<string> {
    const { stdout: version } = await mustRun("python3", ["--version"], { cwd: REPOSITORY_ROOT });
    const key = createHash("sha256")
        .update(`${version.trim()}\0${readFileSync(REQUIREMENTS, "utf8")}\0${BUILD_TOOL}`)
        .digest("hex")
        .slice(0, 12);
    const venv = join(cacheRoot(), `python-venv-${key}`);
    const python = join(venv, "bin", "python");
    if (existsSync(python)) return python;
    const staging = `${venv}.making-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    try {
        await mustRun("python3", ["-m", "venv", staging], { cwd: REPOSITORY_ROOT, timeoutMs: VENV_TIMEOUT_MS });
        const pip = [
            join(staging, "bin", "python"),
            "-m",
            "pip",
            "install",
            "--no-input",
            "--disable-pip-version-check",
        ];
        await mustRun(pip[0], [...pip.slice(1), "-r", REQUIREMENTS, BUILD_TOOL], {
            cwd: REPOSITORY_ROOT,
            timeoutMs: PIP_TIMEOUT_MS,
        });
        // A venv finds itself from its python's folder, so it works renamed; another worker's rename may come first.
        if (!existsSync(python)) renameSync(staging, venv);
    } finally {
        rmSync(staging, { recursive: true, force: true });
    }
    return python;
}
