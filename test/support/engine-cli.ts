// The engine double's command line, run as a workflow runs `pulumi`: a child process on the declared-resources
// program against a service, the API key and the declared resources passed as secret config from the environment.
import { join } from "node:path";
import { siblingScript } from "../../engine";
import { runCommand, type Finished } from "./commands";
import { DECLARED_PROGRAM, type Declared } from "./stack";

export interface EngineCliStack {
    /** The folder the command runs in; the state file is kept there. */
    dir: string;
    baseUrl: string;
    apiKey: string;
}

export function runEngineCli(
    stack: EngineCliStack,
    operation: string,
    resources: readonly Declared[],
    ...flags: string[]
): Promise<Finished> {
    const cli = siblingScript(join(__dirname, "..", "..", "engine", "cli.js"), "cli");
    return runCommand(
        process.execPath,
        [
            ...cli.execArgv,
            cli.script,
            operation,
            DECLARED_PROGRAM,
            "--state",
            join(stack.dir, "state.json"),
            "--parallel",
            "1",
            "--config",
            `shortener:baseUrl=${stack.baseUrl}`,
            "--secret-config-env",
            "shortener:apiKey=SHORTENER_API_KEY",
            "--secret-config-env",
            "declared:resources=DECLARED_RESOURCES",
            ...flags,
        ],
        {
            cwd: stack.dir,
            env: {
                ...cli.env,
                SHORTENER_API_KEY: stack.apiKey,
                DECLARED_RESOURCES: JSON.stringify(resources),
                PULUMI_CONFIG_PASSPHRASE: "engine-cli-test",
            },
            timeoutMs: 240_000,
        },
    );
}
