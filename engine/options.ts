// The engine double's operations and command-line options. Each option is one row of OPTIONS, from which the help
// text (optionsHelp), the parsing (readOptions) and the option fields of a run's shapes (RunOptionFields, for
// types.ts; CommandFields, for cli.ts) are made: a new option is a row here plus the code that acts on its field.
// Each row names the Go flag definition it follows (pkg/cmd/pulumi/operations/<command>.go, New<Command>Cmd), or
// says what the CLI does instead of a flag the double has of its own.
import * as fs from "fs";
import * as path from "path";

export const OPERATIONS = ["preview", "up", "refresh", "destroy"] as const;
export type Operation = (typeof OPERATIONS)[number];

export const DEFAULT_STACK = "dev";

/** Where a stack's state is kept when no --state is given: beside the program, one file per stack. */
export function defaultStateFile(programDir: string, stack = DEFAULT_STACK): string {
    return path.join(path.resolve(programDir), ".pulumi-engine", `${stack}.json`);
}

/** The exit codes of the Pulumi CLI (pkg/cmd/pulumi/cmd/exit_codes.go, ExitCodeFor) that the double can give. */
export const EXIT = { ok: 0, failed: 1, usage: 2, changesNotExpected: 7 } as const;
/** A secret file larger than this is refused: a key or password is a line, not a document. */
const SECRET_FILE_LIMIT_BYTES = 64 * 1024;

/** What an option's value is, as the run's shapes carry it. */
interface ValueKinds {
    /** No value: given means true. */
    switch: boolean;
    text: string;
    /** A file, resolved against the working folder. */
    path: string;
    /** A whole number of at least 1. */
    count: number;
    /** Repeatable: each value is appended. */
    list: string[];
    /** Repeatable `key=value`. */
    pair: Record<string, string>;
    /** Repeatable `key=VAR`: the value of environment variable VAR. */
    envPair: Record<string, string>;
    /** Repeatable `key=FILE`: the file's contents, one trailing newline dropped. */
    filePair: Record<string, string>;
    /** Repeatable, two values `URN ID`: URN → ID. */
    urnId: Record<string, string>;
}
type Kind = keyof ValueKinds;

interface OptionRow {
    /** The long name first (`--stack`), then the CLI's shorthand if it has one (`-s`). */
    names: readonly [string, ...string[]];
    /** The operations that take it; any other refuses it (exit 2), as the CLI refuses a flag a command lacks. */
    commands: readonly Operation[];
    kind: Kind;
    /** The names of its value(s) in the help text (`FILE`, `URN ID`); none for a switch. */
    value?: string;
    /** Where it goes: a run's options (RunOptions, which runLifecycle reads) or the command line's own choices. */
    of: "run" | "command";
    /** The field it sets; rows of one field add to one value (the three ways of giving secret config). */
    field: string;
    help: string;
    /** What the CLI does under this flag in its other operations, which the double does not (the refusal's reason). */
    elsewhere?: string;
    /** The Go source the option follows. */
    follows: string;
}

const EVERY_COMMAND = "operations/{preview,up,refresh,destroy}.go New*Cmd";
const CONFIG_FROM = "the CLI reads secrets from the stack's config file (pulumi config set --secret)";

