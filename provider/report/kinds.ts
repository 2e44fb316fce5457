// This package's kinds as the report speaks of them: each kind's words are on its definition (resources/words.ts
// says what they hold). A resource of any other type is shown by its property paths.
import { definitions } from "../resources/registry";
import { TYPE_MODULE } from "../resources/resource";
import type { KindWords } from "../resources/words";

/** The type token of a kind: a dynamic resource's `pulumi-nodejs:dynamic/`, then the kinds' module and the kind. */
const KIND_TYPE_PREFIX = `pulumi-nodejs:dynamic/${TYPE_MODULE}:`;

/** The words of the kind a type token of this package names, or undefined for any other type. */
export function wordsOf(type: string): KindWords | undefined {
    if (!type.startsWith(KIND_TYPE_PREFIX)) return undefined;
    const kind = type.slice(KIND_TYPE_PREFIX.length);
    return Object.hasOwn(definitions, kind) ? definitions[kind].words : undefined;
}
