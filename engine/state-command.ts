// `engine state <edit> <programDir> [URN...]`: the CLI's `pulumi state delete|taint|untaint|unprotect`
// (pkg/cmd/pulumi/state) on the double's state file, edited as state/state-edit.ts says. Prints what the CLI prints:
// its line on success, "warning: ..." for each warning, "error: ..." and exit 1 when the edit is refused (the file
// then unchanged), exit 2 for bad arguments.
import * as path from "path";
import { DEFAULT_STACK, defaultStateFile, EXIT } from "./options";
import { editStateFile, STATE_EDITS, type StateEditName, type StateEditRequest } from "./state/state-edit";

/** The CLI's names of each edit: `delete` is also `remove` and `rm` (state_delete.go, Aliases). */
const EDIT_NAMES: Record<string, StateEditName> = {
    delete: "delete",
    remove: "delete",
    rm: "delete",
    taint: "taint",
    untaint: "untaint",
    unprotect: "unprotect",
};

/** The flags of the state edits, each with the edits that take it and the Go flag definition it follows. */
const STATE_FLAGS = [
    {
        names: ["--state"],
        value: "FILE",
        edits: STATE_EDITS,
        help: "the stack's state (default <programDir>/.pulumi-engine/<stack>.json)",
        follows: "the double's own",
    },
    {
        names: ["--stack", "-s"],
        value: "NAME",
        edits: STATE_EDITS,
        help: `the stack (default ${DEFAULT_STACK})`,
        follows: "state/state_*.go: --stack, -s",
    },
    {
        names: ["--all"],
        edits: ["delete", "untaint", "unprotect"],
        help: "every resource",
        follows: "state_delete.go, state_untaint.go, state_unprotect.go: --all",
    },
    {
        names: ["--force"],
        edits: ["delete"],
        help: "delete protected resources too",
        follows: "state_delete.go: --force",
    },
    {
        names: ["--target-dependents"],
        edits: ["delete"],
        help: "delete what depends on the resource too",
        follows: "state_delete.go: --target-dependents",
    },
    {
        names: ["--yes", "-y"],
        edits: STATE_EDITS,
        help: "accepted: the double never prompts (the CLI prompts only on a terminal)",
        follows: "state_*.go: --yes, -y",
    },
] as const;

export const STATE_HELP = `usage: engine state <delete|remove|rm|taint|untaint|unprotect> <programDir> [URN...] [options]

Edits the stack's state as \`pulumi state\` does (see engine/README.md).

Options:
${STATE_FLAGS.map((flag) => `  ${[flag.names.join(", "), "value" in flag ? flag.value : ""].join(" ").trimEnd().padEnd(28)}${flag.help} (${flag.edits.join(", ")})`).join("\n")}
`;

interface StateCommand {
    stateFile: string;
    request: StateEditRequest;
}

export function parseStateCommand(argv: readonly string[]): StateCommand {
    const [name, programDir, ...rest] = argv;
    const edit = EDIT_NAMES[name ?? ""];
    if (!edit)
        throw new Error(`state: expected one of ${Object.keys(EDIT_NAMES).join(", ")}, got ${name ?? "nothing"}`);
    if (!programDir || programDir.startsWith("-")) throw new Error("programDir: required after the state edit");
    const given = new Map<string, string | true>();
    const urns: string[] = [];
    for (let i = 0; i < rest.length; i++) {
        if (!rest[i].startsWith("-")) {
            urns.push(rest[i]);
            continue;
        }
        const flag = STATE_FLAGS.find((row) => (row.names as readonly string[]).includes(rest[i]));
        if (!flag || !(flag.edits as readonly string[]).includes(edit)) throw new Error(`unknown flag: ${rest[i]}`);
        if (!("value" in flag)) given.set(flag.names[0], true);
        else if (i + 1 < rest.length) given.set(flag.names[0], rest[++i]);
        else throw new Error(`${rest[i]}: a value is required`);
    }
    const state = given.get("--state") as string | undefined;
    const stateFile = state
        ? path.resolve(state)
        : defaultStateFile(programDir, given.get("--stack") as string | undefined);
    const flag = (name: string) => given.get(name) === true;
    return {
        stateFile,
        request: {
            edit,
            urns,
            all: flag("--all"),
            force: flag("--force"),
            targetDependents: flag("--target-dependents"),
        },
    };
}

export function stateCommand(argv: readonly string[]): number {
    if (argv.includes("--help") || argv.includes("-h")) {
        process.stdout.write(STATE_HELP);
        return EXIT.ok;
    }
    let command: StateCommand;
    try {
        command = parseStateCommand(argv);
    } catch (error) {
        process.stderr.write(`engine: ${(error as Error).message} (engine state --help for usage)\n`);
        return EXIT.usage;
    }
    try {
        const { message, warnings } = editStateFile(command.stateFile, command.request);
        for (const warning of warnings ?? []) process.stderr.write(`warning: ${warning}\n`);
        if (message !== undefined) process.stdout.write(`${message}\n`);
        return EXIT.ok;
    } catch (error) {
        process.stderr.write(`error: ${(error as Error).message}\n`);
        return EXIT.failed;
    }
}
