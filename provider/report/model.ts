// A preview digest as a reviewer reads it: how many resources each operation touches, by type; then each resource
// that changes or drifted, with the properties that change, old → new. Nothing here is rendered: markdown.ts and
// the JSON output both read this model.
import { PolicyViolation, PreviewDigest, PreviewStep, PropertyDiff, UNKNOWN_VALUE } from "./digest";
import { sameValue } from "../resources/props";
import type { KindWords } from "../resources/words";
import { wordsOf } from "./kinds";
import { own, Shown, showLabel, showValue, valueAt } from "./values";

/** The operations in the order a reviewer must see them: what destroys data first. An op a later engine adds is
 *  counted as it is named, after these, and shown as data (code), not as our words. */
export const OPERATION_ORDER: readonly string[] = [
    "replace",
    "delete",
    "create",
    "update",
    "import",
    "read",
    "refresh",
    "same",
];
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
    /** The public URL this change breaks (people hold it outside the stack), and why; only for a planned change. */
    breaks?: Break;
    /** The changed properties that the service never returns, so that drift in them cannot be checked. */
    unseen: string[];
}

/** How a change breaks a public URL: the object goes (deleted, replaced), or properties the URL is made of change. */
export interface Break {
    url: Shown;
    why: "deleted" | "replaced" | "changed";
    /** With "changed": the property paths that change. */
    changed: string[];
}

export interface SummaryRow {
    type: string;
    operation: string;
    count: number;
}

export interface Report {
    /** How the preview ended when it did not run to its end: its plan is then only what it planned before it stopped. */
    stopped?: "failed" | "canceled";
    /** Whether the preview refreshed first (`--refresh`), or is a refresh's: its drift is reported apart from the plan. */
    refreshed: boolean;
    /** The resources a refresh counts as changed outside Pulumi but whose steps do not say how (see refreshDrift). */
    undetailedDrift: number;
    summary: SummaryRow[];
    changes: ResourceChange[];
    drift: ResourceChange[];
    diagnostics: { severity: string; urn?: string; message: string }[];
    /** The policy packs' violations, mandatory first (what blocks the change before what only advises), then by pack,
     *  rule and resource. */
    violations: ViolationRow[];
}

export interface ViolationRow {
    /** The enforcement level as the engine gives it: mandatory, advisory, remediate. */
    level: string;
    pack: string;
    rule: string;
    /** The resource, as its type and name; none for a violation of the stack as a whole. */
    type?: string;
    name?: string;
    /** What the rule says of the resource (the engine puts the rule's description on a line before it). */
    message: string;
}

/** The enforcement levels in the order a reviewer must see them; a level a later engine adds comes after. */
const LEVEL_ORDER = ["mandatory", "remediate", "advisory"];

const ROOT_STACK_TYPE = "pulumi:pulumi:Stack";
const SHOWN_SEVERITIES = new Set(["error", "warning"]);

export function buildReport(digest: PreviewDigest): Report {
    const steps = digest.steps ?? [];
    if (isRefreshOnly(steps)) return refreshReport(digest, steps);
    const plan = steps.filter((step) => step.op !== "refresh" && !isRootStack(step));
    // Replacements and deletions first, here as in the summary: a report cut at its cap keeps them.
    const changes = plan
        .filter((step) => operationOf(step) !== "same")
        .map((step) => withBreak(describeStep(step), step))
        .sort((a, b) => rank(a.operation) - rank(b.operation));
    const summary = summarize(plan);
    // Go's digest leaves out unchanged resources (shouldShow) but counts them; they are counted here of all types.
    const unchanged = (digest.changeSummary?.same ?? 0) - steps.filter((step) => step.op === "same").length;
    if (unchanged > 0) summary.push({ type: "", operation: "same", count: unchanged });
    return {
        refreshed: steps.some((step) => step.op === "refresh"),
        undetailedDrift: 0,
        summary,
        changes,
        drift: driftOf(steps),
        diagnostics: diagnosticsOf(digest),
        violations: violationsOf(digest),
        stopped: stoppedOf(digest),
    };
}

