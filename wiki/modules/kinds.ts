// The kinds of module rule, each read from the table (table.ts): which parameters a module needs one
// of, at least one of or at most one of, which need or exclude another, which values must have a
// format, which show values contradict each other, and which use is deprecated without another parameter.
import type { IssueLog } from "../issues";
import { shownValue } from "../paramvalidator/spec";
import type { ValidatedParam } from "../paramvalidator/validator";
import { versionBefore } from "../version";
import type { SiteRules } from "../mediawiki/site";
import { parseTitle } from "../mediawiki/title-parser";
import { FORMATS, FormatCheck, FormatName } from "./formats";
import type { ModuleUse } from "./module-use";
import type { ModuleMode } from "./modes";

/** A parameter, set (given and valid), optionally with one of its values. */
export interface Condition {
    param: string;
    /** The parameter has this value (for a multi-valued one: among its values); its default counts when it is not given. */
    value?: string;
    /** The parameter is given with another value than this one. */
    not?: string;
    /** The parameter is given with at least one value left (PHP's truth of the list). */
    nonEmpty?: boolean;
}

interface Versioned {
    /** The first MediaWiki version with the rule (e.g. "1.40"). */
    since?: string;
    /** The first version without it. */
    until?: string;
    /** The module checks it only when the query has pages (prop modules return early otherwise). */
    withPages?: boolean;
    /** The module checks it only when it lists results, not when it is the generator. */
    notAsGenerator?: boolean;
    /** The module checks it only as the generator. */
    onlyAsGenerator?: boolean;
    /** The module checks it only in these of its modes (modes.ts). */
    modes?: readonly ModuleMode[];
    /** The rule holds only while this condition does, or ... */
    when?: Condition;
    /** ... while this parameter is absent. */
    unlessGiven?: string;
    /** The module returns before the rule when this parameter is given but left without a value (its unrecognized
     *  values dropped). */
    unlessLeftEmpty?: string;
}

export type ModuleRule = Versioned &
    (
        | { kind: "oneOf"; params: readonly string[] }
        | { kind: "atLeastOneOf"; params: readonly string[] }
        | { kind: "atMostOneOf"; params: readonly string[] }
        | { kind: "requires"; when: Condition; needs: Condition; code: string }
        | { kind: "excludes"; when: Condition; other: Condition; code: string }
        | {
              kind: "format";
              params: readonly string[];
              format: FormatName | FormatCheck;
              code: string;
              namespace?: number;
              namespaceParam?: string;
              /** The module reports it as a warning and goes on. */
              warning?: boolean;
              /** A value that, given alone, stands for every value and is not checked. */
              allValue?: string;
          }
        | { kind: "ownCheck"; param: string; code: string }
        | { kind: "noContradiction"; param: string; code: string }
        /** A multi-valued parameter left without a value once its unrecognized values were dropped (or given empty). */
        | { kind: "notEmpty"; param: string; code: string }
        /** A warning the module gives whenever all the conditions hold. */
        | { kind: "warns"; code: string; param: string; conditions: readonly Condition[]; message: string }
        | { kind: "deprecatedWithout"; uses: readonly Condition[]; without: string }
        /** An error or warning the module gives only with some pages or configuration, while all the conditions hold. */
        | {
              kind: "mayOccur";
              severity: "error" | "warning";
              code: string;
              param: string;
              conditions: readonly Condition[];
              occurs: string;
              message: string;
          }
        /** A title parameter and a namespace parameter that may only be used together when the title is in one of them. */
        | { kind: "titleInNamespaces"; title: string; namespaces: string }
    );

class RuleContext {
    constructor(
        readonly use: ModuleUse,
        readonly issues: IssueLog,
        readonly hasPages: boolean,
        readonly site: SiteRules,
        readonly mode: ModuleMode | undefined,
    ) {}

    get module(): string {
        return this.use.index.module.name;
    }

    name(param: string): string {
        return this.use.index.prefix + param;
    }

    given(param: string): ValidatedParam | undefined {
        const validated = this.use.given.get(param);
        return validated?.ok ? validated : undefined;
    }

    values(param: string): readonly string[] {
        const validated = this.given(param);
        if (validated) return validated.values;
        const fallback = this.use.index.module.parametersByName.get(param)?.default;
        return fallback === undefined || fallback === "" ? [] : String(fallback).split("|");
    }

