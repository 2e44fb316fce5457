// What the hostile suites share: a deadline for calls that an unbounded client would never finish, and a record of
// what the process printed or warned meanwhile.
import { ShortenerApiError } from "../../provider/client";

/** The error a call fails with, or a failure of the test when it succeeds, fails otherwise, or runs past `ms`. */
export async function failureWithin(ms: number, promise: Promise<unknown>): Promise<ShortenerApiError> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`still running after ${ms} ms: the client is not bounded`)), ms);
    });
    try {
        await Promise.race([promise, deadline]);
    } catch (error) {
        if (error instanceof ShortenerApiError) return error;
        throw error;
    } finally {
        clearTimeout(timer);
    }
    throw new Error("expected the call to fail, but it succeeded");
}

export interface Captured {
    stderr: string[];
    warnings: string[];
}

/** Runs `work` while recording the process's stderr lines and warnings (the stderr lines are still printed). */
export async function capturing<T>(work: () => Promise<T>): Promise<{ result: PromiseSettledResult<T>; captured: Captured }> {
    const captured: Captured = { stderr: [], warnings: [] };
    const write = process.stderr.write.bind(process.stderr);
    const onWarning = (warning: Error) => captured.warnings.push(`${warning.name}: ${warning.message}`);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        captured.stderr.push(String(chunk));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    process.on("warning", onWarning);
    try {
        const [result] = await Promise.allSettled([work()]);
        // Warnings are emitted on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
        return { result, captured };
    } finally {
        process.stderr.write = write;
        process.off("warning", onWarning);
    }
}
