// A tracking pixel. Its type cannot change in place: a new type replaces it.
import { kindResource } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { PIXEL_TYPES, type Pixel as RemotePixel, type PixelType } from "../client";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { shapeOf, wordsOf, type Field } from "./fields";
import { adoptInput, listedResource } from "./listed";
import { serviceText, storedText } from "./values";

const FIELDS = {
    type: {
        schema: z.enum(PIXEL_TYPES, { error: `must be one of ${PIXEL_TYPES.join(", ")}` }),
        word: "pixel type",
        shown: true,
        description: `One of the 13 pixel type tokens: ${PIXEL_TYPES.join(", ")}. Changing it replaces the pixel.`,
    },
    name: {
        schema: serviceText("name").trim().min(1, { error: "must not be empty" }),
        word: "name",
        shown: true,
        description: "The pixel's name: not empty.",
    },
    tag: {
        schema: serviceText("tag").trim().min(1, { error: "must not be empty (the pixel's id at the third party)" }),
        word: "tag",
        shown: true,
        description: "The pixel's tag or id at the third party.",
    },
} as const satisfies Record<string, Field>;

const inputs = z.strictObject({ ...shapeOf(FIELDS), adopt: adoptInput });
export type PixelInputs = z.output<typeof inputs>;

export const pixel = listedResource<PixelInputs, RemotePixel>({
    kind: "Pixel",
    description: "A tracking pixel of an ad or analytics service, which short links can carry.",
    words: {
        noun: "Pixel",
        label: { from: ["name"], text: (p) => p.name },
        ...wordsOf(FIELDS, {}),
    },
    noun: "pixel",
    imported: {
        option: "pixels",
        snapshotKey: "pixels",
        title: "Pixels",
        prefix: "pixel",
        nameText: (remote) => remote.name || remote.tag,
    },
    inputs,
    replaceOn: ["type"],
    list: (client, walk) => client.pixels.all(walk),
    observe: (remote) => ({ type: remote.type as PixelInputs["type"], name: remote.name, tag: remote.tag }),
    storedForms: { name: storedText, tag: storedText },
    naturalKey: { describe: (wanted) => `type ${wanted.type} and tag "${wanted.tag}"`, fields: ["type", "tag"] },
    create: (client, wanted) => client.pixels.create({ type: wanted.type, name: wanted.name, tag: wanted.tag }),
    update: (client, id, wanted) => client.pixels.update(id, { name: wanted.name, tag: wanted.tag }),
    remove: (client, id) => client.pixels.delete(id),
});

export interface PixelArgs {
    /** One of the 13 pixel type tokens. Changing it replaces the pixel. */
    type: pulumi.Input<PixelType>;
    name: pulumi.Input<string>;
    /** The pixel's tag or id at the third party. */
    tag: pulumi.Input<string>;
    /** Take over an existing pixel instead of creating one: `true` finds it by type and tag, a number by its id. */
    adopt?: pulumi.Input<boolean | number>;
}
export type PixelArgsAgree = ArgsAgree<AgreeWith<PixelArgs, typeof inputs>>;

/** A tracking pixel. */
export class Pixel extends kindResource<PixelArgs>(pixel) {
    declare readonly type: pulumi.Output<PixelType>;
    declare readonly name: pulumi.Output<string>;
    declare readonly tag: pulumi.Output<string>;
}
