// The policy pack pulumi-shortener ships (policy/ at the package's top, its PulumiPolicy.yaml there): rules a team
// sets once for its short links, run by `pulumi preview --policy-pack node_modules/pulumi-shortener/policy` and by
// `pulumi up` with the same flag. Each rule matches kinds by their type token, reads the inputs as the resource
// declares them (after the provider's check), and names in each violation the resource, the property and the fix.
import {
    PolicyPack,
    type ReportViolation,
    type ResourceValidationArgs,
    type ResourceValidationPolicy,
    type StackValidationArgs,
    type StackValidationPolicy,
} from "@pulumi/policy";
import { checkConfigured, type GivenConfig } from "./config-names";
import {
    checkRuleNames,
    configOf,
    configuredKeys,
    reportFinding,
    subjectOf,
    subjectsOf,
    type ResourceRule,
    type StackRule,
} from "./rule";
import { Coverage } from "./rules/pack-config";
import { resourceRules, STACK_RULES } from "./rules";
import type { RemediatingRule } from "./rules/qr-data-secret";

/** The pack's name, as the CLI prints it beside each violation. */
export const PACK_NAME = "pulumi-shortener";

type AnyConfig = Record<string, unknown>;
type AnyRule = ResourceRule<AnyConfig> | StackRule<AnyConfig>;

/** What the rules of one run share: what each rule met. */
interface Context {
    coverage: Coverage;
}

function policyFields(rule: AnyRule) {
    const { name, description, enforcementLevel, config } = rule.definition;
    const configSchema = Object.keys(config).length > 0 ? { properties: config } : undefined;
    return { name, description, enforcementLevel, ...(configSchema && { configSchema }) };
}

/** The rule's config with its defaults (checkConfig refused what it cannot use), recorded for the pack-config notice. */
function readConfig(rule: AnyRule, given: AnyConfig, context: Context): AnyConfig {
    const config = configOf<AnyConfig>(rule.definition, given);
    context.coverage.configuredWith(rule.definition, configuredKeys(rule.definition, config));
    return config;
}

function resourcePolicy(rule: ResourceRule<AnyConfig> | RemediatingRule, context: Context): ResourceValidationPolicy {
    const validateResource = (args: ResourceValidationArgs, report: ReportViolation) => {
        const config = readConfig(rule, args.getConfig<AnyConfig>(), context);
        const subject = subjectOf(rule.definition, args);
        if (!subject) return;
        context.coverage.meets(rule.definition);
        if (rule.inactive?.(config) !== undefined) return;
        const options = { additionalSecretOutputs: args.opts.additionalSecretOutputs };
        for (const finding of rule.check(subject, config, options)) reportFinding(subject, finding, report);
        subject.inputs.sayUnknown();
    };
    if (!("remediate" in rule)) return { ...policyFields(rule), validateResource };
    const remediateResource = (args: ResourceValidationArgs) => {
        const subject = subjectOf(rule.definition, args);
        return subject && rule.remediate(subject, args.props);
    };
    return { ...policyFields(rule), validateResource, remediateResource };
}

function stackPolicy(rule: StackRule<AnyConfig>, context: Context): StackValidationPolicy {
    const validateStack = (args: StackValidationArgs, report: ReportViolation) => {
        const config = readConfig(rule, args.getConfig<AnyConfig>(), context);
        const subjects = subjectsOf(rule.definition, args.resources);
        if (subjects.length > 0) context.coverage.meets(rule.definition);
        if (rule.inactive?.(config) !== undefined) return;
        for (const { subject, finding } of rule.checkStack(subjects, config, args.resources))
            reportFinding(subject, finding, report);
        for (const subject of subjects) subject.inputs.sayUnknown();
    };
    return { ...policyFields(rule), validateStack };
}

/** The notice of configured rules that met nothing: advisory, and last, once the others have run. */
const PACK_CONFIG_RULE = "pack-config";

function packConfigPolicy(coverage: Coverage): StackValidationPolicy {
    return {
        name: PACK_CONFIG_RULE,
        description: "Says when a rule's configuration matches no resource of the stack.",
        enforcementLevel: "advisory",
        validateStack: (_args, report) => {
            for (const line of coverage.unmatched()) report(line);
        },
    };
}

/**
 * A rule the pack does not have, or a key a rule does not have, stops the run when the CLI configures the pack, before
 * any resource is checked.
 */
function checkConfig(given: GivenConfig, rules: readonly AnyRule[], ruleNames: readonly string[]): void {
    checkRuleNames(Object.keys(given), ruleNames);
    for (const { definition } of rules)
        if (Object.hasOwn(given, definition.name)) configOf(definition, given[definition.name]);
}

function policies() {
    const forResources = resourceRules();
    const ruleNames = [...forResources, ...STACK_RULES].map((rule) => rule.definition.name).concat(PACK_CONFIG_RULE);
    checkConfigured((given) => checkConfig(given, [...forResources, ...STACK_RULES], ruleNames));
    const context: Context = { coverage: new Coverage() };
    return [
        ...forResources.map((rule) => resourcePolicy(rule, context)),
        ...STACK_RULES.map((rule) => stackPolicy(rule, context)),
        packConfigPolicy(context.coverage),
    ];
}

new PolicyPack(PACK_NAME, { policies: policies() });
