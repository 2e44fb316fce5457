// The public shapes of the engine double, used by other suites' end-to-end tests.
export type { StackState, ResourceState } from "./state/state-file";
import type { PropertyDiff } from "./values/display-values";
import type { DiffKind } from "./values/object-diff";
import type { Operation, RunOptionFields } from "./options";

export type { Operation } from "./options";

/** A run's options: where the program and its state are, and what the command line's options set (options.ts). */
export interface RunOptions extends RunOptionFields {
    programDir: string;
    stateFile: string;
    /** Extra environment for the provider host and the program. */
    env?: Record<string, string>;
    /**
     * refresh: the preview the CLI runs before a refresh (PreviewThenPromptThenExecute): it reads every resource as the
     * refresh does and writes nothing.
     */
    previewOnly?: boolean;
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
    /** A replace whose new state is read (`Kind.get`), not created: its non-logical part is a read-replacement. */
    readReplacement?: boolean;
    failures?: { property: string; reason: string }[];
    error?: string;
    /** The provider reference (`<provider URN>::<id>`) of a custom resource, as the engine's step events carry it. */
    provider?: string;
    /** The resource before the step (none for a create), secrets shown as the engine's step events show them. */
    old?: ShownResource;
    /**
     * The resource the step goes to (none for a delete or a resource gone), as the engine's step events carry it when
     * the step starts: the checked inputs, no id or outputs. A step of the refresh `--refresh` runs first holds the
     * program's goal for the resource, as Go's RefreshStep does (step_generator.go generateResourceSteps).
     */
    new?: ShownResource;
    /** The resource once the step is done, with its id and outputs, as the step's outputs event carries it. */
    done?: ShownResource;
    /**
     * The changed keys and the per-path diff the engine computes itself when the provider's Diff answers DiffUnknown
     * (step_generator.go diffResource); the dynamic-provider host reports neither, so otherwise there are none.
     */
    diffReasons?: string[];
    detailedDiff?: Record<string, { kind: DiffKind; inputDiff: boolean }>;
    /** A step of the refresh that `preview --refresh` / `up --refresh` runs before the program's steps. */
    refresh?: boolean;
}

/**
 * A resource as the engine's step events show it (pkg/engine/events.go makeStepEventStateMetadata, filterPropertyValue):
 * each secret value is a secret holding "[secret]", so no plaintext is carried; unknowns are the engine's unknown value.
 */
export interface ShownResource {
    urn: string;
    type: string;
    custom: boolean;
    /** A replaced resource waiting for its deletion (the state's `delete`). */
    delete?: boolean;
    id?: string;
    parent?: string;
    dependencies: string[];
    inputs: Record<string, unknown>;
    outputs?: Record<string, unknown>;
    protect?: boolean;
    /** Read by `Kind.get`: the stack records it but does not own it (events.go makeStepEventStateMetadata External). */
    external?: boolean;
    initErrors?: string[];
    provider?: string;
    additionalSecretOutputs?: string[];
    aliases?: string[];
    importId?: string;
    retainOnDelete?: boolean;
    deletedWith?: string;
    replaceWith?: string[];
    ignoreChanges?: string[];
    replaceOnChanges?: string[];
    /** Its secrets each a secret holding "[secret]". */
    replacementTrigger?: unknown;
}

export interface LifecycleResult {
    operation: Operation;
    /** A refresh's preview (RunOptions.previewOnly): nothing was written. */
    previewOnly?: boolean;
    /** The stack the run was for (absent only when the run failed before reading its options). */
    stack?: string;
    ok: boolean;
    steps: StepResult[];
    summary: Record<string, number>;
    outputs: Record<string, unknown>;
    /** The stack's outputs as the engine's events carry them: secrets a secret holding "[secret]", unknowns unknown. */
    stackOutputs?: Record<string, unknown>;
    error?: string;
    /** What the program (and provider host, when it failed to start) printed. */
    diagnostics?: string[];
    /** The stack config as the engine's prelude event shows it (engine/events.go preludeEvent): secrets "[secret]". */
    config?: Record<string, string>;
    /** The printed text. */
    log: string;
}
