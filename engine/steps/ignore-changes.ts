// The ignoreChanges option as the engine applies it before Check (pkg/resource/deploy/step_generator.go
// processIgnoreChanges): each path (`a`, `a.b`, `a[0]`, `a["b.c"]`, `a[*]`) that parses resets the new inputs to the old
// ones there (sdk resource.PropertyPath.Reset, ported below). Reset creates no containers and adds or removes no array
// element: a path it cannot follow is left (what it changed before it stopped stays) and named in an info diagnostic.
// A path that does not parse is skipped. A path goes through secrets on either side, and a value taken from inside an
// old secret is made secret where the new inputs hold it outside one.
import { PropertyMap, isSecretWrapper, wrapSecret } from "../values/property-values";
import { PathPart, parsePropertyPath } from "../values/property-path";

export interface IgnoredChanges {
    inputs: PropertyMap;
    /** The info diagnostic of the paths Reset could not follow, if any. */
    info?: string;
}

export function withIgnoredChanges(news: PropertyMap, olds: PropertyMap, paths: readonly string[]): IgnoredChanges {
    const inputs = structuredClone(news);
    const invalid = paths.filter((path) => {
        const parts = parsedOrUndefined(path);
        return parts !== undefined && !reset(parts, olds, inputs, false, false);
    });
    const quoted = JSON.stringify(invalid.join(", "));
    return {
        inputs,
        ...(invalid.length > 0
            ? { info: `cannot ignore changes in added or removed elements of the path: ${quoted}` }
            : {}),
    };
}

function parsedOrUndefined(path: string): PathPart[] | undefined {
    try {
        return parsePropertyPath(path);
    } catch {
        return undefined;
    }
}

/** unwrapSecrets: the value inside any secrets, and whether there were any. */
function unwrapSecrets(value: unknown): [unknown, boolean] {
    return isSecretWrapper(value) ? [unwrapSecrets(value.value)[0], true] : [value, false];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" && value !== null && !Array.isArray(value) && !isSecretWrapper(value);

/** PropertyPath.reset: the new value (within a copy of the new inputs) is changed in place; false is a path error. */
function reset(
    path: readonly PathPart[],
    oldValue: unknown,
    newValue: unknown,
    oldSecret: boolean,
    newSecret: boolean,
): boolean {
    if (path.length === 0) return false;
    const [old, oldWrapped] = unwrapSecrets(oldValue);
    const [fresh, newWrapped] = unwrapSecrets(newValue);
    const secrecy: Secrecy = { old: oldSecret || oldWrapped, new: newSecret || newWrapped };
    const [key, ...rest] = path as [PathPart, ...PathPart[]];
    if (typeof key === "number") return resetIndex(key, rest, old, fresh, secrecy);
    if (key === "*") return rest.length === 0 ? resetAll(old, fresh, secrecy) : resetEach(rest, old, fresh, secrecy);
    return resetKey(key, rest, old, fresh, secrecy);
}

interface Secrecy {
    old: boolean;
    new: boolean;
}

/** The old value as it goes into the new inputs: made secret where the old one was and the new place is not. */
const carried = (value: unknown, secrecy: Secrecy) => (secrecy.old && !secrecy.new ? wrapSecret(value) : value);

function resetIndex(index: number, rest: readonly PathPart[], old: unknown, fresh: unknown, secrecy: Secrecy): boolean {
    if (index < 0) return false;
    if (!Array.isArray(old) || !Array.isArray(fresh)) {
        // Neither is an array: nothing to reset; one is: a path error.
        return !Array.isArray(old) && !Array.isArray(fresh);
    }
    if (rest.length === 0 && index >= old.length && index >= fresh.length) return true;
    if (index >= old.length || index >= fresh.length) return false;
    if (rest.length === 0) {
        fresh[index] = carried(old[index], secrecy);
        return true;
    }
    return reset(rest, old[index], fresh[index], secrecy.old, secrecy.new);
}

function resetKey(key: string, rest: readonly PathPart[], old: unknown, fresh: unknown, secrecy: Secrecy): boolean {
    if (rest.length === 0) {
        const has = isObject(old) && Object.hasOwn(old, key);
        if (has && !isObject(fresh)) return false;
        if (has) (fresh as Record<string, unknown>)[key] = carried(old[key], secrecy);
        else if (isObject(fresh)) delete fresh[key];
        return true;
    }
    if (!isObject(old) || !isObject(fresh)) return !isObject(old) && !isObject(fresh);
    const hasOld = Object.hasOwn(old, key);
    const hasNew = Object.hasOwn(fresh, key);
    if (hasOld && !hasNew) return false;
    if (!hasOld && !hasNew) return true;
    return reset(rest, old[key], fresh[key], secrecy.old, secrecy.new);
}

/** A trailing `*`: every old key or element into the new object or array (the new keys the old lacks removed). */
function resetAll(old: unknown, fresh: unknown, secrecy: Secrecy): boolean {
    if (isObject(fresh)) {
        if (isObject(old)) {
            for (const [key, value] of Object.entries(old)) fresh[key] = carried(value, secrecy);
            for (const key of Object.keys(fresh)) if (!Object.hasOwn(old, key)) delete fresh[key];
        }
        return true;
    }
    if (!Array.isArray(fresh)) return false;
    if (!Array.isArray(old)) return true;
    old.slice(0, fresh.length).forEach((value, index) => (fresh[index] = carried(value, secrecy)));
    return old.length === fresh.length;
}

/** A `*` within the path: the rest of it in each old key or element, which the new one must have too. */
function resetEach(rest: readonly PathPart[], old: unknown, fresh: unknown, secrecy: Secrecy): boolean {
    if (isObject(old) && isObject(fresh)) {
        return Object.keys(old).every(
            (key) => Object.hasOwn(fresh, key) && reset(rest, old[key], fresh[key], secrecy.old, secrecy.new),
        );
    }
    if (Array.isArray(old) && Array.isArray(fresh)) {
        const inBoth = old.slice(0, fresh.length);
        return (
            inBoth.every((value, index) => reset(rest, value, fresh[index], secrecy.old, secrecy.new)) &&
            old.length === fresh.length
        );
    }
    return false;
}
