// What a kind the service lists (domains, campaigns, channels, pixels, QR codes) declares: how the service shows
// its objects and the calls that change them. Everything else of its lifecycle is shared, in the files beside this.
import { z } from "zod";
import type { AllOptions, ShortenerClient } from "../../client";
import type { ImportedAs } from "../import-spec";
import type { Failure, Props, ResourceDefinition } from "../lifecycle";

export interface Remote {
    id: number;
}

export interface ListedKind<I extends Props, R extends Remote> {
    kind: string;
    description: ResourceDefinition<I>["description"];
    /** The object's noun in messages, e.g. "domain". */
    noun: string;
    words: ResourceDefinition<I>["words"];
    secretInputs?: ResourceDefinition<I>["secretInputs"];
    inputs: ResourceDefinition<I>["inputs"];
    replaceOn?: ResourceDefinition<I>["replaceOn"];
    deleteBeforeReplace?: boolean;
    rules?: ResourceDefinition<I>["rules"];
    /** Every object, walked in pages as `walk` asks (shortener-import's --page-size). */
    list(client: ShortenerClient, walk?: AllOptions): AsyncIterable<R>;
    /** The inputs as the service holds them; fields the service does not show are left out (kept from state). */
    observe(remote: R): Partial<I>;
    /**
     * Fields the service rewrites when it stores them (escaping, a capital first letter): the forms a declared value
     * may be stored in. Finding one of them on the service is finding the declared value, in read, adopt and match.
     */
    storedForms?: { [F in keyof I & string]?: (declared: NonNullable<I[F]>) => readonly unknown[] };
    /** Fields the service fills in when they are left out: then the service's value is an output, not drift. */
    derivedWhenAbsent?: readonly (keyof I & string)[];
    /** Inputs the service cannot clear once set, with the reason: removing one is refused at preview. */
    irremovable?: { [F in keyof I & string]?: string };
    computedOutputs?: ResourceDefinition<I>["computedOutputs"];
    computedFields?: ResourceDefinition<I>["computedFields"];
    /** The outputs named in `computedOutputs`, from what the service shows. */
    computed?(remote: R): Props;
    /**
     * The natural key, for adopting by key and for finding an object whose create response was lost. `applies`: whether
     * given inputs have one (a link declared without an alias has none); absent, every object of the kind has one.
     */
    naturalKey?: { describe(inputs: I): string; fields: readonly (keyof I & string)[]; applies?(inputs: I): boolean };
    normalise?: ResourceDefinition<I>["normalise"];
    /** For shortener-import: what the listing does not show of the object and what to do about it, said above each imported one. */
    importNote?: string;
    /** How shortener-import takes the kind's objects. */
    imported: ImportedAs<R>;
    /** Said when creates fail with server errors: what such an answer usually means for this kind. */
    serverErrorHint?: string;
    /**
     * Returns the new id and the computed outputs, from the create's answer and the inputs. Nothing is read after a
     * create: a listing per create would make an up of N objects cost N listings of N/100 pages, and a read that
     * fails after the service made the object would lose its id.
     */
    create(client: ShortenerClient, inputs: I): Promise<{ id: number; computed?: Props }>;
    /**
     * Absent: every change replaces. `current` gives the object as the run's listing shows it, for a kind whose update
     * must send what the program leaves to others (a link's campaign, set by a CampaignLink). Returns the computed
     * outputs the answer gives (a link's new short URL), as create does; nothing when the answer gives none.
     */
    update?(
        client: ShortenerClient,
        id: number,
        inputs: I,
        changed: readonly (keyof I & string)[],
        current: () => Promise<R | undefined>,
    ): Promise<{ computed: Props } | void>;
    remove(client: ShortenerClient, id: number): Promise<void>;
    /**
     * What the kind's rules refuse in the update an adopt sends to the object as the service holds it (`changed`: the
     * inputs it differs in): the preview's check could not know the object, so what the rules judge only where it is
     * sent new (a link's alias) is judged here, before anything is sent.
     */
    adoptFailures?(inputs: I, changed: readonly (keyof I & string)[]): readonly Failure[];
}

/** The natural key of these inputs, or undefined when the kind or these inputs have none. */
export function keyOf<I extends Props, R extends Remote>(
    spec: ListedKind<I, R>,
    inputs: I,
): ListedKind<I, R>["naturalKey"] {
    const key = spec.naturalKey;
    return key && (key.applies?.(inputs) ?? true) ? key : undefined;
}

/** The inputs every listed kind has beside its own: how to take over an existing object. */
export type Adoptable = Props & { adopt?: boolean | number };

/** The `adopt` input every listed kind accepts: `true` takes over the object with the same natural key, a number the object with that id. */
export const adoptInput = z
    .union([z.boolean(), z.number().int().positive()], {
        error: "must be true (take over the existing object with the same natural key) or the id of an existing object",
    })
    .optional()
    .describe(
        "Take over an existing object instead of creating one: `true` finds it by its natural key, a number by its id. " +
            "Read only when the resource is created.",
    );

/**
 * The body of an update that sends only what changed, for endpoints that apply each field they are given.
 * A removed optional input is sent as "", which the service reads as "none".
 */
export function onlyChanged<I extends Props>(
    wanted: I,
    changed: readonly (keyof I & string)[],
): Record<string, unknown> {
    return Object.fromEntries(changed.map((field) => [field, wanted[field] ?? ""]));
}
