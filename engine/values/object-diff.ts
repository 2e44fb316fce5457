// Property maps compared as the Go engine compares them (sdk/go/common/resource/properties_diff.go: PropertyMap.diff,
// PropertyValue.diff and DeepEquals; a null is no value), and the detailed diff the engine makes of such a comparison
// when a provider answers DiffUnknown (sdk/go/common/resource/plugin/provider.go NewDetailedDiffFromObjectDiff).
// Values are told apart by kindOf: a secret compares by what it holds, an unknown equals any unknown, assets and
// archives by their serialized form (hash, and text, path, URI or assets), resource references by URN and id.
import { PropertyMap, kindOf, sameValue } from "./property-values";
import { PathPart, pathString } from "./property-path";

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
}

export interface ValueDiff {
    old: unknown;
    new: unknown;
    object?: ObjectDiff;
    array?: ArrayDiff;
}

export type DiffKind = "add" | "add-replace" | "delete" | "delete-replace" | "update" | "update-replace";

/** DiffWithOptions' options: IgnoreKeyFunc, IgnorePathFunc (given the path to each object key) and InitialPropertyPath. */
export interface DiffOptions {
    ignoreKey?: (key: string) => boolean;
    ignorePath?: (path: readonly PathPart[]) => boolean;
    initialPath?: readonly PathPart[];
}

const hasValue = (value: unknown) => kindOf(value) !== "null";

/** PropertyMap.DiffWithOptions: undefined when nothing differs. */
export function diffObjects(olds: PropertyMap, news: PropertyMap, options: DiffOptions = {}): ObjectDiff | undefined {
    return diffMaps(olds, news, options, options.initialPath ?? []);
}

function diffMaps(
    olds: PropertyMap,
    news: PropertyMap,
    options: DiffOptions,
    path: readonly PathPart[],
): ObjectDiff | undefined {
    const ignore = (key: string) =>
        (options.ignoreKey?.(key) ?? false) || (options.ignorePath?.([...path, key]) ?? false);
    const diff: ObjectDiff = { adds: new Map(), deletes: new Map(), sames: new Map(), updates: new Map() };
    for (const [key, old] of Object.entries(olds).filter(([candidate]) => !ignore(candidate))) {
        if (!(key in news)) {
            if (hasValue(old)) diff.deletes.set(key, old);
            continue;
        }
        const changed = diffAt(old, news[key], options, [...path, key]);
        if (!changed) diff.sames.set(key, old);
        else if (!hasValue(old)) diff.adds.set(key, news[key]);
        else if (!hasValue(news[key])) diff.deletes.set(key, old);
        else diff.updates.set(key, changed);
    }
    for (const [key, added] of Object.entries(news)) {
        if (!ignore(key) && !(key in olds) && hasValue(added)) diff.adds.set(key, added);
    }
    return diff.adds.size + diff.deletes.size + diff.updates.size === 0 ? undefined : diff;
}

/** PropertyValue.DiffWithOptions: undefined when the values are deeply equal. */
export function diffValues(old: unknown, next: unknown, options: DiffOptions = {}): ValueDiff | undefined {
    return diffAt(old, next, options, options.initialPath ?? []);
}

function diffAt(old: unknown, next: unknown, options: DiffOptions, path: readonly PathPart[]): ValueDiff | undefined {
    if (Array.isArray(old) && Array.isArray(next)) {
        const array: ArrayDiff = { adds: new Map(), deletes: new Map(), sames: new Map(), updates: new Map() };
        next.slice(old.length).forEach((item, offset) => array.adds.set(old.length + offset, item));
        old.slice(next.length).forEach((item, offset) => array.deletes.set(next.length + offset, item));
        for (let index = 0; index < Math.min(old.length, next.length); index++) {
            const changed = diffAt(old[index], next[index], options, [...path, index]);
            if (changed) array.updates.set(index, changed);
            else array.sames.set(index, old[index]);
        }
        return array.adds.size + array.deletes.size + array.updates.size === 0 ? undefined : { old, new: next, array };
    }
    if (kindOf(old) === "object" && kindOf(next) === "object") {
        const object = diffMaps(old as PropertyMap, next as PropertyMap, options, path);
        return object ? { old, new: next, object } : undefined;
    }
    return deepEquals(old, next) ? undefined : { old, new: next };
}

/** PropertyValue.DeepEquals. */
export function deepEquals(left: unknown, right: unknown): boolean {
    const kind = kindOf(left);
    if (kind !== kindOf(right)) return false;
    const [one, other] = [left as Record<string, unknown>, right as Record<string, unknown>];
    switch (kind) {
        case "array":
            return (
                (left as unknown[]).length === (right as unknown[]).length &&
                (left as unknown[]).every((item, index) => deepEquals(item, (right as unknown[])[index]))
            );
        case "object":
            return diffMaps(one, other, {}, []) === undefined;
        case "secret":
            return deepEquals(one.value, other.value);
        case "resource":
            return (
                one.urn === other.urn &&
                ((kindOf(one.id) === "computed" && kindOf(other.id) === "computed") || deepEquals(one.id, other.id))
            );
        case "output":
            return (
                "value" in one === "value" in other &&
                Boolean(one.secret) === Boolean(other.secret) &&
                JSON.stringify(one.dependencies ?? []) === JSON.stringify(other.dependencies ?? []) &&
                deepEquals(one.value, other.value)
            );
        case "asset":
        case "archive":
            return sameValue(left, right);
        default:
            return kind === "null" || kind === "computed" || left === right;
    }
}

/** ArrayDiff.Len: one past the highest index any of its maps holds. */
export function arrayDiffLength(diff: ArrayDiff): number {
    const indices = [diff.adds, diff.deletes, diff.sames, diff.updates].flatMap((map) => [...map.keys()]);
    return indices.length === 0 ? 0 : Math.max(...indices) + 1;
}

/** NewDetailedDiffFromObjectDiff: each changed path, keyed as PropertyPath.String writes it. */
export function detailedDiffOf(diff: ObjectDiff | undefined): Map<string, DiffKind> {
    const detailed = new Map<string, DiffKind>();
    if (diff) addObject([], diff, detailed);
    return detailed;
}

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

/** The top-level keys that differ (ObjectDiff.ChangedKeys), sorted as Go sorts them. */
export function changedKeys(diff: ObjectDiff | undefined): string[] {
    return diff ? [...diff.adds.keys(), ...diff.deletes.keys(), ...diff.updates.keys()].sort() : [];
}
