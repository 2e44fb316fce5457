import { IncomingMessage, ServerResponse } from "node:http";
import { ApiServerState, RateLimitStyle } from "../api/server";
import { FaultSpec } from "../http/faults";
import { parseJsonObject, queryObject, readBody, sendJson } from "../http/messages";
import { RateLimitSettings, validateRateLimitSettings } from "../http/rate-limiter";
import { AccountRecord, fullPlan, isAdminKind, isKind, Kind, KINDS, NewFields, Plan } from "../store/records";
import { matchRoute, Route } from "../http/router";
import { seedDefaults } from "../store/seed-defaults";

export interface AdminServerState {
    api: ApiServerState;
    adminToken: string;
    /** What reset() restores. */
    initial: { readyAccount: AccountRecord; rateLimit: RateLimitSettings; rateLimitStyle: RateLimitStyle };
}

interface AdminContext {
    state: AdminServerState;
    params: Record<string, string>;
    query: Record<string, string>;
    body: Record<string, unknown>;
}

class AdminError extends Error {
    constructor(
        readonly status: number,
        message: string,
    ) {
        super(message);
    }
}

function kindParam(context: AdminContext, allowAccounts: boolean): Kind | "accounts" {
    const kind = context.params.kind;
    if (allowAccounts ? !isAdminKind(kind) : !isKind(kind)) {
        const kinds = allowAccounts ? [...KINDS, "accounts"] : KINDS;
        throw new AdminError(404, `unknown kind "${kind}": the kinds are ${kinds.join(", ")}`);
    }
    return kind as Kind | "accounts";
}

function idParam(context: AdminContext): number {
    if (!/^\d+$/.test(context.params.id)) throw new AdminError(400, "id must be a positive integer");
    return Number(context.params.id);
}

function fieldsOf(body: Record<string, unknown>): Record<string, unknown> {
    const fields = body.fields ?? {};
    if (typeof fields !== "object" || fields === null || Array.isArray(fields)) {
        throw new AdminError(400, "fields must be an object");
    }
    return fields as Record<string, unknown>;
}

function optionalUserId(value: unknown, context: AdminContext): number | undefined {
    if (value === undefined || value === "") return undefined;
    const userId = Number(value);
    if (!Number.isInteger(userId) || !context.state.api.store.find("accounts", userId)) {
        throw new AdminError(400, `userId ${JSON.stringify(value)} is not an existing account`);
    }
    return userId;
}

/** Plan settings: each a boolean, but linksLimit a whole number or null. */
function planChanges(value: unknown): Partial<Plan> {
    if (typeof value !== "object" || value === null || Array.isArray(value))
        throw new AdminError(400, "plan must be an object");
    const known = fullPlan();
    for (const [field, setting] of Object.entries(value)) {
        if (!(field in known))
            throw new AdminError(
                400,
                `unknown plan setting "${field}": the settings are ${Object.keys(known).join(", ")}`,
            );
        const valid =
            field === "linksLimit"
                ? setting === null || (Number.isInteger(setting) && (setting as number) >= 0)
                : typeof setting === "boolean";
        if (!valid)
            throw new AdminError(
                400,
                `plan setting ${field} must be ${field === "linksLimit" ? "a whole number or null" : "true or false"}`,
            );
    }
    return value;
}

type AdminHandler = (context: AdminContext) => unknown;

