// Input types shared by several kinds, each validating and normalising the way the service does, so that an
// unchanged program always previews as no change.
import { z } from "zod";

/** An http(s) URL; the scheme and host are case-insensitive and a trailing slash means nothing, so both are normalised. */
export const httpUrl = z
    .string()
    .trim()
    .refine((value) => parseHttpUrl(value) !== undefined, { error: "must be a URL starting with http:// or https://" })
    .transform((value) => normaliseUrl(value));

export function normaliseUrl(value: string): string {
    const url = parseHttpUrl(value.trim());
    if (!url) return value;
    const path = url.pathname === "/" ? "" : url.pathname.replace(/\/+$/, "");
    return `${url.protocol}//${url.host}${path}${url.search}${url.hash}`;
}

function parseHttpUrl(value: string): URL | undefined {
    try {
        const url = new URL(value);
        return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
    } catch {
        return undefined;
    }
}

/**
 * The real service's update silently ignores names (and channel descriptions) of 2 characters or fewer: such a
 * value would never reach the service and the stack would show a diff forever, so it is refused up front.
 */
export const meaningfulText = (what: string) =>
    z.string().trim().min(3, { error: `${what} must be at least 3 characters (the service ignores shorter ones)` });

/** A badge colour #RRGGBB; upper case, as it is stored, so #ff0000 and #FF0000 are the same colour. */
export const hexColour = z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: "must be a colour of the form #RRGGBB" })
    .transform((value) => value.toUpperCase());

/** A QR colour rgb(r,g,b) with components 0..255, written without spaces. */
export const rgbColour = z
    .string()
    .trim()
    .transform((value, context) => {
        const match = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value);
        const parts = match?.slice(1).map(Number);
        if (!parts || parts.some((part) => part > 255)) {
            context.addIssue({ code: "custom", message: "must be a colour of the form rgb(r,g,b) with each part 0 to 255" });
            return z.NEVER;
        }
        return `rgb(${parts.join(",")})`;
    });

/** An id of another object: Outputs of other resources arrive as numbers or numeric strings. */
export const objectId = z.coerce
    .number({ error: "must be the numeric id of an existing object" })
    .int({ error: "must be a whole number" })
    .positive({ error: "must be a positive id" });
