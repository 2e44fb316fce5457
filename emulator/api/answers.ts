// The answers a handler or a profile throws instead of returning a body. They stand apart from the handlers'
// context so that the profiles, which the context names, can throw them too.

/** A refusal the service answers with HTTP 200 and {"error":1,"message":...}. */
export class ApiFailure extends Error {}

/** An answer that is not JSON: an HTML error page or an empty body, as the real service gives for some failures. */
export class RawAnswer extends Error {
    constructor(
        readonly status: number,
        readonly body: "html" | "empty",
    ) {
        super(`HTTP ${status} with ${body === "html" ? "an HTML page" : "an empty body"}`);
    }
}

/**
 * Where the emulator does not follow the service (links.md leaves the service's answer unknown): a refusal that names
 * what is not followed, never a guess.
 */
export function notFollowed(what: string, why: string): never {
    throw new ApiFailure(`emulator: ${what} is not followed: ${why}`);
}
