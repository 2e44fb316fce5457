// Assignments put an existing item into a campaign or a channel. The service has no call to take an item out
// again: deleting an assignment only removes it from the stack, and the item stays where it is (the resource
// docs say so). Every input identifies the assignment, so any change replaces it.
import { ShortenerResource } from "./resource";
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { ShortenerClient } from "../client";
import type { ResourceContext } from "./context";
import { collect } from "./list-cache";
import type { Props, ResourceDefinition } from "./lifecycle";
import { objectId } from "./values";

interface Assignment<I extends Props> {
    kind: string;
    inputs: ResourceDefinition<I>["inputs"];
    /** The id in the state, from the inputs; it says what was assigned to what. */
    id(inputs: I): string;
    assign(client: ShortenerClient, inputs: I): Promise<void>;
    /** Whether the service still shows the assignment; false when its container is gone. */
    exists(context: ResourceContext, state: I): Promise<boolean>;
    /** What stays behind when the assignment leaves the stack. */
    leftBehind(state: I): string;
}

function assignmentResource<I extends Props>(spec: Assignment<I>): ResourceDefinition<I> {
    return {
        kind: spec.kind,
        inputs: spec.inputs,
        replaceOn: Object.keys(spec.inputs.shape) as (keyof I & string)[],
        createOnly: ["adopt"] as (keyof I & string)[],
        async create(context, wanted) {
            // Adopting an assignment the service already shows takes it over without a write.
            if (!(wanted.adopt === true && (await spec.exists(context, wanted)))) {
                await spec.assign(context.client(), wanted);
                context.lists.clear();
            }
            return { id: spec.id(wanted), computed: {} };
        },
        async read(context, _id, state) {
            return (await spec.exists(context, spec.inputs.parse(state) as I)) ? { inputs: {}, computed: {} } : undefined;
        },
        async delete(context, _id, state) {
            context.tell(`${spec.kind} removed from the stack; the service cannot unassign, so ${spec.leftBehind(spec.inputs.parse(state) as I)}`);
        },
    };
}

const campaignLinkInputs = z.strictObject({ campaignId: objectId, linkId: objectId });
export type CampaignLinkInputs = z.output<typeof campaignLinkInputs>;

export const campaignLink = assignmentResource<CampaignLinkInputs>({
    kind: "CampaignLink",
    inputs: campaignLinkInputs,
    id: (wanted) => `${wanted.campaignId}/${wanted.linkId}`,
    assign: (client, wanted) => client.campaigns.assignLink(wanted.campaignId, wanted.linkId),
    // The service does not list a campaign's links: the assignment lasts as long as its campaign.
    exists: async (context, state) =>
        (await context.lists.all("Campaign", () => collect(context.client().campaigns.all()))).some((c) => c.id === state.campaignId),
    leftBehind: (state) => `link ${state.linkId} stays in campaign ${state.campaignId}`,
});

export const CHANNEL_ITEM_TYPES = ["links", "bio", "qr"] as const;

const channelItemInputs = z.strictObject({
    channelId: objectId,
    type: z.enum(CHANNEL_ITEM_TYPES, { error: `must be one of ${CHANNEL_ITEM_TYPES.join(", ")}` }),
    itemId: objectId,
    adopt: z.literal(true, { error: "must be true (take over the item if the channel already holds it)" }).optional(),
});
export type ChannelItemInputs = z.output<typeof channelItemInputs>;

export const channelItem = assignmentResource<ChannelItemInputs>({
    kind: "ChannelItem",
    inputs: channelItemInputs,
    id: (wanted) => `${wanted.channelId}/${wanted.type}/${wanted.itemId}`,
    assign: (client, wanted) => client.channels.assignItem(wanted.channelId, wanted.type, wanted.itemId),
    exists: async (context, state) => {
        const listing = `ChannelItem:${state.channelId}`;
        try {
            const items = await context.lists.all(listing, () => collect(context.client().channels.allItems(state.channelId)));
            return items.some((item) => item.type === state.type && item.id === state.itemId);
        } catch (error) {
            if ((error as { notFound?: boolean }).notFound) return false;
            throw error;
        }
    },
    leftBehind: (state) => `${state.type} item ${state.itemId} stays in channel ${state.channelId}`,
});

export interface CampaignLinkArgs {
    campaignId: pulumi.Input<number | string>;
    /** The id of an existing short link. */
    linkId: pulumi.Input<number | string>;
}

/**
 * Puts a short link into a campaign. Any change replaces it. The service cannot take a link out of a campaign:
 * deleting this resource (or replacing it) leaves the link in the campaign, and says so.
 */
export class CampaignLink extends ShortenerResource {
    declare readonly campaignId: pulumi.Output<number>;
    declare readonly linkId: pulumi.Output<number>;

    constructor(name: string, args: CampaignLinkArgs, opts?: pulumi.CustomResourceOptions) {
        super("CampaignLink", name, args, ["campaignId", "linkId"], opts);
    }
}

export interface ChannelItemArgs {
    channelId: pulumi.Input<number | string>;
    /** links (a short link), bio (a bio page) or qr (a QR code). */
    type: pulumi.Input<(typeof CHANNEL_ITEM_TYPES)[number]>;
    itemId: pulumi.Input<number | string>;
    /** true: when the channel already holds the item, take the assignment over without assigning it again. */
    adopt?: pulumi.Input<true>;
}

/**
 * Puts a short link, bio page or QR code into a channel. Any change replaces it. The service cannot take an item
 * out of a channel: deleting this resource leaves the item in the channel, and says so (deleting the channel
 * itself does unassign its items).
 */
export class ChannelItem extends ShortenerResource {
    declare readonly channelId: pulumi.Output<number>;
    declare readonly type: pulumi.Output<(typeof CHANNEL_ITEM_TYPES)[number]>;
    declare readonly itemId: pulumi.Output<number>;

    constructor(name: string, args: ChannelItemArgs, opts?: pulumi.CustomResourceOptions) {
        super("ChannelItem", name, args, ["channelId", "type", "itemId"], opts);
    }
}
