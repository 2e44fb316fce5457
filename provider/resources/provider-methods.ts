// The engine's side of a kind: the methods the dynamic-provider host calls (check, diff, create, read, update,
// delete), made from the kind's definition. Each takes the engine's properties (the serialized provider among them)
// to the kind's inputs and state, calls the kind, and gives its answer back as the engine takes it; a failure is one
// line the terminal can show, and an object the service holds despite a failure keeps its id in the state.
import type * as pulumi from "@pulumi/pulumi";
import { messageOf } from "../../common/text/message-of";
import { forTerminal } from "../terminal";
import { checkWith } from "./check-inputs";
import { toldSecrets, type ResourceContext } from "./context";
import { ResourceInitError, type Props, type ResourceDefinition } from "./lifecycle";
import { changedFields, computedOf, definedOnly, pick, withoutProvider } from "./props";

/** A kind's definition with what each of its methods needs. */
interface Kind<I extends Props> {
    definition: ResourceDefinition<I>;
    /** The declared inputs. */
    fields: (keyof I & string)[];
    /** Those whose change is a change: all but the ones read only on create. */
    diffed: (keyof I & string)[];
    /** The context whose every call is told the secrets of the properties an operation was given. */
    told(...given: Props[]): ResourceContext;
}

/** Turns a kind's definition into the methods the dynamic-provider host calls. */
export function providerMethods<I extends Props>(
    definition: ResourceDefinition<I>,
    context: ResourceContext,
): Required<Omit<pulumi.dynamic.ResourceProvider, "configure">> {
    const fields = Object.keys(definition.inputs.shape) as (keyof I & string)[];
    const kind: Kind<I> = {
        definition,
        fields,
        diffed: fields.filter((field) => !definition.createOnly?.includes(field)),
        told: (...given) => toldSecrets(context, secretsIn(definition, given)),
    };
    return {
        check: async (olds: Props, news: Props) => checkWith(definition, context, olds, news),
        diff: async (_id: string, olds: Props, news: Props) => diffOf(kind, olds, news),
        create: async (props: Props) => createWith(kind, props),
        read: async (id: string, state: Props) => readWith(kind, id, state),
        update: async (id: string, olds: Props, news: Props) => updateWith(kind, id, olds, news),
        delete: async (id: string, state: Props) => deleteWith(kind, id, state),
    };
}

function diffOf<I extends Props>({ definition, diffed }: Kind<I>, olds: Props, news: Props) {
    const changed = changedFields(diffed, olds, news);
    // A field the state never held (an adopted QR code's type, which the service does not show) is declared in
    // place: it says what the object is, not that it should become another one.
    const replaces = changed.filter(
        (field) => (definition.replaceOn?.includes(field) && olds[field] !== undefined) || !definition.update,
    );
    return {
        changes: changed.length > 0,
        replaces,
        deleteBeforeReplace: replaces.length > 0 && definition.deleteBeforeReplace === true,
    };
}

async function createWith<I extends Props>(kind: Kind<I>, props: Props) {
    const inputs = parsed(kind, props);
    try {
        const created = await kind.definition.create(kind.told(inputs), inputs);
        return { id: created.id, outs: definedOnly({ ...inputs, ...created.computed }) };
    } catch (error) {
        // The object exists: the engine keeps these properties as its state, so they must hold everything a later
        // refresh or delete needs, the serialized provider included.
        if (error instanceof ResourceInitError) {
            throw new ResourceInitError(
                forTerminal(error.message),
                error.id,
                definedOnly({ ...props, ...error.properties }),
                error.reasons.map(forTerminal),
            );
        }
        return failed(kind, "create", error);
    }
}

async function readWith<I extends Props>(kind: Kind<I>, id: string, state: Props) {
    const { definition, fields } = kind;
    try {
        const observed = await definition.read(kind.told(state), id, withoutProvider(state));
        // A refresh sends the state, which holds the inputs; `Kind.get(name, id)` sends none of them. The engine takes
        // an empty answer to a get as success with undefined outputs, so a get must fail here.
        if (!observed && !fields.some((field) => field in state)) {
            throw new Error(`no ${definition.kind} with id ${id} exists in this account (${definition.kind}.get)`);
        }
        if (!observed) return { id: "", props: {} };
        const inputs = definedOnly({ ...pick(state, fields), ...observed.inputs });
        return { id, props: definedOnly({ ...withoutProvider(state), ...inputs, ...observed.computed }), inputs };
    } catch (error) {
        return failed(kind, "read", error);
    }
}

async function updateWith<I extends Props>(kind: Kind<I>, id: string, olds: Props, news: Props) {
    const inputs = parsed(kind, news);
    try {
        const changed = changedFields(kind.diffed, olds, inputs);
        const told = kind.told(olds, inputs);
        const computed = await kind.definition.update!(told, id, withoutProvider(olds), inputs, changed);
        return { outs: definedOnly({ ...computedOf(olds, kind.fields), ...inputs, ...computed }) };
    } catch (error) {
        return failed(kind, "update", error);
    }
}

async function deleteWith<I extends Props>(kind: Kind<I>, id: string, state: Props): Promise<void> {
    try {
        await kind.definition.delete(kind.told(state), id, withoutProvider(state));
    } catch (error) {
        failed(kind, "delete", error);
    }
}

/** The engine's properties as the kind's inputs: checked already, so a parse failure is a bug. */
function parsed<I extends Props>({ definition }: Kind<I>, props: Props): I {
    return definition.inputs.parse(withoutProvider(props)) as I;
}

/** An operation's failure as one line the terminal can show, naming the kind and the operation. */
function failed<I extends Props>({ definition }: Kind<I>, operation: string, error: unknown): never {
    throw new Error(forTerminal(`${definition.kind} ${operation} failed: ${messageOf(error)}`));
}

/** The text of every property the kind declares secret, in any of the given property sets. */
function secretsIn(definition: Pick<ResourceDefinition<Props>, "words">, given: readonly Props[]): string[] {
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
