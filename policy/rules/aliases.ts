// Aliases the team keeps for itself, and aliases once published, which must never send visitors somewhere else:
// a printed or shared short URL outlives the link. A policy sees only what the program declares now, so the
// aliases once published are named in the config (docs/policy.md shows how to list them from a stack's state). Each is
// judged in the form the service stores it: an adopt's update sends its alias as declared, and the service slugs it.
import { aliasSlug } from "../../provider/resources/link-values";
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

/** The retired entry `link` would reuse for another destination, if any: the service matches aliases with their case. */
function reusedEntry(link: Subject, stored: string, retired: readonly Retired[]): Retired | undefined {
    const url = link.inputs.text("url");
    const host = domainHost(link.inputs.text("domain"));
    return retired.find(
        (entry) =>
            aliasSlug(entry.alias) === stored &&
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
        const stored = aliasSlug(alias);
        const shown = stored === alias ? `"${alias}"` : `"${alias}" (stored as "${stored}")`;
        const lower = (text: string) => aliasSlug(text).toLowerCase();
        if (reserved.some((entry) => lower(entry) === stored.toLowerCase()))
            return [
                {
                    property: "alias",
                    problem: `${shown} is on the team's reserved list`,
                    fix: "choose another alias",
                },
            ];
        const reused = reusedEntry(link, stored, retired);
        if (!reused) return [];
        return [
            {
                property: "alias",
                problem: `${shown} was published for ${reused.url}, and would now send its visitors elsewhere`,
                fix: `choose another alias, or point it at ${reused.url} again`,
            },
        ];
    },
};
