import type { ProfileName } from "../test/emulator";

/** One measured figure, printed beside the bound it is judged against. */
export interface Figure {
    name: string;
    value: number;
    bound: number;
    unit: string;
    /** "max": the value should stay at or below the bound; "min": at or above it. */
    goal: "max" | "min";
}

/** What `npm run bench` was asked for: which behaviour of the service the emulator shows. */
export interface BenchOptions {
    profile: ProfileName;
}

/** A benchmark suite: a title and a function that measures and returns its figures. */
export interface Benchmark {
    title: string;
    run(options: BenchOptions): Promise<Figure[]>;
}

export function meetsBound(figure: Figure): boolean {
    return figure.goal === "max" ? figure.value <= figure.bound : figure.value >= figure.bound;
}
