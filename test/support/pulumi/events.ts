// The engine's events, as `--event-log` writes them (one JSON object a line; sdk/go/common/apitype/events.go),
// gathered into what a test reads: one step per resource and phase, the diagnostics, the summary and the outputs.
import { readFileSync } from "node:fs";
import type { LifecycleResult, PolicyViolation, PropertyDiff, ShownResource, StepOp, StepResult } from "./types";

interface StepMetadata {
    op: string;
    urn: string;
    type: string;
    old?: ShownResource;
    new?: ShownResource;
    keys?: string[];
    diffs?: string[];
    detailedDiff?: Record<string, { kind: string; inputDiff: boolean }>;
    provider?: string;
}

interface EngineEvent {
    diagnosticEvent?: { urn?: string; message: string; severity: string };
    preludeEvent?: { config: Record<string, string> };
    summaryEvent?: { resourceChanges: Record<string, number> };
    resourcePreEvent?: { metadata: StepMetadata };
    resOutputsEvent?: { metadata: StepMetadata };
    resOpFailedEvent?: { metadata: StepMetadata };
    policyEvent?: PolicyViolation;
    policyRemediationEvent?: { resourceUrn: string; policyName: string; policyPackName: string };
}

type Gathered = Pick<
    LifecycleResult,
    "steps" | "summary" | "outputs" | "diagnostics" | "config" | "violations" | "remediations"
> & {
    errors: string[];
};

const STACK_TYPE = "pulumi:pulumi:Stack";
const REPLACEMENT_OPS = new Set(["create-replacement", "replace", "delete-replaced"]);
/** A refresh's outcome, named from the op Go's display gives it. */
const REFRESH_OUTCOME: Record<string, StepOp> = { same: "same", update: "refresh", delete: "read-gone" };

/** Reads an event log; a log that is missing (the CLI failed before the engine started) holds no events. */
export function readEventLog(file: string): EngineEvent[] {
    let text: string;
    try {
        text = readFileSync(file, "utf8");
    } catch {
        return [];
    }
    return text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as EngineEvent);
}

/**
 * The step of each resource in each phase, in the order the engine started them, with what the events say of it. A
 * step begins with its pre-event and ends with its outputs event; a replacement's three events make one step.
 */
export function gather(events: readonly EngineEvent[]): Gathered {
    const gathered: Gathered = {
        steps: [],
        summary: {},
        outputs: {},
        diagnostics: [],
        config: {},
        violations: [],
        remediations: [],
        errors: [],
    };
    const open = new Map<string, StepResult>();
    for (const event of events) {
        if (event.preludeEvent) gathered.config = event.preludeEvent.config;
        if (event.summaryEvent) gathered.summary = event.summaryEvent.resourceChanges;
        if (event.diagnosticEvent) diagnose(gathered, event.diagnosticEvent);
        if (event.resourcePreEvent) begin(gathered, open, event.resourcePreEvent.metadata);
        if (event.resOutputsEvent) end(gathered, open, event.resOutputsEvent.metadata);
        if (event.policyEvent) gathered.violations.push(event.policyEvent);
        if (event.policyRemediationEvent) gathered.remediations.push(event.policyRemediationEvent);
        const failed = event.resOpFailedEvent?.metadata;
        const step = failed && (open.get(failed.urn) ?? lastStep(gathered, failed.urn));
        if (step) step.error ??= "the step failed";
    }
    return gathered;
}

function lastStep(gathered: Gathered, urn: string, matches = (_step: StepResult) => true): StepResult | undefined {
    for (let index = gathered.steps.length - 1; index >= 0; index--) {
        const step = gathered.steps[index];
        if (step.urn === urn && matches(step)) return step;
    }
    return undefined;
}

function nameOf(urn: string): string {
    return urn.slice(urn.lastIndexOf("::") + 2);
}

/** The resource's own type: the last of the URN's `$`-joined type chain. */
function typeOf(urn: string): string {
    const chain = urn.split("::")[2] ?? "";
    return chain.slice(chain.lastIndexOf("$") + 1);
}