export const OPTIONS = [
    {
        names: ["--state"],
        commands: OPERATIONS,
        kind: "path",
        value: "FILE",
        of: "run",
        field: "stateFile",
        help: "the stack's state (default <programDir>/.pulumi-engine/<stack>.json)",
        follows: "the double's own: the CLI keeps the state in its backend (pulumi login)",
    },
    {
        names: ["--stack", "-s"],
        commands: OPERATIONS,
        kind: "text",
        value: "NAME",
        of: "run",
        field: "stack",
        help: `the stack (default ${DEFAULT_STACK})`,
        follows: `${EVERY_COMMAND}: --stack, -s`,
    },
    {
        names: ["--config", "-c"],
        commands: OPERATIONS,
        kind: "pair",
        value: "key=value",
        of: "run",
        field: "config",
        help: "a config value (repeatable)",
        follows: `${EVERY_COMMAND}: --config, -c`,
    },
    {
        names: ["--secret-config-env"],
        commands: OPERATIONS,
        kind: "envPair",
        value: "key=VAR",
        of: "run",
        field: "secretConfig",
        help: "a secret config value read from environment variable VAR (repeatable)",
        follows: `the double's own: ${CONFIG_FROM}`,
    },
    {
        names: ["--secret-config-file"],
        commands: OPERATIONS,
        kind: "filePair",
        value: "key=FILE",
        of: "run",
        field: "secretConfig",
        help: `a secret config value read from FILE, one trailing newline dropped, at most ${SECRET_FILE_LIMIT_BYTES / 1024} KiB (repeatable)`,
        follows: `the double's own: ${CONFIG_FROM}`,
    },
    {
        names: ["--secret-config"],
        commands: OPERATIONS,
        kind: "pair",
        value: "key=value",
        of: "run",
        field: "secretConfig",
        help: "a secret config value given on the command line, where ps and npm's echo of the command show it: prefer the two above",
        follows: `the double's own: ${CONFIG_FROM}`,
    },
    {
        names: ["--parallel", "-p"],
        commands: OPERATIONS,
        kind: "count",
        value: "N",
        of: "run",
        field: "parallel",
        help: "at most N steps at once (default 4 x CPUs)",
        follows: `${EVERY_COMMAND}: --parallel, -p (defaultParallel)`,
    },
    {
        names: ["--refresh", "-r"],
        commands: ["preview", "up"],
        kind: "switch",
        of: "run",
        field: "refresh",
        help: "refresh the state from the provider first",
        follows: "operations/{preview,up}.go: --refresh, -r (destroy's is not followed)",
    },
    {
        names: ["--expect-no-changes"],
        commands: ["preview", "up", "refresh"],
        kind: "switch",
        of: "command",
        field: "expectNoChanges",
        help: "fail (exit 7) when changes are proposed",
        follows: "operations/{preview,up,refresh}.go: --expect-no-changes (NoChangesExpectedError)",
    },
    {
        names: ["--skip-preview", "-f"],
        commands: ["up", "refresh", "destroy"],
        kind: "switch",
        of: "command",
        field: "skipPreview",
        help: "do not preview first (refresh and destroy never preview here)",
        follows: "operations/{up,refresh,destroy}.go: --skip-preview, -f",
    },
    {
        names: ["--target", "-t"],
        commands: OPERATIONS,
        kind: "list",
        value: "URN",
        of: "run",
        field: "targets",
        help:
            "only this resource is created, updated, refreshed or deleted; others keep their old state (repeatable; " +
            "with a `*` a glob: `**` matches anything, `*` anything but a colon)",
        follows: `${EVERY_COMMAND}: --target, -t; deploy/deployment.go UrnTargets`,
    },
    {
        names: ["--exclude"],
        commands: OPERATIONS,
        kind: "list",
        value: "URN",
        of: "run",
        field: "excludes",
        help:
            "this resource is not created, updated, refreshed or deleted, nor is what it depends on deleted (repeatable; " +
            "a URN or a glob); not with --target",
        follows: `${EVERY_COMMAND}: --exclude; step_generator.go isExcludedFromUpdate, determineForbiddenResourcesToDeleteFromExcludes`,
    },
    {
        names: ["--exclude-dependents"],
        commands: OPERATIONS,
        kind: "switch",
        of: "run",
        field: "excludeDependents",
        help: "with --exclude: resources depending on an excluded one are excluded too",
        follows: `${EVERY_COMMAND}: --exclude-dependents`,
    },
    {
        names: ["--exclude-protected"],
        commands: ["destroy"],
        kind: "switch",
        of: "run",
        field: "excludeProtected",
        help: "destroy all but the protected resources and what they depend on; not with --target",
        follows: "operations/destroy.go: --exclude-protected (getProtectedExcludes)",
    },
    {
        names: ["--replace"],
        commands: ["preview", "up"],
        kind: "list",
        value: "URN",
        of: "run",
        field: "replaceTargets",
        help: "replace this resource whatever its inputs (repeatable; a URN or a glob); a URN must be in the state",
        follows: "operations/{preview,up}.go: --replace; step_generator.go isTargetedReplace",
    },
    {
        names: ["--target-replace"],
        commands: ["preview", "up"],
        kind: "list",
        value: "URN",
        of: "run",
        field: "targetReplaces",
        help: "--target URN --replace URN in one (repeatable)",
        follows: "operations/{preview,up}.go: --target-replace (added to both the targets and the replace targets)",
    },
    {
        names: ["--target-dependents"],
        commands: OPERATIONS,
        kind: "switch",
        of: "run",
        field: "targetDependents",
        help: "with --target: resources depending on a target are targeted too",
        follows: `${EVERY_COMMAND}: --target-dependents`,
    },
    {
        names: ["--continue-on-error"],
        commands: ["up", "destroy"],
        kind: "switch",
        of: "run",
        field: "continueOnError",
        help: "a failed step stops only what depends on it; the run still fails (exit 1)",
        follows: "operations/{up,destroy}.go: --continue-on-error",
    },
    {
        names: ["--ignore-protect"],
        commands: ["preview", "up", "destroy"],
        kind: "switch",
        of: "run",
        field: "ignoreProtect",
        help: "delete and replace protected resources as if unprotected (the state keeps them protected); not with --exclude-protected",
        follows:
            "operations/{preview,up,destroy}.go: --ignore-protect; step.go DeleteStep.Apply, step_generator.go continueStepsFromDiff (IgnoreProtect)",
    },
    {
        names: ["--run-program"],
        commands: OPERATIONS,
        kind: "switch",
        of: "run",
        field: "runProgram",
        help:
            "run the program, whose registrations steer the operation: refresh reads each resource as the program " +
            "registers it (the provider configured from the current config), then those it does not register; destroy " +
            "deletes everything, creating nothing; preview and up with --refresh read each resource as it registers " +
            "(without --refresh it changes nothing)",
        follows: "operations/{preview,up,refresh,destroy}.go: --run-program (RefreshProgram, DestroyProgram)",
    },
    {
        names: ["--clear-pending-creates"],
        commands: ["refresh"],
        kind: "switch",
        of: "run",
        field: "clearPendingCreates",
        help: "drop the creates an interrupted run left pending",
        follows: "operations/refresh.go: --clear-pending-creates",
    },
    {
        names: ["--import-pending-creates"],
        commands: ["refresh"],
        kind: "urnId",
        value: "URN ID",
        of: "run",
        field: "importPendingCreates",
        help: "that pending create succeeded with this id (repeatable)",
        follows: "operations/refresh.go: --import-pending-creates",
    },
    {
        names: ["--json", "-j"],
        commands: ["preview"],
        kind: "switch",
        of: "command",
        field: "json",
        help:
            "print what `pulumi preview --json` prints (Go's PreviewDigest: config, steps with old and new state, " +
            'diagnostics, duration in nanoseconds, changeSummary), secrets as "[secret]"',
        elsewhere: "streams the engine's events (ShowJSONEvents), which the engine double does not produce",
        follows:
            "operations/preview.go: --json, -j; pkg/backend/display/display.go ShowEvents (ShowJSONEvents unless a preview)",
    },
    {
        names: ["--diff"],
        commands: ["preview", "up"],
        kind: "switch",
        of: "command",
        field: "diff",
        help: "print the CLI's diff display (ShowDiffEvents: each step's property changes, old => new, secrets \"[secret]\")",
        elsewhere: "prints a diff display the engine double does not make",
        follows: "operations/{preview,up,refresh,destroy}.go: --diff; pkg/backend/display/diff.go ShowDiffEvents",
    },
] as const satisfies readonly OptionRow[];

