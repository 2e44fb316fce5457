export interface RequestLogEntry {
    time: number;
    method: string;
    path: string;
    /** The route's pattern ("PUT /api/url/:id/update" is counted under "/api/url/:id/update"), null when none matched. */
    route: string | null;
    query: Record<string, string>;
    /** 0 when no response was sent (hang, drop-after-apply). */
    status: number;
    userId: number | null;
    rateLimited: boolean;
    fault?: string;
}

export class RequestLog {
    private entries: RequestLogEntry[] = [];

    record(entry: RequestLogEntry): void {
        this.entries.push(entry);
    }

    list(): RequestLogEntry[] {
        return this.entries.map((entry) => ({ ...entry, query: { ...entry.query } }));
    }

    /** Requests by endpoint: "<method> <route pattern>", or "<method> <path>" for a path no route matched. */
    countsByEndpoint(): Record<string, number> {
        const counts: Record<string, number> = {};
        for (const entry of this.entries) {
            const endpoint = `${entry.method} ${entry.route ?? entry.path}`;
            counts[endpoint] = (counts[endpoint] ?? 0) + 1;
        }
        return counts;
    }

    clear(): void {
        this.entries = [];
    }
}
