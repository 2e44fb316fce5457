// A preview digest as a reviewer reads it: how many resources each operation touches, by type; then each resource
// that changes or drifted, with the properties that change, old → new. Nothing here is rendered: markdown.ts and
// the JSON output both read this model.
import { PreviewDigest, PreviewStep, PropertyDiff, UNKNOWN_VALUE } from "./digest";
import { kindOf, KIND_WORDS } from "./kinds";
import { Shown, showLabel, showValue, valueAt } from "./values";

/** The operations in the order a reviewer must see them: what destroys data first. */
const OPERATION_ORDER = ["replace", "delete", "create", "update", "import", "read", "refresh", "same"] as const;
/** Operations whose rows are marked as destroying or recreating objects. */
export const DESTRUCTIVE = new Set(["replace", "delete"]);

/** The step ops of deploy.StepOp, each counted as the operation a reviewer knows. */
const OPERATION_OF: Readonly<Record<string, string>> = {
    create: "create",
    update: "update",
    replace: "replace",
    "create-replacement": "replace",
    "delete-replaced": "replace",
    "discard-replaced": "replace",
    delete: "delete",
    discard: "delete",
    same: "same",
    read: "read",
    "read-replacement": "read",
    refresh: "refresh",
    "read-discard": "delete",
    import: "import",
    "import-replacement": "replace",
    "remove-pending-replace": "delete",
};

export interface PropertyChange {
    path: string;
    /** The property as the kind names it, when the resource is one of this package's kinds. */
    word?: string;
    kind: string;
    old: Shown;
    new: Shown;
}

export interface ResourceChange {
    urn: string;
    type: string;
    name: string;
    operation: string;
    /** The step op as the engine named it. */
    op: string;
    /** The kind's noun and label, for this package's kinds. */
    noun?: string;
    label?: Shown;
    link?: string;
    replaceReasons: string[];
    properties: PropertyChange[];
}

export interface SummaryRow {
    type: string;
    operation: string;
    count: number;
}

export interface Report {
    /** Whether the preview refreshed first (`--refresh`): its drift is reported apart from the plan. */
    refreshed: boolean;
    summary: SummaryRow[];
    changes: ResourceChange[];
    drift: ResourceChange[];
    diagnostics: { severity: string; urn?: string; message: string }[];
}

const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";
const SHOWN_SEVERITIES = new Set(["error", "warning"]);

export function buildReport(digest: PreviewDigest): Report {
    const steps = digest.steps ?? [];
    const plan = steps.filter((step) => step.op !== "refresh" && !isRootStack(step));
    // Replacements and deletions first, here as in the summary: a report cut at its cap keeps them.
    const changes = plan.filter((step) => operationOf(step) !== "same").map(describeStep).sort((a, b) => rank(a.operation) - rank(b.operation));
    const diagnostics = (digest.diagnostics ?? [])
        .filter((entry) => SHOWN_SEVERITIES.has(entry.severity ?? "") && entry.message)
        .map((entry) => ({ severity: entry.severity!, urn: entry.urn, message: entry.message! }));
    const summary = summarize(plan);
    // Go's digest leaves out unchanged resources (shouldShow) but counts them; they are counted here of all types.
    const unchanged = (digest.changeSummary?.same ?? 0) - steps.filter((step) => step.op === "same").length;
    if (unchanged > 0) summary.push({ type: "", operation: "same", count: unchanged });
    return { refreshed: steps.some((step) => step.op === "refresh"), summary, changes, drift: driftOf(steps), diagnostics };
}

/**
 * What changed outside Pulumi, from a `preview --refresh`. Go's step generator gives each resource the program
 * registers a refresh step (its state as recorded) and then its own step, whose old state is what the read found: an
 * update or replace there means the object was changed outside, a create that it was deleted outside. (A change that
 * leaves the program's plan the same shows no step, so it is not seen here.)
 */
function driftOf(steps: readonly PreviewStep[]): ResourceChange[] {
    return steps.flatMap((step, index) => {
        if (step.op !== "refresh") return [];
        const next = steps.slice(index + 1).find((later) => later.urn === step.urn && later.op !== "refresh");
        if (!next || !["update", "replace", "create"].includes(operationOf(next))) return [];
        if (operationOf(next) === "create") return [{ ...describeStep({ ...step, newState: undefined }), operation: "delete", op: "delete" }];
        const changed = { ...next, op: "update", oldState: step.oldState, newState: next.oldState, detailedDiff: undefined, diffReasons: undefined, replaceReasons: undefined };
        return [{ ...describeStep(changed), operation: "update", op: "update" }];
    });
}