    holds(condition: Condition): boolean {
        if (condition.value !== undefined) return this.values(condition.param).includes(condition.value);
        const validated = this.given(condition.param);
        if (!validated || (condition.nonEmpty && validated.values.length === 0)) return false;
        return condition.not === undefined || !validated.values.every((value) => value === condition.not);
    }

    describe(condition: Condition): string {
        const name = this.name(condition.param);
        if (condition.value !== undefined) return `${name}=${condition.value}`;
        return condition.not !== undefined ? `${name} (other than ${condition.not})` : name;
    }

    error(code: string, param: string, message: string): void {
        this.issues.error(code, this.name(param), this.module, message);
    }
}

function quoted(context: RuleContext, params: readonly string[]): string {
    return params.map((param) => `"${context.name(param)}"`).join(", ");
}

// ApiBase::requireOnlyOneParameter, requireAtLeastOneParameter and requireMaxOneParameter.
function checkCount(context: RuleContext, params: readonly string[], atLeastOne: boolean, atMostOne: boolean): void {
    const set = params.filter((param) => context.given(param));
    if (atLeastOne && set.length === 0) {
        context.error("missingparam", params[0], `One of the parameters ${quoted(context, params)} is required.`);
    }
    if (atMostOne && set.length > 1) {
        context.error("invalidparammix", set[1], `The parameters ${quoted(context, set)} can not be used together.`);
    }
}

function namespaceOf(context: RuleContext, rule: { namespace?: number; namespaceParam?: string }): number {
    if (rule.namespaceParam !== undefined) {
        const [value] = context.values(rule.namespaceParam);
        if (value !== undefined) return Number(value);
    }
    return rule.namespace ?? 0;
}

function checkFormat(context: RuleContext, rule: Extract<ModuleRule, { kind: "format" }>): void {
    const check = typeof rule.format === "function" ? rule.format : FORMATS[rule.format];
    const namespace = namespaceOf(context, rule);
    for (const param of rule.params) {
        const validated = context.given(param);
        if (!validated || (validated.values.length === 1 && validated.values[0] === rule.allValue)) continue;
        const name = context.name(param);
        const code = rule.code.replace("{param}", name);
        for (const value of validated.values) {
            if (check(value, namespace, context.site)) continue;
            const message = `Invalid value ${shownValue(validated.spec, value)} for parameter "${name}".`;
            if (rule.warning) context.issues.warning(code, name, context.module, message);
            else context.error(code, param, message);
            if (!rule.warning) break;
        }
    }
}

// The show parameters: "x" and "!x" together ask for nothing.
function checkContradiction(context: RuleContext, param: string, code: string): void {
    const given = context.given(param);
    const values = new Set(given?.values ?? []);
    for (const value of values) {
        if (given && value.startsWith("!") && values.has(value.slice(1))) {
            const [positive, negative] = [shownValue(given.spec, value.slice(1)), shownValue(given.spec, value)];
            context.error(
                code,
                param,
                `Incorrect parameter: mutually exclusive values ${positive} and ${negative} for "${context.name(param)}".`,
            );
            return;
        }
    }
}

// ApiQueryRecentChanges: requireMaxOneParameter( title, namespace ) when the title's namespace is not among those given.
function checkTitleInNamespaces(context: RuleContext, rule: Extract<ModuleRule, { kind: "titleInNamespaces" }>): void {
    const title = context.given(rule.title)?.values[0];
    const namespaces = context.given(rule.namespaces)?.values ?? [];
    if (title === undefined || namespaces.length === 0 || namespaces.includes("*")) return;
    const namespace = parseTitle(title, 0, context.site)?.namespace;
    if (namespace !== undefined && !namespaces.includes(String(namespace)))
        checkCount(context, [rule.title, rule.namespaces], false, true);
}

// ApiQueryRevisionsBase::parseParameters, which a prop module reaches only when the query found pages or revisions:
// there the deprecation depends on the pages.
function checkDeprecatedWithout(context: RuleContext, rule: Extract<ModuleRule, { kind: "deprecatedWithout" }>): void {
    if (
        context.given(rule.without) ||
        !rule.uses.some((condition) => context.given(condition.param) && context.holds(condition))
    )
        return;
    const name = context.name(rule.without);
    const message = `Without "${name}", the legacy format is used for the content; it is deprecated.`;
    if (rule.withPages)
        context.issues.mayOccur(
            "warning",
            "deprecation",
            name,
            context.module,
            "the query finds an existing page or revision",
            message,
        );
    else context.issues.warning("deprecation", name, context.module, message);
}

