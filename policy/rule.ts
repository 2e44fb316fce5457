// What every rule of the pack shares: the words of a violation, the kinds a rule reads, and its configuration, read
// strictly (the CLI checks values against a rule's schema but passes keys it does not know).
import type { EnforcementLevel, PolicyResource, ReportViolation } from "@pulumi/policy";
import type { PolicyConfigJSONSchema } from "@pulumi/policy/schema";
import { kindOfType } from "../provider/resources/type-token";
import { closestName } from "../common/text/suggest";
import { Inputs } from "./inputs";

/** A broken rule: the property (as the program declares it, a path for nested ones), what is wrong, and the fix. */
export interface Finding {
    property: string;
    problem: string;
    fix: string;
}

/** A rule's configuration schema: JSON Schema, one entry per key, each with its default where it has one. */
export type ConfigSchema = Record<string, PolicyConfigJSONSchema>;

/** What a rule declares about itself; the pack turns it into a policy of @pulumi/policy. */
export interface RuleDefinition {
    name: string;
    description: string;
    enforcementLevel: EnforcementLevel;
    /** The kinds the rule reads (`Link`, `Domain`, ...): its violations name resources of these kinds. */
    kinds: readonly string[];
    config: ConfigSchema;
}

/** The one line a violation prints: the resource, the property, what is wrong, and the fix. */
export function violationMessage(kind: string, name: string, finding: Finding): string {
    return `${kind} "${name}": ${finding.property}: ${finding.problem}. Fix: ${finding.fix}.`;
}

/** A resource of the package as a rule sees it, or undefined for a resource of a kind the rule does not read. */
export interface Subject {
    kind: string;
    name: string;
    urn: string;
    inputs: Inputs;
}

export function subjectOf(
    rule: RuleDefinition,
    resource: { type: string; name: string; urn: string; props: Record<string, unknown> },
): Subject | undefined {
    const kind = kindOfType(resource.type);
    if (kind === undefined || !rule.kinds.includes(kind)) return undefined;
    return { kind, name: resource.name, urn: resource.urn, inputs: new Inputs(resource.props) };
}

/** Reports a finding on `subject`; a stack rule names the subject's URN, which a resource rule's report ignores. */
export function reportFinding(subject: Subject, finding: Finding, report: ReportViolation): void {
    report(violationMessage(subject.kind, subject.name, finding), subject.urn);
}

/** The subjects among a stack's resources. */
export function subjectsOf(rule: RuleDefinition, resources: readonly PolicyResource[]): Subject[] {
    return resources.flatMap((resource) => subjectOf(rule, resource) ?? []);
}

/** A config the pack refuses: its message alone is the error, with no stack, since the fix is in the user's file. */
export class ConfigError extends Error {
    constructor(message: string) {
        super(message);
        this.stack = message;
    }
}

/** Refuses a config that names a rule the pack does not have (`all` is the CLI's own, for every rule). */
export function checkRuleNames(given: readonly string[], rules: readonly string[]): void {
    for (const name of given) {
        if (name === "all" || rules.includes(name)) continue;
        const near = closestName(name, rules);
        throw new ConfigError(
            `policy config "${name}": the pack has no rule of that name` +
                (near ? ` (did you mean "${near}"?)` : ` (its rules: ${rules.join(", ")})`),
        );
    }
}

/**
 * The rule's configuration with its defaults; a key the rule does not have is an error naming it and the nearest
 * key it has, since the CLI would pass it over and the rule would silently check something else than meant.
 */
export function configOf<T>(rule: RuleDefinition, given: Record<string, unknown>): T {
    for (const key of Object.keys(given)) {
        if (Object.hasOwn(rule.config, key)) continue;
        const near = closestName(key, Object.keys(rule.config));
        const known = Object.keys(rule.config).join(", ") || "none";
        throw new ConfigError(
            `policy config ${rule.name}.${key}: this rule has no key "${key}"` +
                (near ? ` (did you mean "${near}"?)` : ` (its keys: ${known})`),
        );
    }
    const defaults = Object.entries(rule.config).map(([key, schema]) => [key, schema.default]);
    return { ...Object.fromEntries(defaults), ...given } as T;
}

/** The keys whose value differs from the rule's default: what the user set. */
export function configuredKeys(rule: RuleDefinition, config: Record<string, unknown>): string[] {
    return Object.entries(rule.config)
        .filter(([key, schema]) => JSON.stringify(config[key]) !== JSON.stringify(schema.default))
        .map(([key]) => key);
}

/** A rule that reads one resource at a time. `inactive` says why a configuration leaves it nothing to check. */
export interface ResourceRule<C = Record<string, unknown>> {
    definition: RuleDefinition;
    inactive?: (config: C) => string | undefined;
    check: (subject: Subject, config: C, options: { additionalSecretOutputs: readonly string[] }) => Finding[];
}

/** A rule that needs more than one resource: it reads the stack's resources of its kinds at the end of a run. */
export interface StackRule<C = Record<string, unknown>> {
    definition: RuleDefinition;
    inactive?: (config: C) => string | undefined;
    checkStack: (
        subjects: readonly Subject[],
        config: C,
        resources: readonly PolicyResource[],
    ) => { subject: Subject; finding: Finding }[];
}
