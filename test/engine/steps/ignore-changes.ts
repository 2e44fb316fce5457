// The ignoreChanges option as the engine applies it before Check (pkg/resource/deploy/step_generator.go,
// processIgnoreChanges): each path is a property path (`a`, `a.b`, `a[0]`, `a["b.c"]`); where the old inputs have a
// value at that path the new inputs get it, where they have none the path is removed from the new inputs. A path goes
// through secrets on either side, and a value taken from inside an old secret stays secret where the new inputs hold it
// outside one (PropertyPath.reset).
import { PropertyMap, isSecretWrapper, wrapSecret } from "../values/property-values";
import { PathPart as Segment, parsePropertyPath } from "../values/property-path";

export function withIgnoredChanges(news: PropertyMap, olds: PropertyMap, paths: readonly string[]): PropertyMap {
    let result: unknown = structuredClone(news);
    for (const path of paths) {
        const segments = segmentsOf(path);
        const old = valueAt(olds, segments);
        result = old.found ? setAt(result, segments, old, path) : deleteAt(result, segments);
    }
    return result as PropertyMap;
}

/** ParsePropertyPath, as processIgnoreChanges reads each path; a bad one is the option's error. */
function segmentsOf(path: string): Segment[] {
    try {
        return parsePropertyPath(path);
    } catch (error) {
        throw new Error(`ignoreChanges: "${path}" is not a property path (${(error as Error).message})`);
    }
}

interface Found {
    found: boolean;
    value?: unknown;
    /** Whether a secret held the value, at any depth along the path. */
    secret?: boolean;
}

/** A secret's value (unwrapSecrets). */
const unwrapped = (value: unknown): unknown => (isSecretWrapper(value) ? unwrapped(value.value) : value);

function child(wrapped: unknown, segment: Segment): { found: boolean; value?: unknown } {
    const container = unwrapped(wrapped);
    if (typeof segment === "number") {
        return Array.isArray(container) && segment < container.length ? { found: true, value: container[segment] } : { found: false };
    }
    return isObject(container) && segment in container ? { found: true, value: container[segment] } : { found: false };
}

function valueAt(root: unknown, segments: readonly Segment[]): Found {
    let current: Found = { found: true, value: root, secret: false };
    for (const segment of segments) {
        const secret = current.secret || isSecretWrapper(current.value);
        current = { ...child(current.value, segment), secret };
        if (!current.found) {
            return current;
        }
    }
    return current;
}

/** Sets the old value at the path in the new inputs, inside their secrets as it goes; `inSecret`: within a new secret. */
function setAt(root: unknown, segments: readonly Segment[], old: Found, path: string, inSecret = false): unknown {
    if (isSecretWrapper(root)) {
        return wrapSecret(setAt(root.value, segments, old, path, true));
    }
    const [head, ...rest] = segments as [Segment, ...Segment[]];
    if (rest.length === 0) {
        return assign(root, head, old.secret && !inSecret ? wrapSecret(old.value) : old.value, path);
    }
    const inner = child(root, head);
    // The new inputs lack the containers the old value sits in: they are made, as the engine's SetPath does.
    const container = inner.found ? inner.value : typeof rest[0] === "number" ? [] : {};
    return assign(root, head, setAt(container, rest, old, path, inSecret), path);
}

function assign(container: unknown, segment: Segment, value: unknown, path: string): unknown {
    if (typeof segment === "number" && Array.isArray(container)) {
        const copy = [...container];
        copy[segment] = value;
        return copy;
    }
    if (typeof segment === "string" && isObject(container)) {
        return { ...container, [segment]: value };
    }
    throw new Error(`ignoreChanges: "${path}": the new inputs have no object or array where the path goes`);
}

function deleteAt(root: unknown, segments: readonly Segment[]): unknown {
    if (isSecretWrapper(root)) {
        return wrapSecret(deleteAt(root.value, segments));
    }
    const [head, ...rest] = segments as [Segment, ...Segment[]];
    const inner = child(root, head);
    if (!inner.found) {
        return root;
    }
    if (rest.length > 0) {
        return assign(root, head, deleteAt(inner.value, rest), "");
    }
    if (Array.isArray(root)) {
        return root.filter((_, index) => index !== head);
    }
    const { [head as string]: _removed, ...kept } = root as Record<string, unknown>;
    return kept;
}

function isObject(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