function violationsOf(digest: PreviewDigest): ViolationRow[] {
    const rank = (level: string) => (LEVEL_ORDER.includes(level) ? LEVEL_ORDER.indexOf(level) : LEVEL_ORDER.length);
    // The engine reports violations as its steps finish, in no fixed order: a comment edited on every push keeps one.
    const key = (row: ViolationRow) => [row.pack, row.rule, row.type ?? "", row.name ?? "", row.message].join("\u0000");
    return (digest.policyViolations ?? [])
        .map(violationRow)
        .sort((a, b) => rank(a.level) - rank(b.level) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

function violationRow(violation: PolicyViolation): ViolationRow {
    const lines = violation.message.trimEnd().split("\n");
    const urn = violation.resourceUrn;
    return {
        level: violation.enforcementLevel,
        pack: violation.policyPackName,
        rule: violation.policyName,
        ...(urn && { type: urn.split("::")[2]?.split("$").at(-1), name: nameOf(urn) }),
        message: lines.length > 1 ? lines.slice(1).join(" ") : lines[0],
    };
}

/**
 * How the preview ended when it did not run to its end: as the event stream's summary says, or failed when it reported
 * an error (the engine fails a run that reports one; Go's digest says nothing else of how the run ended).
 */
function stoppedOf(digest: PreviewDigest): Report["stopped"] {
    if (digest.result === "canceled") return "canceled";
    const errors = (digest.diagnostics ?? []).some((entry) => entry.severity === "error");
    return digest.result === "failed" || errors ? "failed" : undefined;
}

function diagnosticsOf(digest: PreviewDigest): Report["diagnostics"] {
    return (digest.diagnostics ?? [])
        .filter((entry) => SHOWN_SEVERITIES.has(entry.severity ?? "") && entry.message)
        .map((entry) => ({ severity: entry.severity!, urn: entry.urn, message: entry.message! }));
}

/**
 * Whether the digest is a refresh's (`pulumi refresh --json`, `--preview-only` too) rather than a preview's: Go's
 * display always shows the root stack, which a preview gives a step of its own and a refresh only its refresh step.
 */
function isRefreshOnly(steps: readonly PreviewStep[]): boolean {
    const root = steps.filter(isRootStack);
    return root.length > 0 && root.every((step) => step.op === "refresh");
}

/**
 * What a refresh alone found. A refresh plans nothing, so every step is drift: Go's display (ShowPreviewDigest) turns
 * a resource's refresh step into a `delete` when the object is gone, and into an `update`, old → new, when the
 * provider's diff is detailed; the other drifted resources (every dynamic resource's, whose provider host gives no
 * detailed diff) keep their refresh step with the state as recorded, and only changeSummary counts them.
 */
function refreshReport(digest: PreviewDigest, steps: readonly PreviewStep[]): Report {
    const drift = steps
        .filter((step) => !isRootStack(step) && (step.op === "delete" || step.op === "update"))
        .map((step) =>
            step.op === "delete"
                ? { ...describeStep({ ...step, newState: undefined }), operation: "delete", op: "delete" }
                : { ...describeStep(step), operation: "update", op: "update" },
        );
    const updates = drift.filter((change) => change.op === "update").length;
    // The root stack's refresh finds it the same, and changeSummary counts it so.
    const unchanged = (digest.changeSummary?.same ?? 0) - steps.filter(isRootStack).length;
    return {
        refreshed: true,
        undetailedDrift: Math.max(0, (digest.changeSummary?.update ?? 0) - updates),
        summary: unchanged > 0 ? [{ type: "", operation: "same", count: unchanged }] : [],
        changes: [],
        drift,
        diagnostics: diagnosticsOf(digest),
        violations: violationsOf(digest),
        stopped: stoppedOf(digest),
    };
}

/**
 * What changed outside Pulumi, from a `preview --refresh`. It gives each resource of the state a refresh step (its
 * state as recorded), ahead of the program's steps, and the resource's own step later, whose old state is what the
 * read found: an update or replace there means the object was changed outside, a create that it was deleted outside.
 * (A change that leaves the program's plan the same shows no step, so it is not seen here.)
 */
function driftOf(steps: readonly PreviewStep[]): ResourceChange[] {
    // Each refresh step's pair is the next step of its URN that is not a refresh: found walking back, in one pass.
    const nextOwn = new Map<string, PreviewStep>();
    const drift: ResourceChange[] = [];
    for (let index = steps.length - 1; index >= 0; index--) {
        const step = steps[index];
        if (step.op !== "refresh") {
            nextOwn.set(step.urn, step);
            continue;
        }
        const found = drifted(step, nextOwn.get(step.urn));
        if (found) drift.push(found);
    }
    return drift.reverse();
}

/**
 * What changed outside Pulumi since the state was last written: the properties, inputs and outputs alike, in which what
 * the read found differs from what the state records. A resource whose own step changes it though the read found what
 * the state records was changed outside before (an earlier refresh recorded it): that is the plan's change, not drift.
 */
function drifted(step: PreviewStep, next: PreviewStep | undefined): ResourceChange | undefined {
    if (!next || !["update", "replace", "create"].includes(operationOf(next))) return undefined;
    if (operationOf(next) === "create")
        return { ...describeStep({ ...step, newState: undefined }), operation: "delete", op: "delete" };
    const changed = {
        ...next,
        op: "update",
        oldState: withEveryProperty(step.oldState),
        newState: withEveryProperty(next.oldState),
        detailedDiff: undefined,
        diffReasons: undefined,
        replaceReasons: undefined,
    };
    const change = describeStep(changed);
    return change.properties.length > 0 ? { ...change, operation: "update", op: "update" } : undefined;
}

/** A state whose inputs hold its outputs too, so that a diff of inputs sees a computed output that changed. */
function withEveryProperty(state: PreviewStep["oldState"]): PreviewStep["oldState"] {
    return state && { ...state, inputs: { ...state.outputs, ...state.inputs } };
}

/**
 * Marks a planned change that breaks the object's public URL: deleting or replacing the object, or changing a
 * property the URL is made of (a link's alias or domain). The URL is the one the service holds now.
 */
function withBreak(change: ResourceChange, step: PreviewStep): ResourceChange {
    const publicUrl = wordsOf(change.type)?.publicUrl;
    if (!publicUrl || !step.oldState) return change;
    const changed = change.properties
        .filter((property) => publicUrl.changedBy.includes(topLevel(property.path)))
        .map((property) => property.path);
    const why =
        change.operation === "delete"
            ? "deleted"
            : change.operation === "replace"
              ? "replaced"
              : changed.length > 0
                ? "changed"
                : undefined;
    if (why === undefined) return change;
    const url = publicUrl.of(step.oldState.outputs ?? {});
    return {
        ...change,
        breaks: {
            url: typeof url === "string" ? showLabel(url) : { kind: "unknown" },
            why,
            changed: why === "changed" ? changed : [],
        },
    };
}

/** The property a path starts with: `a` of `a.b[0]`. */
const topLevel = (path: string) => path.split(/[.[]/)[0];

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
    const index = OPERATION_ORDER.indexOf(operation);
    return index < 0 ? OPERATION_ORDER.length : index;
}

function operationOf(step: PreviewStep): string {
    return own(OPERATION_OF, step.op) ?? step.op;
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
    const words = wordsOf(type);
    const secret = secretProperties(step, words);
    const shown = (path: string, value: unknown): Shown =>
        secret.has(topLevel(path)) ? { kind: "secret" } : showValue(value);
    const properties = propertyChanges(step, words?.words ?? {}, shown);
    return {
        urn: step.urn,
        type,
        name: nameOf(step.urn),
        operation: operationOf(step),
        op: step.op,
        noun: words?.noun,
        label: labelOf(step, words, secret),
        link: linkOf(step, words),
        replaceReasons: step.replaceReasons ?? [],
        properties,
        unseen: unseenOf(properties, words),
    };
}

/** The properties secret in either state, hidden in both: a QR code turned from wifi to link keeps its password. */
function secretProperties(step: PreviewStep, words: KindWords | undefined): Set<string> {
    return new Set(
        [step.oldState, step.newState].flatMap((each) =>
            each ? (words?.secret?.({ ...each.outputs, ...each.inputs }) ?? []) : [],
        ),
    );
}

/**
 * The kind's label of the resource, hidden where a property it is made of is secret. A preview's new state holds
 * inputs alone (Go leaves outputs to the step's end): a label made of an output, a link's short URL, is the one the
 * service holds now.
 */
function labelOf(step: PreviewStep, words: KindWords | undefined, secret: ReadonlySet<string>): Shown | undefined {
    const state = step.newState ?? step.oldState;
    const value = words?.label?.text({ ...step.oldState?.outputs, ...state?.outputs, ...state?.inputs });
    if (value === undefined) return undefined;
    const from = words?.label?.from ?? [];
    if (from.some((property) => secret.has(property))) return { kind: "secret" };
    if (from.some((property) => state?.inputs?.[property] === UNKNOWN_VALUE)) return { kind: "unknown" };
    return showLabel(value);
}

/** Where the object is seen on the web, when the kind says and it is an http(s) URL. */
function linkOf(step: PreviewStep, words: KindWords | undefined): string | undefined {
    const link = words?.link?.(step.newState?.outputs ?? step.oldState?.outputs ?? {});
    return typeof link === "string" && /^https?:\/\//i.test(link) ? link : undefined;
}

/** The changed properties the service never returns, each once. */
function unseenOf(properties: readonly PropertyChange[], words: KindWords | undefined): string[] {
    const unseen = properties
        .map((property) => topLevel(property.path))
        .filter((path) => words?.unseen?.includes(path));
    return [...new Set(unseen)];
}

/**
 * The changed properties, old → new, the dynamic provider's internals (`__provider`) left out: the detailed diff's
 * paths where the provider gave one; else, as Go's display does without one (getDiffInfo), the top-level inputs that
 * differ between the old and the new state; for a create, every input.
 */
function propertyChanges(
    step: PreviewStep,
    words: Record<string, string>,
    shown: (path: string, value: unknown) => Shown,
): PropertyChange[] {
    const detailed = step.detailedDiff ?? inputDiff(step);
    return Object.entries(detailed)
        .filter(([path]) => !path.startsWith("__"))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([path, diff]) => {
            const before = diff.inputDiff ? step.oldState?.inputs : (step.oldState?.outputs ?? step.oldState?.inputs);
            const old = diff.kind.startsWith("add") ? undefined : valueAt(before, path);
            const next = diff.kind.startsWith("delete")
                ? undefined
                : valueAt(step.newState?.inputs ?? step.newState?.outputs, path);
            const word = own(words, topLevel(path));
            return { path, word, kind: diff.kind, old: shown(path, old), new: shown(path, next) };
        });
}

/** The top-level inputs added, deleted or changed between the step's old and new state (Go's PropertyMap.Diff). */
function inputDiff(step: PreviewStep): Record<string, PropertyDiff> {
    const olds = step.oldState?.inputs ?? {};
    const news = step.newState?.inputs ?? {};
    if (!step.oldState)
        return Object.fromEntries(Object.keys(news).map((key) => [key, { kind: "add", inputDiff: true }]));
    if (!step.newState) return {};
    const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])];
    const replaces = new Set(step.replaceReasons ?? []);
    return Object.fromEntries(
        keys.flatMap((key) => {
            const kind = !Object.hasOwn(olds, key)
                ? "add"
                : !Object.hasOwn(news, key)
                  ? "delete"
                  : sameValue(olds[key], news[key])
                    ? undefined
                    : "update";
            return kind === undefined
                ? []
                : [[key, { kind: replaces.has(key) ? `${kind}-replace` : kind, inputDiff: true }]];
        }),
    );
}
