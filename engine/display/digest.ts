// `preview --json`: the document `pulumi preview --json` prints, Go's PreviewDigest (pkg/display/json.go), built as
// ShowPreviewDigest (pkg/backend/display/json.go) builds it from the engine's events: the prelude's config, a step for
// each step shown (ShowEvents drops the internal events, the default provider's; shouldShow in
// pkg/backend/display/display.go: same steps hidden unless the root stack's, or protect changed; the non-logical
// replacement steps hidden, which the double does not make), the diagnostics, the duration
// and the summary's change counts (pkg/engine/update.go previewActions: logical steps only, refreshes not counted).
// Each state is written as stack.SerializeResource writes an apitype.ResourceV3 (sdk/go/common/apitype/core.go),
// after stateForJSONOutput replaced every secret by "[secret]" (massagePropertyValue).
import { isSecretWrapper } from "../values/property-values";
import { SECRET_MARK } from "../values/display-values";
import { LifecycleResult, ShownResource, StepOp, StepResult } from "../types";
import { isRootStack } from "../state/urns";
import { shownSteps } from "../state/default-provider";
import { secretsIn } from "../state/serialized-values";
import { marshalIndent } from "./go-json";

/** display.PreviewDigest, fields in Go's order; an absent field is one Go's omitempty leaves out. */
export interface PreviewDigest {
    config?: Map<string, string>;
    steps?: PreviewStep[];
    diagnostics?: PreviewDiagnostic[];
    /** time.Duration: nanoseconds. */
    duration?: number;
    changeSummary?: Map<string, number>;
}

/** display.PreviewStep; detailedDiff has no omitempty, so a step without one shows `null`. */
export interface PreviewStep {
    op: string;
    urn: string;
    provider?: string;
    oldState?: ResourceV3;
    newState?: ResourceV3;
    diffReasons?: string[];
    replaceReasons?: string[];
    detailedDiff: Map<string, { kind: string; inputDiff: boolean }> | null;
}

/** display.PreviewDiagnostic: ShowPreviewDigest sets the prefix into the message and leaves Prefix empty. */
export interface PreviewDiagnostic {
    urn?: string;
    message?: string;
    severity?: string;
}

/** The apitype.ResourceV3 fields the double can fill, in their declared order. */
export interface ResourceV3 {
    urn: string;
    custom: boolean;
    delete?: true;
    id?: string;
    type: string;
    inputs?: Map<string, unknown>;
    outputs?: Map<string, unknown>;
    parent?: string;
    protect?: true;
    external?: true;
    dependencies?: string[];
    initErrors?: string[];
    provider?: string;
    additionalSecretOutputs?: string[];
    aliases?: string[];
    importID?: string;
    retainOnDelete?: true;
    deletedWith?: string;
    replaceWith?: string[];
    ignoreChanges?: string[];
    replaceOnChanges?: string[];
    replacementTrigger?: unknown;
}

/** The Go op of each of the double's step ops, for a step the preview shows. */
export const GO_OPS: Record<StepOp, string> = {
    create: "create",
    update: "update",
    replace: "replace",
    delete: "delete",
    same: "same",
    read: "read",
    import: "import",
    refresh: "refresh",
    "read-gone": "refresh",
};

export function previewDigest(result: LifecycleResult, durationNanoseconds: number): PreviewDigest {
    const digest: PreviewDigest = {};
    if (result.config && Object.keys(result.config).length > 0) {
        digest.config = new Map(Object.entries(result.config));
    }
    const steps = shownSteps(inEventOrder(result.steps)).filter(shownInDigest).map(previewStep);
    if (steps.length > 0) digest.steps = steps;
    const diagnostics = previewDiagnostics(result);
    if (diagnostics.length > 0) digest.diagnostics = diagnostics;
    if (durationNanoseconds !== 0) digest.duration = durationNanoseconds;
    const changes = changeSummary(result.steps);
    if (changes.size > 0) digest.changeSummary = changes;
    return digest;
}

/** The digest as `pulumi preview --json` prints it: json.MarshalIndent with four spaces, then a newline. */
export function formatDigest(digest: PreviewDigest): string {
    return marshalIndent(omitUndefined(digest)) + "\n";
}

/**
 * Each refresh step just before the program's step for its resource: Go's step generator refreshes a resource as the
 * program registers it and continues its steps when the read completes (generateResourceSteps,
 * continueStepsFromRefresh). The double reads the whole state before the program runs; a resource the program no
 * longer declares Go does not refresh, so its read is left out.
 */
export function inEventOrder(steps: readonly StepResult[]): StepResult[] {
    const refreshes = new Map(steps.filter((step) => step.refresh).map((step) => [step.urn, step]));
    return steps
        .filter((step) => !step.refresh)
        .flatMap((step) => {
            const refresh = refreshes.get(step.urn);
            refreshes.delete(step.urn);
            return refresh ? [refresh, step] : [step];
        });
}

/** shouldShow, or the root stack: a same step shows only when protect changed; a refresh step always. */
function shownInDigest(step: StepResult): boolean {
    if (step.op === "same" && !step.refresh && !isRootStack(step.type)) {
        return (step.old?.protect ?? false) !== (step.new?.protect ?? false);
    }
    return true;
}

