// What was thrown, as words: `catch` gives `unknown`, and a library may throw a string or an object as well as an Error.

/** An Error's own message; anything else thrown, as a string. */
export function messageOf(thrown: unknown): string {
    return thrown instanceof Error ? thrown.message : String(thrown);
}
