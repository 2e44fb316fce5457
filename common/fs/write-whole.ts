// Writing a file whole: the text goes to a new temporary file beside the target, which a rename then puts in its
// place, so a failure leaves the old file as it was and no reader ever sees half a file. The temporary file gets a
// random name and is created exclusively (O_CREAT | O_EXCL): in a folder others can write to, nothing planted there
// beforehand (a file, a symlink to a file of the user's) is opened or followed.
import { randomBytes } from "node:crypto";
import { closeSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Replaces `path` with `text` at once; `mode` is the new file's permissions (before the umask). */
export function writeFileWhole(path: string, text: string, mode = 0o666): void {
    const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(8).toString("hex")}.tmp`);
    const descriptor = openSync(temporary, "wx", mode);
    try {
        try {
            writeFileSync(descriptor, text);
        } finally {
            closeSync(descriptor);
        }
        renameSync(temporary, path);
    } catch (error) {
        rmSync(temporary, { force: true });
        throw error;
    }
}
