// One alias, one link: two links of a stack declaring the same alias on the same domain would fight over one short URL
// (the service refuses the second, or it lands on an alias another run let go).
import { domainHost } from "../destinations";
import type { StackRule, Subject } from "../rule";

/** The short URL a link claims: its domain's host (or the service's default domain) and its alias. */
function claim(link: Subject): string | undefined {
    const alias = link.inputs.text("alias");
    if (alias === undefined) return undefined;
    if (!link.inputs.declares("domain")) return `the service's default domain/${alias}`;
    const domain = link.inputs.text("domain");
    const host = domainHost(domain);
    return host === undefined ? undefined : `${host}/${alias}`;
}

export const uniqueAliases: StackRule = {
    definition: {
        name: "unique-aliases",
        description: "No two links of the stack declare the same alias on the same domain.",
        enforcementLevel: "mandatory",
        kinds: ["Link"],
        config: {},
    },
    checkStack: (links) => {
        const byClaim = new Map<string, Subject[]>();
        for (const link of links) {
            const claimed = claim(link);
            if (claimed !== undefined) byClaim.set(claimed, [...(byClaim.get(claimed) ?? []), link]);
        }
        return [...byClaim].flatMap(([claimed, holders]) =>
            holders.length < 2
                ? []
                : holders.map((link) => {
                      const others = holders.filter((other) => other !== link).map((other) => `"${other.name}"`);
                      const finding = {
                          property: "alias",
                          problem: `${claimed} is also declared by Link ${others.sort().join(", ")}`,
                          fix: "give each link an alias of its own, or another domain",
                      };
                      return { subject: link, finding };
                  }),
        );
    },
};
