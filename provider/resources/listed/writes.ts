// Updating and deleting an object of a listed kind. Both set rather than add, so a lost answer is met by sending the
// write again (attempts.ts); a delete of an object already gone succeeds, and an update of one says it is gone.
import { ShortenerApiError } from "../../client";
import type { ResourceContext } from "../context";
import type { Props } from "../lifecycle";
import { idempotently } from "./attempts";
import { findListed, listedAnew, numericId, recordDeleted } from "./listing";
import type { Remote } from "./spec";
import type { Listed } from "./view";

export async function updateListed<I extends Props, R extends Remote>(
    { spec, view }: Listed<I, R>,
    context: ResourceContext,
    id: string,
    news: I,
    changed: readonly (keyof I & string)[],
): Promise<Props> {
    try {
        const current = () => findListed(spec, context, numericId(id));
        const updated = await context.run.write(spec.kind, () =>
            idempotently(() => spec.update!(context.client(), numericId(id), news, changed, current)),
        );
        return updated?.computed ?? {};
    } catch (error) {
        throw await goneOr({ spec, view }, context, id, error);
    }
}

export async function deleteListed<I extends Props, R extends Remote>(
    { spec }: Listed<I, R>,
    context: ResourceContext,
    id: string,
): Promise<void> {
    try {
        await context.run.write(spec.kind, () => idempotently(() => spec.remove(context.client(), numericId(id))));
    } catch (error) {
        if (!(error instanceof ShortenerApiError && error.notFound)) throw error;
    }
    recordDeleted(context, spec.kind, numericId(id));
}

/** An update that failed because the object is gone says so; any other failure stays as it was. */
async function goneOr<I extends Props, R extends Remote>(
    { spec }: Listed<I, R>,
    context: ResourceContext,
    id: string,
    error: unknown,
): Promise<unknown> {
    if (!(error instanceof ShortenerApiError) || !(error.notFound || error.kind === "bad-response")) return error;
    if ((await listedAnew(spec, context)).some((remote) => remote.id === numericId(id))) return error;
    return new Error(
        `the ${spec.noun} ${id} no longer exists on the service (deleted outside Pulumi?): run \`pulumi refresh\` to drop it ` +
            `from the state, then \`pulumi up\` creates it again`,
    );
}
