// Assignments put an existing item into a campaign or a channel. The service has no call to take an item out
// again: deleting an assignment only removes it from the stack, and the item stays where it is (the resource
// docs say so). Every input identifies the assignment, so any change replaces it.
// An assignment has no identity of its own: "the item is in the channel" is the desired state, and finding it
// already true is success. So a create looks before it assigns, and looks again when the service refuses ("already
// added") or the answer is lost: an assignment made by a run whose answer never came, or by hand, is taken as made,
// and any number of runs after a lost answer converge in the first one that reaches the service.
import { ShortenerResource } from "./resource";
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { collect, ShortenerApiError, type ShortenerClient } from "../client";
import type { ResourceContext } from "./context";
import type { Props, ResourceDefinition } from "./lifecycle";
import { ATTEMPTS, createdByThisProcess, isUncertain } from "./listed";
import { objectId } from "./values";

interface Assignment<I extends Props> {
    kind: string;
    inputs: ResourceDefinition<I>["inputs"];
    /** The id in the state, from the inputs; it says what was assigned to what. */
    id(inputs: I): string;
    /** The inputs an id names, for `Kind.get(name, id)`, which sends none; the inverse of `id`. */
    fromId(id: string): Props;
    assign(client: ShortenerClient, inputs: I): Promise<void>;
    /** Whether the service still shows the assignment; false when its container is gone. */
    exists(context: ResourceContext, state: I): Promise<boolean>;
    /**
     * Whether the service already holds the assignment, as far as it shows it: before assigning (`refusal`
     * undefined), and after an assign was refused or its answer lost (then the service is asked again).
     */
    alreadyThere(context: ResourceContext, wanted: I, refusal?: ShortenerApiError): Promise<boolean>;
    /** Called once the service holds the assignment, whether this create made it or found it. */
    holds(context: ResourceContext, wanted: I): Promise<void>;
    /** What stays behind when the assignment leaves the stack. */
    leftBehind(state: I): string;
}

function assignmentResource<I extends Props>(spec: Assignment<I>): ResourceDefinition<I> {
    const fields = Object.keys(spec.inputs.shape);
    const declaredOrNamed = (id: string, state: Props): I =>
        spec.inputs.parse(fields.some((field) => state[field] !== undefined) ? state : spec.fromId(id)) as I;
    /** Assigns, unless a refusal or a lost answer turns out to mean that the service holds the assignment already. */
    async function assignOnce(context: ResourceContext, wanted: I): Promise<void> {
        for (let attempt = 1; ; attempt++) {
            try {
                return await spec.assign(context.client(), wanted);
            } catch (error) {
                const refused = error instanceof ShortenerApiError && error.kind === "validation";
                if (!(refused || isUncertain(error))) throw error;
                if (await spec.alreadyThere(context, wanted, error)) return;
                if (refused || attempt >= ATTEMPTS) throw error;
                context.tell(`assigning ${spec.id(wanted)} got no answer the provider can use (${error.message}), and the service does not show it; trying again`);
            }
        }
    }
    return {
        kind: spec.kind,
        inputs: spec.inputs,
        replaceOn: fields as (keyof I & string)[],
        // Accepted for programs written before assignments were idempotent; it changes nothing.
        createOnly: ["adopt"] as (keyof I & string)[],
        async create(context, wanted) {
            if (!(await spec.alreadyThere(context, wanted))) await assignOnce(context, wanted);
            await spec.holds(context, wanted);
            return { id: spec.id(wanted), computed: {} };
        },
        async read(context, id, state) {
            const wanted = declaredOrNamed(id, state);
            return (await spec.exists(context, wanted)) ? { inputs: wanted, computed: {} } : undefined;
        },
        async delete(context, _id, state) {
            context.tell(`${spec.kind} removed from the stack; the service cannot unassign, so ${spec.leftBehind(spec.inputs.parse(state) as I)}`);
        },
    };
}

/** The parts of an assignment's id ("12/34"), or an error naming the form it should have. */
function idParts(kind: string, id: string, form: string, count: number): string[] {
    const parts = id.split("/");
    if (parts.length !== count || parts.some((part) => part === "")) throw new Error(`the id "${id}" is not the id of a ${kind} (${form})`);
    return parts;
}

const campaignLinkInputs = z.strictObject({ campaignId: objectId, linkId: objectId });
export type CampaignLinkInputs = z.output<typeof campaignLinkInputs>;

