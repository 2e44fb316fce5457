// The engine's step operations and how the display marks them (pkg/resource/deploy/step.go: StepOps, Color, Prefix,
// RawPrefix, PastTense, IsReplacementStep).
import * as colors from "./colors";

/** StepOps, in Go's order (the summary lists the ops in it). */
export const STEP_OPS = [
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

export type GoStepOp = (typeof STEP_OPS)[number];

const MARKS: Partial<Record<GoStepOp, { color: string; prefix: string }>> = {
    same: { color: colors.SpecUnimportant, prefix: "  " },
    create: { color: colors.SpecCreate, prefix: "+ " },
    update: { color: colors.SpecUpdate, prefix: "~ " },
    delete: { color: colors.SpecDelete, prefix: "- " },
    replace: { color: colors.SpecReplace, prefix: "+-" },
    "create-replacement": { color: colors.SpecCreateReplacement, prefix: "++" },
    "delete-replaced": { color: colors.SpecDeleteReplaced, prefix: "--" },
    read: { color: colors.SpecRead, prefix: "> " },
    "read-replacement": { color: colors.SpecReplace, prefix: ">>" },
    refresh: { color: colors.SpecUpdate, prefix: "~ " },
    discard: { color: colors.SpecDelete, prefix: "< " },
    "discard-replaced": { color: colors.SpecDelete, prefix: "<<" },
    "remove-pending-replace": { color: colors.SpecUnimportant, prefix: "~ " },
    import: { color: colors.SpecCreate, prefix: "= " },
    "import-replacement": { color: colors.SpecReplace, prefix: "=>" },
};

function marks(op: string): { color: string; prefix: string } {
    const found = MARKS[op as GoStepOp];
    // Go's Color and RawPrefix fail on any other op (contract.Failf).
    if (!found) throw new Error(`Unrecognized resource step op: '${op}'`);
    return found;
}

/** Color. */
export function opColor(op: string): string {
    return marks(op).color;
}

/** RawPrefix: two characters. */
export function rawPrefix(op: string): string {
    return marks(op).prefix;
}

/** Prefix(op, done): the op's color, bold while in progress, then its raw prefix. */
export function opPrefix(op: string, done: boolean): string {
    return (done ? "" : colors.Bold) + opColor(op) + rawPrefix(op);
}

/** PastTense. */
export function pastTense(op: string): string {
    if (["same", "create", "replace", "create-replacement", "update", "read-replacement"].includes(op)) return `${op}d`;
    const tenses: Record<string, string> = {
        refresh: "refreshed",
        read: "read",
        discard: "discarded",
        "discard-replaced": "discarded",
        delete: "deleted",
        "delete-replaced": "deleted",
        import: "imported",
        "import-replacement": "imported",
    };
    if (!(op in tenses)) throw new Error(`Unexpected resource step op: ${op}`);
    return tenses[op];
}

/** IsReplacementStep. */
export function isReplacementStep(op: string): boolean {
    return [
        "replace",
        "create-replacement",
        "delete-replaced",
        "read-replacement",
        "discard-replaced",
        "remove-pending-replace",
        "import-replacement",
    ].includes(op);
}
