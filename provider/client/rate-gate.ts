import { BOUNDS } from "../bounds";
import { accountKey } from "./account-key";

/** What one response's X-RateLimit-* headers said about the service's current window. */
export interface RateWindowReport {
    limit: number;
    remaining: number;
    /** When the window ends as the header tells it (whole seconds), in local epoch milliseconds. */
    resetAtMs: number;
}

/** Handed out with each permission to send. */
export interface SendTicket {
    /** The local window the request went out in, so that late answers from an older one are not taken for news. */
    readonly epoch: number;
    readonly sentAtMs: number;
}

interface Waiter {
    grant: (ticket: SendTicket) => void;
    refuse: (error: RateWaitTooLong) => void;
    onDelay?: (waitMs: number) => void;
    maxWaitMs: number;
}

/** The service's window reopens later than the waiter is willing to wait: it is refused at once instead. */
export class RateWaitTooLong extends Error {
    constructor(readonly waitMs: number) {
        super(`the rate limit reopens in ${waitMs} ms`);
        this.name = "RateWaitTooLong";
    }
}

// X-RateLimit-Reset counts whole seconds, rounded up: the window really ends up to this much earlier.
const RESET_RESOLUTION_MS = 1000;

/**
 * Paces requests to the budget the service announces, so that callers never see a 429 from a burst.
 *
 * The budget of the current window is only ever lowered by what the service reports (a report counts every
 * request that reached it, but requests still in flight may not have reached it yet, so they are subtracted),
 * and restored in full when the window has ended. Until the first report says what the limit is, one request
 * at a time goes out.
 *
 * When the window ends: the reset header alone can be up to a second late, which matters with short windows.
 * So the gate also learns the window's length from the request that opened a window (its answer says
 * remaining = limit - 1) and reopens at the first answer of a window plus that length, if that is sooner.
 * The length is assumed to be whole seconds; the moment the service contradicts it (a refusal or a count
 * from the old window after such an early reopening), the gate stops trusting it and waits for the reset.
 */
export class RateGate {
    private budget = 1;
    private limit: number | undefined;
    private reportedResetAtMs: number | undefined;
    /** When the exhausted budget comes back; undefined while no end of window is known or just after reopening. */
    private reopensAtMs: number | undefined;
    private reopenedEarly = false;
    private windowMs: number | undefined;
    private windowLengthAbove = 0;
    private windowLengthAtMost = Number.POSITIVE_INFINITY;
    private windowLengthUnknowable = false;
    private epoch = 0;
    private inFlight = 0;
    private readonly waiting: Waiter[] = [];
    private wakeTimer: NodeJS.Timeout | undefined;

    /**
     * Resolves when a request may go out. A resend of a refused request goes to the front of the line.
     * `onDelay` is told once, as soon as the gate knows the request must wait for a window, how long that will be.
     * Rejects with RateWaitTooLong as soon as the window the request waits for reopens more than `maxWaitMs` away.
     */
    acquire(
        options: { resend?: boolean; onDelay?: (waitMs: number) => void; maxWaitMs?: number } = {},
    ): Promise<SendTicket> {
        return new Promise((grant, refuse) => {
            const waiter = {
                grant,
                refuse,
                onDelay: options.onDelay,
                maxWaitMs: options.maxWaitMs ?? Number.POSITIVE_INFINITY,
            };
            if (options.resend) this.waiting.unshift(waiter);
            else this.waiting.push(waiter);
            this.drain();
        });
    }

    /** The request that held `ticket` is over; `report` is what its response said about the window, if anything. */
    release(ticket: SendTicket, report: RateWindowReport | undefined): void {
        this.inFlight--;
        if (report) this.learn(ticket, report);
        this.drain();
    }

    /** The service refused the request for its rate: nothing more goes out before `retryAtMs`. */
    refused(ticket: SendTicket, report: RateWindowReport | undefined, retryAtMs: number): void {
        this.inFlight--;
        if (report) this.learn(ticket, report);
        if (ticket.epoch === this.epoch && this.reopenedEarly) this.distrustWindowLength();
        this.budget = Math.min(this.budget, 0);
        this.reopensAtMs = Math.max(this.reopensAtMs ?? 0, retryAtMs);
        this.drain();
    }

