// A kind's fields, each declared once: its input schema, the word the preview report says for it, whether the service
// shows it and whether it is secret. The kind's zod inputs, its words, the report's list of what drift cannot reach,
// shortener-import's note on what it cannot take over and the secret marking of its class are derived from the one
// table, so that a field added, renamed or made secret is so everywhere at once.
import { z } from "zod";
import type { KindWords } from "./words";

export interface Field {
    /** The input as the provider checks it at preview. */
    readonly schema: z.ZodType;
    /** How the preview report says it, e.g. "long URL". */
    readonly word: string;
    /** What it is, for the plugin's schema and so the SDKs' and the reference's documentation. */
    readonly description: string;
    /** False when no listing of the service shows it: a change made by hand cannot be seen, nor the field imported. */
    readonly shown: boolean;
    /** Secret everywhere: marked so in the state whatever the program wrote, and never shown by the report. */
    readonly secret?: boolean;
}

export type Fields = Readonly<Record<string, Field>>;

/** An output the service computes, declared once: its schema (the type the plugin's schema gives it), word and description. */
export interface Computed {
    readonly schema: z.ZodType;
    readonly word: string;
    readonly description: string;
}

export type ComputedOutputs = Readonly<Record<string, Computed>>;

/** A definition's computed outputs from their one table: their names (what the lifecycle and the report read) and the table. */
export function declaredOutputs(outputs: ComputedOutputs): {
    computedOutputs: string[];
    computedFields: ComputedOutputs;
} {
    return { computedOutputs: Object.keys(outputs), computedFields: outputs };
}

/** The zod shape of the fields, each under its name, with the fields' own schema types. */
export type ShapeOf<F extends Fields> = { -readonly [K in keyof F]: F[K]["schema"] };

/** Each field's schema carries its description, which the plugin's schema reads from it as from any other input. */
export function shapeOf<F extends Fields>(fields: F): ShapeOf<F> {
    return Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [name, field.schema.describe(field.description)]),
    ) as ShapeOf<F>;
}

/** The names of the fields that hold `test`, in the table's order. */
function namesWhere(fields: Fields, test: (field: Field) => boolean): string[] {
    return Object.entries(fields)
        .filter(([, field]) => test(field))
        .map(([name]) => name);
}

export const unseenOf = (fields: Fields): string[] => namesWhere(fields, (field) => !field.shown);
export const secretOf = (fields: Fields): string[] => namesWhere(fields, (field) => field.secret === true);

/**
 * The words of the report for a kind declared by its fields: the fields' own, the outputs' (what the service computes),
 * what drift cannot reach and what is secret.
 */
export function wordsOf(fields: Fields, outputs: ComputedOutputs): Pick<KindWords, "words" | "unseen" | "secret"> {
    const secret = secretOf(fields);
    const unseen = unseenOf(fields);
    const named = { ...fields, ...outputs };
    return {
        words: Object.fromEntries(Object.entries(named).map(([name, { word }]) => [name, word])),
        ...(unseen.length > 0 ? { unseen } : {}),
        ...(secret.length > 0 ? { secret: () => secret } : {}),
    };
}

/** "a, b and c". */
export function listOf(words: readonly string[]): string {
    return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** The fields no listing shows, by their words, as shortener-import says them above what it imported. */
export function unseenWords(fields: Fields): string {
    return listOf(unseenOf(fields).map((name) => fields[name].word));
}
