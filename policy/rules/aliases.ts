// Aliases the team keeps for itself, and aliases once published, which must never send visitors somewhere else:
// a printed or shared short URL outlives the link. A policy sees only what the program declares now, so the
// aliases once published are named in the config (docs/policy.md shows how to list them from a stack's state).
import { domainHost } from "../destinations";
import type { Finding, ResourceRule, Subject } from "../rule";

interface Retired {
    alias: string;
    url: string;
    /** The domain it was published on (`https://go.example.com`); without one, any domain. */
    domain?: string;
}

interface Config {
    reserved: string[];
    retired: Retired[];
}

/** The retired entry `link` would reuse for another destination, if any. */
function reusedEntry(link: Subject, alias: string, retired: readonly Retired[]): Retired | undefined {
    const url = link.inputs.text("url");
    const host = domainHost(link.inputs.text("domain"));
    return retired.find(
        (entry) =>
            entry.alias === alias &&
            (entry.domain === undefined || domainHost(entry.domain) === host) &&
            url !== undefined &&
            url !== entry.url,
    );
}

export const aliasRules: ResourceRule<Config> = {
    definition: {
        name: "alias-rules",
        description:
            "Aliases on the team's reserved list are not used (config `reserved`), and an alias once published is never sent to another destination (config `retired`).",
        enforcementLevel: "mandatory",
        kinds: ["Link"],
        config: {
            reserved: {
                type: "array",
                items: { type: "string", minLength: 1 },
                default: [],
                description: "aliases no link may take, whatever their case",
            },
            retired: {
                type: "array",
                items: {
                    type: "object",
                    properties: { alias: { type: "string" }, url: { type: "string" }, domain: { type: "string" } },
                    required: ["alias", "url"],
                    additionalProperties: false,
                },
                default: [],
                description: "aliases once published, each with the destination it sent visitors to",
            },
        },
    },
    inactive: ({ reserved, retired }) =>
        reserved.length === 0 && retired.length === 0 ? "neither `reserved` nor `retired` is configured" : undefined,
    check: (link, { reserved, retired }): Finding[] => {
        const alias = link.inputs.text("alias");
        if (alias === undefined) return [];
        if (reserved.some((entry) => entry.toLowerCase() === alias.toLowerCase()))
            return [
                {
                    property: "alias",
                    problem: `"${alias}" is on the team's reserved list`,
                    fix: "choose another alias",
                },
            ];
        const reused = reusedEntry(link, alias, retired);
        if (!reused) return [];
        return [
            {
                property: "alias",
                problem: `"${alias}" was published for ${reused.url}, and would now send its visitors elsewhere`,
                fix: `choose another alias, or point it at ${reused.url} again`,
            },
        ];
    },
};
