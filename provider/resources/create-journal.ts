// Creates under way, on disk, for the creates whose inputs hold no natural key to recognise an object by in a listing:
// a QR code's (the service lists only an id, a link, a name it makes up and the counts) and a Link's declared without
// an alias (its content is all there is). A create the engine was waiting for when its process
// died stays pending in the Pulumi state, and the next `pulumi up` asks for it again; without this record the provider
// could not tell that the QR code it made then exists, and would make a second one. Each entry is written before the
// create request and removed once the create has an answer, either way, by the process that wrote it, so one left
// behind means the process died.
// The next run removes such an entry once it has resolved it: the object was found and adopted, or proved absent
// (then the retried create writes and removes its own entry in its place).
//
// The journal is the user's own: a folder only its owner may enter, in the user's state directory by default. Entries
// are scoped by account and project (the engine does not tell the provider its stack: see createJournal), and an
// entry is removed only by the process that wrote it, so two stacks creating the same inputs at once keep each other's.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, statSync, type Stats } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { BOUNDS } from "../bounds";
import { ENV_KEYS } from "../config";
import { writeFileWhole } from "../../common/fs/write-whole";

/** Where entries live: SHORTENER_CREATE_JOURNAL_DIR, else `pulumi-shortener/creates` in the user's state directory. */
export const JOURNAL_DIR_ENV = ENV_KEYS.createJournalDir;

/** An entry is a pid and the ids listed before the create: a few KB at most, far below this. */
const MAX_ENTRY_BYTES = BOUNDS.maxJournalEntryBytes.default;
/** Folders created on the way to the journal, at most: a path deeper than this is refused, not walked. */
const MAX_NEW_FOLDERS = BOUNDS.maxJournalNewFolders.default;

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
    /**
     * The object `id` with these inputs is now the stack's (adopted): an interrupted create of the same inputs that
     * began before it existed is resolved, and its entry removed.
     */
    found(kind: string, inputs: object, id: number): void;
}

/** The journal cannot be used: the message names it, the kind whose create it records, its folder and its setting. */
export class CreateJournalError extends Error {
    constructor(dir: string, kind: string, reason: string) {
        super(
            `the create journal in ${dir}, which records this ${kind}'s create while it is under way, cannot be used: ${reason}. Set ${JOURNAL_DIR_ENV} to a folder of your own (mode 700)`,
        );
        this.name = "CreateJournalError";
    }
}

/** Why the journal's folder or an entry cannot be trusted; guarded() names the journal and the kind around it. */
class Untrusted extends Error {}

interface Entry {
    pid: number;
    before: number[];
}

/**
 * One journal per account (base URL and key digest) and project, so that entries of another account or project are
 * never consulted. The project is the finest scope the engine tells the dynamic-provider host (PULUMI_NODEJS_PROJECT,
 * pkg/resource/plugin/provider_plugin.go NewProvider): it is not told the stack, so the stacks of one project share
 * their entries.
 */
export function createJournal(account: string, env: NodeJS.ProcessEnv = process.env): CreateJournal {
    const dir = journalDir(env);
    // The empty line after the project stands for a stack the engine never tells: it keeps entries' names the same
    // as 0.1.0 and 0.2.0 wrote them, so an entry an interrupted run left behind is still found.
    const scope = `${env.PULUMI_NODEJS_PROJECT ?? ""}\n`;
    const fileOf = (kind: string, inputs: object) =>
        join(
            dir,
            `${createHash("sha256")
                .update(`${account}\n${scope}\n${kind}\n${JSON.stringify(sortedKeys(withoutAdopt(inputs)))}`)
                .digest("hex")}.json`,
        );
    const guarded = <T>(kind: string, work: () => T): T => {
        try {
            return work();
        } catch (error) {
            throw new CreateJournalError(
                dir,
                kind,
                error instanceof Untrusted ? error.message : describeFsError(error),
            );
        }
    };
    /** An entry left by a process that has died. */
    const leftBehind = (file: string): Entry | undefined => {
        if (!exists(dir)) return undefined;
        checkPrivate(dir);
        const text = readEntry(file);
        if (text === undefined) return undefined;
        const entry = parseEntry(text);
        if (!entry) throw new Untrusted(`the entry ${file} is not one the provider wrote; delete it`);
        return isAlive(entry.pid) ? undefined : entry;
    };
    return {
        interrupted: (kind, inputs) =>
            guarded(kind, () => {
                const file = fileOf(kind, inputs);
                const entry = leftBehind(file);
                return entry && { file, before: entry.before };
            }),
        begin: (kind, inputs, before) =>
            guarded(kind, () => {
                makePrivateDir(dir);
                const file = fileOf(kind, inputs);
                const entry: Entry = { pid: process.pid, before: [...before] };
                // Written whole, so a process killed mid-write never leaves half an entry.
                writeFileWhole(file, JSON.stringify(entry), 0o600);
            }),
        // Another stack of the project creating the same inputs at once writes the same entry: only the process
        // that wrote what is there now removes it, so the other's interrupted create is still found.
        end: (kind, inputs) =>
            guarded(kind, () => {
                const file = fileOf(kind, inputs);
                const text = readEntry(file);
                if (text !== undefined && parseEntry(text)?.pid === process.pid) rmSync(file, { force: true });
            }),
        found: (kind, inputs, id) =>
            guarded(kind, () => {
                const file = fileOf(kind, inputs);
                const entry = leftBehind(file);
                if (entry && !entry.before.includes(id)) rmSync(file, { force: true });
            }),
    };
}

