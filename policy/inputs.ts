// A resource's inputs as a rule reads them. @pulumi/policy hands a rule the checked inputs behind a proxy that throws
// on a value not known until `up`. A rule reads through `Inputs`, which carries on past such a value, so that what is
// known is still checked; `sayUnknown` then throws the first one again, and the library turns it into its advisory
// "can't run policy ... during preview: <type> value at .<path> can't be known during preview".
import * as policy from "@pulumi/policy";

/** The library's error for an unknown value (exported by its index, left out of its declarations). */
const UnknownValueError = (policy as unknown as { UnknownValueError: new (...args: never[]) => Error })
    .UnknownValueError;

type Path = readonly (string | number)[];

export class Inputs {
    private unknown?: Error;

    constructor(private readonly props: Record<string, unknown>) {}

    /** Whether the program declared `key`, known or not. */
    declares(key: string): boolean {
        return key in this.props;
    }

    /** The value at `path`; undefined when it is not declared, or not known yet (remembered for sayUnknown). */
    at(...path: Path): unknown {
        try {
            let value: unknown = this.props;
            for (const key of path) {
                if (value === null || typeof value !== "object") return undefined;
                value = (value as Record<string | number, unknown>)[key];
            }
            return value;
        } catch (error) {
            if (!(error instanceof UnknownValueError)) throw error;
            this.unknown ??= error;
            return undefined;
        }
    }

    /** The string at `path`, or undefined when it is anything else, not declared or not known yet. */
    text(...path: Path): string | undefined {
        const value = this.at(...path);
        return typeof value === "string" ? value : undefined;
    }

    /** How many items the list at `key` holds: 0 when it is not a list, not declared or not known yet. */
    count(key: string): number {
        const value = this.at(key);
        return Array.isArray(value) ? value.length : 0;
    }

    /** The keys of the map at `key`: none when it is not a map, not declared or not known yet. */
    keys(key: string): string[] {
        const value = this.at(key);
        return value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
    }

    /** Throws the first value this rule needed and could not read, for the library to say so. */
    sayUnknown(): void {
        if (this.unknown) throw this.unknown;
    }
}
