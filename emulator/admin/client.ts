import type { FaultSpec } from "../http/faults";
import type { AdminKind, Kind, Plan } from "../store/records";
import type { RequestLogEntry } from "../http/request-log";

export type { FaultSpec, FaultMode } from "../http/faults";
export type { AdminKind, Kind, Plan } from "../store/records";
export type { RequestLogEntry } from "../http/request-log";

/** Typed client of the emulator's admin surface (/__admin/...). Admin calls are never rate-limited, faulted or logged. */
export class EmulatorAdmin {
    constructor(
        private readonly baseUrl: string,
        private readonly adminToken: string,
    ) {}

    createAccount(fields: { email?: string; username?: string } = {}): Promise<{ apiKey: string; userId: number }> {
        return this.call("POST", "/accounts", fields);
    }

    /** Stores an object directly (default owner: user 1); the only way to create links, bio pages, overlays and splash pages. */
    seed(kind: Kind, fields: Record<string, unknown>, options: { userId?: number } = {}): Promise<{ id: number }> {
        return this.call("POST", `/seed/${kind}`, { fields, userId: options.userId });
    }

    /** Changes a stored object behind the client's back (store field names). */
    async patch(kind: AdminKind, id: number, fields: Record<string, unknown>): Promise<void> {
        await this.call("PATCH", `/records/${kind}/${id}`, { fields });
    }

    /** One stored object with every field, those the API never returns included. */
    get(kind: AdminKind, id: number): Promise<Record<string, unknown>> {
        return this.call("GET", `/records/${kind}/${id}`);
    }

    /** Changes what an account's plan allows (default: the ready account); answers the whole plan. */
    setPlan(plan: Partial<Plan>, options: { userId?: number } = {}): Promise<Plan> {
        return this.call("PUT", "/plan", { plan, userId: options.userId });
    }

    async remove(kind: Kind, id: number): Promise<void> {
        await this.call("DELETE", `/records/${kind}/${id}`);
    }

    list(kind: AdminKind, options: { userId?: number } = {}): Promise<Record<string, unknown>[]> {
        const query = options.userId === undefined ? "" : `?userId=${options.userId}`;
        return this.call("GET", `/records/${kind}${query}`);
    }

    async injectFault(fault: FaultSpec): Promise<void> {
        await this.call("POST", "/faults", fault);
    }

    async clearFaults(): Promise<void> {
        await this.call("DELETE", "/faults");
    }

    async setRateLimit(options: { limit?: number; windowMs?: number; style?: "body" | "status" }): Promise<void> {
        await this.call("PUT", "/rate-limit", options);
    }

    requests(): Promise<RequestLogEntry[]> {
        return this.call("GET", "/requests");
    }

    /** API requests by endpoint: "<method> <route pattern>" (or the path no route matched) to a count. */
    requestCounts(): Promise<Record<string, number>> {
        return this.call("GET", "/requests/counts");
    }

    async clearRequests(): Promise<void> {
        await this.call("DELETE", "/requests");
    }

    store(): Promise<unknown> {
        return this.call("GET", "/store");
    }

    /** Empties the store except the ready account (same key), and clears faults, the request log and rate windows. */
    async reset(): Promise<void> {
        await this.call("POST", "/reset");
    }

    private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
        const response = await fetch(`${this.baseUrl}/__admin${path}`, {
            method,
            headers: { "X-Admin-Token": this.adminToken, "Content-Type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        const parsed: unknown = text ? JSON.parse(text) : undefined;
        if (!response.ok) {
            const reason = (parsed as { error?: string } | undefined)?.error ?? text;
            throw new Error(`emulator admin ${method} ${path} failed with HTTP ${response.status}: ${reason}`);
        }
        return parsed as T;
    }
}