type Row = (typeof OPTIONS)[number];
type FieldsOf<Of extends OptionRow["of"]> = {
    -readonly [R in Row as R["of"] extends Of ? R["field"] : never]?: ValueKinds[R["kind"]];
};
/** What the options set in a run's options (RunOptions). */
export type RunOptionFields = FieldsOf<"run">;
/** What the options set in the command line's own choices. */
export type CommandFields = FieldsOf<"command">;

interface Reading {
    /** The name the option was given by, for messages. */
    flag: string;
    /** The option's next value on the command line. */
    next: () => string;
    env: NodeJS.ProcessEnv;
}
type Reader<T> = (reading: Reading, previous: T | undefined) => T;

/** A repeatable `key=X` option: what `resolve` makes of X, added under key. */
function keyed(resolve: (reading: Reading, given: string) => string): Reader<Record<string, string>> {
    return (reading, previous) => {
        const [key, given] = splitPair(reading.flag, reading.next());
        return { ...previous, [key]: resolve(reading, given) };
    };
}

const READERS: { [K in Kind]: Reader<ValueKinds[K]> } = {
    switch: () => true,
    text: ({ next }) => next(),
    path: ({ next }) => path.resolve(next()),
    count: ({ flag, next }) => wholeNumber(flag, next()),
    list: ({ next }, previous = []) => [...previous, next()],
    pair: keyed((_, value) => value),
    envPair: keyed(({ flag, env }, variable) => {
        const found = env[variable];
        if (found === undefined) {
            throw new Error(`${flag}: environment variable ${variable} is not set`);
        }
        return found;
    }),
    filePair: keyed(({ flag }, file) => readSecretFile(flag, file)),
    urnId: ({ next }, previous) => {
        const urn = next();
        return { ...previous, [urn]: next() };
    },
};

