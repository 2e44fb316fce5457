// The shared lifecycle of every resource kind, as a kind declares itself to it: its inputs (zod), its rules, what it
// replaces, and create/read/update/delete. A kind's file only says what is special about it. The rest of the
// lifecycle reads a definition: check-inputs.ts checks inputs with zod and the kind's rules, provider-methods.ts
// makes the dynamic-provider host's methods of a kind, props.ts compares and trims the properties they pass.
import { z } from "zod";
import type { ResourceContext } from "./context";
import type { ComputedOutputs } from "./fields";
import type { KindWords } from "./words";

export type Props = Record<string, unknown>;

/** What the service says about an object, in the terms of the resource's inputs and outputs. */
export interface Observed {
    /** The inputs as the service holds them now; a refresh records them, so the next preview shows the drift. */
    inputs: Props;
    /** Outputs the service computes (URLs, counters). */
    computed: Props;
}

export interface Failure {
    property: string;
    reason: string;
}

/** What a kind's rules found in its inputs: failures stop the check; notices are told to the person running Pulumi. */
export interface Findings {
    failures: readonly Failure[];
    notices?: readonly string[];
}

export interface Created {
    id: string;
    computed: Props;
}

export interface ResourceDefinition<I extends Props> {
    /** The name in the type token and in the serialized stub, e.g. "Domain": part of the state format. */
    kind: string;
    inputs: z.ZodObject<z.ZodRawShape, z.core.$strict>;
    /** What tells the kind apart, for the plugin's schema and the SDKs' documentation. */
    description: string;
    /** Outputs the service computes, beside the inputs (see `outputNames`): the names of `computedFields`. */
    computedOutputs?: readonly string[];
    /** The same outputs, each declared once with its type and description (`declaredOutputs` gives both). */
    computedFields?: ComputedOutputs;
    /** How the preview report speaks of the kind. */
    words: KindWords;
    /** Inputs secret whatever the program wrote: the kind's class marks them so, in the state's inputs and outputs. */
    secretInputs?: readonly string[];
    /** Inputs whose change replaces the object. */
    replaceOn?: readonly (keyof I & string)[];
    /** Replace by deleting first: the service refuses two objects with the same natural key. */
    deleteBeforeReplace?: boolean;
    /** Valid inputs in the form the service takes them, so that the state holds what was sent (e.g. renamed fields). */
    normalise?(inputs: I): I;
    /** Rules across fields, or from the old inputs ({} on create) to the new, that one field's schema cannot say. */
    rules?(news: I, olds: Props): Findings;
    /** Inputs read only when the object is created (how to adopt it): a later change is no change. */
    createOnly?: readonly (keyof I & string)[];
    create(context: ResourceContext, inputs: I): Promise<Created>;
    /** undefined: the object is gone from the service. Never undefined because a read failed: throw instead. */
    read(context: ResourceContext, id: string, state: Props): Promise<Observed | undefined>;
    /** Applies the changed inputs; returns computed outputs that changed. Absent: every change replaces. */
    update?(
        context: ResourceContext,
        id: string,
        olds: Props,
        news: I,
        changed: readonly (keyof I & string)[],
    ): Promise<Props>;
    delete(context: ResourceContext, id: string, state: Props): Promise<void>;
}

/**
 * The definition of any kind, as the registry, the resource classes and the host's methods take it. Spelled out
 * member by member so that a kind's definition is compared with it field by field: TypeScript would judge a
 * `ResourceDefinition<I>` against `ResourceDefinition<Props>` by its variance in I, which the field-name lists make
 * invariant.
 */
export type AnyKind = { [M in keyof ResourceDefinition<Props>]: ResourceDefinition<Props>[M] };

/** Every property a resource of the kind shows: its inputs but those read only on create, then what is computed. */
export function outputNames(definition: AnyKind): string[] {
    const createOnly: readonly string[] = definition.createOnly ?? [];
    return [
        ...Object.keys(definition.inputs.shape).filter((field) => !createOnly.includes(field)),
        ...(definition.computedOutputs ?? []),
    ];
}

/**
 * Thrown when the object exists on the service but could not be brought to the declared state (an adopted object
 * whose update failed): the engine keeps it in the state with its id, so nothing is orphaned and the next run
 * finishes the job.
 */
export class ResourceInitError extends Error {
    constructor(
        message: string,
        readonly id: string,
        readonly properties: Props,
        readonly reasons: string[] = [message],
    ) {
        super(message);
    }
}
