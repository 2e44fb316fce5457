export interface RateLimitSettings {
    limit: number;
    windowMs: number;
}

export interface RateDecision {
    limited: boolean;
    limit: number;
    /** Goes down to -1 once the window is exceeded, as the real service reports. */
    remaining: number;
    /** Absolute Unix time in seconds at which the window ends. */
    resetAt: number;
    /** Whole seconds until the window ends (at least 1). */
    retryAfter: number;
}

interface Window {
    endsAt: number;
    count: number;
}

/** A fixed window per bucket (per API key): it opens at the bucket's first request and counts every request. */
export class FixedWindowRateLimiter {
    private windows = new Map<string, Window>();

    constructor(private settings: RateLimitSettings) {}

    configure(changes: Partial<RateLimitSettings>): void {
        this.settings = { ...this.settings, ...changes };
        this.windows.clear();
    }

    hit(bucket: string, at = Date.now()): RateDecision {
        let window = this.windows.get(bucket);
        if (!window || at >= window.endsAt) {
            window = { endsAt: at + this.settings.windowMs, count: 0 };
            this.windows.set(bucket, window);
        }
        window.count++;
        const { limit } = this.settings;
        return {
            limited: window.count > limit,
            limit,
            remaining: Math.max(limit - window.count, -1),
            resetAt: Math.ceil(window.endsAt / 1000),
            retryAfter: Math.max(1, Math.ceil((window.endsAt - at) / 1000)),
        };
    }
}

export function validateRateLimitSettings(settings: Partial<RateLimitSettings>): string | undefined {
    for (const field of ["limit", "windowMs"] as const) {
        const value = settings[field];
        if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
            return `rate limit ${field} must be a positive integer`;
        }
    }
    return undefined;
}