export const campaignLink = assignmentResource<CampaignLinkInputs>({
    kind: "CampaignLink",
    inputs: campaignLinkInputs,
    id: (wanted) => `${wanted.campaignId}/${wanted.linkId}`,
    fromId: (id) => {
        const [campaignId, linkId] = idParts("CampaignLink", id, "<campaignId>/<linkId>", 2);
        return { campaignId, linkId };
    },
    assign: (client, wanted) => client.campaigns.assignLink(wanted.campaignId, wanted.linkId),
    // The service does not list a campaign's links: the assignment lasts as long as its campaign.
    exists: async (context, state) =>
        (await context.lists.all("Campaign", () => collect(context.client().campaigns.all()))).some((c) => c.id === state.campaignId),
    // Nor can anything show whether a link is in a campaign before assigning it; the service's refusal of a link
    // already in the campaign is the only sign, and after a lost answer assigning again brings it out.
    alreadyThere: async (_context, _wanted, refusal) => refusal?.kind === "validation" && /already/i.test(refusal.serviceMessage ?? ""),
    // Nothing listed changes: the campaign listing does not show its links.
    holds: async () => undefined,
    leftBehind: (state) => `link ${state.linkId} stays in campaign ${state.campaignId}`,
});

export const CHANNEL_ITEM_TYPES = ["links", "bio", "qr"] as const;

const channelItemInputs = z.strictObject({
    channelId: objectId,
    type: z.enum(CHANNEL_ITEM_TYPES, { error: `must be one of ${CHANNEL_ITEM_TYPES.join(", ")}` }),
    itemId: objectId,
    adopt: z.literal(true, { error: "must be true (accepted for older programs: an item the channel already holds is always taken over)" }).optional(),
});
export type ChannelItemInputs = z.output<typeof channelItemInputs>;

const itemsListing = (channelId: number) => `ChannelItem:${channelId}`;
const itemKey = (type: string, id: number) => `${type}/${id}`;

/** The items of a channel, "type/id"; none when the channel is gone. Reads share the list cache. */
async function channelItems(context: ResourceContext, channelId: number): Promise<Set<string>> {
    try {
        const items = await context.lists.all(itemsListing(channelId), () => collect(context.client().channels.allItems(channelId)));
        return new Set(items.map((item) => itemKey(item.type, item.id)));
    } catch (error) {
        if (error instanceof ShortenerApiError && error.notFound) return new Set();
        throw error;
    }
}

/**
 * What each provider process knows of the channels it assigns to: the items a channel held when this process first
 * looked (none for a channel it created), and those it assigned since. Creates consult it instead of listing the
 * channel's items again after each assign, so K items into one channel cost one listing of it, not K.
 */
const assignedSince = new WeakMap<ResourceContext, Map<number, Promise<Set<string>>>>();

function knownItems(context: ResourceContext, channelId: number, fresh: boolean): Promise<Set<string>> {
    if (!assignedSince.has(context)) assignedSince.set(context, new Map());
    const channels = assignedSince.get(context)!;
    if (fresh) context.lists.invalidate(itemsListing(channelId));
    if (fresh || !channels.has(channelId)) {
        const made = createdByThisProcess(context, "Channel", channelId);
        const seen = made && !fresh ? Promise.resolve(new Set<string>()) : channelItems(context, channelId);
        // A failed listing is not kept: the next create looks again.
        channels.set(channelId, seen.catch((error) => {
            channels.delete(channelId);
            throw error;
        }));
    }
    return channels.get(channelId)!;
}

export const channelItem = assignmentResource<ChannelItemInputs>({
    kind: "ChannelItem",
    inputs: channelItemInputs,
    id: (wanted) => `${wanted.channelId}/${wanted.type}/${wanted.itemId}`,
    fromId: (id) => {
        const [channelId, type, itemId] = idParts("ChannelItem", id, "<channelId>/<type>/<itemId>", 3);
        return { channelId, type, itemId };
    },
    assign: async (client, wanted) => client.channels.assignItem(wanted.channelId, wanted.type, wanted.itemId),
    exists: async (context, state) => (await channelItems(context, state.channelId)).has(itemKey(state.type, state.itemId)),
    alreadyThere: async (context, wanted, refusal) =>
        (await knownItems(context, wanted.channelId, refusal !== undefined)).has(itemKey(wanted.type, wanted.itemId)),
    holds: async (context, wanted) => {
        (await knownItems(context, wanted.channelId, false)).add(itemKey(wanted.type, wanted.itemId));
        // A later read (a refresh in this process) lists the channel again rather than miss the new item.
        context.lists.invalidate(itemsListing(wanted.channelId));
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
