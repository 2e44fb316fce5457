// A rule configured for kinds the stack does not declare checks nothing: said once, at the end of the run, rather
// than passing in silence.
import type { RuleDefinition } from "../rule";

/** What the pack saw of each rule during the run: whether it was configured, and whether it met a resource. */
export class Coverage {
    private readonly configured = new Map<string, { rule: RuleDefinition; keys: string[] }>();
    private readonly met = new Set<string>();

    configuredWith(rule: RuleDefinition, keys: string[]): void {
        if (keys.length > 0) this.configured.set(rule.name, { rule, keys });
    }

    meets(rule: RuleDefinition): void {
        this.met.add(rule.name);
    }

    /** One line for each configured rule that met no resource of its kinds. */
    unmatched(): string[] {
        return [...this.configured.values()]
            .filter(({ rule }) => !this.met.has(rule.name))
            .map(
                ({ rule, keys }) =>
                    `the pack config of ${rule.name} (${keys.join(", ")}) matches no resource: the stack declares no ${rule.kinds.join(" or ")}`,
            );
    }
}
