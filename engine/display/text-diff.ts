// The text diff the display prints for a changed string: the parts of github.com/sergi/go-diff v1.4.0
// (diffmatchpatch/diff.go, stringutil.go) that pkg/backend/display/object_diff.go printTextDiff calls, with its
// settings: no time limit (DiffTimeout 0, so no half-match), DiffEditCost 4, no line mode inside DiffMain. Texts are
// diffed as lists of numbers: the code points of a line (DiffMain), or the line numbers of a text (DiffLinesToChars:
// each line stands for one rune).
export type DiffType = -1 | 0 | 1;
export const DELETE: DiffType = -1;
export const EQUAL: DiffType = 0;
export const INSERT: DiffType = 1;

export interface TextDiff {
    type: DiffType;
    text: string;
}

interface Diff {
    type: DiffType;
    items: number[];
}

const EDIT_COST = 4;

/** DiffMain(old, new, false) then DiffCleanupEfficiency: a diff of two one-line texts, by character. */
export function characterDiff(oldText: string, newText: string): TextDiff[] {
    const runes = (text: string) => [...text].map((character) => character.codePointAt(0) ?? 0);
    return cleanupEfficiency(diffMain(runes(oldText), runes(newText))).map((diff) => ({
        type: diff.type,
        text: String.fromCodePoint(...diff.items),
    }));
}

/** DiffLinesToChars, DiffMain, DiffCharsToLines: a diff of two texts by whole lines (each with its newline). */
export function lineDiff(oldText: string, newText: string): TextDiff[] {
    const lines = [""];
    const numbers = new Map<string, number>();
    const numbered = (text: string) =>
        linesOf(text).map((line) => numbers.get(line) ?? (numbers.set(line, lines.push(line) - 1), lines.length - 1));
    const [oldLines, newLines] = [numbered(oldText), numbered(newText)];
    return diffMain(oldLines, newLines).map((diff) => ({
        type: diff.type,
        text: diff.items.map((line) => lines[line]).join(""),
    }));
}

/** diffLinesToStringsMunge's lines: each up to and with its newline; the last may have none. */
function linesOf(text: string): string[] {
    const lines: string[] = [];
    for (let start = 0; start < text.length;) {
        const newline = text.indexOf("\n", start);
        const end = newline === -1 ? text.length : newline + 1;
        lines.push(text.slice(start, end));
        start = end;
    }
    return lines;
}

/** diffMainRunes. */
function diffMain(text1: number[], text2: number[]): Diff[] {
    if (equal(text1, text2)) return text1.length > 0 ? [{ type: EQUAL, items: text1 }] : [];
    const prefix = commonPrefix(text1, text2);
    const [rest1, rest2] = [text1.slice(prefix), text2.slice(prefix)];
    const suffix = commonSuffix(rest1, rest2);
    const diffs = compute(rest1.slice(0, rest1.length - suffix), rest2.slice(0, rest2.length - suffix));
    if (prefix > 0) diffs.unshift({ type: EQUAL, items: text1.slice(0, prefix) });
    if (suffix > 0) diffs.push({ type: EQUAL, items: rest1.slice(rest1.length - suffix) });
    return cleanupMerge(diffs);
}

/** diffCompute, without the half-match (DiffTimeout 0) and line mode (checklines false). */
function compute(text1: number[], text2: number[]): Diff[] {
    if (text1.length === 0) return [{ type: INSERT, items: text2 }];
    if (text2.length === 0) return [{ type: DELETE, items: text1 }];
    const [long, short] = text1.length > text2.length ? [text1, text2] : [text2, text1];
    const at = indexOf(long, short);
    if (at !== -1) {
        const type = text1.length > text2.length ? DELETE : INSERT;
        return [
            { type, items: long.slice(0, at) },
            { type: EQUAL, items: short },
            { type, items: long.slice(at + short.length) },
        ];
    }
    if (short.length === 1) {
        return [
            { type: DELETE, items: text1 },
            { type: INSERT, items: text2 },
        ];
    }
    return bisect(text1, text2);
}

