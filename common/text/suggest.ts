// "Did you mean": the known name closest to an unknown one (a catalogue's parameter, a resource's input, a config
// key), by edit distance (Levenshtein, on lower case), when it is close enough to be a likely slip. The cost is
// bounded whatever the input or the candidates (common/bounds.ts): a long name gets no suggestion, a bounded number
// of candidates is compared, a candidate whose length differs by more than the allowed distance is skipped at once,
// and the distance is computed only within that band.

import { COMMON_BOUNDS } from "../bounds";
import { quoted } from "./echo";

// One slip in a short name, two in a longer one, three in a long one.
function allowedDistance(length: number): number {
    return length <= 4 ? 1 : length <= 10 ? 2 : 3;
}

/** The edit distance of a and b when it is at most `max`, else max + 1; O(a.length * (2 * max + 1)). */
function boundedDistance(a: string, b: string, max: number): number {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    const beyond = max + 1;
    let previous = new Array<number>(b.length + 1);
    let current = new Array<number>(b.length + 1);
    for (let column = 0; column <= b.length; column++) previous[column] = column <= max ? column : beyond;
    for (let row = 1; row <= a.length; row++) {
        const from = Math.max(1, row - max);
        const to = Math.min(b.length, row + max);
        current.fill(beyond);
        current[0] = row <= max ? row : beyond;
        let best = current[0];
        for (let column = from; column <= to; column++) {
            const substitution = previous[column - 1] + (a.charCodeAt(row - 1) === b.charCodeAt(column - 1) ? 0 : 1);
            const value = Math.min(substitution, previous[column] + 1, current[column - 1] + 1, beyond);
            current[column] = value;
            if (value < best) best = value;
        }
        if (best > max) return beyond;
        [previous, current] = [current, previous];
    }
    return Math.min(previous[b.length], beyond);
}

/** The closest candidate to an unknown name, if one is close enough. */
export function closestName(unknown: string, candidates: Iterable<string>): string | undefined {
    if (unknown.length === 0 || unknown.length > COMMON_BOUNDS.maxSuggestedNameChars.default) return undefined;
    const wanted = unknown.toLowerCase();
    let max = allowedDistance(unknown.length);
    let best: string | undefined;
    let compared = 0;
    for (const candidate of candidates) {
        if (++compared > COMMON_BOUNDS.maxSuggestionCandidates.default) break;
        if (candidate === unknown) continue;
        const distance = boundedDistance(wanted, candidate.toLowerCase(), max);
        if (distance <= max) {
            best = candidate;
            // Only a strictly closer candidate replaces it.
            max = distance - 1;
            if (max < 0) break;
        }
    }
    return best;
}

/** The words of a suggestion, empty without one. */
export function didYouMean(suggestion: string | undefined, before = " Did you mean", after = "?"): string {
    return suggestion === undefined ? "" : `${before} ${quoted(suggestion)}${after}`;
}
