// The CLI's diff display (pkg/backend/display/diff.go): ShowDiffEvents, what `pulumi preview --diff` and `up --diff`
// print as the engine's events arrive, and CreateDiff, the same rendering gathered into one text. Each event renders
// as RenderDiffEvent renders it; policy events are not rendered (the engine double runs no policy packs).
import * as colors from "./colors";
import { EngineEvent, StepEventMetadata, SummaryEventPayload } from "./events";
import { compareGoStrings, trimSpace } from "./go-format";
import { translateDetailedDiff } from "./detailed-diff";
import { indentation, notFollowed } from "./property-printer";
import {
    DisplayOptions,
    getIndent,
    isRootStack,
    outputsProperties,
    printObject,
    printObjectDiff,
    printerSettings,
    propertiesDetails,
    propertiesSummary,
    shouldShow,
} from "./step-details";
import { STEP_OPS, opColor, opPrefix, pastTense } from "./step-ops";

export interface DiffDisplayOptions extends DisplayOptions {
    color: colors.Colorization;
}

type Seen = Map<string, StepEventMetadata>;

/** RenderDiffEvent. */
export function renderDiffEvent(
    event: EngineEvent,
    resourcesErrored: number,
    seen: Seen,
    options: DiffDisplayOptions,
): string {
    const colorize = (text: string) => colors.colorize(text, options.color);
    switch (event.type) {
        case "prelude":
            return options.showConfig ? renderPrelude(event.config, colorize) : "";
        case "summary":
            return renderSummary(event, resourcesErrored, colorize);
        case "stdoutcolor":
            return colorize(event.message);
        case "resource-pre":
            return renderResourcePre(event, seen, options);
        case "resource-outputs":
            return renderResourceOutputs(event, seen, options);
        case "diag":
            return event.severity === "debug" && !options.debug ? "" : colorize(event.prefix + event.message);
        case "policy-violation":
        case "policy-remediation":
            throw notFollowed(
                `a ${event.type} event (diff.go renderDiffPolicyViolationEvent, renderDiffPolicyRemediationEvent)`,
            );
        default:
            // cancel, resource-operationfailed, policy-load, progress, error, debugging-start and the policy summaries.
            return "";
    }
}

/** renderPreludeEvent: the config, keys sorted. */
function renderPrelude(config: ReadonlyMap<string, string>, colorize: (text: string) => string): string {
    const keys = [...config.keys()].sort(compareGoStrings);
    return (
        colorize(`${colors.SpecUnimportant}Configuration:${colors.Reset}\n`) +
        keys.map((key) => `    ${key}: ${config.get(key)}\n`).join("")
    );
}

/** renderSummaryEvent (diff style): the count of each op that changed something, sames, errors and the duration. */
function renderSummary(
    event: SummaryEventPayload,
    resourcesErrored: number,
    colorize: (text: string) => string,
): string {
    let out = colorize(`${colors.SpecHeadline}Resources:${colors.Reset}\n`);
    let [kinds, total] = [0, 0];
    for (const op of STEP_OPS.filter(
        (candidate) => !["same", "read", "discard", "read-replacement"].includes(candidate),
    )) {
        const count = event.resourceChanges.get(op) ?? 0;
        if (count <= 0) continue;
        total += count;
        kinds++;
        const described = event.isPreview ? `to ${op}` : pastTense(op);
        out += colorize(`    ${opPrefix(op, true)}${count} ${described}${colors.Reset}\n`);
    }
    const pieces: string[] = [];
    // english.PluralWord(n, "change", "").
    if (kinds >= 2) pieces.push(`${colors.Bold}${total} ${total === 1 ? "change" : "changes"}${colors.Reset}`);
    const sames = event.resourceChanges.get("same") ?? 0;
    if (sames !== 0) pieces.push(`${sames} unchanged`);
    if (pieces.length > 0) out += `    ${pieces.map(colorize).join(". ")}\n`;
    // Go writes the errored count's color directives as they are, not colorized.
    if (resourcesErrored > 0) out += `    ${colors.Red}${resourcesErrored} errored${colors.Reset}\n`;
    if (event.policyPacks.size > 0) throw notFollowed("the policy packs of a summary (diff.go renderPolicyPacks)");
    if (!event.isPreview)
        out += colorize(
            `\n${colors.SpecHeadline}Duration:${colors.Reset} ${durationString(Math.ceil(event.durationSeconds))}\n`,
        );
    return out;
}

