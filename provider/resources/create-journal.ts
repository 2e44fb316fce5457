// Creates under way, on disk, for kinds whose listing shows nothing to recognise an object by (QR codes: the service
// lists only an id, a link, a name it makes up and the counts). A create the engine was waiting for when its process
// died stays pending in the Pulumi state, and the next `pulumi up` asks for it again; without this record the provider
// could not tell that the QR code it made then exists, and would make a second one. Each entry is written before the
// create request and removed once the create has an answer, either way, so one left behind means the process died.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where entries live: SHORTENER_CREATE_JOURNAL_DIR, else a folder in the system's temporary directory. */
export const JOURNAL_DIR_ENV = "SHORTENER_CREATE_JOURNAL_DIR";

export interface InterruptedCreate {
    /** The file to delete to start over, for the message. */
    file: string;
    /** Ids of the kind that existed before the interrupted create was sent. */
    before: readonly number[];
}

export interface CreateJournal {
    /** The create of these inputs that a process which has since died began and never finished. */
    interrupted(kind: string, inputs: object): InterruptedCreate | undefined;
    begin(kind: string, inputs: object, before: readonly number[]): void;
    end(kind: string, inputs: object): void;
}

interface Entry {
    pid: number;
    before: number[];
}

/** One journal per account (base URL and key digest), so that entries of another account are never consulted. */
export function createJournal(account: string, env: NodeJS.ProcessEnv = process.env): CreateJournal {
    const dir = env[JOURNAL_DIR_ENV] || join(tmpdir(), "pulumi-shortener-creates");
    const fileOf = (kind: string, inputs: object) =>
        join(dir, `${createHash("sha256").update(`${account}\n${kind}\n${JSON.stringify(sortedKeys(inputs))}`).digest("hex")}.json`);
    return {
        interrupted(kind, inputs) {
            const file = fileOf(kind, inputs);
            let entry: Entry;
            try {
                entry = JSON.parse(readFileSync(file, "utf8")) as Entry;
            } catch {
                return undefined;
            }
            return isAlive(entry.pid) ? undefined : { file, before: entry.before };
        },
        begin(kind, inputs, before) {
            mkdirSync(dir, { recursive: true, mode: 0o700 });
            const entry: Entry = { pid: process.pid, before: [...before] };
            writeFileSync(fileOf(kind, inputs), JSON.stringify(entry), { mode: 0o600 });
        },
        end(kind, inputs) {
            rmSync(fileOf(kind, inputs), { force: true });
        },
    };
}

function isAlive(pid: number): boolean {
    try {
        process.kill(pid, 0);
    } catch (error) {
        return (error as NodeJS.ErrnoException).code === "EPERM";
    }
    return !isZombie(pid);
}

/**
 * A killed process whose parent died too stays a zombie until something reaps it, which a container's first process
 * may never do; signal 0 still reaches it. On Linux its state in /proc tells.
 */
function isZombie(pid: number): boolean {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
    } catch {
        return false;
    }
}

function sortedKeys(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(sortedKeys);
    if (value && typeof value === "object") {
        return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => [key, sortedKeys(inner)]));
    }
    return value;
}
