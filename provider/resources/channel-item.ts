// An item (short link, bio page or QR code) in a channel (see assignment.ts for what an assignment is and why it
// cannot be undone).
import { kindResource } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { CHANNEL_ITEM_TYPES, collect, ShortenerApiError, type ChannelItemType } from "../client";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { assignmentResource } from "./assignment";
import { channel } from "./channel";
import type { ResourceContext } from "./context";
import { createdByThisProcess } from "./listed/listing";
import { objectId } from "./values";
import { plain } from "./words";

const inputs = z.strictObject({
    channelId: objectId.describe("The channel's id (a Channel's `id`)."),
    type: z
        .enum(CHANNEL_ITEM_TYPES, { error: `must be one of ${CHANNEL_ITEM_TYPES.join(", ")}` })
        .describe(`What the item is: ${CHANNEL_ITEM_TYPES.join(", ")}.`),
    itemId: objectId.describe("The id of the link, bio page or QR code."),
    adopt: z
        .literal(true, {
            error: "must be true (accepted for older programs: an item the channel already holds is always taken over)",
        })
        .optional()
        .describe("Accepted for older programs: an item the channel already holds is always taken over."),
});
export type ChannelItemInputs = z.output<typeof inputs>;

const itemsListing = (channelId: number) => `ChannelItem:${channelId}`;
const itemKey = (type: string, id: number) => `${type}/${id}`;

/** The items of a channel, "type/id"; none when the channel is gone. From the run's shared listing, or a new one. */
async function channelItems(context: ResourceContext, channelId: number, anew = false): Promise<string[]> {
    const list = () => collect(context.client().channels.allItems(channelId));
    try {
        const collection = itemsListing(channelId);
        const items = await (anew ? context.run.listingAnew(collection, list) : context.run.listing(collection, list));
        return items.map((item) => itemKey(item.type, item.id));
    } catch (error) {
        if (error instanceof ShortenerApiError && error.notFound) return [];
        throw error;
    }
}

/**
 * The items a channel holds as far as this process knows, from its run record: what the channel held when the process
 * first looked (nothing for a channel it created) and what it assigned since. Creates consult it instead of listing
 * the channel's items again after each assign, so K items into one channel cost one listing of it, not K. `fresh`
 * asks the service again (after a refusal or a lost answer).
 */
async function knownItems(context: ResourceContext, channelId: number, fresh: boolean): Promise<ReadonlySet<string>> {
    const empty = createdByThisProcess(context, channel.kind, channelId) && !fresh;
    const { listed, added } = await context.run.baseline(
        itemsListing(channelId),
        async () => (empty ? [] : channelItems(context, channelId, fresh)),
        fresh,
    );
    return new Set([...listed, ...added]);
}

export const channelItem = assignmentResource<ChannelItemInputs>({
    kind: "ChannelItem",
    description:
        "A short link, bio page or QR code in a channel. The service cannot unassign: removing the resource leaves the item in the channel.",
    words: {
        noun: "Item in a channel",
        label: {
            from: ["type", "itemId", "channelId"],
            text: (p) =>
                p.itemId === undefined
                    ? undefined
                    : `${plain(p.type)} ${plain(p.itemId)} in channel ${plain(p.channelId)}`,
        },
        words: { channelId: "channel", type: "item type", itemId: "item" },
    },
    inputs,
    idFields: ["channelId", "type", "itemId"],
    assign: (context, wanted) =>
        context.run.write(itemsListing(wanted.channelId), () =>
            context.client().channels.assignItem(wanted.channelId, wanted.type, wanted.itemId),
        ),
    exists: async (context, state) =>
        (await channelItems(context, state.channelId)).includes(itemKey(state.type, state.itemId)),
    alreadyThere: async (context, wanted, refusal) =>
        (await knownItems(context, wanted.channelId, refusal !== undefined)).has(itemKey(wanted.type, wanted.itemId)),
    holds: async (context, wanted) =>
        context.run.recordAdded(itemsListing(wanted.channelId), itemKey(wanted.type, wanted.itemId)),
    leftBehind: (state) => `${state.type} item ${state.itemId} stays in channel ${state.channelId}`,
    container: (state) => ({ kind: "Channel", id: state.channelId }),
});

export interface ChannelItemArgs {
    channelId: pulumi.Input<number | string>;
    /** links (a short link), bio (a bio page) or qr (a QR code). */
    type: pulumi.Input<ChannelItemType>;
    itemId: pulumi.Input<number | string>;
    /** true: when the channel already holds the item, take the assignment over without assigning it again. */
    adopt?: pulumi.Input<true>;
}
export type ChannelItemArgsAgree = ArgsAgree<AgreeWith<ChannelItemArgs, typeof inputs>>;

/**
 * Puts a short link, bio page or QR code into a channel. Any change replaces it. The service cannot take an item
 * out of a channel: deleting this resource leaves the item in the channel, and says so (deleting the channel
 * itself does unassign its items).
 */
export class ChannelItem extends kindResource<ChannelItemArgs>(channelItem) {
    declare readonly channelId: pulumi.Output<number>;
    declare readonly type: pulumi.Output<ChannelItemType>;
    declare readonly itemId: pulumi.Output<number>;
}
