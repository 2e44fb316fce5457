// The engine's events of one of the double's runs (pkg/engine/events.go: preludeEvent, resourcePreEvent,
// resourceOutputsEvent, resourceOperationFailed, diagEvent, summaryEvent, then the cancel event that ends the stream),
// made from its result, and the diff display the CLI prints of them with `--diff` (ShowDiffEvents with the CLI's
// default options, operations/preview.go and up.go: no config, sames, reads, replacement steps or URNs; output
// truncated; no color, as when stdout is not a terminal).
import { LifecycleResult, ShownResource, StepResult } from "../types";
import { PropertyMap, kindOf } from "../values/property-values";
import { SECRET_MARK } from "../values/display-values";
import { GO_OPS, changeSummary, inEventOrder, previewDiagnostics } from "./digest";
import { DiffDisplayOptions, showDiffEvents } from "./diff";
import { EngineEvent, StepEventMetadata, StepEventStateMetadata } from "./events";
import { marshalIndent } from "./go-json";
import { isDefaultProvider } from "../state/default-provider";

const CLI_DEFAULTS: DiffDisplayOptions = {
    color: "never",
    showConfig: false,
    showReplacementSteps: false,
    showSameResources: false,
    showReads: false,
    showURNs: false,
    showSecrets: false,
    suppressOutputs: false,
    truncateOutput: true,
    summaryDiff: false,
    debug: false,
};

/**
 * What `pulumi preview --diff` / `up --diff` prints of a run: stdout, and the diagnostics on stderr. ShowEvents drops the
 * internal events before the display reads them (pkg/backend/display/display.go).
 */
export function diffDisplay(
    result: LifecycleResult,
    durationNanoseconds: number,
    secretValues: readonly string[],
): { stdout: string; stderr: string } {
    const shown = runEvents(result, durationNanoseconds, secretValues).filter(
        (event) => !("internal" in event && event.internal),
    );
    return showDiffEvents(shown, CLI_DEFAULTS);
}

/**
 * The run's events. Each string in a property is filtered of the secret config values, as logging.FilterString does
 * (filterPropertyValue); secrets are already "[secret]" in the run's states. The diagnostics come after the steps.
 */
export function runEvents(
    result: LifecycleResult,
    durationNanoseconds: number,
    secretValues: readonly string[],
): EngineEvent[] {
    const filter = secretFilter(secretValues);
    const planning = result.operation === "preview";
    const events: EngineEvent[] = [{ type: "prelude", config: new Map(Object.entries(result.config ?? {})) }];
    for (const step of inEventOrder(result.steps)) events.push(...stepEvents(step, planning, result, filter));
    for (const diagnostic of previewDiagnostics(result)) {
        events.push({
            type: "diag",
            urn: "",
            prefix: "",
            message: diagnostic.message ?? "",
            color: "never",
            severity: diagnostic.severity ?? "info",
            ephemeral: false,
        });
    }
    events.push({
        type: "summary",
        maybeCorrupt: false,
        durationSeconds: durationNanoseconds / 1e9,
        resourceChanges: changeSummary(result.steps),
        policyPacks: new Map(),
        isPreview: planning,
    });
    events.push({ type: "cancel" });
    return events;
}

type Filter = (props: PropertyMap | undefined) => PropertyMap | undefined;

/**
 * A step's pre event, then its outputs event or, when it failed, its failure. A replace is the logical replace step
 * between its two non-logical parts, create-replacement and delete-replaced (delete-replaced first when the old
 * resource is deleted before the replacement is created), as the step generator makes them; a read that replaces a
 * managed resource has a read-replacement for its create-replacement.
 */
function stepEvents(step: StepResult, planning: boolean, result: LifecycleResult, filter: Filter): EngineEvent[] {
    const op = step.refresh ? "refresh" : GO_OPS[step.op];
    if (op === "replace") {
        const made = step.readReplacement ? "read-replacement" : "create-replacement";
        const parts = step.deleteBeforeReplace
            ? ["delete-replaced", "replace", made]
            : [made, "replace", "delete-replaced"];
        return parts.flatMap((part) =>
            eventsOf(metadataOf(step, part, part === "replace", filter), step, planning, result, filter),
        );
    }
    return eventsOf(metadataOf(step, op, true, filter), step, planning, result, filter);
}

