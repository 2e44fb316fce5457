// The shapes of a Pulumi run as the tests read it: the real CLI's engine events (pkg/engine/events.go, as
// `--event-log` writes them), gathered per resource step.

export const OPERATIONS = ["preview", "up", "refresh", "destroy"] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * The step a resource took. Go's display ops, but for a refresh's, which are named by what the refresh found:
 * "same" (nothing changed), "refresh" (drift) or "read-gone" (deleted outside); a replacement's three events
 * (create-replacement, replace, delete-replaced) are one "replace" step.
 */
export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "refresh" | "read-gone" | "read" | "import";

/** A top-level property that differs, its values as the events show them (secrets "[secret]"). */
export interface PropertyDiff {
    property: string;
    old: unknown;
    new: unknown;
}

export interface StepResult {
    op: StepOp;
    urn: string;
    type: string;
    name: string;
    id?: string;
    /** The top-level properties that differ: the engine's own diff, or for a refresh the outputs read against the old. */
    diffs?: PropertyDiff[];
    /** The properties that force the replacement (the engine's `keys`). */
    replaces?: string[];
    /** A replacement whose old resource was deleted before the new one was created. */
    deleteBeforeReplace?: boolean;
    /** The check failures the engine reported for the resource, each as the provider gave it. */
    failures?: { property: string; reason: string }[];
    /** The error the engine reported for the resource's step. */
    error?: string;
    provider?: string;
    /** Before the step (none for a create), secrets "[secret]" as the engine's events show them. */
    old?: ShownResource;
    /** The goal when the step starts: the checked inputs. */
    new?: ShownResource;
    /** After the step, with its id and outputs (none when the step failed or the resource went). */
    done?: ShownResource;
    detailedDiff?: Record<string, { kind: string; inputDiff: boolean }>;
    /** A step of the refresh that `--refresh` runs before the program's steps. */
    refresh?: boolean;
}

/** A resource as the engine's step events show it: each secret value "[secret]", unknowns Go's unknown marker. */
export interface ShownResource {
    urn: string;
    type: string;
    custom: boolean;
    delete?: boolean;
    id?: string;
    parent?: string;
    inputs: Record<string, unknown>;
    outputs?: Record<string, unknown>;
    provider?: string;
    initErrors?: string[];
    [field: string]: unknown;
}

/** A policy violation as the engine's event gives it (apitype.PolicyEvent). */
export interface PolicyViolation {
    /** The resource, absent for a violation of the stack as a whole. */
    resourceUrn?: string;
    message: string;
    policyName: string;
    policyPackName: string;
    enforcementLevel: string;
}

export interface LifecycleResult {
    operation: Operation;
    previewOnly?: boolean;
    stack: string;
    /** The CLI exited 0. */
    ok: boolean;
    exitCode: number | null;
    steps: StepResult[];
    /** The engine's summary: step counts by op. */
    summary: Record<string, number>;
    /** The stack's outputs as the engine's events show them (secrets "[secret]"). */
    outputs: Record<string, unknown>;
    /** The first error the engine or the CLI reported, when the run failed. */
    error?: string;
    /** The diagnostics the engine reported (errors, warnings, infos and what the program printed; no debug), in order. */
    diagnostics: string[];
    /** The stack config as the engine's prelude shows it: secrets "[secret]". */
    config: Record<string, string>;
    /** The policy packs' violations (`--policy-pack`), in the order the engine reported them. */
    violations: PolicyViolation[];
    /** The resources a policy pack remediated: which rule changed which resource's inputs. */
    remediations: { resourceUrn: string; policyName: string; policyPackName: string }[];
    /** What the CLI printed, stdout then stderr. */
    log: string;
}
