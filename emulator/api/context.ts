import { Route } from "../http/router";
import { ApiFailure } from "./answers";
import { AccountRecord, Kind, RecordsByKind, THING_NAMES } from "../store/records";
import type { ServiceProfile } from "../profiles";
import { Store } from "../store/store";

export interface ApiSettings {
    baseUrl: string;
    systemDomains: number;
    profile: ServiceProfile;
}

export interface ApiContext {
    store: Store;
    user: AccountRecord;
    /** Numeric path parameters (":id", ":linkid", ...), already checked to be digits. */
    ids: Record<string, number>;
    /** Path parameters as sent. */
    params: Record<string, string>;
    query: Record<string, string>;
    body: Record<string, unknown>;
    settings: ApiSettings;
}

export type ApiHandler = (context: ApiContext) => object;
export type ApiRoute = Route<ApiHandler>;

export function ownedOrFail<K extends Kind>(context: ApiContext, kind: K, id: number): RecordsByKind[K] {
    const record = context.store.findOwned(kind, context.user.id, id);
    if (!record) throw new ApiFailure(`${THING_NAMES[kind]} does not exist.`);
    return record;
}

/** The object an update is about; a missing one is answered as the profile says. */
export function updatedOrGone<K extends Kind>(context: ApiContext, kind: K, id: number): RecordsByKind[K] {
    const record = context.store.findOwned(kind, context.user.id, id);
    return record ?? context.settings.profile.gone(kind, THING_NAMES[kind]);
}

export function done(message: string): object {
    return { error: 0, message };
}

/** The shared shape of "DELETE /api/<thing>/:id/delete". */
export function deleteRoute(kind: Kind, pattern: string): ApiRoute {
    return {
        method: "DELETE",
        pattern,
        handler: (context) => {
            ownedOrFail(context, kind, context.ids.id);
            context.store.remove(kind, context.ids.id);
            return done(`${THING_NAMES[kind]} has been deleted successfully.`);
        },
    };
}
