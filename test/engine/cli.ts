// npm run engine -- <preview|up|refresh|destroy> <programDir> [--state FILE] [--stack NAME]
//                   [--config key=value]... [--secret-config key=value]... [--parallel N] [--refresh]
//                   [--run-program] [--clear-pending-creates] [--import-pending-creates URN ID]... [--json]
import * as path from "path";
import { runLifecycle } from "./lifecycle";
import { Operation, RunOptions } from "./types";

const OPERATIONS: readonly Operation[] = ["preview", "up", "refresh", "destroy"];
const USAGE =
    "usage: engine <preview|up|refresh|destroy> <programDir> [--state FILE] [--stack NAME] " +
    "[--config key=value]... [--secret-config key=value]... [--parallel N] [--refresh] [--run-program] " +
    "[--clear-pending-creates] [--import-pending-creates URN ID]... [--json]";

interface Command {
    operation: Operation;
    options: RunOptions;
    json: boolean;
}

export function parseCommand(argv: readonly string[]): Command {
    const [operation, programDir, ...rest] = argv;
    if (!OPERATIONS.includes(operation as Operation)) {
        throw new Error(`operation: expected one of ${OPERATIONS.join(", ")}, got ${operation ?? "nothing"}`);
    }
    if (!programDir || programDir.startsWith("--")) {
        throw new Error("programDir: required after the operation");
    }
    let stack: string | undefined;
    let stateFile: string | undefined;
    let json = false;
    const config: Record<string, string> = {};
    const secretConfig: Record<string, string> = {};
    const choices: Pick<RunOptions, "parallel" | "refresh" | "runProgram" | "clearPendingCreates" | "importPendingCreates"> = {};
    for (let index = 0; index < rest.length; index++) {
        const flag = rest[index];
        const value = () => {
            const next = rest[++index];
            if (next === undefined) {
                throw new Error(`${flag}: a value is required`);
            }
            return next;
        };
        switch (flag) {
            case "--json":
                json = true;
                break;
            case "--stack":
                stack = value();
                break;
            case "--state":
                stateFile = path.resolve(value());
                break;
            case "--config":
                addPair(config, flag, value());
                break;
            case "--secret-config":
                addPair(secretConfig, flag, value());
                break;
            case "--parallel": {
                const given = value();
                choices.parallel = Number(given);
                if (!Number.isInteger(choices.parallel) || choices.parallel < 1) {
                    throw new Error(`--parallel: expected a whole number of at least 1, got ${given}`);
                }
                break;
            }
            case "--refresh":
                choices.refresh = true;
                break;
            case "--run-program":
                choices.runProgram = true;
                break;
            case "--clear-pending-creates":
                choices.clearPendingCreates = true;
                break;
            case "--import-pending-creates": {
                const urn = value();
                choices.importPendingCreates = { ...choices.importPendingCreates, [urn]: value() };
                break;
            }
            default:
                throw new Error(`${flag}: unknown option`);
        }
    }
    const resolvedDir = path.resolve(programDir);
    return {
        operation: operation as Operation,
        json,
        options: {
            programDir: resolvedDir,
            stateFile: stateFile ?? path.join(resolvedDir, ".pulumi-engine", `${stack ?? "dev"}.json`),
            stack,
            config,
            secretConfig,
            ...choices,
        },
    };
}

function addPair(target: Record<string, string>, flag: string, pair: string): void {
    const separator = pair.indexOf("=");
    if (separator <= 0) {
        // The value is not echoed: it may be a secret.
        throw new Error(`${flag}: expected key=value`);
    }
    target[pair.slice(0, separator)] = pair.slice(separator + 1);
}

async function main(): Promise<void> {
    let command: Command;
    try {
        command = parseCommand(process.argv.slice(2));
    } catch (error) {
        process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
        process.exitCode = 2;
        return;
    }
    const result = await runLifecycle(command.operation, command.options);
    if (command.json) {
        const { log: _printed, ...structured } = result;
        process.stdout.write(JSON.stringify(structured, null, 2) + "\n");
    } else {
        process.stdout.write(result.log);
    }
    process.exitCode = result.ok ? 0 : 1;
}

if (require.main === module) {
    void main();
}
