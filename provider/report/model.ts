// A preview digest as a reviewer reads it: how many resources each operation touches, by type; then each resource
// that changes or drifted, with the properties that change, old → new. Nothing here is rendered: markdown.ts and
// the JSON output both read this model.
import { PreviewDigest, PreviewStep, PropertyDiff, UNKNOWN_VALUE } from "./digest";
import { kindOf, KIND_WORDS } from "./kinds";
import { Shown, showLabel, showValue, valueAt } from "./values";

/** The operations in the order a reviewer must see them: what destroys data first. */
export const OPERATION_ORDER = ["replace", "delete", "create", "update", "import", "read", "refresh", "same"] as const;
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
    const boundary = planStart(steps);
    const refreshPhase = steps.slice(0, boundary);
    const plan = steps.slice(boundary);
    const changes = plan.filter((step) => operationOf(step) !== "same" && !isRootStack(step)).map(describeStep);
    const drift = refreshPhase.filter((step) => step.op === "update" || step.op === "delete").map(describeStep);
    const diagnostics = (digest.diagnostics ?? [])
        .filter((entry) => SHOWN_SEVERITIES.has(entry.severity ?? "") && entry.message)
        .map((entry) => ({ severity: entry.severity!, urn: entry.urn, message: entry.message! }));
    const unchanged = Math.max(0, (digest.changeSummary?.same ?? 0) - plan.filter((step) => step.op === "same").length);
    const summary = summarize(plan.filter((step) => !isRootStack(step)));
    // Go's digest leaves out unchanged resources (shouldShow) but counts them; they are counted here of all types.
    if (unchanged > 0) summary.push({ type: "", operation: "same", count: unchanged });
    return { refreshed: boundary > 0, summary, changes, drift, diagnostics };
}

/**
 * Where the plan starts. `preview --refresh` shows a refresh step for each resource before the plan (Go's
 * ShowPreviewDigest rewrites a drifted one as an update, a vanished one as a delete); the plan then starts with the
 * root stack again. Without a refresh step the whole digest is the plan.
 */
function planStart(steps: readonly PreviewStep[]): number {
    if (!steps.some((step) => step.op === "refresh")) return 0;
    const roots = steps.flatMap((step, index) => (isRootStack(step) ? [index] : []));
    return roots.length > 1 ? roots[1] : steps.length;
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
    const rank = (operation: string) => {
        const index = (OPERATION_ORDER as readonly string[]).indexOf(operation);
        return index < 0 ? OPERATION_ORDER.length : index;
    };
    return [...counts.values()].sort((a, b) => rank(a.operation) - rank(b.operation) || a.type.localeCompare(b.type));
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
 * The changed properties: the detailed diff's paths (else the diff reasons; for a create, every input), old → new,
 * the dynamic provider's internals (`__provider`) left out.
 */
function propertyChanges(step: PreviewStep, words: Record<string, string>, shown: (path: string, value: unknown) => Shown): PropertyChange[] {
    const added: PropertyDiff = { kind: "add", inputDiff: true };
    const updated: PropertyDiff = { kind: "update", inputDiff: true };
    const created = step.op === "create" ? Object.keys(step.newState?.inputs ?? {}) : [];
    const detailed: Record<string, PropertyDiff> =
        step.detailedDiff ?? Object.fromEntries(created.length > 0 ? created.map((key) => [key, added]) : (step.diffReasons ?? []).map((key) => [key, updated]));
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
