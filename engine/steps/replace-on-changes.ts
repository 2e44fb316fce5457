// The replaceOnChanges option, as step_generator.go applyReplaceOnChanges applies it to a diff.
import { ObjectDiff, changedKeys } from "../values/object-diff";
import { parsePropertyPath, pathContains } from "../values/property-path";

/** applyReplaceOnChanges: whether a replaceOnChanges path contains the key (read as a path, as Go parses it). */
export function coveredBy(replaceOnChanges: readonly string[], key: string): boolean {
    const keyPath = (() => {
        try {
            return parsePropertyPath(key);
        } catch {
            return undefined;
        }
    })();
    return keyPath !== undefined && replaceOnChanges.some((path) => pathContains(parsePropertyPath(path), keyPath));
}

/**
 * applyReplaceOnChanges: the changed keys of the engine's own comparison of the inputs (diffResource makes one of a
 * diff the provider left unknown) that a replaceOnChanges path turns into replace keys. A provider that answers "some"
 * gives no changed keys (the dynamic host passes none) to turn.
 */
export function replaceOnChangeKeys(inputDiff: ObjectDiff | undefined, replaceOnChanges: readonly string[]): string[] {
    return changedKeys(inputDiff).filter((key) => coveredBy(replaceOnChanges, key));
}
