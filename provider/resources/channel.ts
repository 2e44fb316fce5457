// A channel: a labelled group of short links, bio pages and QR codes.
import { ShortenerResource } from "./resource";
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Channel as RemoteChannel } from "../client";
import { adoptInput, listedResource, onlyChanged } from "./listed";
import { hexColour, meaningfulText } from "./values";

const inputs = z.strictObject({
    name: meaningfulText("name"),
    description: meaningfulText("description").optional(),
    color: hexColour.optional(),
    starred: z.boolean().default(false),
    adopt: adoptInput,
});
export type ChannelInputs = z.output<typeof inputs>;

/** The service writes an unset description or colour as "". */
const unlessEmpty = (value: string) => (value === "" ? undefined : value);

export const channel = listedResource<ChannelInputs, RemoteChannel>({
    kind: "Channel",
    noun: "channel",
    inputs,
    list: (client) => client.channels.all(),
    observe: (remote) => ({
        name: remote.name,
        description: unlessEmpty(remote.description),
        color: unlessEmpty(remote.color)?.toUpperCase(),
        starred: remote.starred,
    }),
    // The service ignores a description of 2 characters or fewer and refuses an empty colour, so neither can be
    // cleared once set: refused at preview rather than failing at up or showing a diff forever.
    rules: (news, olds) =>
        (["description", "color"] as const)
            .filter((field) => olds[field] !== undefined && news[field] === undefined)
            .map((field) => ({ property: field, reason: `cannot be removed once set (the service keeps the old value); set a new ${field} instead` })),
    naturalKey: {
        describe: (wanted) => `the name "${wanted.name}"`,
        matches: (wanted, remote) => remote.name === wanted.name,
    },
    create: async (client, wanted) => {
        const { id } = await client.channels.create({ name: wanted.name, description: wanted.description, color: wanted.color, starred: wanted.starred });
        return { id };
    },
    // Only what changed is sent: the service applies each field it is given.
    update: (client, id, wanted, changed) => client.channels.update(id, onlyChanged(wanted, changed)),
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

/** A channel: a labelled group of short links, bio pages and QR codes. Items join it through `ChannelItem`. */
export class Channel extends ShortenerResource {
    declare readonly name: pulumi.Output<string>;
    declare readonly description: pulumi.Output<string | undefined>;
    /** The colour in upper case, as the service stores it. */
    declare readonly color: pulumi.Output<string | undefined>;
    declare readonly starred: pulumi.Output<boolean>;

    constructor(name: string, args: ChannelArgs, opts?: pulumi.CustomResourceOptions) {
        super("Channel", name, args, ["name", "description", "color", "starred"], opts);
    }
}
