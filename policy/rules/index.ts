// The pack's rules, one line each: the pack serves them in this order, and docs/policy.md lists them from here.
import type { ResourceRule, RuleDefinition, StackRule } from "../rule";
import { aliasRules } from "./aliases";
import { allowedHosts } from "./allowed-hosts";
import { campaignUtm } from "./campaign-utm";
import { httpsDestinations } from "./https-destinations";
import { linkExpiry } from "./link-expiry";
import { qrDataSecret, type RemediatingRule } from "./qr-data-secret";
import { uniqueAliases } from "./unique-aliases";

type AnyConfig = Record<string, unknown>;

/** The rules that read one resource at a time; made anew for each run, since one keeps what it remediated. */
export function resourceRules(): (ResourceRule<AnyConfig> | RemediatingRule)[] {
    return [httpsDestinations, allowedHosts, aliasRules, linkExpiry, qrDataSecret()] as ResourceRule<AnyConfig>[];
}

/** The rules that need the stack as a whole. */
export const STACK_RULES = [campaignUtm, uniqueAliases] as StackRule<AnyConfig>[];

/** Every rule's definition, in the pack's order: its name, level, kinds and config. */
export function ruleDefinitions(): RuleDefinition[] {
    return [...resourceRules(), ...STACK_RULES].map((rule) => rule.definition);
}
