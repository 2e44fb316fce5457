// A branded domain. Its name cannot change in place, and the service refuses the same name twice, so a new
// name replaces it, deleting the old one first.
import { kindResource } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import type { Domain as RemoteDomain } from "../client";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { shapeOf, wordsOf, type Field } from "./fields";
import { adoptInput, listedResource, onlyChanged } from "./listed";
import { httpUrl, normaliseOrigin, normaliseUrl } from "./values";

const FIELDS = {
    domain: {
        schema: httpUrl.transform(normaliseOrigin),
        word: "domain",
        shown: true,
        description:
            "The domain as a URL with its scheme, e.g. `https://go.example.com`. Changing it replaces the domain, " +
            "deleting the old one first (the service refuses the same name twice).",
    },
    redirectRoot: {
        schema: httpUrl.optional(),
        word: "root redirect",
        shown: true,
        description: "Where visitors of the bare domain are sent (an http or https URL). Cannot be removed once set.",
    },
    redirect404: {
        schema: httpUrl.optional(),
        word: "404 redirect",
        shown: true,
        description: "Where visitors of an unknown short link are sent. Cannot be removed once set.",
    },
} as const satisfies Record<string, Field>;

const inputs = z.strictObject({ ...shapeOf(FIELDS), adopt: adoptInput });
export type DomainInputs = z.output<typeof inputs>;

/** The service writes an unset redirect as "". A redirect is compared as sent: only its scheme and host by case. */
const optionalUrl = (value: string) => (value ? normaliseUrl(value) : undefined);

/** The host of a domain's URL, which names its resource: go.example.com. */
function hostOf(url: string): string {
    try {
        return new URL(url).host;
    } catch {
        return url;
    }
}

export const domain = listedResource<DomainInputs, RemoteDomain>({
    kind: "Domain",
    description: "A branded domain of the account, which short links can be made on.",
    words: {
        noun: "Domain",
        label: { from: ["domain"], text: (p) => p.domain },
        link: (o) => o.domain,
        ...wordsOf(FIELDS, {}),
    },
    noun: "domain",
    imported: {
        option: "domains",
        snapshotKey: "domains",
        title: "Domains",
        prefix: "domain",
        nameText: (remote) => hostOf(remote.domain),
    },
    inputs,
    replaceOn: ["domain"],
    deleteBeforeReplace: true,
    list: (client, walk) => client.domains.all(walk),
    observe: (remote) => ({
        domain: normaliseOrigin(remote.domain),
        redirectRoot: optionalUrl(remote.redirectRoot),
        redirect404: optionalUrl(remote.redirect404),
    }),
    irremovable: {
        redirectRoot: "cannot be removed once set: the service refuses an empty redirect; set another URL instead",
        redirect404: "cannot be removed once set: the service refuses an empty redirect; set another URL instead",
    },
    naturalKey: { describe: (wanted) => `the name ${wanted.domain}`, fields: ["domain"] },
    create: (client, wanted) =>
        client.domains.create({
            domain: wanted.domain,
            redirectRoot: wanted.redirectRoot,
            redirect404: wanted.redirect404,
        }),
    // Only the redirects can change in place (a new name replaces the domain), and only what changed is sent.
    update: (client, id, wanted, changed) => client.domains.update(id, onlyChanged(wanted, changed)),
    remove: (client, id) => client.domains.delete(id),
});

export interface DomainArgs {
    /** The domain as a URL with its scheme, e.g. `https://go.example.com`. It must already point to the service.
     *  Changing it replaces the domain, deleting the old one first (the service refuses a name twice). */
    domain: pulumi.Input<string>;
    /** Where visitors of the bare domain are sent. */
    redirectRoot?: pulumi.Input<string>;
    /** Where visitors of an unknown short link are sent. */
    redirect404?: pulumi.Input<string>;
    /** Take over an existing domain instead of creating one: `true` finds it by its name, a number by its id. */
    adopt?: pulumi.Input<boolean | number>;
}
export type DomainArgsAgree = ArgsAgree<AgreeWith<DomainArgs, typeof inputs>>;

/** A branded domain. */
export class Domain extends kindResource<DomainArgs>(domain) {
    declare readonly domain: pulumi.Output<string>;
    declare readonly redirectRoot: pulumi.Output<string | undefined>;
    declare readonly redirect404: pulumi.Output<string | undefined>;
}
