// A provider's detailed diff turned into the object diff the display prints (pkg/engine/detailedDiff.go
// TranslateDetailedDiff, addDiff, getProperty): old values from the old outputs (inputs for an input diff), new values
// from the new inputs (outputs for a refresh's non-input diff). Go visits the paths in map order, which varies; here
// they are visited sorted.
import { DiffKind, ObjectDiff, ValueDiff, diffValues } from "../values/object-diff";
import { PathPart, parsePropertyPath, pathContains, pathString } from "../values/property-path";
import { PropertyMap, UNKNOWN, kindOf } from "../values/property-values";
import { StepEventMetadata } from "./events";
import { compareGoStrings } from "./go-format";

export function translateDetailedDiff(
    step: StepEventMetadata,
    refresh: boolean,
): { diff?: ObjectDiff; hidden: PathPart[][] } {
    if (!step.detailedDiff) throw new Error(`${step.op} step has no detailed diff`);
    if (!step.old || !step.new) throw new Error(`${step.op} step with a detailed diff lacks its old or new state`);
    const hiddenPaths = step.new.hideDiffs ?? [];
    const hidden: PathPart[][] = [];
    const root: ValueDiff = { old: null, new: null };
    for (const [path, propertyDiff] of [...step.detailedDiff].sort(([a], [b]) => compareGoStrings(a, b))) {
        const elements = parseOr(path);
        const hiding = hiddenPaths.find((hiddenPath) => pathContains(hiddenPath, elements));
        if (hiding) {
            hidden.push(hiding);
            continue;
        }
        const olds = (propertyDiff.inputDiff ? step.old.inputs : step.old.outputs) ?? {};
        const news = (refresh && !propertyDiff.inputDiff ? step.new.outputs : step.new.inputs) ?? {};
        addDiff(elements, propertyDiff.kind, root, olds, news);
    }
    const unique = new Map(hidden.map((path) => [pathString(path), path]));
    return { diff: root.object, hidden: [...unique.keys()].sort(compareGoStrings).map((key) => unique.get(key)!) };
}

/** ParsePropertyPath, or the whole path as one key when it does not parse. */
function parseOr(path: string): PathPart[] {
    try {
        return parsePropertyPath(path);
    } catch {
        return [path];
    }
}

/** getProperty: an unknown, output or secret answers for any key inside it. */
function getProperty(key: PathPart, value: unknown): { value: unknown; found: boolean } {
    const kind = kindOf(value);
    if (kind === "array" && typeof key === "number") {
        const items = value as unknown[];
        return key >= 0 && key < items.length ? { value: items[key], found: true } : { value: null, found: false };
    }
    if (kind === "object" && typeof key === "string") {
        const props = value as PropertyMap;
        return Object.hasOwn(props, key) ? { value: props[key], found: true } : { value: null, found: false };
    }
    if (kind === "computed" || kind === "output" || kind === "secret") return { value, found: true };
    return { value: null, found: false };
}

/** addDiff: a leaf takes the provider's kind; on the way there, a side without the property makes an add or delete. */
function addDiff(
    path: readonly PathPart[],
    kind: DiffKind,
    parent: ValueDiff,
    oldParent: unknown,
    newParent: unknown,
): void {
    const [element, ...rest] = path;
    const old = getProperty(element, oldParent);
    const next = getProperty(element, newParent);
    const maps =
        typeof element === "number"
            ? (parent.array ??= { adds: new Map(), deletes: new Map(), sames: new Map(), updates: new Map() })
            : (parent.object ??= { adds: new Map(), deletes: new Map(), sames: new Map(), updates: new Map() });
    const { adds, deletes, updates } = maps as {
        adds: Map<PathPart, unknown>;
        deletes: Map<PathPart, unknown>;
        updates: Map<PathPart, ValueDiff>;
    };
    if (rest.length === 0) {
        if (kind === "add" || kind === "add-replace") adds.set(element, next.found ? next.value : UNKNOWN);
        else if (kind === "delete" || kind === "delete-replace") deletes.set(element, old.found ? old.value : UNKNOWN);
        else if (kind === "update" || kind === "update-replace")
            updates.set(element, diffValues(old.value, next.value) ?? { old: old.value, new: next.value });
        else throw new Error(`unexpected diff kind ${String(kind)}`);
        return;
    }
    const [oldNull, newNull] = [kindOf(old.value) === "null", kindOf(next.value) === "null"];
    if (oldNull && !newNull) adds.set(element, next.value);
    else if (!oldNull && newNull) deletes.set(element, old.value);
    else {
        const inner = updates.get(element) ?? { old: null, new: null };
        addDiff(rest, kind, inner, old.value, next.value);
        updates.set(element, inner);
    }
}
