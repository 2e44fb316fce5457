// `--parallel`: the engine's step executor runs at most this many steps at once (pkg/resource/deploy/step_executor.go
// starts that many workers); the CLI's default is 4 × GOMAXPROCS (pkg/cmd/pulumi/operations/up.go, defaultParallel).
import * as os from "os";

export function defaultParallel(): number {
    return 4 * Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
}

export class StepSlots {
    private running = 0;
    private readonly waiting: (() => void)[] = [];

    constructor(readonly limit: number) {
        if (!Number.isInteger(limit) || limit < 1) {
            throw new Error(`parallel: expected a whole number of at least 1, got ${limit}`);
        }
    }

    /** Runs the step when a slot is free; the slot is given back when it ends, either way. */
    async run<T>(step: () => Promise<T>): Promise<T> {
        if (this.running >= this.limit) {
            await new Promise<void>((resolve) => this.waiting.push(resolve));
        } else {
            this.running++;
        }
        try {
            return await step();
        } finally {
            const next = this.waiting.shift();
            if (next) {
                next();
            } else {
                this.running--;
            }
        }
    }
}