const adminRoutes: Route<AdminHandler>[] = [
    {
        method: "POST",
        pattern: "/__admin/accounts",
        handler: ({ state, body }) => {
            for (const field of ["email", "username"]) {
                if (body[field] !== undefined && typeof body[field] !== "string") {
                    throw new AdminError(400, `${field} must be a string`);
                }
            }
            const account = state.api.store.createAccount(body);
            return { apiKey: account.apiKey, userId: account.id };
        },
    },
    {
        method: "POST",
        pattern: "/__admin/seed/:kind",
        handler: (context) => {
            const kind = kindParam(context, false) as Kind;
            const owner = optionalUserId(context.body.userId, context) ?? context.state.initial.readyAccount.id;
            const { id: _id, userId: _userId, date, ...fields } = fieldsOf(context.body);
            const merged = { ...seedDefaults(kind), ...fields } as NewFields<Kind>;
            const record = context.state.api.store.insert(
                kind,
                owner,
                merged,
                typeof date === "string" ? date : undefined,
            );
            return { id: record.id };
        },
    },
    {
        method: "GET",
        pattern: "/__admin/records/:kind",
        handler: (context) => {
            const kind = kindParam(context, true);
            const userId = optionalUserId(context.query.userId, context);
            const records = context.state.api.store.records(kind) as unknown as Record<string, unknown>[];
            const owner = kind === "accounts" ? "id" : "userId";
            return structuredClone(
                userId === undefined ? records : records.filter((record) => record[owner] === userId),
            );
        },
    },
    {
        method: "GET",
        pattern: "/__admin/records/:kind/:id",
        handler: (context) => {
            const kind = kindParam(context, true);
            const id = idParam(context);
            const record = context.state.api.store.find(kind, id);
            if (!record) throw new AdminError(404, `${kind} ${id} does not exist`);
            return structuredClone(record);
        },
    },
    {
        method: "PUT",
        pattern: "/__admin/plan",
        handler: (context) => {
            const userId = optionalUserId(context.body.userId, context) ?? context.state.initial.readyAccount.id;
            const account = context.state.api.store.find("accounts", userId)!;
            const plan = { ...account.plan, ...planChanges(context.body.plan) };
            context.state.api.store.update("accounts", account, { plan });
            return plan;
        },
    },
    {
        method: "PATCH",
        pattern: "/__admin/records/:kind/:id",
        handler: (context) => {
            const kind = kindParam(context, true);
            const id = idParam(context);
            const fields = fieldsOf(context.body);
            if ("id" in fields) throw new AdminError(400, "id cannot be patched");
            const record = context.state.api.store.find(kind, id);
            if (!record) throw new AdminError(404, `${kind} ${id} does not exist`);
            context.state.api.store.update(kind, record, fields);
            return {};
        },
    },
    {
        method: "DELETE",
        pattern: "/__admin/records/:kind/:id",
        handler: (context) => {
            const kind = kindParam(context, false) as Kind;
            const id = idParam(context);
            // A deletion through the admin surface is one made in the dashboard.
            const keepChannelItems = context.state.api.settings.profile.keepsItemsDeletedInDashboard;
            if (!context.state.api.store.remove(kind, id, { keepChannelItems }))
                throw new AdminError(404, `${kind} ${id} does not exist`);
            return {};
        },
    },
    {
        method: "POST",
        pattern: "/__admin/faults",
        handler: ({ state, body }) => {
            const problem = state.api.faults.add(body as unknown as FaultSpec);
            if (problem) throw new AdminError(400, problem);
            return {};
        },
    },
    {
        method: "DELETE",
        pattern: "/__admin/faults",
        handler: ({ state }) => {
            state.api.faults.clear();
            return {};
        },
    },
    {
        method: "PUT",
        pattern: "/__admin/rate-limit",
        handler: ({ state, body }) => {
            const { limit, windowMs, style } = body as Partial<RateLimitSettings> & { style?: unknown };
            const problem = validateRateLimitSettings({ limit, windowMs });
            if (problem) throw new AdminError(400, problem);
            if (style !== undefined && style !== "body" && style !== "status") {
                throw new AdminError(400, 'rate limit style must be "body" or "status"');
            }
            state.api.limiter.configure({
                ...(limit !== undefined ? { limit } : {}),
                ...(windowMs !== undefined ? { windowMs } : {}),
            });
            if (style) state.api.rateLimitStyle = style;
            return {};
        },
    },
    {
        method: "GET",
        pattern: "/__admin/requests",
        handler: ({ state }) => state.api.log.list(),
    },
    {
        method: "GET",
        pattern: "/__admin/requests/counts",
        handler: ({ state }) => state.api.log.countsByEndpoint(),
    },
    {
        method: "DELETE",
        pattern: "/__admin/requests",
        handler: ({ state }) => {
            state.api.log.clear();
            return {};
        },
    },
    {
        method: "GET",
        pattern: "/__admin/store",
        handler: ({ state }) => state.api.store.snapshot(),
    },
    {
        method: "POST",
        pattern: "/__admin/reset",
        handler: ({ state }) => {
            state.api.store.reset(state.initial.readyAccount);
            state.api.faults.clear();
            state.api.log.clear();
            state.api.limiter.configure(state.initial.rateLimit);
            state.api.rateLimitStyle = state.initial.rateLimitStyle;
            return {};
        },
    },
];

export function createAdminHandler(
    state: AdminServerState,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
    return async (req, res) => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const bodyText = await readBody(req);
        if (req.headers["x-admin-token"] !== state.adminToken) {
            sendJson(res, 403, { error: "X-Admin-Token is missing or wrong" });
            return;
        }
        const match = matchRoute(adminRoutes, (req.method ?? "GET").toUpperCase(), url.pathname);
        if (match.outcome !== "matched") {
            const status = match.outcome === "not-found" ? 404 : 405;
            sendJson(res, status, { error: `no admin operation ${req.method} ${url.pathname}` });
            return;
        }
        const body = parseJsonObject(bodyText);
        if (!body.ok) {
            sendJson(res, 400, { error: "the request body must be a JSON object" });
            return;
        }
        try {
            const result = match.route.handler({
                state,
                params: match.params,
                query: queryObject(url.searchParams),
                body: body.value,
            });
            sendJson(res, 200, result);
        } catch (error) {
            if (!(error instanceof AdminError)) throw error;
            sendJson(res, error.status, { error: error.message });
        }
    };
}