function journalDir(env: NodeJS.ProcessEnv): string {
    const configured = env[JOURNAL_DIR_ENV]?.trim();
    if (configured) return configured;
    const stateHome = env.XDG_STATE_HOME?.trim() || join(homedir(), ".local", "state");
    return join(stateHome, "pulumi-shortener", "creates");
}

/** The adopt input says how to take an object over, not what it is: an adopting run finds the entry its create left. */
function withoutAdopt(inputs: object): object {
    return Object.fromEntries(Object.entries(inputs).filter(([key]) => key !== "adopt"));
}

function exists(path: string): boolean {
    try {
        statSync(path);
        return true;
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
    }
}

/**
 * Creates the folder (and missing parents) with mode 700, one level at a time: Node's recursive mkdir never returns
 * on some impossible paths (under /proc). Then checks that it is private and the user's own.
 */
function makePrivateDir(dir: string): void {
    const missing: string[] = [];
    for (let path = dir; !exists(path); path = dirname(path)) {
        if (missing.length >= MAX_NEW_FOLDERS || dirname(path) === path)
            throw new Error(`${dir}: no existing folder to create it in`);
        missing.unshift(path);
    }
    for (const path of missing) {
        try {
            mkdirSync(path, { mode: 0o700 });
        } catch (error) {
            // Another process of the same user may have made it meanwhile; the check below judges it either way.
            if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        }
    }
    checkPrivate(dir);
}

/**
 * Entries decide whether a create may go ahead: a folder another user owns, or one others may write in, would let
 * them stop this user's creates or hide an interrupted one. (Mode bits and owners are not checked on Windows.)
 */
function checkPrivate(dir: string): void {
    const stats: Stats = statSync(dir);
    if (!stats.isDirectory()) throw new Error(`${dir} is not a folder`);
    const uid = process.getuid?.();
    if (uid === undefined) return;
    if (stats.uid !== uid) throw new Untrusted(`the folder belongs to another user (uid ${stats.uid}, not ${uid})`);
    if ((stats.mode & 0o077) !== 0) {
        throw new Untrusted(
            `the folder is open to other users (mode ${(stats.mode & 0o777).toString(8)}; run chmod 700 on it)`,
        );
    }
}

/** The entry's text; undefined when there is none. Only a regular file of a bounded size is read. */
function readEntry(file: string): string | undefined {
    let stats: Stats;
    try {
        stats = statSync(file);
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
    }
    if (!stats.isFile() || stats.size > MAX_ENTRY_BYTES) return "";
    return readFileSync(file, "utf8");
}

function parseEntry(text: string): Entry | undefined {
    try {
        const entry = JSON.parse(text) as Partial<Entry>;
        const valid =
            Number.isSafeInteger(entry.pid) &&
            entry.pid! > 0 &&
            Array.isArray(entry.before) &&
            entry.before.every(Number.isSafeInteger);
        return valid ? (entry as Entry) : undefined;
    } catch {
        return undefined;
    }
}

/** A reason a person can act on, for the file-system errors a journal folder meets. */
function describeFsError(error: unknown): string {
    const { code, message } = error as NodeJS.ErrnoException;
    const reasons: Record<string, string> = {
        EROFS: "it is on a read-only file system",
        EACCES: "permission denied",
        EPERM: "the operation is not permitted there",
        ENOTDIR: "a part of its path is a file, not a folder",
        ENOENT: "a part of its path does not exist and cannot be created",
        ENOSPC: "the disk is full",
        ENAMETOOLONG: "its path is too long",
        ELOOP: "its path has a loop of symbolic links",
    };
    return (code && reasons[code] ? `${reasons[code]} (${code})` : message) ?? String(error);
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
        return Object.fromEntries(
            Object.entries(value)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([key, inner]) => [key, sortedKeys(inner)]),
        );
    }
    return value;
}
