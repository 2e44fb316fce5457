// This package's kinds as the report speaks of them: each kind's words are on its definition (resources/words.ts
// says what they hold). A resource of any other type is shown by its property paths.
import { definitions } from "../resources/registry";
import { kindOfType } from "../resources/type-token";
import type { KindWords } from "../resources/words";

/** The words of the kind a type token of this package names, or undefined for any other type. */
export function wordsOf(type: string): KindWords | undefined {
    const kind = kindOfType(type);
    return kind !== undefined && Object.hasOwn(definitions, kind) ? definitions[kind].words : undefined;
}
