import { ApiFailure } from "./answers";

// Readers of request-body fields: each returns the value or throws an ApiFailure naming the field and the reason.

type Body = Record<string, unknown>;

function isBlank(value: unknown): boolean {
    return value === undefined || value === null || value === "";
}

export function requiredString(body: Body, field: string): string {
    const value = body[field];
    if (isBlank(value)) throw new ApiFailure(`${field} is required.`);
    if (typeof value !== "string") throw new ApiFailure(`${field} must be a string.`);
    return value;
}

export function optionalString(body: Body, field: string): string | undefined {
    const value = body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") throw new ApiFailure(`${field} must be a string.`);
    return value;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], field: string): T {
    if (!(allowed as readonly string[]).includes(value)) {
        throw new ApiFailure(`${field} "${value}" is not one of: ${allowed.join(", ")}.`);
    }
    return value as T;
}

export function isHttpUrl(value: string): boolean {
    if (!/^https?:\/\//i.test(value)) return false;
    try {
        return new URL(value).hostname !== "";
    } catch {
        return false;
    }
}

/** An optional http(s) URL; "" means "none". */
export function optionalHttpUrl(body: Body, field: string): string | undefined {
    const value = optionalString(body, field);
    if (value && !isHttpUrl(value)) throw new ApiFailure(`${field} must be a URL starting with http:// or https://.`);
    return value;
}

export function isEmail(value: string): boolean {
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
