// The shape of `pulumi preview --json`, transcribed from the Go structs it marshals (pulumi/pulumi at 1b5949891b3c):
// display.PreviewDigest, PreviewStep, PropertyDiff and PreviewDiagnostic in pkg/display/json.go, and
// apitype.ResourceV3 in sdk/go/common/apitype/core.go. An omitempty field is optional; a field without it
// (ResourceV3's urn, custom and type, PreviewStep's op, urn and detailedDiff) is always there. Strict objects: a
// field Go does not write fails the check.
import { z } from "zod";

/** plugin.DiffKind.String() (sdk/go/common/resource/plugin/provider.go). */
const DIFF_KINDS = ["add", "add-replace", "delete", "delete-replace", "update", "update-replace"] as const;

/** diag.Severity (sdk/go/common/diag/sink.go). */
const SEVERITIES = ["debug", "info", "info#err", "warning", "error"] as const;

/** deploy.StepOps (pkg/resource/deploy/step.go). */
const STEP_OPS = [
    "same",
    "create",
    "update",
    "delete",
    "replace",
    "create-replacement",
    "delete-replaced",
    "read",
    "read-replacement",
    "refresh",
    "discard",
    "discard-replaced",
    "remove-pending-replace",
    "import",
    "import-replacement",
    "diff",
    "extend-parameterize",
] as const;

const urn = z.string().startsWith("urn:pulumi:");

export const resourceV3 = z.strictObject({
    urn,
    custom: z.boolean(),
    delete: z.literal(true).optional(),
    id: z.string().min(1).optional(),
    type: z.string().min(1),
    inputs: z.record(z.string(), z.unknown()).optional(),
    outputs: z.record(z.string(), z.unknown()).optional(),
    parent: urn.optional(),
    protect: z.literal(true).optional(),
    taint: z.literal(true).optional(),
    external: z.literal(true).optional(),
    dependencies: z.array(urn).min(1).optional(),
    initErrors: z.array(z.string()).min(1).optional(),
    provider: z.string().min(1).optional(),
    propertyDependencies: z.record(z.string(), z.array(urn).nullable()).optional(),
    pendingReplacement: z.literal(true).optional(),
    additionalSecretOutputs: z.array(z.string()).min(1).optional(),
    aliases: z.array(urn).min(1).optional(),
    customTimeouts: z
        .strictObject({ create: z.number(), update: z.number(), delete: z.number(), read: z.number() })
        .partial()
        .optional(),
    importID: z.string().min(1).optional(),
    retainOnDelete: z.literal(true).optional(),
    deletedWith: urn.optional(),
    replaceWith: z.array(urn).min(1).optional(),
    created: z.string().optional(),
    modified: z.string().optional(),
    sourcePosition: z.string().min(1).optional(),
    stackTrace: z
        .array(z.strictObject({ sourcePosition: z.string().optional() }))
        .min(1)
        .optional(),
    ignoreChanges: z.array(z.string()).min(1).optional(),
    hideDiff: z.array(z.string()).min(1).optional(),
    replaceOnChanges: z.array(z.string()).min(1).optional(),
    replacementTrigger: z.unknown().optional(),
    refreshBeforeUpdate: z.literal(true).optional(),
    viewOf: urn.optional(),
    resourceHooks: z.record(z.string(), z.array(z.string())).optional(),
    extensionRef: z.string().min(1).optional(),
    snippetID: z.string().min(1).optional(),
});

export const previewStep = z.strictObject({
    op: z.enum(STEP_OPS),
    urn,
    provider: z.string().min(1).optional(),
    oldState: resourceV3.optional(),
    newState: resourceV3.optional(),
    diffReasons: z.array(z.string()).min(1).optional(),
    replaceReasons: z.array(z.string()).min(1).optional(),
    detailedDiff: z.record(z.string(), z.strictObject({ kind: z.enum(DIFF_KINDS), inputDiff: z.boolean() })).nullable(),
});

export const previewDigest = z.strictObject({
    config: z.record(z.string(), z.string()).optional(),
    steps: z.array(previewStep).min(1).optional(),
    diagnostics: z
        .array(
            z.strictObject({
                urn: urn.optional(),
                prefix: z.string().min(1).optional(),
                message: z.string().min(1).optional(),
                severity: z.enum(SEVERITIES).optional(),
            }),
        )
        .min(1)
        .optional(),
    /** time.Duration: whole nanoseconds. */
    duration: z.number().int().positive().optional(),
    changeSummary: z.partialRecord(z.enum(STEP_OPS), z.number().int().positive()).optional(),
    maybeCorrupt: z.literal(true).optional(),
});
