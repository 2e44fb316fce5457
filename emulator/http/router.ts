// Matches "METHOD /path" against patterns such as "/api/domain/:id/update".

export interface Route<H> {
    method: string;
    pattern: string;
    handler: H;
}

export type RouteMatch<H> =
    | { outcome: "matched"; route: Route<H>; params: Record<string, string> }
    | { outcome: "not-found" }
    | { outcome: "method-not-allowed" };

/** A malformed %-escape is kept as sent; the id check then refuses it like any other non-numeric id. */
function decodeSegment(segment: string): string {
    try {
        return decodeURIComponent(segment);
    } catch {
        return segment;
    }
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
    const expected = pattern.split("/");
    const actual = pathname.split("/");
    if (expected.length !== actual.length) return undefined;
    const params: Record<string, string> = {};
    for (let i = 0; i < expected.length; i++) {
        if (expected[i].startsWith(":")) {
            if (actual[i] === "") return undefined;
            params[expected[i].slice(1)] = decodeSegment(actual[i]);
        } else if (expected[i] !== actual[i]) {
            return undefined;
        }
    }
    return params;
}

function literalSegments(pattern: string): number {
    return pattern.split("/").filter((segment) => !segment.startsWith(":")).length;
}

/** A literal route ("/api/qr/add") wins over a parameter route ("/api/qr/:id") for the same method. */
export function matchRoute<H>(routes: Route<H>[], method: string, pathname: string): RouteMatch<H> {
    const candidates = routes
        .map((route) => ({ route, params: matchPattern(route.pattern, pathname) }))
        .filter((candidate): candidate is { route: Route<H>; params: Record<string, string> } => !!candidate.params);
    if (candidates.length === 0) return { outcome: "not-found" };
    const allowed = candidates
        .filter((candidate) => candidate.route.method === method)
        .sort((a, b) => literalSegments(b.route.pattern) - literalSegments(a.route.pattern));
    if (allowed.length === 0) return { outcome: "method-not-allowed" };
    return { outcome: "matched", ...allowed[0] };
}
