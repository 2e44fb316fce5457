// A campaign: a named group of short links with an optional public rotator.
import { kindResource } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Campaign as RemoteCampaign } from "../client";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { shapeOf, unseenWords, declaredOutputs, wordsOf, type ComputedOutputs, type Field } from "./fields";
import { adoptInput, listedResource } from "./listed";
import { meaningfulText, storedName } from "./values";

const FIELDS = {
    name: {
        schema: meaningfulText("name"),
        word: "name",
        shown: true,
        description: "The campaign's name: at least 3 characters.",
    },
    slug: {
        schema: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9_-]+$/, {
                error: "must be letters, digits, - or _ (it becomes part of the rotator URL)",
            })
            .optional(),
        word: "rotator slug",
        shown: false,
        description:
            "The rotator's slug: letters, digits, `-` and `_`. Without it the campaign has no rotator of its own " +
            "choosing. Cannot be removed once set.",
    },
    public: {
        schema: z.boolean().default(false),
        word: "public",
        shown: true,
        description: "Whether the campaign's list page is public; default `false`.",
    },
} as const satisfies Record<string, Field>;
const OUTPUTS = {
    rotatorUrl: {
        schema: z.string().nullable(),
        word: "rotator URL",
        description: "The rotator's URL, which sends each visitor to one of the campaign's links; null without one.",
    },
    listUrl: { schema: z.string().nullable(), word: "list URL", description: "The URL of the campaign's list page." },
} as const satisfies ComputedOutputs;

const inputs = z.strictObject({ ...shapeOf(FIELDS), adopt: adoptInput });
export type CampaignInputs = z.output<typeof inputs>;

const urls = (remote: RemoteCampaign) => ({ rotatorUrl: remote.rotatorUrl ?? null, listUrl: remote.listUrl });

export const campaign = listedResource<CampaignInputs, RemoteCampaign>({
    kind: "Campaign",
    description: "A campaign: a named group of short links, with an optional public rotator.",
    words: {
        noun: "Campaign",
        label: { from: ["name"], text: (p) => p.name },
        link: (o) => o.rotatorUrl ?? o.listUrl,
        ...wordsOf(FIELDS, OUTPUTS),
    },
    noun: "campaign",
    importNote:
        `${unseenWords(FIELDS)}: the service does not show it (the rotator URL shows its effect). Left out, updates keep ` +
        "it; declare a slug only to change it (the service refuses a campaign's own slug, and cannot remove one).",
    imported: {
        option: "campaigns",
        snapshotKey: "campaigns",
        title: "Campaigns",
        prefix: "campaign",
        nameText: (remote) => remote.name,
    },
    inputs,
    list: (client, walk) => client.campaigns.all(walk),
    // The listing does not show the slug; it stays as declared (the rotator URL output shows its effect). Without a
    // declared slug the real service picks one, which only the rotator URL shows.
    observe: (remote) => ({ name: remote.name, public: remote.public }),
    storedForms: { name: storedName },
    irremovable: {
        slug: "cannot be removed once set: the service ignores an empty slug and keeps the rotator; set a new slug instead",
    },
    ...declaredOutputs(OUTPUTS),
    computed: urls,
    naturalKey: { describe: (wanted) => `the name "${wanted.name}"`, fields: ["name"] },
    create: async (client, wanted) => {
        const remote = await client.campaigns.create({ name: wanted.name, slug: wanted.slug, public: wanted.public });
        return { id: remote.id, computed: urls(remote) };
    },
    // The name is required on every update. The slug is sent only when it changes: the real service's uniqueness
    // check counts the campaign's own slug as taken, so sending it unchanged is refused.
    update: async (client, id, wanted, changed) => {
        const remote = await client.campaigns.update(id, {
            name: wanted.name,
            public: wanted.public,
            slug: changed.includes("slug") ? wanted.slug : undefined,
        });
        return { computed: urls(remote) };
    },
    remove: (client, id) => client.campaigns.delete(id),
});

export interface CampaignArgs {
    /** At least 3 characters (the service ignores shorter names on update), no HTML tags. The service stores it with
     *  a capital first letter and & " ' < > escaped; either form counts as this name. */
    name: pulumi.Input<string>;
    /** The rotator's slug: letters, digits, - and _. Left out, the service may pick one (see rotatorUrl). Once set it
     *  can be changed but not removed. */
    slug?: pulumi.Input<string>;
    /** Whether the campaign's list page is public. Default false. */
    public?: pulumi.Input<boolean>;
    /** Take over an existing campaign instead of creating one: `true` finds it by its name, a number by its id. */
    adopt?: pulumi.Input<boolean | number>;
}
export type CampaignArgsAgree = ArgsAgree<AgreeWith<CampaignArgs, typeof inputs>>;

/** A campaign of short links. Links join it through `CampaignLink`. */
export class Campaign extends kindResource<CampaignArgs>(campaign) {
    declare readonly name: pulumi.Output<string>;
    declare readonly slug: pulumi.Output<string | undefined>;
    declare readonly public: pulumi.Output<boolean>;
    /** The rotator URL, or null when the campaign has no rotator. */
    declare readonly rotatorUrl: pulumi.Output<string | null>;
    /** The campaign's list page; null when the service shows none (a campaign without a slug). */
    declare readonly listUrl: pulumi.Output<string | null>;
}
