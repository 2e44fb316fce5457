// A channel: a labelled group of short links, bio pages and QR codes.
import { kindResource } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Channel as RemoteChannel } from "../client";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { shapeOf, declaredOutputs, wordsOf, type ComputedOutputs, type Field } from "./fields";
import { adoptInput, listedResource, onlyChanged } from "./listed";
import { hexColour, meaningfulText, storedName, storedText } from "./values";

const FIELDS = {
    name: {
        schema: meaningfulText("name"),
        word: "name",
        shown: true,
        description: "The channel's name: at least 3 characters.",
    },
    description: {
        schema: meaningfulText("description").optional(),
        word: "description",
        shown: true,
        description: "At least 3 characters. Once set it can be changed but not removed.",
    },
    color: {
        schema: hexColour.optional(),
        word: "colour",
        shown: true,
        description: "The badge colour as `#RRGGBB`, any case (stored upper-case). Cannot be removed once set.",
    },
    starred: {
        schema: z.boolean().default(false),
        word: "starred",
        shown: true,
        description: "Whether the channel is starred; default `false`.",
    },
} as const satisfies Record<string, Field>;
const OUTPUTS = {
    effectiveColor: {
        schema: z.string().optional(),
        word: "colour shown",
        description:
            "The badge colour the service shows: the declared one, or the one it picked when none was declared.",
    },
} as const satisfies ComputedOutputs;

const inputs = z.strictObject({ ...shapeOf(FIELDS), adopt: adoptInput });
export type ChannelInputs = z.output<typeof inputs>;

/** The service writes an unset description or colour as "". */
const unlessEmpty = (value: string) => (value === "" ? undefined : value);
/** Colours are compared in upper case, as declared colours are normalised. */
const badgeColour = (remote: RemoteChannel) => unlessEmpty(remote.color)?.toUpperCase();

export const channel = listedResource<ChannelInputs, RemoteChannel>({
    kind: "Channel",
    description: "A channel: a labelled group of short links, bio pages and QR codes.",
    words: {
        noun: "Channel",
        label: { from: ["name"], text: (p) => p.name },
        ...wordsOf(FIELDS, OUTPUTS),
    },
    noun: "channel",
    imported: {
        option: "channels",
        snapshotKey: "channels",
        title: "Channels",
        prefix: "channel",
        nameText: (remote) => remote.name,
    },
    inputs,
    list: (client, walk) => client.channels.all(walk),
    observe: (remote) => ({
        name: remote.name,
        description: unlessEmpty(remote.description),
        color: badgeColour(remote),
        starred: remote.starred,
    }),
    storedForms: { name: storedName, description: storedText },
    // The real service gives a channel created without a colour a random one: that is an output, not drift.
    derivedWhenAbsent: ["color"],
    ...declaredOutputs(OUTPUTS),
    computed: (remote) => ({ effectiveColor: badgeColour(remote) ?? null }),
    // The service ignores a description of 2 characters or fewer and refuses an empty colour, so neither can be
    // cleared once set: refused at preview rather than failing at up or showing a diff forever.
    irremovable: {
        description: "cannot be removed once set (the service keeps the old value); set a new description instead",
        color: "cannot be removed once set (the service keeps the old value); set a new color instead",
    },
    naturalKey: { describe: (wanted) => `the name "${wanted.name}"`, fields: ["name"] },
    // The create answer carries the stored channel (spec: `{error, id, name, description, color, starred}`), colour
    // included, so the effective colour comes from it; an answer without one shows the colour that was sent. No
    // listing follows the create: one per create would make an up of N channels cost N listings of N/100 pages.
    create: async (client, wanted) => {
        const answer = await client.channels.create({
            name: wanted.name,
            description: wanted.description,
            color: wanted.color,
            starred: wanted.starred,
        });
        return { id: answer.id, computed: { effectiveColor: badgeColour(answer) ?? wanted.color ?? null } };
    },
    // Only what changed is sent: the service applies each field it is given, so a colour sent is the colour it shows.
    update: async (client, id, wanted, changed) => {
        await client.channels.update(id, onlyChanged(wanted, changed));
        if (changed.includes("color")) return { computed: { effectiveColor: wanted.color ?? null } };
    },
    remove: (client, id) => client.channels.delete(id),
});

export interface ChannelArgs {
    /** At least 3 characters (the service ignores shorter names on update). */
    name: pulumi.Input<string>;
    /** At least 3 characters; once set it can be changed but not removed (the service ignores an empty one). */
    description?: pulumi.Input<string>;
    /** Badge colour `#RRGGBB`, any case. */
    color?: pulumi.Input<string>;
    /** Default false. */
    starred?: pulumi.Input<boolean>;
    /** Take over an existing channel instead of creating one: `true` finds it by its name, a number by its id. */
    adopt?: pulumi.Input<boolean | number>;
}
export type ChannelArgsAgree = ArgsAgree<AgreeWith<ChannelArgs, typeof inputs>>;

/** A channel: a labelled group of short links, bio pages and QR codes. Items join it through `ChannelItem`. */
export class Channel extends kindResource<ChannelArgs>(channel) {
    declare readonly name: pulumi.Output<string>;
    declare readonly description: pulumi.Output<string | undefined>;
    /** The declared colour, in upper case. */
    declare readonly color: pulumi.Output<string | undefined>;
    /** The colour the service shows: the declared one, or the one it picked when none was declared. */
    declare readonly effectiveColor: pulumi.Output<string | null>;
    declare readonly starred: pulumi.Output<boolean>;
}
