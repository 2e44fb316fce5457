// The printed plan and summary, in the shape a Pulumi user knows.
import { SECRET_MARK, UNKNOWN_MARK } from "./values/display-values";
import { LifecycleResult, Operation, StepOp, StepResult } from "./types";
import { shownSteps } from "./state/default-provider";

const HEADINGS: Record<Operation, string> = {
    preview: "Previewing update",
    up: "Updating",
    refresh: "Refreshing",
    destroy: "Destroying",
};

const OPS: Record<StepOp, { symbol: string; done: string; planned: string }> = {
    create: { symbol: "+ ", done: "created", planned: "to create" },
    update: { symbol: "~ ", done: "updated", planned: "to update" },
    replace: { symbol: "+-", done: "replaced", planned: "to replace" },
    delete: { symbol: "- ", done: "deleted", planned: "to delete" },
    refresh: { symbol: "~ ", done: "refreshed (drift)", planned: "to refresh" },
    "read-gone": { symbol: "- ", done: "gone (deleted outside)", planned: "gone" },
    read: { symbol: "> ", done: "read", planned: "to read" },
    import: { symbol: "= ", done: "imported", planned: "to import" },
    same: { symbol: "  ", done: "unchanged", planned: "unchanged" },
};

export function formatResult(result: LifecycleResult): string {
    const heading = result.previewOnly ? "Previewing refresh" : HEADINGS[result.operation];
    const lines = [`${heading}${result.stack ? ` (${result.stack})` : ""}:`, ""];
    for (const step of shownSteps(result.steps).filter((candidate) => candidate.op !== "same" || candidate.error)) {
        lines.push(...formatStep(step));
    }
    const outputs = Object.entries(result.outputs);
    if (outputs.length > 0) {
        const width = Math.max(...outputs.map(([name]) => name.length));
        lines.push(
            "",
            "Outputs:",
            ...outputs.map(([name, value]) => `    ${name.padEnd(width)}: ${formatValue(value)}`),
        );
    }
    lines.push("", "Resources:");
    const planned = result.operation === "preview" || result.previewOnly === true;
    for (const [op, count] of Object.entries(result.summary)) {
        const described = op in OPS ? OPS[op as StepOp] : { symbol: "x ", done: op, planned: op };
        lines.push(`    ${described.symbol} ${count} ${planned ? described.planned : described.done}`);
    }
    if (result.error) {
        lines.push("", `error: ${result.error}`);
    }
    if (result.diagnostics && result.diagnostics.length > 0) {
        lines.push("", "Diagnostics:", ...result.diagnostics.map((line) => `    ${line}`));
    }
    return lines.join("\n") + "\n";
}

function formatStep(step: StepResult): string[] {
    const { symbol } = OPS[step.op];
    const notes = [
        step.replaces?.length ? `replace because of ${step.replaces.join(", ")}` : "",
        step.op === "replace" ? (step.deleteBeforeReplace ? "delete before replace" : "create before delete") : "",
        step.error ? "failed" : "",
    ].filter(Boolean);
    const lines = [
        `  ${step.error ? "x " : symbol} ${step.op.padEnd(9)} ${step.type}  ${step.name}${notes.length ? `  (${notes.join("; ")})` : ""}`,
    ];
    for (const diff of step.diffs ?? []) {
        lines.push(`        ${diff.property}: ${formatValue(diff.old)} → ${formatValue(diff.new)}`);
    }
    for (const failure of step.failures ?? []) {
        lines.push(`        ${failure.property}: ${failure.reason}`);
    }
    if (step.error && !step.failures) {
        lines.push(`        error: ${step.error}`);
    }
    return lines;
}

function formatValue(value: unknown): string {
    if (value === undefined) {
        return "(none)";
    }
    if (value === SECRET_MARK || value === UNKNOWN_MARK) {
        return value;
    }
    return JSON.stringify(value);
}
