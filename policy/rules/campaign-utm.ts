// The links of a campaign carry the UTM parameters its analytics group visits by. A link is in a campaign when it
// declares `campaign` or a CampaignLink puts it there, which only the stack as a whole shows.
import type { PolicyResource } from "@pulumi/policy";
import type { StackRule, Subject } from "../rule";

interface Config {
    keys: string[];
}

/** The UTM keys a link sends: its `parameters`, and its `utm` fields by name (`source` is `utm_source`). */
function sentKeys({ inputs }: Subject): Set<string> {
    return new Set([...inputs.keys("parameters"), ...inputs.keys("utm").map((field) => `utm_${field}`)]);
}

/** How the link came into a campaign, in words, or undefined when it is in none. */
function campaignOf(link: Subject, resources: readonly PolicyResource[]): string | undefined {
    if (link.inputs.declares("campaign")) return "it declares `campaign`";
    const placing = resources.find(
        (resource) =>
            resource.type.endsWith(":CampaignLink") &&
            (resource.propertyDependencies.linkId ?? []).some((dependency) => dependency.urn === link.urn),
    );
    return placing && `CampaignLink "${placing.name}" puts it in a campaign`;
}

export const campaignUtm: StackRule<Config> = {
    definition: {
        name: "campaign-utm",
        description: "The links of a campaign carry the UTM parameters its analytics need (config `keys`).",
        enforcementLevel: "mandatory",
        kinds: ["Link"],
        config: {
            keys: {
                type: "array",
                items: { type: "string", pattern: "^[A-Za-z0-9_.-]+$" },
                default: ["utm_source", "utm_medium", "utm_campaign"],
                description: "the query parameters every link of a campaign sends",
            },
        },
    },
    inactive: ({ keys }) => (keys.length === 0 ? "no keys are configured" : undefined),
    checkStack: (links, { keys }, resources) =>
        links.flatMap((link) => {
            const why = campaignOf(link, resources);
            const sent = sentKeys(link);
            const missing = keys.filter((key) => !sent.has(key));
            if (why === undefined || missing.length === 0) return [];
            const example = missing.map((key) => `${key}: "…"`).join(", ");
            const finding = {
                property: "parameters",
                problem: `${why}, but the link does not send ${missing.join(", ")}`,
                fix: `add { ${example} } to its parameters`,
            };
            return [{ subject: link, finding }];
        }),
};
