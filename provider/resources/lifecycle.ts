// The shared lifecycle of every resource kind: check with zod, diff from the declared immutable fields, and
// create/read/update/delete from the kind's definition. A kind's file only says what is special about it.
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { toldSecrets, type ResourceContext } from "./context";
import type { ComputedOutputs } from "./fields";
import { PROVIDER_KEY } from "./stub";
import type { KindWords } from "./words";
import { messageOf } from "../../common/text/message-of";
import { closestName, didYouMean } from "../../common/text/suggest";
import { forTerminal } from "../terminal";

/** Pulumi's marker for a value that is not known yet (an Output of a resource not created yet, in preview). */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

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

/** Turns a kind's definition into the methods the dynamic-provider host calls. */
export function providerMethods<I extends Props>(
    definition: ResourceDefinition<I>,
    context: ResourceContext,
): Required<Omit<pulumi.dynamic.ResourceProvider, "configure">> {
    const fields = Object.keys(definition.inputs.shape) as (keyof I & string)[];
    const diffed = fields.filter((field) => !definition.createOnly?.includes(field));
    const parse = (props: Props) => definition.inputs.parse(withoutProvider(props)) as I;
    const fail = (operation: string, error: unknown): never => {
        throw describeFailure(`${definition.kind} ${operation}`, error);
    };
    // Every call an operation makes is told the secrets of the properties it was given.
    const told = (...given: Props[]) => toldSecrets(context, secretsIn(definition, given));

    return {
        check: async (olds: Props, news: Props) => checkWith(definition, context, olds, news),

        async diff(_id: string, olds: Props, news: Props) {
            const changed = changedFields(diffed, olds, news);
            // A field the state never held (an adopted QR code's type, which the service does not show) is declared
            // in place: it says what the object is, not that it should become another one.
            const replaces = changed.filter(
                (field) => (definition.replaceOn?.includes(field) && olds[field] !== undefined) || !definition.update,
            );
            return {
                changes: changed.length > 0,
                replaces,
                deleteBeforeReplace: replaces.length > 0 && definition.deleteBeforeReplace === true,
            };
        },

        async create(props: Props) {
            const inputs = parse(props);
            try {
                const created = await definition.create(told(inputs), inputs);
                return { id: created.id, outs: definedOnly({ ...inputs, ...created.computed }) };
            } catch (error) {
                // The object exists: the engine keeps these properties as its state, so they must hold everything a
                // later refresh or delete needs, the serialized provider included.
                if (error instanceof ResourceInitError) {
                    throw new ResourceInitError(
                        forTerminal(error.message),
                        error.id,
                        definedOnly({ ...props, ...error.properties }),
                        error.reasons.map(forTerminal),
                    );
                }
                return fail("create", error);
            }
        },

        async read(id: string, state: Props) {
            try {
                const observed = await definition.read(told(state), id, withoutProvider(state));
                // A refresh sends the state, which holds the inputs; `Kind.get(name, id)` sends none of them. The
                // engine takes an empty answer to a get as success with undefined outputs, so a get must fail here.
                if (!observed && !fields.some((field) => field in state)) {
                    throw new Error(
                        `no ${definition.kind} with id ${id} exists in this account (${definition.kind}.get)`,
                    );
                }
                if (!observed) return { id: "", props: {} };
                const inputs = definedOnly({ ...pick(state, fields), ...observed.inputs });
                return {
                    id,
                    props: definedOnly({ ...withoutProvider(state), ...inputs, ...observed.computed }),
                    inputs,
                };
            } catch (error) {
                return fail("read", error);
            }
        },

        async update(id: string, olds: Props, news: Props) {
            const inputs = parse(news);
            try {
                const computed = await definition.update!(
                    told(olds, inputs),
                    id,
                    withoutProvider(olds),
                    inputs,
                    changedFields(diffed, olds, inputs),
                );
                return { outs: definedOnly({ ...computedOf(olds, fields), ...inputs, ...computed }) };
            } catch (error) {
                return fail("update", error);
            }
        },

        async delete(id: string, state: Props) {
            try {
                await definition.delete(told(state), id, withoutProvider(state));
            } catch (error) {
                fail("delete", error);
            }
        },
    };
}

/** The text of every property the kind declares secret, in any of the given property sets. */
function secretsIn(definition: { words: KindWords }, given: readonly Props[]): string[] {
    return given.flatMap((props) =>
        (definition.words.secret?.(props) ?? []).flatMap((property) => textsIn(props[property])),
    );
}

/** The strings a value holds: itself, or those inside it (a wifi QR code's data). */
function textsIn(value: unknown): string[] {
    if (typeof value === "string") return [value];
    if (typeof value === "object" && value !== null) return Object.values(value).flatMap(textsIn);
    return [];
}

/** The inputs each checked alone (their schemas), then together and against the old ones (the kind's rules). */
function checkWith<I extends Props>(
    definition: ResourceDefinition<I>,
    context: ResourceContext,
    olds: Props,
    news: Props,
): pulumi.dynamic.CheckResult {
    const checked = checkInputs(definition.inputs, withoutProvider(news));
    if (checked.failures || containsUnknown(checked.inputs)) return checked;
    const { failures, notices = [] } = definition.rules?.(checked.inputs as I, withoutProvider(olds)) ?? {
        failures: [],
    };
    for (const notice of notices) context.tellOnce(notice);
    if (failures.length) return { inputs: checked.inputs, failures: [...failures] };
    return { inputs: definedOnly(definition.normalise?.(checked.inputs as I) ?? checked.inputs) };
}

