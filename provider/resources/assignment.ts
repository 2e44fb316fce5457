// Assignments put an existing item into a campaign or a channel. The service has no call to take an item out
// again: deleting an assignment only removes it from the stack, and the item stays where it is (the resource
// docs say so). Every input identifies the assignment, so any change replaces it.
// An assignment has no identity of its own: "the item is in the channel" is the desired state, and finding it
// already true is success. So a create looks before it assigns, and looks again when the service refuses ("already
// added") or the answer is lost: an assignment made by a run whose answer never came, or by hand, is taken as made,
// and any number of runs after a lost answer converge in the first one that reaches the service.
import { ShortenerApiError } from "../client";
import type { ResourceContext } from "./context";
import type { Props, ResourceDefinition } from "./lifecycle";
import { ATTEMPTS, isUncertain } from "./listed/attempts";

export interface Assignment<I extends Props> {
    kind: string;
    description: string;
    words: ResourceDefinition<I>["words"];
    inputs: ResourceDefinition<I>["inputs"];
    /** The inputs that make the id in the state, joined by "/" ("12/34"): it says what was assigned to what. */
    idFields: readonly (keyof I & string)[];
    /** Sends the assign; one that changes a listed collection sends it through the run record's `write`. */
    assign(context: ResourceContext, inputs: I): Promise<void>;
    /** Whether the service still shows the assignment; false when its container is gone. */
    exists(context: ResourceContext, state: I): Promise<boolean>;
    /**
     * Whether the service already holds the assignment, as far as it shows it: before assigning (`refusal`
     * undefined), and after an assign was refused or its answer lost (then the service is asked again).
     */
    alreadyThere(context: ResourceContext, wanted: I, refusal?: ShortenerApiError): Promise<boolean>;
    /** Called once the service holds the assignment, whether this create made it or found it. */
    holds(context: ResourceContext, wanted: I): Promise<void>;
    /** What stays behind when the assignment leaves the stack. */
    leftBehind(state: I): string;
    /** The kind and id of what holds the item (a channel, a campaign): deleting it takes the item out after all. */
    container(state: I): { kind: string; id: number };
}

export function assignmentResource<I extends Props>(spec: Assignment<I>): ResourceDefinition<I> {
    const fields = Object.keys(spec.inputs.shape);
    const idOf = (wanted: I) => spec.idFields.map((field) => String(wanted[field])).join("/");
    /** The inputs an id names, for `Kind.get(name, id)`, which sends none; the inverse of `idOf`. */
    const fromId = (id: string): Props => {
        const parts = id.split("/");
        if (parts.length !== spec.idFields.length || parts.some((part) => part === "")) {
            throw new Error(
                `the id "${id}" is not the id of a ${spec.kind} (${spec.idFields.map((field) => `<${field}>`).join("/")})`,
            );
        }
        return Object.fromEntries(spec.idFields.map((field, index) => [field, parts[index]]));
    };
    const declaredOrNamed = (id: string, state: Props): I =>
        spec.inputs.parse(fields.some((field) => state[field] !== undefined) ? state : fromId(id)) as I;
    /** Assigns, unless a refusal or a lost answer turns out to mean that the service holds the assignment already. */
    async function assignOnce(context: ResourceContext, wanted: I): Promise<void> {
        for (let attempt = 1; ; attempt++) {
            try {
                return await spec.assign(context, wanted);
            } catch (error) {
                const refused = error instanceof ShortenerApiError && error.kind === "validation";
                if (!(refused || isUncertain(error))) throw error;
                if (await spec.alreadyThere(context, wanted, error)) return;
                if (refused || attempt >= ATTEMPTS) throw error;
                context.tell(
                    `assigning ${idOf(wanted)} got no answer the provider can use (${error.message}), and the service does not show it; trying again`,
                );
            }
        }
    }
    return {
        kind: spec.kind,
        description: spec.description,
        words: spec.words,
        inputs: spec.inputs,
        replaceOn: fields,
        // Accepted for programs written before assignments were idempotent; it changes nothing.
        createOnly: ["adopt"] as (keyof I & string)[],
        async create(context, wanted) {
            if (!(await spec.alreadyThere(context, wanted))) await assignOnce(context, wanted);
            await spec.holds(context, wanted);
            return { id: idOf(wanted), computed: {} };
        },
        async read(context, id, state) {
            const wanted = declaredOrNamed(id, state);
            return (await spec.exists(context, wanted)) ? { inputs: wanted, computed: {} } : undefined;
        },
        async delete(context, _id, state) {
            const held = spec.inputs.parse(state) as I;
            const { kind, id } = spec.container(held);
            // Said at the end of the run: a destroy deletes the container after the assignment, and then nothing stays.
            context.tellAtEnd(
                `${spec.kind} removed from the stack; the service cannot unassign, so ${spec.leftBehind(held)}`,
                () => context.run.removedHere(kind, String(id)),
            );
        },
    };
}
