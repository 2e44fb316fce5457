// A source's rows judged as the provider would judge the links they become: each is carried over as a Link's inputs
// that pass its checks at preview, or refused with every reason, named by its place in its file. The judge is the
// Link's own: its input schema and its rules (the alias as the service would store it, an expiry that has passed, UTM
// fields that disagree), so that nothing carried over is refused at the first preview.
import { link } from "../resources/link";
import { aliasSlug, newAliasFailure } from "../resources/link-values";
import type { LinkFields, SourceRow } from "./rows";

/** A link's inputs as links.json holds them: text, and the UTM fields by name. */
export type LinkData = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

export interface Carried {
    where: string;
    args: LinkData;
}

export interface Refused {
    where: string;
    reason: string;
}

export interface CarryOptions {
    /** The domain of this service every link is made on, overriding a CSV's own column. */
    domain?: string;
    /** Carry an alias the service would rewrite in the form it would take, instead of refusing it. */
    rewriteAliases: boolean;
}

/** The fields given, in the order links.json writes them. */
function argsOf(fields: LinkFields, options: CarryOptions): LinkData {
    const given = { ...fields, domain: options.domain ?? fields.domain };
    return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as LinkData;
}

/** An alias the service would rewrite, in the form it would store it, where that form is one the service takes. */
function rewrittenAlias(args: LinkData): LinkData {
    const alias = args.alias;
    if (typeof alias !== "string" || newAliasFailure(alias) === undefined) return args;
    const stored = aliasSlug(alias);
    return newAliasFailure(stored) === undefined ? { ...args, alias: stored } : args;
}

/** Why the provider would refuse these inputs at preview: each problem as "field: reason". */
export function refusalsOf(args: LinkData): string[] {
    const checked = link.inputs.safeParse(args);
    if (!checked.success)
        return checked.error.issues.map((issue) => `${issue.path.join(".") || "(link)"}: ${issue.message}`);
    const { failures } = link.rules!(checked.data as never, {});
    return failures.map((failure) => `${failure.property}: ${failure.reason}`);
}

/** The reason an alias refused for its form is given with how to carry it anyway. */
const withHint = (reason: string) =>
    /^alias: would be stored as "[^"]*":/.test(reason)
        ? `${reason} (or run with --rewrite-aliases to carry it so)`
        : reason;

function carryRow(row: SourceRow, options: CarryOptions): Carried | Refused {
    if (row.refused !== undefined) return { where: row.where, reason: row.refused };
    const given = argsOf(row.fields, options);
    const args = options.rewriteAliases ? rewrittenAlias(given) : given;
    if (args.url === undefined) return { where: row.where, reason: "no long URL" };
    const reasons = refusalsOf(args);
    return reasons.length > 0
        ? { where: row.where, reason: reasons.map(withHint).join("; ") }
        : { where: row.where, args };
}

export function carryRows(
    rows: readonly SourceRow[],
    options: CarryOptions,
): { carried: Carried[]; refused: Refused[] } {
    const carried: Carried[] = [];
    const refused: Refused[] = [];
    for (const row of rows) {
        const judged = carryRow(row, options);
        if ("args" in judged) carried.push(judged);
        else refused.push(judged);
    }
    return { carried, refused };
}
