// Reading a file given from outside: only a regular file, opened without blocking (a FIFO put in the file's place
// after the check must not hang the run), checked again on the open descriptor, and read to at most limit + 1 bytes,
// so a file that grows while it is read is refused too. Its text is read faithfully or not at all: a byte that is no
// character of its encoding (UTF-8, unless the user names another) is an error naming the line, never a character
// replaced with U+FFFD.
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

/** How a file's bytes become text: the encoding (a WHATWG label), and what to do when a byte is not of it. */
export interface Decoding {
    encoding: string;
    advice: string;
}

export const UTF8: Decoding = { encoding: "utf-8", advice: "save it as UTF-8" };

/**
 * The text of a regular file of at most `limit` bytes, in `decoding`'s encoding; `hint` says how the limit is set,
 * for its error. A byte-order mark is kept, as the readers of each format expect it.
 */
export function readFileBounded(file: string, limit: number, hint = "", decoding = UTF8): string {
    return decodedText(file, readBytesBounded(file, limit, hint), decoding);
}

/** The text of `bytes` read from `source` (a file's name, or "the standard input"), as readFileBounded reads a file. */
export function decodedText(source: string, bytes: Buffer, decoding = UTF8): string {
    try {
        return new TextDecoder(decoding.encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        const name = decoding.encoding === UTF8.encoding ? "UTF-8" : decoding.encoding;
        const line = firstUndecodedLine(bytes, decoding.encoding);
        throw new InputFileError(source, `line ${line}: holds bytes that are not ${name} text; ${decoding.advice}`);
    }
}

/** The first line (counted from 1) that does not decode: lines end at the byte 0x0A in every encoding read here. */
function firstUndecodedLine(bytes: Buffer, encoding: string): number {
    const decoder = new TextDecoder(encoding, { fatal: true });
    let line = 1;
    for (let start = 0; start < bytes.length; line++) {
        const end = bytes.indexOf(0x0a, start);
        const stop = end === -1 ? bytes.length : end + 1;
        try {
            decoder.decode(bytes.subarray(start, stop));
        } catch {
            return line;
        }
        start = stop;
    }
    return line;
}

/** The bytes of a regular file of at most `limit` bytes. */
function readBytesBounded(file: string, limit: number, hint: string): Buffer {
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
        return buffer.subarray(0, length);
    } catch (error) {
        throw error instanceof InputFileError ? error : cannotRead(file, error);
    } finally {
        closeSync(descriptor);
    }
}
