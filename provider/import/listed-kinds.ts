// The kinds the import reads and declares: every kind the service lists, in the order of resources/kinds.ts, each
// through its own definition and what it declares for the import (its `imported`, resources/import-spec.ts).
import type { z } from "zod";
import type { AllOptions, ShortenerClient } from "../client";
import type { ImportedAs } from "../resources/import-spec";
import type { AnyKind, Props } from "../resources/lifecycle";
import type { Remote } from "../resources/listed";
import { definitions } from "../resources/registry";

/** What the import reads of a listed kind's definition (ListedKind in resources/listed/spec.ts), for an object of any kind. */
export interface ImportedKind {
    kind: string;
    inputs: z.ZodObject<z.ZodRawShape>;
    listed: {
        noun: string;
        list(client: ShortenerClient, walk?: AllOptions): AsyncIterable<Remote>;
        observe(remote: Remote): Props;
        storedForms?: { [field: string]: ((declared: never) => readonly unknown[]) | undefined };
        computed?(remote: Remote): Props;
        importNote?: string;
        imported: ImportedAs<Remote>;
    };
}

/** listedResource gives every definition it makes its listing, which holds what the import takes. */
const isListed = (definition: AnyKind): definition is AnyKind & ImportedKind => "listed" in definition;

/** What --kinds calls the account's settings, and the JSON keys that are not a listed kind's. */
export const ACCOUNT_OPTION = "account";
const OWN_KEYS = ["account", "systemDomains"];

/** The kinds, refused at load when two take one name in --kinds or the JSON (a copied kind not renamed yet). */
function distinctNames(kinds: readonly ImportedKind[]): readonly ImportedKind[] {
    const distinct = (what: string, nameOf: (imported: ImportedAs<Remote>) => string, taken: readonly string[]) => {
        const seen = new Set(taken);
        for (const { kind, listed } of kinds) {
            const name = nameOf(listed.imported);
            if (seen.has(name)) throw new Error(`${kind}'s ${what} "${name}" is taken by another kind or the account`);
            seen.add(name);
        }
    };
    distinct("--kinds name", (imported) => imported.option, [ACCOUNT_OPTION]);
    distinct("JSON key", (imported) => imported.snapshotKey, OWN_KEYS);
    return kinds;
}

export const LISTED_KINDS: readonly ImportedKind[] = distinctNames(Object.values(definitions).filter(isListed));

/** Every --kinds name: the account's settings, then each listed kind. */
export const IMPORT_KINDS: readonly string[] = [
    ACCOUNT_OPTION,
    ...LISTED_KINDS.map((kind) => kind.listed.imported.option),
];
