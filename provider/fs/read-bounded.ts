// Reading a file given from outside: only a regular file, opened without blocking (a FIFO put in the file's place
// after the check must not hang the run), checked again on the open descriptor, and read to at most limit + 1 bytes,
// so a file that grows while it is read is refused too.
import { closeSync, constants, fstatSync, openSync, readSync, Stats, statSync } from "node:fs";

export class InputFileError extends Error {
    constructor(
        readonly file: string,
        readonly problem: string,
    ) {
        super(`${file}: ${problem}`);
        this.name = "InputFileError";
    }
}

function describeKind(stats: Stats): string {
    if (stats.isDirectory()) return "a directory";
    if (stats.isFIFO()) return "a FIFO";
    if (stats.isCharacterDevice()) return "a character device";
    if (stats.isBlockDevice()) return "a block device";
    if (stats.isSocket()) return "a socket";
    return "not a regular file";
}

function cannotRead(file: string, error: unknown): InputFileError {
    return new InputFileError(file, `cannot read the file (${(error as NodeJS.ErrnoException).code ?? "read error"})`);
}

function tooLarge(file: string, size: number, limit: number, hint: string): InputFileError {
    return new InputFileError(file, `the file has ${size} bytes, more than the limit of ${limit} bytes${hint}`);
}

/** Refuses what is not a regular file of at most `limit` bytes, before anything is opened. */
export function checkInputFile(file: string, limit: number, hint = ""): void {
    let stats: Stats;
    try {
        stats = statSync(file);
    } catch (error) {
        throw cannotRead(file, error);
    }
    if (!stats.isFile()) throw new InputFileError(file, `not a regular file (${describeKind(stats)})`);
    if (stats.size > limit) throw tooLarge(file, stats.size, limit, hint);
}

/** The text of a regular file of at most `limit` bytes; `hint` says how the limit is set, for its error. */
export function readFileBounded(file: string, limit: number, hint = ""): string {
    checkInputFile(file, limit, hint);
    let descriptor: number;
    try {
        descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    } catch (error) {
        throw cannotRead(file, error);
    }
    try {
        const stats = fstatSync(descriptor);
        if (!stats.isFile()) throw new InputFileError(file, `not a regular file (${describeKind(stats)})`);
        const buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
        let length = 0;
        for (;;) {
            const read = readSync(descriptor, buffer, length, buffer.length - length, null);
            if (read === 0) break;
            length += read;
            if (length > limit) throw tooLarge(file, length, limit, hint);
            if (length === buffer.length) break;
        }
        return buffer.toString("utf8", 0, length);
    } catch (error) {
        throw error instanceof InputFileError ? error : cannotRead(file, error);
    } finally {
        closeSync(descriptor);
    }
}