function begin(gathered: Gathered, open: Map<string, StepResult>, metadata: StepMetadata): void {
    if (metadata.type.startsWith("pulumi:providers:")) return;
    const step = REPLACEMENT_OPS.has(metadata.op)
        ? (replacementOf(gathered, metadata.urn) ?? newStep(gathered, metadata))
        : newStep(gathered, metadata);
    if (!REPLACEMENT_OPS.has(metadata.op)) open.set(metadata.urn, step);
    if (metadata.op === "refresh") {
        step.refresh = true;
    } else if (REPLACEMENT_OPS.has(metadata.op)) {
        if (step.op !== "replace") step.deleteBeforeReplace = metadata.op === "delete-replaced";
        step.op = "replace";
    } else {
        step.op = metadata.op as StepOp;
    }
    if (metadata.op === "delete-replaced" || metadata.op === "create-replacement") return;
    step.old = metadata.old;
    step.new = metadata.new;
    step.id = metadata.old?.id ?? step.id;
    step.provider = metadata.provider || undefined;
    if (metadata.diffs?.length) step.diffs = propertyDiffs(metadata.diffs, metadata.old?.inputs, metadata.new?.inputs);
    if (metadata.keys?.length && step.op === "replace") step.replaces = metadata.keys;
    if (metadata.detailedDiff) step.detailedDiff = metadata.detailedDiff;
}

function replacementOf(gathered: Gathered, urn: string): StepResult | undefined {
    return lastStep(gathered, urn, (step) => step.op === "replace");
}

function newStep(gathered: Gathered, metadata: StepMetadata): StepResult {
    const step: StepResult = { op: "same", urn: metadata.urn, type: metadata.type, name: nameOf(metadata.urn) };
    gathered.steps.push(step);
    return step;
}

function end(gathered: Gathered, open: Map<string, StepResult>, metadata: StepMetadata): void {
    if (metadata.type.startsWith("pulumi:providers:")) return;
    if (metadata.type === STACK_TYPE && metadata.new?.outputs) gathered.outputs = metadata.new.outputs;
    if (REPLACEMENT_OPS.has(metadata.op)) {
        const step = replacementOf(gathered, metadata.urn);
        if (step && metadata.op === "create-replacement" && metadata.new) {
            step.done = metadata.new;
            step.id = metadata.new.id ?? step.id;
        }
        return;
    }
    const step = open.get(metadata.urn) ?? newStep(gathered, metadata);
    open.delete(metadata.urn);
    if (step.refresh) {
        step.op = REFRESH_OUTCOME[metadata.op] ?? (metadata.op as StepOp);
        const [before, after] = [metadata.old?.outputs ?? {}, metadata.new?.outputs ?? {}];
        const drift = changedKeys(before, after);
        if (step.op === "refresh" && drift.length > 0) step.diffs = propertyDiffs(drift, before, after);
    }
    if (metadata.new && metadata.op !== "delete") step.done = metadata.new;
    if (metadata.new?.id) step.id = metadata.new.id;
}

/** The top-level keys whose values differ, as JSON compares them. */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

function propertyDiffs(
    keys: readonly string[],
    before: Record<string, unknown> = {},
    after: Record<string, unknown> = {},
): PropertyDiff[] {
    return keys.map((property) => ({ property, old: before[property], new: after[property] }));
}

/** Go's colour tags (`<{%reset%}>`), which the event log keeps in messages. */
const COLOR_TAG = /<\{%[^%]*%\}>/g;
/** How the engine words a check failure (pkg/diag/errors.go): with a property, or of the whole resource. */
const PROPERTY_FAILURE = /resource '[^']*': property (.+?) value \{.*\} has a problem: (.*)$/s;
const RESOURCE_FAILURE = /resource '[^']*' has a problem: (.*)$/s;

function diagnose(gathered: Gathered, event: NonNullable<EngineEvent["diagnosticEvent"]>): void {
    // Debug messages are the SDK's own tracing (every RPC it makes), which the CLI shows only with --debug.
    if (event.severity === "debug") return;
    const message = event.message.replace(COLOR_TAG, "").trimEnd();
    gathered.diagnostics.push(message);
    if (event.severity !== "error") return;
    gathered.errors.push(message);
    if (!event.urn) return;
    // A resource whose inputs fail the provider's check gets no step event: its failure is its only record.
    const step =
        lastStep(gathered, event.urn) ?? newStep(gathered, { op: "same", urn: event.urn, type: typeOf(event.urn) });
    step.error = step.error && step.error !== "the step failed" ? `${step.error}\n${message}` : message;
    const failure = PROPERTY_FAILURE.exec(message) ?? RESOURCE_FAILURE.exec(message);
    if (failure) {
        const [property, reason] = failure.length === 3 ? [failure[1], failure[2]] : ["", failure[1]];
        (step.failures ??= []).push({ property, reason });
    }
}
