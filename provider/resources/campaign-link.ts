// A link in a campaign (see assignment.ts for what an assignment is and why it cannot be undone).
import { kindResource } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { assignmentResource } from "./assignment";
import { campaign } from "./campaign";
import { link } from "./link";
import { findListed } from "./listed/listing";
import { objectId } from "./values";
import { plain } from "./words";

const inputs = z.strictObject({
    campaignId: objectId.describe("The campaign's id (a Campaign's `id`)."),
    linkId: objectId.describe("The short link's id (a Link's `id`, or the id of a link made elsewhere)."),
});

/** The service's answer to assigning a link that is already in the campaign. */
const ALREADY_IN_CAMPAIGN = "This link is already added to the campaign.";
export type CampaignLinkInputs = z.output<typeof inputs>;

export const campaignLink = assignmentResource<CampaignLinkInputs>({
    kind: "CampaignLink",
    description:
        "A short link in a campaign. The service cannot unassign: removing the resource leaves the link in the campaign.",
    words: {
        noun: "Link in a campaign",
        label: {
            from: ["linkId", "campaignId"],
            text: (p) =>
                p.linkId === undefined ? undefined : `link ${plain(p.linkId)} in campaign ${plain(p.campaignId)}`,
        },
        words: { campaignId: "campaign", linkId: "link" },
    },
    inputs,
    idFields: ["campaignId", "linkId"],
    // A link's listing shows its campaign; the campaign listing does not show its links.
    assign: (context, wanted) =>
        context.run.write(link.kind, () => context.client().campaigns.assignLink(wanted.campaignId, wanted.linkId)),
    // The service does not list a campaign's links: the assignment lasts as long as its campaign.
    exists: async (context, state) => (await findListed(campaign.listed, context, state.campaignId)) !== undefined,
    // Nor can anything show whether a link is in a campaign before assigning it; the service's refusal of a link
    // already in the campaign is the only sign, and after a lost answer assigning again brings it out. Only that
    // answer counts: any other refusal ("You have already reached the limit of links for your plan.") fails.
    alreadyThere: async (_context, _wanted, refusal) =>
        refusal?.kind === "validation" && refusal.serviceMessage?.trim() === ALREADY_IN_CAMPAIGN,
    holds: async () => undefined,
    leftBehind: (state) => `link ${state.linkId} stays in campaign ${state.campaignId}`,
    container: (state) => ({ kind: "Campaign", id: state.campaignId }),
});

export interface CampaignLinkArgs {
    campaignId: pulumi.Input<number | string>;
    /** The id of an existing short link. */
    linkId: pulumi.Input<number | string>;
}
export type CampaignLinkArgsAgree = ArgsAgree<AgreeWith<CampaignLinkArgs, typeof inputs>>;

/**
 * Puts a short link into a campaign. Any change replaces it. The service cannot take a link out of a campaign:
 * deleting this resource (or replacing it) leaves the link in the campaign, and says so.
 */
export class CampaignLink extends kindResource<CampaignLinkArgs>(campaignLink) {
    declare readonly campaignId: pulumi.Output<number>;
    declare readonly linkId: pulumi.Output<number>;
}