/**
 * Validates inputs. Values not known yet (preview, before the resource they come from exists) of declared inputs are
 * left out of the validation and passed through, as the engine expects; an undeclared key is refused whatever its
 * value. Declared means an own property of the shape: `toString` or `__proto__` are not inputs.
 */
function checkInputs(
    schema: z.ZodObject<z.ZodRawShape, z.core.$strict>,
    news: Props,
): { inputs: Props; failures?: Failure[] } {
    const unknownKeys = Object.keys(news).filter(
        (key) => Object.hasOwn(schema.shape, key) && containsUnknown(news[key]),
    );
    const known = omit(news, unknownKeys);
    const mask = Object.fromEntries(unknownKeys.map((key) => [key, true as const]));
    const result = (unknownKeys.length ? schema.partial(mask) : schema).safeParse(known);
    if (!result.success)
        return { inputs: news, failures: result.error.issues.map((issue) => toFailure(issue, schema)) };
    return { inputs: definedOnly({ ...result.data, ...pick(news, unknownKeys) }) };
}

function toFailure(issue: z.core.$ZodIssue, schema: z.ZodType): Failure {
    if (issue.code === "unrecognized_keys") return unrecognizedKeys(issue.path, issue.keys, schema);
    return { property: issue.path.length ? issue.path.map(String).join(".") : "(inputs)", reason: issue.message };
}

/**
 * One failure for the keys an object of the inputs (the inputs themselves, or one nested at `path`) does not
 * declare, each named by its whole path, with the declared key it most likely meant.
 */
function unrecognizedKeys(path: readonly PropertyKey[], keys: readonly string[], schema: z.ZodType): Failure {
    const declared = declaredKeysAt(schema, path);
    const named = keys.map((key) => `"${key}"${didYouMean(closestName(key, declared), " (did you mean", "?)")}`);
    return {
        property: keys.map((key) => [...path, key].map(String).join(".")).join(", "),
        reason: `Unrecognized key${keys.length > 1 ? "s" : ""}: ${named.join(", ")}`,
    };
}

/** The keys the object schema at `path` declares, through optional, nullable and array wrappers; none when unknown. */
function declaredKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
    let at: z.ZodType | undefined = schema;
    for (const key of [...path, undefined]) {
        while (at instanceof z.ZodOptional || at instanceof z.ZodNullable) at = at.unwrap() as z.ZodType;
        if (at instanceof z.ZodArray && typeof key === "number") at = at.element as z.ZodType;
        else if (key === undefined) break;
        else at = at instanceof z.ZodObject ? (at.shape as Record<string, z.ZodType>)[String(key)] : undefined;
    }
    return at instanceof z.ZodObject ? Object.keys(at.shape) : [];
}

function containsUnknown(value: unknown): boolean {
    if (value === UNKNOWN) return true;
    if (Array.isArray(value)) return value.some(containsUnknown);
    if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
    return false;
}

/** Those of `fields` whose values differ from the old properties to the new. */
export function changedFields<K extends string>(fields: readonly K[], olds: Props, news: Props): K[] {
    return fields.filter((field) => !sameValue(olds[field], news[field]));
}

/** Deeper than any value a kind declares or a preview shows it; a hostile digest's nesting costs no more stack. */
const MAX_COMPARED_DEPTH = 32;

/**
 * Whether two values of a property are the same, as inputs, state, the service's answers and a preview's digest hold
 * them (JSON's values): an absent property and null are the same value, since the service and the state may write
 * either; objects and arrays are compared member by member, and parts nested deeper than the bound count as different.
 */
export function sameValue(a: unknown, b: unknown): boolean {
    return sameJson(a ?? null, b ?? null, 0);
}

function sameJson(a: unknown, b: unknown, depth: number): boolean {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
    if (depth > MAX_COMPARED_DEPTH || Array.isArray(a) !== Array.isArray(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameJson((a as Props)[key], (b as Props)[key], depth + 1));
}

/** Outputs must never hold undefined: the host cannot encode it, and fails after the object was created. */
function definedOnly(props: Props): Props {
    return Object.fromEntries(
        Object.entries(props)
            .filter(([, value]) => value !== undefined)
            .map(([key, value]) => [key, isPlainObject(value) ? definedOnly(value) : value]),
    );
}

function isPlainObject(value: unknown): value is Props {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withoutProvider(props: Props): Props {
    return omit(props, [PROVIDER_KEY]);
}

function computedOf(state: Props, inputFields: string[]): Props {
    return omit(withoutProvider(state), inputFields);
}

export function pick(props: Props, keys: readonly string[]): Props {
    return Object.fromEntries(keys.filter((key) => key in props).map((key) => [key, props[key]]));
}

function omit(props: Props, keys: readonly string[]): Props {
    return Object.fromEntries(Object.entries(props).filter(([key]) => !keys.includes(key)));
}

function describeFailure(operation: string, error: unknown): Error {
    return new Error(forTerminal(`${operation} failed: ${messageOf(error)}`));
}
