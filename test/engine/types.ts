// The public shapes of the engine double, used by other suites' end-to-end tests.
export type { StackState, ResourceState } from "./state/state-file";
import type { PropertyDiff } from "./values/display-values";

export type Operation = "preview" | "up" | "refresh" | "destroy";

export interface RunOptions {
    programDir: string;
    stateFile: string;
    stack?: string;
    config?: Record<string, string>;
    secretConfig?: Record<string, string>;
    /** Extra environment for the provider host and the program. */
    env?: Record<string, string>;
    /** `--parallel N`: at most this many steps in flight (default 4 × CPUs, as the CLI's default). */
    parallel?: number;
    /** `--run-program`: refresh and destroy configure the provider from the current config, not the recorded one. */
    runProgram?: boolean;
    /** `up --refresh` / `preview --refresh`: a refresh (with the recorded config) before the update or its preview. */
    refresh?: boolean;
    /** `refresh --clear-pending-creates`: drop the creates an interrupted run left pending. */
    clearPendingCreates?: boolean;
    /** `refresh --import-pending-creates URN ID`: the create succeeded; this is its id (URN → id). */
    importPendingCreates?: Record<string, string>;
    /** `--target URN` (repeatable): only these resources are created, updated, refreshed or deleted. */
    targets?: string[];
    /** `--target-dependents`: the resources depending on a target are targeted too. */
    targetDependents?: boolean;
    /** `up` / `destroy --continue-on-error`: a failed step stops only the steps that depend on it; the run still fails. */
    continueOnError?: boolean;
}

export type StepOp = "create" | "update" | "replace" | "delete" | "same" | "refresh" | "read-gone" | "read" | "import";

export interface StepResult {
    op: StepOp;
    urn: string;
    type: string;
    name: string;
    id?: string;
    diffs?: PropertyDiff[];
    replaces?: string[];
    deleteBeforeReplace?: boolean;
    failures?: { property: string; reason: string }[];
    error?: string;
}

export interface LifecycleResult {
    operation: Operation;
    /** The stack the run was for (absent only when the run failed before reading its options). */
    stack?: string;
    ok: boolean;
    steps: StepResult[];
    summary: Record<string, number>;
    outputs: Record<string, unknown>;
    error?: string;
    /** What the program (and provider host, when it failed to start) printed. */
    diagnostics?: string[];
    /** The printed text. */
    log: string;
}
