// What the hostile suites share: a deadline for calls that an unbounded client would never finish, a record of
// what the process printed or warned meanwhile, and a stack whose provider talks to a service of the test's choice.
import assert from "node:assert/strict";
import { join } from "node:path";
import { ShortenerApiError } from "../../provider/client";
import { readState, runOperation, type LifecycleResult, type Operation } from "../support/pulumi";
import { DECLARED_PROGRAM, type Declared } from "../support/stack";

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
export async function capturing<T>(
    work: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; captured: Captured }> {
    const captured: Captured = { stderr: [], warnings: [] };
    const write = process.stderr.write.bind(process.stderr);
    const onWarning = (warning: Error) => captured.warnings.push(`${warning.name}: ${warning.message}`);
    process.stderr.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
        captured.stderr.push(String(chunk));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    };
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

/** A stack whose provider talks to `baseUrl` (the emulator, or a hostile service in front of it), its state in `dir`. */
export function stackOn(baseUrl: string, apiKey: string, dir: string) {
    const stateFile = join(dir, "state.json");
    const run = async (operation: Operation, resources: readonly Declared[]): Promise<LifecycleResult> =>
        runOperation(operation, {
            programDir: DECLARED_PROGRAM,
            stateFile,
            config: { "shortener:baseUrl": baseUrl },
            secretConfig: { "shortener:apiKey": apiKey, "declared:resources": JSON.stringify(resources) },
            env: { PULUMI_CONFIG_PASSPHRASE: "test-passphrase" },
        });
    const expectOk = async (operation: Operation, resources: readonly Declared[]) => {
        const result = await run(operation, resources);
        assert.ok(result.ok, `${operation} failed:\n${result.log}`);
        return result;
    };
    const held = (type: string) =>
        readState(stateFile).resources.filter((resource) => resource.type.endsWith(`:${type}`));
    return { run, expectOk, held };
}