/** diffBisect: Myers' middle snake, then each half diffed on its own (diffBisectSplit). */
function bisect(runes1: number[], runes2: number[]): Diff[] {
    const [length1, length2] = [runes1.length, runes2.length];
    const maxD = Math.floor((length1 + length2 + 1) / 2);
    const offset = maxD;
    const size = 2 * maxD;
    const v1 = new Array<number>(size).fill(-1);
    const v2 = new Array<number>(size).fill(-1);
    v1[offset + 1] = 0;
    v2[offset + 1] = 0;
    const delta = length1 - length2;
    const front = delta % 2 !== 0;
    let [k1start, k1end, k2start, k2end] = [0, 0, 0, 0];
    const split = (x: number, y: number) => [
        ...diffMain(runes1.slice(0, x), runes2.slice(0, y)),
        ...diffMain(runes1.slice(x), runes2.slice(y)),
    ];
    for (let d = 0; d < maxD; d++) {
        for (let k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
            const k1Offset = offset + k1;
            let x1 =
                k1 === -d || (k1 !== d && v1[k1Offset - 1] < v1[k1Offset + 1])
                    ? v1[k1Offset + 1]
                    : v1[k1Offset - 1] + 1;
            let y1 = x1 - k1;
            while (x1 < length1 && y1 < length2 && runes1[x1] === runes2[y1]) {
                x1++;
                y1++;
            }
            v1[k1Offset] = x1;
            if (x1 > length1) k1end += 2;
            else if (y1 > length2) k1start += 2;
            else if (front) {
                const k2Offset = offset + delta - k1;
                if (k2Offset >= 0 && k2Offset < size && v2[k2Offset] !== -1 && x1 >= length1 - v2[k2Offset])
                    return split(x1, y1);
            }
        }
        for (let k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
            const k2Offset = offset + k2;
            let x2 =
                k2 === -d || (k2 !== d && v2[k2Offset - 1] < v2[k2Offset + 1])
                    ? v2[k2Offset + 1]
                    : v2[k2Offset - 1] + 1;
            let y2 = x2 - k2;
            while (x2 < length1 && y2 < length2 && runes1[length1 - x2 - 1] === runes2[length2 - y2 - 1]) {
                x2++;
                y2++;
            }
            v2[k2Offset] = x2;
            if (x2 > length1) k2end += 2;
            else if (y2 > length2) k2start += 2;
            else if (!front) {
                const k1Offset = offset + delta - k2;
                if (k1Offset >= 0 && k1Offset < size && v1[k1Offset] !== -1) {
                    const x1 = v1[k1Offset];
                    if (x1 >= length1 - x2) return split(x1, offset + x1 - k1Offset);
                }
            }
        }
    }
    return [
        { type: DELETE, items: runes1 },
        { type: INSERT, items: runes2 },
    ];
}

/** DiffCleanupMerge: adjacent edits merged, common affixes of an edit pair moved out, single edits shifted. */
function cleanupMerge(input: Diff[]): Diff[] {
    const diffs = [...input.map((diff) => ({ ...diff })), { type: EQUAL, items: [] as number[] }];
    let pointer = 0;
    let [countDelete, countInsert] = [0, 0];
    let [textDelete, textInsert] = [[] as number[], [] as number[]];
    while (pointer < diffs.length) {
        const current = diffs[pointer];
        if (current.type !== EQUAL) {
            if (current.type === INSERT) {
                countInsert++;
                textInsert.push(...current.items);
            } else {
                countDelete++;
                textDelete.push(...current.items);
            }
            pointer++;
            continue;
        }
        if (countDelete + countInsert > 1) {
            if (countDelete !== 0 && countInsert !== 0) {
                const prefix = commonPrefix(textInsert, textDelete);
                if (prefix !== 0) {
                    const before = pointer - countDelete - countInsert;
                    if (before > 0 && diffs[before - 1].type === EQUAL)
                        diffs[before - 1].items = [...diffs[before - 1].items, ...textInsert.slice(0, prefix)];
                    else {
                        diffs.unshift({ type: EQUAL, items: textInsert.slice(0, prefix) });
                        pointer++;
                    }
                    [textInsert, textDelete] = [textInsert.slice(prefix), textDelete.slice(prefix)];
                }
                const suffix = commonSuffix(textInsert, textDelete);
                if (suffix !== 0) {
                    diffs[pointer].items = [...textInsert.slice(textInsert.length - suffix), ...diffs[pointer].items];
                    [textInsert, textDelete] = [
                        textInsert.slice(0, textInsert.length - suffix),
                        textDelete.slice(0, textDelete.length - suffix),
                    ];
                }
            }
            const merged: Diff[] = [];
            if (countDelete !== 0) merged.push({ type: DELETE, items: textDelete });
            if (countInsert !== 0) merged.push({ type: INSERT, items: textInsert });
            diffs.splice(pointer - countDelete - countInsert, countDelete + countInsert, ...merged);
            pointer = pointer - countDelete - countInsert + 1 + merged.length;
        } else if (pointer !== 0 && diffs[pointer - 1].type === EQUAL) {
            diffs[pointer - 1].items = [...diffs[pointer - 1].items, ...current.items];
            diffs.splice(pointer, 1);
        } else {
            pointer++;
        }
        [countDelete, countInsert, textDelete, textInsert] = [0, 0, [], []];
    }
    if (diffs[diffs.length - 1].items.length === 0) diffs.pop();
    return shiftSingleEdits(diffs);
}