function summarize(steps: readonly PreviewStep[]): SummaryRow[] {
    const counts = new Map<string, SummaryRow>();
    for (const step of steps) {
        const type = typeOf(step);
        const operation = operationOf(step);
        const key = `${operation}\n${type}`;
        const row = counts.get(key) ?? { type, operation, count: 0 };
        row.count++;
        counts.set(key, row);
    }
    return [...counts.values()].sort((a, b) => rank(a.operation) - rank(b.operation) || a.type.localeCompare(b.type));
}

/** Where an operation stands in OPERATION_ORDER; one it does not name goes last. */
function rank(operation: string): number {
    const index = (OPERATION_ORDER as readonly string[]).indexOf(operation);
    return index < 0 ? OPERATION_ORDER.length : index;
}

function operationOf(step: PreviewStep): string {
    return OPERATION_OF[step.op] ?? step.op;
}

function isRootStack(step: PreviewStep): boolean {
    return typeOf(step) === ROOT_STACK_TYPE;
}

/** The type part of a URN (`urn:pulumi:stack::project::parent$type::name`), or the state's type. */
function typeOf(step: PreviewStep): string {
    const state = step.newState ?? step.oldState;
    if (state?.type) return state.type;
    const qualified = step.urn.split("::")[2] ?? "";
    return qualified.split("$").pop() ?? qualified;
}

function nameOf(urn: string): string {
    return urn.split("::").slice(3).join("::");
}

function describeStep(step: PreviewStep): ResourceChange {
    const type = typeOf(step);
    const kind = kindOf(type);
    const words = kind ? KIND_WORDS[kind] : undefined;
    const state = step.newState ?? step.oldState;
    const secret = new Set(words?.secret?.({ ...state?.outputs, ...state?.inputs }) ?? []);
    const shown = (path: string, value: unknown): Shown => (secret.has(path.split(/[.[]/)[0]) ? { kind: "secret" } : showValue(value));
    const labelValue = words?.label?.text({ ...state?.outputs, ...state?.inputs });
    const labelFrom = words?.label?.from ?? [];
    const labelSecret = labelFrom.some((property) => secret.has(property));
    const labelUnknown = labelFrom.some((property) => state?.inputs?.[property] === UNKNOWN_VALUE);
    const link = words?.link?.(step.newState?.outputs ?? step.oldState?.outputs ?? {});
    return {
        urn: step.urn,
        type,
        name: nameOf(step.urn),
        operation: operationOf(step),
        op: step.op,
        noun: words?.noun,
        label: labelValue === undefined ? undefined : labelSecret ? { kind: "secret" } : labelUnknown ? { kind: "unknown" } : showLabel(labelValue),
        link: typeof link === "string" && /^https?:\/\//i.test(link) ? link : undefined,
        replaceReasons: step.replaceReasons ?? [],
        properties: propertyChanges(step, words?.words ?? {}, shown),
    };
}

/**
 * The changed properties, old → new, the dynamic provider's internals (`__provider`) left out: the detailed diff's
 * paths where the provider gave one; else, as Go's display does without one (getDiffInfo), the top-level inputs that
 * differ between the old and the new state; for a create, every input.
 */
function propertyChanges(step: PreviewStep, words: Record<string, string>, shown: (path: string, value: unknown) => Shown): PropertyChange[] {
    const detailed = step.detailedDiff ?? inputDiff(step);
    return Object.entries(detailed)
        .filter(([path]) => !path.startsWith("__"))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([path, diff]) => {
            const before = diff.inputDiff ? step.oldState?.inputs : (step.oldState?.outputs ?? step.oldState?.inputs);
            const old = diff.kind.startsWith("add") ? undefined : valueAt(before, path);
            const next = diff.kind.startsWith("delete") ? undefined : valueAt(step.newState?.inputs ?? step.newState?.outputs, path);
            const word = words[path.split(/[.[]/)[0]];
            return { path, word, kind: diff.kind, old: shown(path, old), new: shown(path, next) };
        });
}

/** The top-level inputs added, deleted or changed between the step's old and new state (Go's PropertyMap.Diff). */
function inputDiff(step: PreviewStep): Record<string, PropertyDiff> {
    const olds = step.oldState?.inputs ?? {};
    const news = step.newState?.inputs ?? {};
    if (!step.oldState) return Object.fromEntries(Object.keys(news).map((key) => [key, { kind: "add", inputDiff: true }]));
    if (!step.newState) return {};
    const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])];
    const replaces = new Set(step.replaceReasons ?? []);
    return Object.fromEntries(
        keys.flatMap((key) => {
            const kind = !(key in olds) ? "add" : !(key in news) ? "delete" : sameValue(olds[key], news[key]) ? undefined : "update";
            return kind === undefined ? [] : [[key, { kind: replaces.has(key) ? `${kind}-replace` : kind, inputDiff: true }]];
        }),
    );
}

/** Whether two JSON values are equal, compared to a bounded depth (deeper parts count as different). */
function sameValue(a: unknown, b: unknown, depth = 0): boolean {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || depth > 32) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1));
}
