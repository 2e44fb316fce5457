// What `pulumi preview --json` prints with PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true: the engine's events, one JSON
// object a line (apitype.EngineEvent), in place of the digest. A workflow that runs a policy pack reads this form,
// since the digest passes policy events over (ShowPreviewDigest in pkg/backend/display/json.go). The events are read
// into the digest ShowPreviewDigest would have printed, with the policy violations beside it; as hostile input, like
// the digest: bounded by the same size, every field checked, events a later engine adds passed over.
import { z } from "zod";

const properties = z.record(z.string(), z.unknown());

/** apitype.StepEventStateMetadata, the fields a report reads. */
const stateMetadata = z.looseObject({
    urn: z.string(),
    type: z.string(),
    custom: z.boolean().optional(),
    id: z.string().optional(),
    inputs: properties.nullish(),
    outputs: properties.nullish(),
});

/** apitype.StepEventMetadata; detailed diffs name their kind `diffKind` here, `kind` in the digest. */
const stepMetadata = z.looseObject({
    op: z.string(),
    urn: z.string(),
    type: z.string(),
    old: stateMetadata.nullish(),
    new: stateMetadata.nullish(),
    keys: z.array(z.string()).nullish(),
    diffs: z.array(z.string()).nullish(),
    detailedDiff: z
        .record(z.string(), z.looseObject({ diffKind: z.string(), inputDiff: z.boolean().optional() }))
        .nullish(),
    logical: z.boolean().optional(),
    provider: z.string().optional(),
});
type StepMetadata = z.output<typeof stepMetadata>;

const engineEvent = z.looseObject({
    sequence: z.number(),
    timestamp: z.number(),
    preludeEvent: z.looseObject({ config: z.record(z.string(), z.string()) }).optional(),
    diagnosticEvent: z
        .looseObject({
            urn: z.string().optional(),
            prefix: z.string().optional(),
            message: z.string(),
            severity: z.string(),
            ephemeral: z.boolean().optional(),
        })
        .optional(),
    stdoutEvent: z.looseObject({ message: z.string() }).optional(),
    resourcePreEvent: z.looseObject({ metadata: stepMetadata }).optional(),
    resOutputsEvent: z.looseObject({ metadata: stepMetadata }).optional(),
    policyEvent: z
        .looseObject({
            resourceUrn: z.string().optional(),
            message: z.string(),
            policyName: z.string(),
            policyPackName: z.string(),
            enforcementLevel: z.string(),
        })
        .optional(),
    summaryEvent: z
        .looseObject({
            durationSeconds: z.number().optional(),
            resourceChanges: z.record(z.string(), z.number()).nullish(),
            maybeCorrupt: z.boolean().optional(),
            /** apitype.OperationResult: succeeded, failed or canceled (a later engine may add others). */
            result: z.string().optional(),
        })
        .optional(),
});
type EngineEvent = z.output<typeof engineEvent>;
type State = z.output<typeof stateMetadata>;

/** The digest as ShowPreviewDigest builds it (display.PreviewDigest); digest.ts checks it as it checks Go's. */
interface EventDigest {
    config?: Record<string, string>;
    steps: Record<string, unknown>[];
    diagnostics: { urn?: string; message: string; severity: string }[];
    changeSummary?: Record<string, number>;
    maybeCorrupt?: boolean;
    result?: string;
    policyViolations: NonNullable<EngineEvent["policyEvent"]>[];
}

/** Whether `text` is an event stream: its first line one object with the `sequence` and `timestamp` of an event. */
export function isEventStream(text: string): boolean {
    const first = text.trimStart().split("\n", 1)[0];
    try {
        const value: unknown = JSON.parse(first);
        return typeof value === "object" && value !== null && "sequence" in value && "timestamp" in value;
    } catch {
        return false;
    }
}