function previewStep(step: StepResult): PreviewStep {
    return omitUndefined({
        op: step.refresh ? "refresh" : GO_OPS[step.op],
        urn: step.urn,
        provider: step.provider,
        oldState: step.old && resourceV3(step.old),
        newState: step.new && resourceV3(step.new),
        diffReasons: step.diffReasons?.length ? step.diffReasons : undefined,
        replaceReasons: !step.refresh && step.replaces?.length ? step.replaces : undefined,
        detailedDiff: step.detailedDiff && !step.refresh ? new Map(Object.entries(step.detailedDiff)) : null,
    });
}

/** stack.SerializeResource of stateForJSONOutput's state, with ResourceV3's omitempty. */
export function resourceV3(shown: ShownResource): ResourceV3 {
    const list = (items: string[] | undefined) => (items && items.length > 0 ? items : undefined);
    return omitUndefined({
        urn: shown.urn,
        custom: shown.custom,
        delete: shown.delete ? true : undefined,
        id: shown.id || undefined,
        type: shown.type,
        inputs: serializedProperties(shown.inputs),
        outputs: shown.outputs && serializedProperties(shown.outputs),
        parent: shown.parent || undefined,
        protect: shown.protect ? true : undefined,
        external: shown.external ? true : undefined,
        dependencies: list(shown.dependencies),
        initErrors: list(shown.initErrors),
        provider: shown.provider || undefined,
        additionalSecretOutputs: list(shown.additionalSecretOutputs),
        aliases: list(shown.aliases),
        importID: shown.importId || undefined,
        retainOnDelete: shown.retainOnDelete ? true : undefined,
        deletedWith: shown.deletedWith || undefined,
        replaceWith: list(shown.replaceWith),
        ignoreChanges: list(shown.ignoreChanges),
        replaceOnChanges: list(shown.replaceOnChanges),
        replacementTrigger: triggerOf(shown),
    });
}

/**
 * The replacementTrigger as SerializeResource writes it. stateForJSONOutput masks the inputs' and outputs' secrets but
 * not the trigger's, and ShowPreviewDigest serializes with a PanicCrypter, so Go panics on a secret trigger: the
 * digest refuses one rather than print what Go never prints.
 */
function triggerOf(shown: ShownResource): unknown {
    if (shown.replacementTrigger === undefined || shown.replacementTrigger === null) return undefined;
    if (secretsIn(shown.replacementTrigger).length > 0) {
        throw new Error(
            `${shown.urn}: a secret replacementTrigger, which Go's preview digest cannot serialize (pkg/backend/display/json.go ShowPreviewDigest: PanicCrypter)`,
        );
    }
    return serializedValue(shown.replacementTrigger);
}

/** SerializeProperties (a map, so its keys sort); an empty map is left out (omitempty). */
function serializedProperties(props: Record<string, unknown>): Map<string, unknown> | undefined {
    const entries = Object.entries(props).map(([key, value]): [string, unknown] => [key, serializedValue(value)]);
    return entries.length > 0 ? new Map(entries) : undefined;
}

/** SerializePropertyValue after massagePropertyValue: a secret is "[secret]", an unknown stays the unknown value. */
function serializedValue(value: unknown): unknown {
    if (isSecretWrapper(value)) return SECRET_MARK;
    if (Array.isArray(value)) return value.map(serializedValue);
    if (typeof value === "object" && value !== null)
        return serializedProperties(value as Record<string, unknown>) ?? new Map();
    return value;
}

/**
 * The engine's diagnostic events: a warning or error carries its "warning: " / "error: " prefix in the message and a
 * newline after it (diag.Sink); what the program or the provider printed is an info message. The double attributes no
 * diagnostic to a resource, so none has a URN.
 */
export function previewDiagnostics(result: LifecycleResult): PreviewDiagnostic[] {
    const printed = (result.diagnostics ?? []).map((line): PreviewDiagnostic => {
        const severity = /^(warning|error): /.exec(line)?.[1] ?? "info";
        return { message: `${line}\n`, severity };
    });
    return result.error === undefined
        ? printed
        : [...printed, { message: `error: ${result.error}\n`, severity: "error" }];
}

/** previewActions.Ops: each logical step but the internal ones counted by its op; a read only when it changed the outputs. */
export function changeSummary(steps: readonly StepResult[]): Map<string, number> {
    const counts = new Map<string, number>();
    for (const step of shownSteps(steps).filter((candidate) => !candidate.refresh && !candidate.error)) {
        if (step.op === "read" && !readChanged(step)) continue;
        const op = GO_OPS[step.op];
        counts.set(op, (counts.get(op) ?? 0) + 1);
    }
    return counts;
}

/** shouldRecordReadStep: a read counts when there were outputs before and they changed. */
function readChanged(step: StepResult): boolean {
    return step.old?.outputs !== undefined && JSON.stringify(step.old.outputs) !== JSON.stringify(step.new?.outputs);
}

function omitUndefined<T extends object>(value: T): T {
    return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
