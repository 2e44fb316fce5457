// How pulumi-language-nodejs starts a program (sdk/nodejs/cmd/pulumi-language-nodejs/main.go): `node [nodeargs]
// <@pulumi/pulumi/cmd/run> <flags> <entry point>` (Run, execRuntime, constructArguments), the config and its secret keys
// in the environment (constructConfig, constructConfigSecretKeys) with the project's runtime options (parseOptions), in
// the folder the engine computes from the project's `main` (pkg/engine/project.go getPwdMain).
import * as fs from "fs";
import * as path from "path";
import { Project } from "../state/project";
import { siblingScript } from "./child-processes";

/** locateModule's default runPath (defaultRunPath). */
const RUN_MODULE = "@pulumi/pulumi/cmd/run";
/**
 * Linux's MAX_ARG_STRLEN (32 pages of 4 KiB): the most one environment string ("NAME=value" and its NUL) may hold.
 * The language host passes the whole config as one variable, so a larger config fails `pulumi up` too (E2BIG).
 */
export const MAX_ENV_STRING_BYTES = 32 * 4096;
/** The DIY backend's organization (pkg/backend/diy: "diy has no organizations really"), which a state file is. */
export const ORGANIZATION = "organization";

export interface ProgramLaunch {
    project: Project;
    stack: string;
    config: Record<string, string>;
    secretKeys: readonly string[];
    dryRun: boolean;
    parallel: number;
    /** The address of the resource monitor, which also serves the Engine service. */
    monitor: string;
}

export interface Command {
    args: string[];
    env: Record<string, string>;
    cwd: string;
}

/** getPwdMain: the folder to run in and the entry point, "." for that folder itself. */
export function pwdAndMain(project: Project): { pwd: string; main: string } {
    if (project.main === undefined) {
        return { pwd: project.programDir, main: "." };
    }
    const main = path.resolve(project.programDir, project.main);
    let stat: fs.Stats;
    try {
        stat = fs.statSync(main);
    } catch (error) {
        throw new Error(`project 'main' could not be read: ${(error as Error).message}`, { cause: error });
    }
    return stat.isDirectory() ? { pwd: main, main: "." } : { pwd: path.dirname(main), main: path.basename(main) };
}

export function programCommand(launch: ProgramLaunch): Command {
    const { pwd, main } = pwdAndMain(launch.project);
    const runPath = require.resolve(RUN_MODULE, { paths: [launch.project.programDir] });
    const options = launch.project.runtimeOptions;
    const preload = siblingScript(__filename, "program-preload");
    const args = [
        ...preload.execArgv,
        "-r",
        preload.script,
        ...nodeArgs(options.nodeargs),
        runPath,
        "--monitor",
        launch.monitor,
        "--engine",
        launch.monitor,
        "--organization",
        ORGANIZATION,
        "--project",
        launch.project.name,
        "--root-directory",
        launch.project.programDir,
        "--stack",
        launch.stack,
        "--pwd",
        pwd,
        ...(launch.dryRun ? ["--dry-run"] : []),
        "--parallel",
        String(launch.parallel),
        main,
    ];
    const env: Record<string, string> = {
        ...preload.env,
        PULUMI_CONFIG: configVariable(launch.config),
        PULUMI_CONFIG_SECRET_KEYS: JSON.stringify(launch.secretKeys),
        ...(options.typescript ? { PULUMI_NODEJS_TYPESCRIPT: "true" } : {}),
        ...(options.tsconfig !== undefined ? { PULUMI_NODEJS_TSCONFIG_PATH: options.tsconfig } : {}),
    };
    return { args, env, cwd: pwd };
}

/** constructConfig: each key as "<namespace>:config:<name>", which the SDK reads as "<namespace>:<name>". */
function configVariable(config: Record<string, string>): string {
    const transformed = Object.fromEntries(
        Object.entries(config).map(([key, value]) => {
            const colon = key.indexOf(":");
            return [`${key.slice(0, colon)}:config:${key.slice(colon + 1)}`, value];
        }),
    );
    const json = JSON.stringify(transformed);
    const bytes = Buffer.byteLength(`PULUMI_CONFIG=${json}`) + 1;
    if (bytes > MAX_ENV_STRING_BYTES) {
        throw new Error(
            `the stack config is ${bytes} bytes as the PULUMI_CONFIG environment variable, over the ${MAX_ENV_STRING_BYTES} bytes ` +
                `Linux allows one (MAX_ARG_STRLEN); pulumi-language-nodejs passes the config that way (execRuntime), so pulumi up fails on it too`,
        );
    }
    return json;
}

/** The `nodeargs` option, split as shlex.Split splits it; quoting is not followed and is refused. */
function nodeArgs(nodeargs: string | undefined): string[] {
    if (nodeargs === undefined) return [];
    if (/["'\\]/.test(nodeargs)) {
        throw new Error(
            `runtime option nodeargs: quotes and escapes (github.com/google/shlex Split) are not followed by the engine double; give plain words`,
        );
    }
    return nodeargs.split(/\s+/).filter((word) => word !== "");
}
