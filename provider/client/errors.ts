import { forTerminal } from "../terminal";

export type ErrorKind =
    "auth" | "rate-limit" | "not-found" | "validation" | "server" | "network" | "timeout" | "bad-response";

export interface ShortenerApiErrorInit {
    operation: string;
    kind: ErrorKind;
    /** Why the call failed, in words a user can act on. Must already be free of secrets. */
    reason: string;
    status?: number;
    serviceMessage?: string;
    retryable: boolean;
    /** A write whose answer was lost or cut off: the client cannot tell whether the service applied it. */
    mayBeApplied?: boolean;
}

const MAY_BE_APPLIED = "the change may have been applied, check before repeating it";

/**
 * The one error every client call throws. It carries only what the caller needs to decide what to do next,
 * never the request (its headers hold the API key, its body may hold a password). Its words may hold the service's
 * (its message, a value it answered), and a program, a data function or a command shows them as they are: they are
 * escaped for a terminal here, once for every caller.
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
    /**
     * What failed, without the caution that a write may have been applied: for a caller that has looked and knows
     * whether it was (a create that is then tried again).
     */
    readonly failure: string;

    constructor(init: ShortenerApiErrorInit) {
        const failure = forTerminal(`${init.operation} failed: ${init.reason}`);
        super(init.mayBeApplied ? `${failure}; ${MAY_BE_APPLIED}` : failure);
        this.failure = failure;
        this.name = "ShortenerApiError";
        this.operation = init.operation;
        this.kind = init.kind;
        this.status = init.status;
        this.serviceMessage = init.serviceMessage === undefined ? undefined : forTerminal(init.serviceMessage);
        this.retryable = init.retryable;
        this.notFound = init.kind === "not-found";
    }
}
