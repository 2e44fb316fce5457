// How a service that echoes a request shows a secret: the encodings a test makes it echo the secret in, and every form
// a reader of the error could find it in, which none of the client's or provider's errors may hold.

export const htmlEscape = (text: string) =>
    text.replace(
        /[&<>"']/g,
        (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#039;" })[char]!,
    );

/** The encodings of text a service echoes it in, by name. */
export const ENCODINGS: Record<string, (text: string) => string> = {
    plain: (text) => text,
    "JSON-escaped": (text) => JSON.stringify(text).slice(1, -1),
    "JSON-escaped as PHP does": (text) => JSON.stringify(text).slice(1, -1).replace(/\//g, "\\/"),
    "HTML-escaped": htmlEscape,
    "percent-encoded": encodeURIComponent,
    "form-encoded": (text) => encodeURIComponent(text).replace(/%20/g, "+"),
    "HTML-escaped JSON": (text) => htmlEscape(JSON.stringify(text).slice(1, -1)),
};

/**
 * Every form of the secret, by name: each encoding of it, and the part of its base64 (standard and URL-safe) that does
 * not depend on what precedes it, at each alignment.
 */
export function formsOf(secret: string): [string, string][] {
    const cores = [0, 1, 2].flatMap((offset): [string, string][] => {
        const core = Buffer.from("\0".repeat(offset) + secret)
            .toString("base64")
            .slice(offset === 0 ? 0 : offset + 1, -4);
        return [
            [`base64 at offset ${offset}`, core],
            [`base64url at offset ${offset}`, core.replace(/\+/g, "-").replace(/\//g, "_")],
        ];
    });
    return [...Object.entries(ENCODINGS).map(([name, encode]): [string, string] => [name, encode(secret)]), ...cores];
}
