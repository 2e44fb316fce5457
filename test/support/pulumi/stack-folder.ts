// Where a test stack lives for the real CLI: everything in one folder beside the test's state file, so tests run in
// parallel on one program without sharing anything but the program itself.
//
//   <stateFile>             the stack's state as `pulumi stack export` writes it, after every run; a test may read
//                           it, replace it (the next run imports it) or delete it (the next run starts a new stack)
//   <stateFile>.pulumi/     project/Pulumi.yaml (the program's, with `main` pointing at the program),
//                           project/Pulumi.<stack>.yaml (the stack's config), backend/ (a file backend), home/
//                           (PULUMI_HOME), the event logs, and digests of the config and state last written
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parse, stringify } from "yaml";
import { mustRunPulumi, type PulumiRun } from "./cli";

export interface StackFolder {
    root: string;
    project: string;
    programDir: string;
    stack: string;
    stateFile: string;
    /** The environment every CLI call on the stack gets. */
    env: Record<string, string>;
}

export interface StackConfig {
    config: Record<string, string>;
    secretConfig: Record<string, string>;
}

/** The passphrase of the test stacks' secrets, unless a run gives its own. */
const TEST_PASSPHRASE = "test-passphrase";

export function stackFolder(
    stateFile: string,
    programDir: string,
    stack: string,
    env: Record<string, string> = {},
): StackFolder {
    const root = `${resolve(stateFile)}.pulumi`;
    return {
        root,
        project: join(root, "project"),
        programDir: resolve(programDir),
        stack,
        stateFile: resolve(stateFile),
        env: {
            PULUMI_BACKEND_URL: `file://${join(root, "backend")}`,
            PULUMI_HOME: join(root, "home"),
            PULUMI_CONFIG_PASSPHRASE: TEST_PASSPHRASE,
            // The engine's event log (--event-log) is a flag of the CLI's debug commands, as the Automation API uses it.
            PULUMI_DEBUG_COMMANDS: "true",
            ...env,
        },
    };
}

function run(folder: StackFolder): PulumiRun {
    return { cwd: folder.project, env: folder.env };
}

function digest(text: string | Buffer): string {
    return createHash("sha256").update(text).digest("hex");
}

/**
 * Makes the CLI's stack what the state file says: a new stack when there is no state file, the file imported when it
 * is not what the last run exported, nothing otherwise.
 */
export async function syncStack(folder: StackFolder): Promise<void> {
    const exported = join(folder.root, "exported.sha256");
    if (!existsSync(folder.stateFile)) {
        rmSync(folder.root, { recursive: true, force: true });
        writeProject(folder);
        await mustRunPulumi(["stack", "init", folder.stack, "--no-select", "--non-interactive"], run(folder));
        return;
    }
    if (!existsSync(folder.project)) {
        writeProject(folder);
        await mustRunPulumi(["stack", "init", folder.stack, "--no-select", "--non-interactive"], run(folder));
    }
    const state = readFileSync(folder.stateFile);
    if (existsSync(exported) && readFileSync(exported, "utf8") === digest(state)) return;
    await mustRunPulumi(["stack", "import", "--stack", folder.stack, "--file", folder.stateFile], run(folder));
    writeFileSync(exported, digest(state));
}

/** The project file: the program's own, with `main` pointing back at the program's folder. */
function writeProject(folder: StackFolder): void {
    const { programDir } = folder;
    mkdirSync(folder.project, { recursive: true });
    mkdirSync(join(folder.root, "backend"), { recursive: true });
    const project = parse(readFileSync(join(programDir, "Pulumi.yaml"), "utf8")) as Record<string, unknown>;
    const main = relative(folder.project, join(programDir, typeof project.main === "string" ? project.main : "."));
    writeFileSync(join(folder.project, "Pulumi.yaml"), stringify({ ...project, main }));
}

/** Writes the stack's config when it differs from what the last run wrote: plain values at once, secrets by stdin. */
export async function writeConfig(folder: StackFolder, values: StackConfig): Promise<void> {
    const written = join(folder.root, "config.sha256");
    const wanted = digest(JSON.stringify([values.config, values.secretConfig]));
    if (existsSync(written) && readFileSync(written, "utf8") === wanted) return;
    dropConfig(folder);
    const plain = Object.entries(values.config).flatMap(([key, value]) => ["--plaintext", `${key}=${value}`]);
    if (plain.length > 0) await mustRunPulumi(["config", "set-all", "--stack", folder.stack, ...plain], run(folder));
    for (const [key, value] of Object.entries(values.secretConfig)) {
        await mustRunPulumi(["config", "set", "--stack", folder.stack, "--secret", key], {
            ...run(folder),
            input: value,
        });
    }
    writeFileSync(written, wanted);
}

/** Empties the stack's config file but for its secrets' salt (`encryptionsalt`), which the passphrase needs. */
function dropConfig(folder: StackFolder): void {
    const file = join(folder.project, `Pulumi.${folder.stack}.yaml`);
    if (!existsSync(file)) return;
    const { config: _dropped, ...kept } = (parse(readFileSync(file, "utf8")) ?? {}) as Record<string, unknown>;
    writeFileSync(file, stringify(kept));
}

/** Writes the stack's state to the state file, and its digest, so the next run knows it need not import it. */
export async function exportStack(folder: StackFolder): Promise<void> {
    mkdirSync(dirname(folder.stateFile), { recursive: true });
    await mustRunPulumi(["stack", "export", "--stack", folder.stack, "--file", folder.stateFile], run(folder));
    writeFileSync(join(folder.root, "exported.sha256"), digest(readFileSync(folder.stateFile)));
}