    private learn(ticket: SendTicket, report: RateWindowReport): void {
        const now = Date.now();
        this.limit = report.limit;
        if (this.reportedResetAtMs === undefined || report.resetAtMs > this.reportedResetAtMs) {
            // The first answer from a window not heard of before: every request still in flight may yet count in it.
            this.reportedResetAtMs = report.resetAtMs;
            this.budget = report.remaining - this.inFlight;
            if (report.remaining === report.limit - 1) this.learnWindowLength(ticket.sentAtMs, now, report.resetAtMs);
            // The window began before this answer arrived, so it ends no later than now plus its length.
            this.reopensAtMs =
                this.windowMs === undefined ? report.resetAtMs : Math.min(report.resetAtMs, now + this.windowMs);
        } else if (report.resetAtMs === this.reportedResetAtMs && ticket.epoch === this.epoch) {
            this.budget = Math.min(this.budget, report.remaining - this.inFlight);
            if (this.reopensAtMs === undefined) {
                // The gate reopened, yet the service still counts the old window.
                if (this.reopenedEarly) this.distrustWindowLength();
                this.reopensAtMs = this.reopenedEarly ? report.resetAtMs : report.resetAtMs + RESET_RESOLUTION_MS;
            }
        }
    }

    /**
     * The request that opened the window reached the service between sentAtMs and receivedAtMs, and the window
     * ended within the second before resetAtMs, which bounds its length; the bounds of every window seen so far
     * are intersected, and the longest whole number of seconds inside them is taken.
     */
    private learnWindowLength(sentAtMs: number, receivedAtMs: number, resetAtMs: number): void {
        if (this.windowLengthUnknowable) return;
        this.windowLengthAbove = Math.max(this.windowLengthAbove, resetAtMs - RESET_RESOLUTION_MS - receivedAtMs);
        this.windowLengthAtMost = Math.min(this.windowLengthAtMost, resetAtMs - sentAtMs);
        const longest = Math.floor(this.windowLengthAtMost / RESET_RESOLUTION_MS) * RESET_RESOLUTION_MS;
        if (longest > 0 && longest > this.windowLengthAbove) this.windowMs = longest;
        else this.distrustWindowLength();
    }

    private distrustWindowLength(): void {
        this.windowMs = undefined;
        this.windowLengthUnknowable = true;
    }

    private drain(): void {
        const now = Date.now();
        if (this.reopensAtMs !== undefined && now >= this.reopensAtMs) {
            this.reopenedEarly = this.reportedResetAtMs !== undefined && now < this.reportedResetAtMs;
            this.epoch++;
            this.reopensAtMs = undefined;
            this.budget = (this.limit ?? 1) - this.inFlight;
        }
        // Nothing in flight can tell us more and no reopening is due: find out with a single request.
        if (this.budget < 1 && this.reopensAtMs === undefined && this.inFlight === 0) this.budget = 1;
        while (this.budget >= 1 && this.waiting.length > 0) {
            this.budget--;
            this.inFlight++;
            this.waiting.shift()!.grant({ epoch: this.epoch, sentAtMs: now });
        }
        this.scheduleWake(now);
    }

    // A timer exists only while someone waits, so an idle gate never keeps the process alive.
    private scheduleWake(now: number): void {
        if (this.wakeTimer) clearTimeout(this.wakeTimer);
        this.wakeTimer = undefined;
        if (this.waiting.length === 0 || this.budget >= 1 || this.reopensAtMs === undefined) return;
        const delayMs = Math.max(0, this.reopensAtMs - now);
        this.refuseImpatient(delayMs);
        if (this.waiting.length === 0) return;
        this.tellDelays(delayMs);
        // A wake before the reopening only looks again and sleeps for the rest.
        this.wakeTimer = setTimeout(
            () => {
                this.wakeTimer = undefined;
                this.drain();
            },
            Math.min(delayMs, BOUNDS.maxTimerMs.default),
        );
    }

    /** The bound is on the wait the service asks for (until its window reopens), not on a waiter's place in the line. */
    private refuseImpatient(delayMs: number): void {
        const refused = this.waiting.filter((waiter) => waiter.maxWaitMs < delayMs);
        if (refused.length === 0) return;
        this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((waiter) => waiter.maxWaitMs >= delayMs));
        for (const waiter of refused) waiter.refuse(new RateWaitTooLong(delayMs));
    }

    /** Those further back in the line wait for later windows too, as far as the limit and window length are known. */
    private tellDelays(delayMs: number): void {
        this.waiting.forEach((waiter, position) => {
            if (!waiter.onDelay) return;
            const laterWindows = this.limit ? Math.floor(position / this.limit) : 0;
            waiter.onDelay(delayMs + laterWindows * (this.windowMs ?? 0));
            waiter.onDelay = undefined;
        });
    }
}

const gates = new Map<string, RateGate>();

/** The one gate of a (service, API key) pair in this process; the registry holds the account's key, never the API key. */
export function gateFor(baseUrl: string, apiKey: string): RateGate {
    const id = accountKey({ baseUrl, apiKey });
    let gate = gates.get(id);
    if (!gate) {
        gate = new RateGate();
        gates.set(id, gate);
    }
    return gate;
}
