export const FAULT_MODES = ["error500", "hang", "drop-after-apply", "html", "empty", "slow"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export interface FaultSpec {
    method?: string;
    /** RegExp source matched against the request's pathname. */
    path?: string;
    mode: FaultMode;
    /** How many matching requests it affects; default 1. */
    count?: number;
    /** "slow": how long the request takes before it is applied and answered (default 4000 ms). */
    delayMs?: number;
}

export interface TakenFault {
    mode: FaultMode;
    delayMs: number;
}

interface PendingFault extends TakenFault {
    method?: string;
    path?: RegExp;
    left: number;
}

const DEFAULT_DELAY_MS = 4_000;

/** Faults wait in the order they were injected; each matching API request uses up one. */
export class FaultQueue {
    private pending: PendingFault[] = [];

    /** Returns a reason when the spec is not valid. */
    add(spec: FaultSpec): string | undefined {
        if (!(FAULT_MODES as readonly string[]).includes(spec.mode)) {
            return `fault mode must be one of ${FAULT_MODES.join(", ")}`;
        }
        const count = spec.count ?? 1;
        if (!Number.isInteger(count) || count < 1) return "fault count must be a positive integer";
        if (spec.method !== undefined && typeof spec.method !== "string") return "fault method must be a string";
        const delayMs = spec.delayMs ?? DEFAULT_DELAY_MS;
        if (!Number.isInteger(delayMs) || delayMs < 0) return "fault delayMs must be a whole number of milliseconds";
        let path: RegExp | undefined;
        if (spec.path !== undefined) {
            try {
                path = new RegExp(spec.path);
            } catch (error) {
                return `fault path is not a valid regular expression: ${(error as Error).message}`;
            }
        }
        this.pending.push({ method: spec.method?.toUpperCase(), path, mode: spec.mode, delayMs, left: count });
        return undefined;
    }

    take(method: string, pathname: string): TakenFault | undefined {
        const fault = this.pending.find(
            (candidate) =>
                (candidate.method === undefined || candidate.method === method) &&
                (candidate.path === undefined || candidate.path.test(pathname)),
        );
        if (!fault) return undefined;
        fault.left--;
        if (fault.left === 0) this.pending.splice(this.pending.indexOf(fault), 1);
        return { mode: fault.mode, delayMs: fault.delayMs };
    }

    clear(): void {
        this.pending = [];
    }
}