/** DiffCleanupMerge's second pass: A<ins>BA</ins>C becomes <ins>AB</ins>AC; if anything moved, merge again. */
function shiftSingleEdits(diffs: Diff[]): Diff[] {
    let changes = false;
    for (let pointer = 1; pointer < diffs.length - 1; pointer++) {
        const [previous, edit, next] = [diffs[pointer - 1], diffs[pointer], diffs[pointer + 1]];
        if (previous.type !== EQUAL || next.type !== EQUAL) continue;
        if (endsWith(edit.items, previous.items)) {
            edit.items = [...previous.items, ...edit.items.slice(0, edit.items.length - previous.items.length)];
            next.items = [...previous.items, ...next.items];
            diffs.splice(pointer - 1, 1);
            changes = true;
        } else if (startsWith(edit.items, next.items)) {
            previous.items = [...previous.items, ...next.items];
            edit.items = [...edit.items.slice(next.items.length), ...next.items];
            diffs.splice(pointer + 1, 1);
            changes = true;
        }
    }
    return changes ? cleanupMerge(diffs) : diffs;
}

/** DiffCleanupEfficiency: short equalities between edits folded into them (lengths in UTF-8 bytes, as Go's len). */
function cleanupEfficiency(diffs: Diff[]): Diff[] {
    let changes = false;
    let equalities: number[] = [];
    let lastEquality: number[] = [];
    let [preIns, preDel, postIns, postDel] = [false, false, false, false];
    for (let pointer = 0; pointer < diffs.length; pointer++) {
        if (diffs[pointer].type === EQUAL) {
            if (utf8Bytes(diffs[pointer].items) < EDIT_COST && (postIns || postDel)) {
                equalities.push(pointer);
                [preIns, preDel, lastEquality] = [postIns, postDel, diffs[pointer].items];
            } else {
                [equalities, lastEquality] = [[], []];
            }
            [postIns, postDel] = [false, false];
            continue;
        }
        if (diffs[pointer].type === DELETE) postDel = true;
        else postIns = true;
        const sides = [preIns, preDel, postIns, postDel].filter(Boolean).length;
        const length = utf8Bytes(lastEquality);
        if (length > 0 && (sides === 4 || (length < EDIT_COST / 2 && sides === 3))) {
            const at = equalities[equalities.length - 1];
            diffs.splice(at, 0, { type: DELETE, items: lastEquality });
            diffs[at + 1] = { ...diffs[at + 1], type: INSERT };
            equalities.pop();
            lastEquality = [];
            if (preIns && preDel) {
                [postIns, postDel, equalities] = [true, true, []];
            } else {
                equalities.pop();
                pointer = equalities.length > 0 ? equalities[equalities.length - 1] : -1;
                [postIns, postDel] = [false, false];
            }
            changes = true;
        }
    }
    return changes ? cleanupMerge(diffs) : diffs;
}

function utf8Bytes(runes: readonly number[]): number {
    return runes.reduce((total, rune) => total + (rune < 0x80 ? 1 : rune < 0x800 ? 2 : rune < 0x10000 ? 3 : 4), 0);
}

function equal(a: readonly number[], b: readonly number[]): boolean {
    return a.length === b.length && a.every((item, index) => item === b[index]);
}

function commonPrefix(a: readonly number[], b: readonly number[]): number {
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n++;
    return n;
}

function commonSuffix(a: readonly number[], b: readonly number[]): number {
    let n = 0;
    while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
    return n;
}

/** runesIndex. */
function indexOf(haystack: readonly number[], needle: readonly number[]): number {
    for (let at = 0; at <= haystack.length - needle.length; at++) {
        if (needle.every((item, index) => haystack[at + index] === item)) return at;
    }
    return -1;
}

function startsWith(items: readonly number[], prefix: readonly number[]): boolean {
    return prefix.length <= items.length && prefix.every((item, index) => items[index] === item);
}

function endsWith(items: readonly number[], suffix: readonly number[]): boolean {
    return (
        suffix.length <= items.length &&
        suffix.every((item, index) => items[items.length - suffix.length + index] === item)
    );
}
