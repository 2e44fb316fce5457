// Writes whose answer is lost. The service may or may not have applied such a write; updates and deletes set rather
// than add, so they are sent again, while creates and assignments look at the service first (create.ts, assignment.ts).
import { BOUNDS } from "../../bounds";
import { ShortenerApiError } from "../../client";

/** How often a write is sent when its answer is lost or is a server failure. */
export const ATTEMPTS = BOUNDS.writeAttempts.default;

/** The write may or may not have been applied: no answer, a server failure, or an answer that cannot be read. */
export function isUncertain(error: unknown): error is ShortenerApiError {
    if (!(error instanceof ShortenerApiError)) return false;
    return error.retryable || error.kind === "bad-response";
}

/** Updates and deletes set, not add: sending one again after a lost answer is safe. */
export async function idempotently<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
        try {
            return await write();
        } catch (error) {
            if (attempt >= ATTEMPTS || !isUncertain(error)) throw error;
        }
    }
}