/** The events of `text`; a line that is not an event is an error naming the line, never skipped. */
function eventsOf(text: string): EngineEvent[] {
    return text
        .split("\n")
        .map((line, index) => ({ line, number: index + 1 }))
        .filter(({ line }) => line.trim() !== "")
        .map(({ line, number }) => {
            let json: unknown;
            try {
                json = JSON.parse(line);
            } catch {
                throw new Error(`line ${number} of the event stream is not JSON`);
            }
            const parsed = engineEvent.safeParse(json);
            if (!parsed.success)
                throw new Error(
                    `line ${number} of the event stream is not an engine event: ${parsed.error.issues[0].message}`,
                );
            return parsed.data;
        });
}

const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";

/** ShowPreviewDigest's shouldShow for a preview's JSON: no unchanged resources, no replacement's inner steps. */
function shown(metadata: StepMetadata): boolean {
    if (metadata.type === ROOT_STACK_TYPE) return true;
    if (metadata.op === "same") return false;
    return metadata.logical === true || !["create-replacement", "delete-replaced"].includes(metadata.op);
}

function stateOf(state: State | null | undefined) {
    if (!state) return undefined;
    const { urn, type, custom, id, inputs, outputs } = state;
    // The digest serializes a state as apitype.ResourceV3, which leaves out an empty id and empty maps.
    const present = (values: Record<string, unknown> | null | undefined) =>
        values && Object.keys(values).length > 0 ? values : undefined;
    return { urn, type, custom, id: id || undefined, inputs: present(inputs), outputs: present(outputs) };
}

function stepOf(metadata: StepMetadata): Record<string, unknown> {
    const detailedDiff =
        metadata.detailedDiff &&
        Object.fromEntries(
            Object.entries(metadata.detailedDiff).map(([path, diff]) => [
                path,
                { kind: diff.diffKind, inputDiff: diff.inputDiff },
            ]),
        );
    return {
        op: metadata.op,
        urn: metadata.urn,
        provider: metadata.provider,
        oldState: stateOf(metadata.old),
        newState: stateOf(metadata.new),
        diffReasons: metadata.diffs ?? undefined,
        replaceReasons: metadata.keys ?? undefined,
        detailedDiff,
    };
}

/** The digest, and the violations, of a preview's event stream: ShowPreviewDigest's rules, event by event. */
export function digestOfEvents(text: string): EventDigest {
    const digest: EventDigest = { steps: [], diagnostics: [], policyViolations: [] };
    const refreshed = new Set<string>();
    for (const event of eventsOf(text)) {
        if (event.preludeEvent) digest.config = event.preludeEvent.config;
        const diagnostic = event.diagnosticEvent;
        if (diagnostic && !diagnostic.ephemeral && diagnostic.severity !== "debug")
            digest.diagnostics.push({
                urn: diagnostic.urn,
                message: `${diagnostic.prefix ?? ""}${diagnostic.message}`,
                severity: diagnostic.severity,
            });
        if (event.stdoutEvent) digest.diagnostics.push({ message: event.stdoutEvent.message, severity: "info" });
        const before = event.resourcePreEvent?.metadata;
        if (before && shown(before)) {
            if (before.op === "refresh") refreshed.add(before.urn);
            digest.steps.push(stepOf(before));
        }
        const after = event.resOutputsEvent?.metadata;
        if (after && shown(after) && refreshed.has(after.urn) && refreshOutcome(after)) {
            const index = digest.steps.findIndex((step) => step.urn === after.urn);
            if (index >= 0) digest.steps[index] = stepOf(after);
        }
        if (event.policyEvent) digest.policyViolations.push(event.policyEvent);
        if (event.summaryEvent) {
            digest.changeSummary = event.summaryEvent.resourceChanges ?? undefined;
            digest.maybeCorrupt = event.summaryEvent.maybeCorrupt;
            digest.result = event.summaryEvent.result;
        }
    }
    return digest;
}

/** A refresh's outputs event replaces its step when it found drift it can detail, or the object gone. */
function refreshOutcome(metadata: StepMetadata): boolean {
    return (metadata.op === "update" && metadata.detailedDiff != null) || metadata.op === "delete";
}
