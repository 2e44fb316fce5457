// What the provider says to the person running Pulumi: the lines it writes to its stderr and the error messages it
// gives the engine, both of which the CLI prints to a terminal. Text from outside (a service's answer, an echoed
// field) is part of them, so each goes through `forTerminal`: every control and invisible format character but the
// line break is escaped, and no text can move the cursor, clear the screen, write the clipboard (OSC 52), colour the
// output or turn it around (bidi overrides).
import { escapeControls } from "../common/text/echo";

export function forTerminal(text: string): string {
    return text.split("\n").map(escapeControls).join("\n");
}

/** A line for the person running Pulumi, on the provider's stderr (the CLI shows it under the resource). */
export function tellUser(message: string): void {
    process.stderr.write(`shortener: ${forTerminal(message)}\n`);
}

/** A line told when the provider process ends, unless what it says is no longer true by then. */
interface LateLine {
    message: string;
    withdrawn: () => boolean;
}

const lateLines: LateLine[] = [];

/**
 * Tells `message` when the provider process ends (the engine ends it, with SIGINT, once the run is over), unless
 * `withdrawn` holds by then: for a line about what a later step of the same run may change, such as an item said to
 * stay in a channel that the run then deletes.
 */
export function tellAtEnd(message: string, withdrawn: () => boolean): void {
    if (lateLines.length === 0) {
        process.once("exit", tellLateLines);
        process.once("SIGINT", () => process.exit(INTERRUPTED_EXIT_CODE));
    }
    lateLines.push({ message, withdrawn });
}

function tellLateLines(): void {
    for (const line of lateLines.splice(0)) if (!line.withdrawn()) tellUser(line.message);
}

/** The exit code of a process ended by SIGINT, as a shell reports it. */
const INTERRUPTED_EXIT_CODE = 130;

/** The provider host's exit code once the engine that read its stderr is gone. */
export const ENGINE_GONE_EXIT_CODE = 1;

const guarded = new WeakSet<NodeJS.WritableStream>();

/**
 * Ends the process when its stderr fails. The dynamic-provider host's stderr is a pipe to the Pulumi CLI; once the CLI
 * is gone (killed, its machine lost) every write fails with EPIPE, and @pulumi/pulumi's host logs each uncaught error
 * to stderr again, so the process would loop for ever, busy and keeping every error it logged. No engine is left to
 * answer, so the process ends instead.
 */
export function endWhenStderrFails(
    stream: NodeJS.WritableStream = process.stderr,
    exit: (code: number) => void = (code) => process.exit(code),
): void {
    if (guarded.has(stream)) return;
    guarded.add(stream);
    stream.on("error", () => exit(ENGINE_GONE_EXIT_CODE));
}