/** time.Duration.String of whole seconds. */
function durationString(seconds: number): string {
    const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
    if (hours > 0) return `${hours}h${minutes}m${rest}s`;
    return minutes > 0 ? `${minutes}m${rest}s` : `${rest}s`;
}

/** renderDiff: the summary lines, then the property diff (none for a same: its diff is metadata only). */
function renderDiff(
    metadata: StepEventMetadata,
    planning: boolean,
    refresh: boolean,
    seen: Seen,
    options: DiffDisplayOptions,
): string {
    const indent = getIndent(metadata, seen, options);
    const summary = propertiesSummary(metadata, indent, options.showURNs);
    let details = "";
    if (metadata.op !== "same" && metadata.detailedDiff) {
        const { diff, hidden } = translateDetailedDiff(metadata, refresh);
        details = diff
            ? printObjectDiff(
                  diff,
                  undefined,
                  hidden,
                  printerSettings(metadata.op, indent + 1, options, planning, { summary: options.summaryDiff }),
              )
            : printObject(
                  metadata.old?.inputs,
                  printerSettings("same", indent + 1, options, planning, { prefix: true }),
              );
    } else if (metadata.op !== "same") {
        details = propertiesDetails(metadata, indent, planning, options);
    }
    return [summary, details, colors.Reset].map((text) => colors.colorize(text, options.color)).join("");
}

/** renderDiffResourcePreEvent: refreshes and imports show at their outputs. */
function renderResourcePre(
    event: { metadata: StepEventMetadata; planning: boolean },
    seen: Seen,
    options: DiffDisplayOptions,
): string {
    const { metadata } = event;
    seen.set(metadata.urn, metadata);
    if (metadata.op === "refresh" || metadata.op === "import") return "";
    return shouldShow(metadata, options) || isRootStack(metadata)
        ? renderDiff(metadata, event.planning, false, seen, options)
        : "";
}

/** renderDiffResourceOutputsEvent: an import or a refresh's update as a diff, else the outputs that changed. */
function renderResourceOutputs(
    event: { metadata: StepEventMetadata; planning: boolean },
    seen: Seen,
    options: DiffDisplayOptions,
): string {
    const { metadata, planning } = event;
    if (!shouldShow(metadata, options) && !isRootStack(metadata)) return "";
    const refresh = seen.get(metadata.urn)?.op === "refresh";
    if (metadata.op === "import" || (refresh && metadata.op === "update"))
        return renderDiff(metadata, planning, refresh, seen, options);
    const indent = getIndent(metadata, seen, options);
    const text = outputsProperties(
        metadata,
        { indent: indent + 1, planning, refresh, showSames: options.showSameResources },
        options,
    );
    const colorize = (value: string) => colors.colorize(value, options.color);
    let out = "";
    if (refresh && (metadata.op !== "refresh" || text !== "" || isRootStack(metadata)))
        out += colorize(propertiesSummary(metadata, indent, options.showURNs));
    if (!options.suppressOutputs && text !== "") {
        out +=
            colorize(
                `${opColor(metadata.op)}${indentation(indent + 1, metadata.op, false)}--outputs:--${colors.Reset}\n`,
            ) + colorize(text);
    }
    return out;
}

/** CreateDiff: every event but the summary, rendered as the summarized diff display, trimmed. */
export function createDiff(events: readonly EngineEvent[], options: DiffDisplayOptions): string {
    const seen: Seen = new Map();
    const withSummary = { ...options, summaryDiff: true };
    return trimSpace(
        events
            .filter((event) => event.type !== "summary")
            .map((event) => renderDiffEvent(event, 0, seen, withSummary))
            .join(""),
    );
}

/**
 * ShowDiffEvents, up to the first cancel event: diagnostics go to stderr, the rest to stdout; the summary counts the
 * failed resource operations before it. The progress dots Go prints every 20 seconds while it waits are not printed.
 */
export function showDiffEvents(
    events: readonly EngineEvent[],
    options: DiffDisplayOptions,
): { stdout: string; stderr: string } {
    const seen: Seen = new Map();
    const printed = { stdout: "", stderr: "" };
    let errored = 0;
    for (const event of events) {
        if (event.type === "resource-operationfailed") errored++;
        const message = renderDiffEvent(event, event.type === "summary" ? errored : 0, seen, options);
        printed[event.type === "diag" ? "stderr" : "stdout"] += message;
        if (event.type === "cancel") break;
    }
    return printed;
}
