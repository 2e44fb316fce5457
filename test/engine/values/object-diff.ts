// Property maps compared as the Go engine compares them (sdk/go/common/resource/properties_diff.go: PropertyMap.diff,
// PropertyValue.diff; a null is no value), and the detailed diff the engine makes of such a comparison when a provider
// answers DiffUnknown (sdk/go/common/resource/plugin/provider.go NewDetailedDiffFromObjectDiff, with
// PropertyPath.String for the paths). A secret is compared as the object that wraps it, an unknown as its string.
import { PropertyMap, isSecretWrapper } from "./property-values";

export interface ObjectDiff {
    adds: Map<string, unknown>;
    deletes: Map<string, unknown>;
    sames: Map<string, unknown>;
    updates: Map<string, ValueDiff>;
}

export interface ArrayDiff {
    adds: Map<number, unknown>;
    deletes: Map<number, unknown>;
    sames: Map<number, unknown>;
    updates: Map<number, ValueDiff>;
    length: number;
}

export interface ValueDiff {
    old: unknown;
    new: unknown;
    object?: ObjectDiff;
    array?: ArrayDiff;
}

export type DiffKind = "add" | "add-replace" | "delete" | "delete-replace" | "update" | "update-replace";

const hasValue = (value: unknown) => value !== null && value !== undefined;

function isObject(value: unknown): value is PropertyMap {
    return typeof value === "object" && value !== null && !Array.isArray(value) && !isSecretWrapper(value);
}

/** PropertyMap.diff: undefined when nothing differs. */
export function diffObjects(olds: PropertyMap, news: PropertyMap, ignoreKey: (key: string) => boolean = () => false): ObjectDiff | undefined {
    const diff: ObjectDiff = { adds: new Map(), deletes: new Map(), sames: new Map(), updates: new Map() };
    for (const [key, old] of Object.entries(olds).filter(([candidate]) => !ignoreKey(candidate))) {
        if (!(key in news)) {
            if (hasValue(old)) diff.deletes.set(key, old);
            continue;
        }
        const changed = diffValues(old, news[key], ignoreKey);
        if (!changed) diff.sames.set(key, old);
        else if (!hasValue(old)) diff.adds.set(key, news[key]);
        else if (!hasValue(news[key])) diff.deletes.set(key, old);
        else diff.updates.set(key, changed);
    }
    for (const [key, added] of Object.entries(news)) {
        if (!ignoreKey(key) && !(key in olds) && hasValue(added)) diff.adds.set(key, added);
    }
    return diff.adds.size + diff.deletes.size + diff.updates.size === 0 ? undefined : diff;
}

/** PropertyValue.diff: undefined when the values are deeply equal. */
export function diffValues(old: unknown, next: unknown, ignoreKey: (key: string) => boolean = () => false): ValueDiff | undefined {
    if (Array.isArray(old) && Array.isArray(next)) {
        const array: ArrayDiff = { adds: new Map(), deletes: new Map(), sames: new Map(), updates: new Map(), length: Math.max(old.length, next.length) };
        next.slice(old.length).forEach((item, offset) => array.adds.set(old.length + offset, item));
        old.slice(next.length).forEach((item, offset) => array.deletes.set(next.length + offset, item));
        for (let index = 0; index < Math.min(old.length, next.length); index++) {
            const changed = diffValues(old[index], next[index], ignoreKey);
            if (changed) array.updates.set(index, changed);
            else array.sames.set(index, old[index]);
        }
        return array.adds.size + array.deletes.size + array.updates.size === 0 ? undefined : { old, new: next, array };
    }
    if (isObject(old) && isObject(next)) {
        const object = diffObjects(old, next, ignoreKey);
        return object ? { old, new: next, object } : undefined;
    }
    return deepEquals(old, next) ? undefined : { old, new: next };
}

function deepEquals(left: unknown, right: unknown): boolean {
    if (isSecretWrapper(left) || isSecretWrapper(right)) {
        return isSecretWrapper(left) && isSecretWrapper(right) && deepEquals(left.value, right.value);
    }
    if ((Array.isArray(left) && Array.isArray(right)) || (isObject(left) && isObject(right))) {
        return diffValues(left, right) === undefined;
    }
    if (Array.isArray(left) || Array.isArray(right) || isObject(left) || isObject(right)) {
        return false;
    }
    return (hasValue(left) ? left : null) === (hasValue(right) ? right : null);
}

/** NewDetailedDiffFromObjectDiff: each changed path, keyed as PropertyPath.String writes it. */
export function detailedDiffOf(diff: ObjectDiff | undefined): Map<string, DiffKind> {
    const detailed = new Map<string, DiffKind>();
    if (diff) addObject([], diff, detailed);
    return detailed;
}

type PathPart = string | number;

function addObject(prefix: PathPart[], diff: ObjectDiff, into: Map<string, DiffKind>): void {
    diff.updates.forEach((update, key) => addValue([...prefix, key], update, into));
    diff.adds.forEach((_, key) => into.set(pathString([...prefix, key]), "add"));
    diff.deletes.forEach((_, key) => into.set(pathString([...prefix, key]), "delete"));
}

function addValue(path: PathPart[], diff: ValueDiff, into: Map<string, DiffKind>): void {
    if (diff.object) {
        addObject(path, diff.object, into);
    } else if (diff.array) {
        const array = diff.array;
        array.updates.forEach((update, index) => addValue([...path, index], update, into));
        array.adds.forEach((_, index) => into.set(pathString([...path, index]), "add"));
        array.deletes.forEach((_, index) => into.set(pathString([...path, index]), "delete"));
    } else {
        into.set(pathString(path), !hasValue(diff.old) ? "add" : !hasValue(diff.new) ? "delete" : "update");
    }
}

/** PropertyPath.String: `a.b[0]`, a key with any character but letters, digits and `_` as `["a-b"]`. */
export function pathString(path: readonly PathPart[]): string {
    return path
        .map((part, index) => {
            if (typeof part === "number") return `[${part}]`;
            if (/[^A-Za-z0-9_]/.test(part)) return `["${part.replace(/"/g, '\\"')}"]`;
            return index === 0 ? part : `.${part}`;
        })
        .join("");
}

/** The top-level keys that differ (ObjectDiff.ChangedKeys), sorted as Go sorts them. */
export function changedKeys(diff: ObjectDiff | undefined): string[] {
    return diff ? [...diff.adds.keys(), ...diff.deletes.keys(), ...diff.updates.keys()].sort() : [];
}
