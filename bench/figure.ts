import type { ProfileName } from "../emulator";

/** One measured figure, printed beside the bound it is judged against. */
export interface Figure {
    name: string;
    value: number;
    bound: number;
    unit: string;
    /** "max": the value should stay at or below the bound; "min": at or above it; "report": measured, judged by no bound. */
    goal: "max" | "min" | "report";
    /** The bound is the least any implementation can reach (one write per resource, one listing per kind): a value equal to it is printed as "at bound". */
    physical?: boolean;
    /** The same figure for the baseline provider (bench/baseline), measured in the same run. */
    baseline?: number;
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
    if (figure.goal === "report") return true;
    return figure.goal === "max" ? figure.value <= figure.bound : figure.value >= figure.bound;
}

/** The baseline's figure over the provider's, as "x12.5"; "=" when both are 0. */
export function ratio(baseline: number, provider: number): string {
    if (provider === 0) return baseline === 0 ? "=" : "x inf";
    const value = baseline / provider;
    return `x${value >= 10 ? value.toFixed(0) : value.toFixed(2)}`;
}

export function formatRow(figure: Figure): string {
    const compared =
        figure.baseline === undefined
            ? ""
            : `baseline ${String(figure.baseline).padStart(9)} ${ratio(figure.baseline, figure.value).padStart(7)}`;
    const judged =
        figure.goal === "report"
            ? ""
            : `goal ${figure.goal === "max" ? "<=" : ">="} ${figure.bound} ${!meetsBound(figure) ? "MISSED" : figure.physical && figure.value === figure.bound ? "at bound" : "ok"}`;
    return `  ${figure.name.padEnd(62)} ${String(figure.value).padStart(9)} ${figure.unit.padEnd(9)} ${compared.padEnd(27)} ${judged}`.trimEnd();
}
