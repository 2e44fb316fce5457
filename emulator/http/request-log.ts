export interface RequestLogEntry {
    time: number;
    method: string;
    path: string;
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

    clear(): void {
        this.entries = [];
    }
}