const BY_NAME: ReadonlyMap<string, OptionRow> = new Map(
    OPTIONS.flatMap((row: OptionRow) => row.names.map((name) => [name, row] as const)),
);

/**
 * The options after `<operation> <programDir>`, by field. A bad option throws an error that names it, without
 * echoing its value (it may be a secret): unknown, refused by the operation, or missing or malformed values.
 * @param env where --secret-config-env reads.
 */
export function readOptions(
    operation: Operation,
    args: readonly string[],
    env: NodeJS.ProcessEnv,
): { run: RunOptionFields; command: CommandFields } {
    const chosen: Record<OptionRow["of"], Record<string, unknown>> = { run: {}, command: {} };
    for (let index = 0; index < args.length; index++) {
        const flag = args[index];
        const row = BY_NAME.get(flag);
        if (row === undefined) {
            throw new Error(`${flag}: unknown option`);
        }
        if (!row.commands.includes(operation)) {
            throw new Error(refusal(row, flag, operation));
        }
        const next = () => {
            const value = args[++index];
            if (value === undefined) {
                throw new Error(`${flag}: a value is required`);
            }
            return value;
        };
        const fields = chosen[row.of];
        fields[row.field] = (READERS[row.kind] as Reader<unknown>)({ flag, next, env }, fields[row.field]);
    }
    return chosen;
}

function refusal(row: OptionRow, flag: string, operation: Operation): string {
    const only = `${flag}: only for ${listed(row.commands)}`;
    return row.elsewhere === undefined ? only : `${only}; pulumi ${operation} ${flag} ${row.elsewhere}`;
}

/** The options part of `engine --help`: a line or more per option, the operations that take it first. */
export function optionsHelp(width = 116): string {
    const left = OPTIONS.map((row: OptionRow) =>
        [[...row.names].reverse().join(", "), row.value].filter(Boolean).join(" "),
    );
    const column = Math.max(...left.map((text) => text.length)) + 3;
    const entry = (name: string, text: string) =>
        wrapped(text, width - column)
            .map((line, at) => `${(at === 0 ? `  ${name}` : "").padEnd(column)}${line}\n`)
            .join("");
    const options = OPTIONS.map((row: OptionRow, index) => {
        const others = OPERATIONS.filter((operation) => !row.commands.includes(operation));
        const scope = others.length === 0 ? "" : `${row.commands.join(", ")}: `;
        const refused =
            row.elsewhere === undefined
                ? ""
                : `; ${listed(others)} refuse it: the CLI's ${row.names[0]} there ${row.elsewhere}`;
        return entry(left[index], `${scope}${row.help}${refused}`);
    });
    return options.join("");
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
    return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function wrapped(text: string, width: number): string[] {
    const lines: string[] = [];
    for (const word of text.split(" ")) {
        const last = lines.length - 1;
        if (last >= 0 && lines[last].length + 1 + word.length <= width) {
            lines[last] += ` ${word}`;
        } else {
            lines.push(word);
        }
    }
    return lines;
}

function wholeNumber(flag: string, given: string): number {
    const count = Number(given);
    if (!Number.isInteger(count) || count < 1) {
        throw new Error(`${flag}: expected a whole number of at least 1, got ${given}`);
    }
    return count;
}

function splitPair(flag: string, pair: string): [string, string] {
    const separator = pair.indexOf("=");
    if (separator <= 0) {
        // The value is not echoed: it may be a secret.
        throw new Error(`${flag}: expected key=value`);
    }
    return [pair.slice(0, separator), pair.slice(separator + 1)];
}

function readSecretFile(flag: string, file: string): string {
    let size: number;
    try {
        size = fs.statSync(file).size;
    } catch {
        throw new Error(`${flag}: cannot read ${file}`);
    }
    if (size > SECRET_FILE_LIMIT_BYTES) {
        throw new Error(`${flag}: ${file} is larger than ${SECRET_FILE_LIMIT_BYTES} bytes`);
    }
    return fs.readFileSync(file, "utf8").replace(/\r?\n$/, "");
}
