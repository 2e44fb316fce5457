// What a migration reads from any source, before it is judged: rows, each with where it stands in its file and the
// fields of a short link it gives (or why it cannot give any), and the failure that makes a whole input unreadable.
import { UTM_KEYS } from "../resources/link-values";

export type UtmKey = (typeof UTM_KEYS)[number];

/** The fields of a link a source can give, as text from the file. */
export interface LinkFields {
    url?: string;
    alias?: string;
    domain?: string;
    title?: string;
    description?: string;
    image?: string;
    expiry?: string;
    utm?: Partial<Record<UtmKey, string>>;
}

export interface SourceRow {
    /** Where the row stands in its file: "line 4", "links[2]". */
    where: string;
    fields: LinkFields;
    /** Why the source's own data says it cannot be carried over (archived, password-protected, ...). */
    refused?: string;
}

/** An input that cannot be read as its format: nothing is written. */
export class InputError extends Error {}

/** A value of a JSON object by its own name, never one of Object.prototype's. */
export function own(object: unknown, name: string): unknown {
    return typeof object === "object" && object !== null && Object.hasOwn(object, name)
        ? (object as Record<string, unknown>)[name]
        : undefined;
}

/** A text field of a source's row: a non-empty string trimmed, or absent; anything else is named by `problems`. */
export function text(value: unknown, field: string, problems: string[]): string | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") {
        problems.push(`${field}: not a string`);
        return undefined;
    }
    return value.trim() === "" ? undefined : value.trim();
}

/** The path of a short URL without its slashes, the alias it was reached by: https://bit.ly/spring → spring. */
export function aliasOf(shortUrl: string): string | undefined {
    try {
        const path = new URL(shortUrl.includes("://") ? shortUrl : `https://${shortUrl}`).pathname;
        return decodeURIComponent(path.replace(/^\/+|\/+$/g, "")) || undefined;
    } catch {
        return undefined;
    }
}
