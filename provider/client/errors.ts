export type ErrorKind = "auth" | "rate-limit" | "not-found" | "validation" | "server" | "network" | "timeout" | "bad-response";

export interface ShortenerApiErrorInit {
    operation: string;
    kind: ErrorKind;
    /** Why the call failed, in words a user can act on. Must already be free of secrets. */
    reason: string;
    status?: number;
    serviceMessage?: string;
    retryable: boolean;
}

/**
 * The one error every client call throws. It carries only what the caller needs to decide what to do next,
 * never the request (its headers hold the API key, its body may hold a password).
 */
export class ShortenerApiError extends Error {
    readonly operation: string;
    readonly kind: ErrorKind;
    /** HTTP status, or undefined when no response arrived (network failure, timeout). */
    readonly status: number | undefined;
    readonly serviceMessage: string | undefined;
    /** True when the same call may succeed later unchanged; for a write it may also have been applied already. */
    readonly retryable: boolean;
    /** True only when the service said the object does not exist (it was deleted or never belonged to this key). */
    readonly notFound: boolean;

    constructor(init: ShortenerApiErrorInit) {
        super(`${init.operation} failed: ${init.reason}`);
        this.name = "ShortenerApiError";
        this.operation = init.operation;
        this.kind = init.kind;
        this.status = init.status;
        this.serviceMessage = init.serviceMessage;
        this.retryable = init.retryable;
        this.notFound = init.kind === "not-found";
    }
}