/**
 * The outputs event carries the state the step left: its id and outputs (the stack's, those the program registered).
 * The default provider's events are internal (update.go isInternalStep: isDefaultProviderStep).
 */
function eventsOf(
    metadata: StepEventMetadata,
    step: StepResult,
    planning: boolean,
    result: LifecycleResult,
    filter: Filter,
): EngineEvent[] {
    const internal = isDefaultProvider(step.urn);
    const pre: EngineEvent = { type: "resource-pre", metadata, planning, internal };
    if (step.error !== undefined) return [pre, { type: "resource-operationfailed", metadata, status: 0, steps: 0 }];
    const outputs = isStack(step) ? result.stackOutputs : step.done?.outputs;
    const done =
        step.done && metadata.new
            ? { ...metadata.new, id: step.done.id ?? "", outputs: filter(outputs ?? {}) }
            : metadata.new;
    return [
        pre,
        {
            type: "resource-outputs",
            metadata: { ...metadata, new: done, res: done ?? metadata.old },
            planning,
            internal,
        },
    ];
}

/** makeStepEventMetadata: a delete-replaced part goes from the old state to none, a create-replacement from none. */
function metadataOf(step: StepResult, op: string, logical: boolean, filter: Filter): StepEventMetadata {
    const old = op === "create-replacement" ? undefined : stateOf(step.old, filter);
    const next = op === "delete-replaced" ? undefined : stateOf(step.new, filter);
    return {
        op,
        urn: step.urn,
        type: step.type,
        old,
        new: next,
        res: next ?? old,
        diffs: step.diffReasons?.length ? step.diffReasons : undefined,
        detailedDiff: step.detailedDiff ? new Map(Object.entries(step.detailedDiff)) : undefined,
        logical,
        provider: step.provider ?? "",
    };
}

const isStack = (step: StepResult) => step.type === "pulumi:pulumi:Stack";

/** makeStepEventStateMetadata: a state at the start of a step has no outputs yet. */
function stateOf(shown: ShownResource | undefined, filter: Filter): StepEventStateMetadata | undefined {
    if (!shown) return undefined;
    return {
        type: shown.type,
        urn: shown.urn,
        custom: shown.custom,
        delete: shown.delete ?? false,
        id: shown.id ?? "",
        parent: shown.parent ?? "",
        provider: shown.provider ?? "",
        protect: shown.protect ?? false,
        retainOnDelete: shown.retainOnDelete ?? false,
        inputs: filter(shown.inputs),
        outputs: filter(shown.outputs ?? {}),
        initErrors: shown.initErrors ?? [],
    };
}

/**
 * logging.FilterString over a property map: each secret config value of three bytes or more (not "true" or "false"),
 * and its JSON-escaped form, becomes "[secret]" wherever a string holds it (strings.NewReplacer: at each position the
 * first that matches, in order).
 */
function secretFilter(secretValues: readonly string[]): Filter {
    const replaced = secretValues
        .filter((secret) => Buffer.byteLength(secret) >= 3 && !["true", "false"].includes(secret.toLowerCase()))
        .flatMap((secret) => [secret, marshalIndent(secret).slice(1, -1)])
        .filter((secret, index, all) => all.indexOf(secret) === index);
    const filterString = (text: string) => {
        let out = "";
        for (let at = 0; at < text.length;) {
            const found = replaced.find((secret) => text.startsWith(secret, at));
            out += found ? SECRET_MARK : text[at];
            at += found ? found.length : 1;
        }
        return out;
    };
    const filterValue = (value: unknown): unknown => {
        const kind = kindOf(value);
        if (kind === "string") return filterString(value as string);
        if (kind === "array") return (value as unknown[]).map(filterValue);
        if (kind === "object")
            return Object.fromEntries(
                Object.entries(value as PropertyMap).map(([key, inner]) => [key, filterValue(inner)]),
            );
        return value;
    };
    return (props) => (props && replaced.length > 0 ? (filterValue(props) as PropertyMap) : props);
}