function checkRule(context: RuleContext, rule: ModuleRule): void {
    switch (rule.kind) {
        case "oneOf":
            return checkCount(context, rule.params, true, true);
        case "atLeastOneOf":
            return checkCount(context, rule.params, true, false);
        case "atMostOneOf":
            return checkCount(context, rule.params, false, true);
        case "requires":
            if (context.holds(rule.when) && !context.holds(rule.needs)) {
                context.error(
                    rule.code,
                    rule.when.param,
                    `The parameter ${context.describe(rule.when)} may only be used with ${context.describe(rule.needs)}.`,
                );
            }
            return;
        case "excludes":
            if (context.holds(rule.when) && context.given(rule.other.param) && context.holds(rule.other)) {
                context.error(
                    rule.code,
                    rule.when.param,
                    `The parameters ${context.describe(rule.when)} and ${context.describe(rule.other)} can not be used together.`,
                );
            }
            return;
        case "format":
            return checkFormat(context, rule);
        case "ownCheck":
            for (const issue of context.issues.errors) {
                if (
                    issue.code === "badvalue" &&
                    issue.param === context.name(rule.param) &&
                    issue.module === context.module
                )
                    issue.code = rule.code;
            }
            return;
        case "noContradiction":
            return checkContradiction(context, rule.param, rule.code);
        case "notEmpty":
            if (context.values(rule.param).length === 0)
                context.error(
                    rule.code.replace("{param}", context.name(rule.param)),
                    rule.param,
                    `The "${context.name(rule.param)}" parameter must be set, and not empty.`,
                );
            return;
        case "warns":
            if (rule.conditions.every((condition) => context.holds(condition)))
                context.issues.warning(rule.code, context.name(rule.param), context.module, rule.message);
            return;
        case "titleInNamespaces":
            return checkTitleInNamespaces(context, rule);
        case "deprecatedWithout":
            return checkDeprecatedWithout(context, rule);
        case "mayOccur":
            if (rule.conditions.every((condition) => context.holds(condition))) {
                context.issues.mayOccur(
                    rule.severity,
                    rule.code,
                    context.name(rule.param),
                    context.module,
                    rule.occurs,
                    rule.message,
                );
            }
            return;
    }
}

export function appliesTo(rule: Versioned, version: string): boolean {
    return (
        (rule.since === undefined || !versionBefore(version, rule.since)) &&
        (rule.until === undefined || versionBefore(version, rule.until))
    );
}

/** Whether the module checks the rule in this use: its parameters read, its pages, its role and condition. */
function inEffect(context: RuleContext, rule: ModuleRule, readAll: boolean): boolean {
    // Checks on the module's values run only once all of them were read; ownCheck replaces that reading itself.
    if (!readAll && rule.kind !== "ownCheck") return false;
    if (rule.withPages && !context.hasPages) return false;
    if (rule.notAsGenerator && context.use.role === "generator") return false;
    if (rule.onlyAsGenerator && context.use.role !== "generator") return false;
    if (rule.modes && (context.mode === undefined || !rule.modes.includes(context.mode))) return false;
    if (rule.unlessGiven !== undefined && context.given(rule.unlessGiven)) return false;
    if (rule.unlessLeftEmpty !== undefined && context.given(rule.unlessLeftEmpty)?.values.length === 0) return false;
    // requires and excludes read "when" as their own trigger.
    if (rule.kind !== "requires" && rule.kind !== "excludes" && rule.when && !context.holds(rule.when)) return false;
    return true;
}

export interface RuleSituation {
    /** The query has pages for the module (its own input, for a generator). */
    hasPages: boolean;
    /** The wiki's site data (namespaces, interwiki prefixes, languages). */
    site: SiteRules;
    /** Every parameter the module was given passed ParamValidator. */
    readAll: boolean;
    /** The module's mode, for a module that has modes (modes.ts). */
    mode?: ModuleMode;
}

/** Applies one module's rules to its use in a query. */
export function applyRules(
    use: ModuleUse,
    rules: readonly ModuleRule[],
    version: string,
    issues: IssueLog,
    situation: RuleSituation,
): void {
    const context = new RuleContext(use, issues, situation.hasPages, situation.site, situation.mode);
    for (const rule of rules)
        if (appliesTo(rule, version) && inEffect(context, rule, situation.readAll)) checkRule(context, rule);
}
