// A short link, the service's core object. Two facts of the service shape it (docs/service/links.md):
// - its update replaces the whole link (an omitted field is reset), so every update sends everything declared, and the
//   domain and campaign the program leaves out as the link holds them;
// - its create and update change what they do not like without saying so (an alias rewritten as a slug, a domain the
//   account does not hold, a feature the plan lacks), so an alias sent new is refused at preview in any form the
//   service would rewrite, and after a write what the service shows is held against the program: a difference, or a
//   read-back that fails, is an error naming it, with the link's id kept in the state.
import { ShortenerResource, declareKind } from "./resource";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { BOUNDS } from "../bounds";
import type { LinkBody, Link as RemoteLink, ShortenerClient } from "../client";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { declaredOutputs, secretOf, shapeOf, unseenWords, wordsOf } from "./fields";
import { ResourceInitError, type Failure, type Findings, type Props } from "./lifecycle";
import { changedFields, sameValue } from "./props";
import { adoptInput, listedResource } from "./listed";
import { LINK_FIELD_ROWS, LINK_FIELDS, LINK_OUTPUTS, type LinkField } from "./link-fields";
import { expiryPassed, newAliasFailure, splitShortUrl, UTM_KEYS, type Redirect } from "./link-values";
import { storedText } from "./values";
import { messageOf } from "../../common/text/message-of";

const inputs = z.strictObject({ ...shapeOf(LINK_FIELDS), adopt: adoptInput });
export type LinkInputs = z.output<typeof inputs>;

const computed = (shortUrl: string) => ({ shortUrl, storedAlias: splitShortUrl(shortUrl).alias });

/** The whole declared link in the service's terms. */
function body(wanted: LinkInputs): LinkBody {
    return Object.fromEntries(
        LINK_FIELD_ROWS.map((field) => [field.service, field.sent ? field.sent(wanted) : wanted[field.name]]),
    ) as unknown as LinkBody;
}

/** The rows of the table that hold `test`, by name, with what each says. */
function fieldsWhere<T>(pick: (field: LinkField) => T | undefined): Record<string, T> {
    return Object.fromEntries(
        LINK_FIELD_ROWS.flatMap((field) => {
            const value = pick(field);
            return value === undefined ? [] : [[field.name, value]];
        }),
    );
}

/** The link as the listing shows it, in the terms of the inputs; what it does not show is kept from state. */
function observe(remote: RemoteLink): Partial<LinkInputs> {
    return Object.fromEntries(
        LINK_FIELD_ROWS.flatMap((field) => {
            const value = field.listed?.(remote);
            return value === undefined ? [] : [[field.name, value ?? undefined]];
        }),
    );
}

/**
 * The link an update sends. The service's update resets what it is not sent, so the domain and the campaign the
 * program leaves to the service or to others are sent as the link holds them. The alias is sent unless the link holds
 * one the service would refuse anew (made before its rules, or by its admin), which an update that leaves it out keeps.
 */
async function updateBody(
    wanted: LinkInputs,
    changed: readonly string[],
    current: () => Promise<RemoteLink | undefined>,
): Promise<LinkBody> {
    const held = wanted.domain === undefined || wanted.campaign === undefined ? await current() : undefined;
    const aliasSent =
        sendsNewAlias(wanted, changed) || (wanted.alias !== undefined && newAliasFailure(wanted.alias) === undefined);
    return body({
        ...wanted,
        alias: aliasSent ? wanted.alias : undefined,
        domain: wanted.domain ?? (held && splitShortUrl(held.shortUrl).origin),
        campaign: wanted.campaign ?? heldCampaign(held),
    });
}

/**
 * Whether a write gives the link an alias it does not hold (`changed`: the fields the write changes, as the diff finds
 * them): the service judges such an alias anew, where one the link holds may have been made before its rules.
 */
function sendsNewAlias(wanted: LinkInputs, changed: readonly string[]): boolean {
    return wanted.alias !== undefined && changed.includes("alias");
}

/**
 * The campaign the link is in, for an update that must send it. Older versions of the service show it nowhere (their
 * listing has no campaign, and neither has the single link): sending none would take the link out of its campaign
 * without a word, so such an update is refused, saying how to send it.
 */
function heldCampaign(held: RemoteLink | undefined): number | undefined {
    if (!held || held.campaign !== undefined) return held?.campaign ?? undefined;
    throw new Error(
        `cannot update link ${held.id} without taking it out of its campaign: this version of the service does not show ` +
            "which campaign a link is in, and its update removes a link from a campaign it is not sent. Declare campaign " +
            "on the link (its campaign's id) to update it",
    );
}

/** What the service left out of a write it answered as done: each field's words, and the property as it holds it. */
interface Dropped {
    what: string[];
    held: Props;
}

/** The domain and alias the service gave the link, from the short URL it answered. */
function droppedFromAnswer(wanted: LinkInputs, shortUrl: string): Dropped {
    const { origin, alias } = splitShortUrl(shortUrl);
    const dropped: Dropped = { what: [], held: {} };
    if (wanted.alias !== undefined && alias !== wanted.alias) {
        dropped.what.push(`alias (the link got the alias "${alias}": the plan has no custom aliases)`);
        dropped.held.alias = alias;
    }
    if (wanted.domain !== undefined && origin !== wanted.domain) {
        dropped.what.push(
            `domain (the link is on ${origin}: the account does not hold ${wanted.domain}, or the plan does not allow it)`,
        );
        dropped.held.domain = origin;
    }
    return dropped;
}

/**
 * The fields of this write that only a read of the link shows: the expiry, the geo targets and (on an update) the long
 * URL. Device and language targets, parameters, pixels, the redirect and the deep link cannot be seen (links.md).
 */
function readBackFields(wanted: LinkInputs, urlChanged: boolean): (keyof LinkInputs)[] {
    const fields: (keyof LinkInputs)[] = [];
    if (wanted.expiry !== undefined) fields.push("expiry");
    if (wanted.geoTargets?.length) fields.push("geoTargets");
    if (urlChanged) fields.push("url");
    return fields;
}

/** What the service dropped of `fields`, read from the link itself. */
async function droppedOnRead(
    client: ShortenerClient,
    id: number,
    wanted: LinkInputs,
    fields: readonly (keyof LinkInputs)[],
): Promise<Dropped> {
    const dropped: Dropped = { what: [], held: {} };
    if (fields.length === 0) return dropped;
    const { link } = await client.links.get(id);
    const drop = (field: keyof LinkInputs, why: string, holds: unknown) => {
        dropped.what.push(`${field} (${why})`);
        dropped.held[field] = holds;
    };
    if (fields.includes("expiry") && !link.expiry) drop("expiry", "the plan does not allow expiration", undefined);
    if (fields.includes("geoTargets") && isEmpty(link.location))
        drop("geoTargets", "the plan has no geo targeting", undefined);
    if (fields.includes("url") && !storedText(wanted.url).includes(link.longUrl)) {
        drop(
            "url",
            `the link still leads to ${link.longUrl}: the plan does not allow editing a link's long URL`,
            link.longUrl,
        );
    }
    return dropped;
}

const isEmpty = (value: unknown) =>
    value === null ||
    value === undefined ||
    value === "" ||
    (typeof value === "object" && Object.keys(value).length === 0);

/** A write the service answered as done, held against the program: what it dropped is an error, with the id kept. */
async function checkedWrite(
    client: ShortenerClient,
    id: number,
    wanted: LinkInputs,
    shortUrl: string,
    urlChanged: boolean,
    verb: string,
): Promise<Props> {
    const done = `${verb} link ${id} (${shortUrl})`;
    const outputs = computed(shortUrl);
    const answered = droppedFromAnswer(wanted, shortUrl);
    const fields = readBackFields(wanted, urlChanged);
    let read: Dropped;
    try {
        read = await droppedOnRead(client, id, wanted, fields);
    } catch (error) {
        throw unread(done, id, fields, { ...answered.held, ...outputs }, error);
    }
    const what = [...answered.what, ...read.what];
    if (what.length === 0) return outputs;
    throw new ResourceInitError(
        `${done}, but the service silently dropped: ${what.join("; ")}. Declare what the account allows`,
        String(id),
        { ...answered.held, ...read.held, ...outputs },
    );
}

/**
 * A write whose read-back failed. The link exists with the id the service answered, so the error carries it; the
 * fields the read was to check are held as unknown (null), so that the next up sends them again and checks them.
 */
function unread(
    done: string,
    id: number,
    fields: readonly (keyof LinkInputs)[],
    known: Props,
    error: unknown,
): ResourceInitError {
    const unknown = Object.fromEntries(fields.map((field) => [field, null]));
    return new ResourceInitError(`${done}, but reading it back failed: ${messageOf(error)}`, String(id), {
        ...unknown,
        ...known,
    });
}

/** Rules across fields and from the old inputs to the new, at preview. */
function rules(news: LinkInputs, olds: Props): Findings {
    if (news.adopt === true && news.alias === undefined) {
        return {
            failures: [
                {
                    property: "adopt",
                    reason: "true finds the link by its domain and alias: declare alias, or adopt the link by its id (adopt: <id>)",
                },
            ],
        };
    }
    const changed = changedFields(WRITTEN_FIELDS, olds, news);
    const write = writeOf(olds, changed);
    return {
        failures: [...utmAgreement(news), ...sentValueFailures(news, changed, write), ...lostByUpdate(news, write)],
    };
}

/** The service has one parameter of each name: a UTM field given twice, in utm and in parameters, must agree. */
function utmAgreement(news: LinkInputs): Failure[] {
    return UTM_KEYS.flatMap((key) => {
        const named = news.parameters?.[`utm_${key}`];
        const given = news.utm?.[key];
        if (named === undefined || given === undefined || named === given) return [];
        const reason =
            `${JSON.stringify(given)} disagrees with parameters.utm_${key} (${JSON.stringify(named)}): both are sent as ` +
            `the query parameter utm_${key}, which the link has once; declare it in one of them`;
        return [{ property: `utm.${key}`, reason }];
    });
}

/** The inputs a write sends: all but how a create finds the link it adopts. */
const WRITTEN_FIELDS = Object.keys(inputs.shape).filter((field) => field !== "adopt");

/** What the change from the old inputs sends: a create (or an adopt), an update of the whole link, or nothing. */
function writeOf(olds: Props, changed: readonly string[]): "create" | "update" | undefined {
    if (Object.keys(olds).length === 0) return "create";
    return changed.length > 0 ? "update" : undefined;
}

/**
 * The service judges an alias and an expiry when it is sent them. An alias is judged where it is sent new, not where
 * the link holds it (an adopted or imported link may hold one made before the service's rules); an adopt's alias is
 * judged by the adopt, against the link it finds, before it sends anything (adoptFailures). An expiry is sent by every
 * write, and refused once it has passed; a link that is not written sends nothing, so a passed one is no error.
 */
function sentValueFailures(news: LinkInputs, changed: readonly string[], write: ReturnType<typeof writeOf>): Failure[] {
    const failures: Failure[] = [];
    const adopted = write === "create" && news.adopt !== undefined && news.adopt !== false;
    const aliasFailure = !adopted && sendsNewAlias(news, changed) ? newAliasFailure(news.alias!) : undefined;
    if (aliasFailure) failures.push({ property: "alias", reason: aliasFailure });
    if (write && news.expiry !== undefined && expiryPassed(news.expiry)) {
        const reason =
            `${news.expiry} has passed: the service refuses an expiry that is not later than now, and every write of ` +
            "the link sends it; declare a later one, or remove it";
        failures.push({ property: "expiry", reason });
    }
    return failures;
}

/** The fields every update resets whatever it is sent (links.md: public, the note). */
const LOST_BY_UPDATE = LINK_FIELD_ROWS.filter((field) => field.update === "lost");

/**
 * The service's update always makes a link private and empties its note: a link that keeps either cannot be updated
 * in place without becoming other than declared, so such an update is refused before anything is sent.
 */
function lostByUpdate(news: LinkInputs, write: ReturnType<typeof writeOf>): Failure[] {
    const unset = (field: LinkField) => z.safeParse(field.schema, undefined).data;
    const kept = LOST_BY_UPDATE.filter((field) => !sameValue(news[field.name], unset(field))).map(
        (field) => field.name,
    );
    const reason =
        "cannot be kept by an update: the service's update always makes a link private and empties its note. Replace the " +
        "link (pulumi up --replace <its URN>), or drop public and note from it to update it in place";
    return write === "update" ? kept.map((property) => ({ property, reason })) : [];
}

export const link = listedResource<LinkInputs, RemoteLink>({
    kind: "Link",
    description: "A short link, the service's core object: a short URL that sends visitors to a long one.",
    words: {
        noun: "Short link",
        label: { from: ["shortUrl"], text: (p) => p.shortUrl },
        link: (o) => o.shortUrl,
        ...wordsOf(LINK_FIELDS, LINK_OUTPUTS),
        publicUrl: { of: (o) => o.shortUrl, changedBy: ["alias", "domain"] },
    },
    secretInputs: secretOf(LINK_FIELDS),
    noun: "link",
    importNote:
        `${unseenWords(LINK_FIELDS)}: the service's listing never shows them, so they are not imported; declare them ` +
        "on a link to set them (its next update sends the whole declared link).",
    imported: {
        option: "links",
        snapshotKey: "links",
        title: "Links",
        prefix: "link",
        nameText: (remote) => remote.alias,
    },
    inputs,
    rules,
    list: (client, walk) => client.links.all({ limit: BOUNDS.linkPageSize.default, ...walk }),
    // The listing shows the visible half of a link; the rest is kept from state (docs/resources.md lists which).
    observe,
    storedForms: fieldsWhere((field) => field.storedForms),
    derivedWhenAbsent: Object.keys(
        fieldsWhere((field) => field.derivedWhenAbsent || undefined),
    ) as (keyof LinkInputs)[],
    irremovable: fieldsWhere((field) => field.irremovable),
    ...declaredOutputs(LINK_OUTPUTS),
    computed: (remote) => ({ ...computed(remote.shortUrl), channels: remote.channels }),
    naturalKey: {
        describe: (wanted) => `the alias "${wanted.alias}"${wanted.domain ? ` on ${wanted.domain}` : ""}`,
        fields: ["domain", "alias"],
        applies: (wanted) => wanted.alias !== undefined,
    },
    serverErrorHint:
        "the service answers a plan's link limit (\"You have reached your maximum links limit\") with an HTTP 500 page: check the account's plan",
    create: async (client, wanted) => {
        const saved = await client.links.create(body(wanted));
        // A new link is in no channel: a ChannelItem that puts it in one is seen by the next refresh.
        const outputs = await checkedWrite(client, saved.id, wanted, saved.shortUrl, false, "created");
        return { id: saved.id, computed: { channels: [], ...outputs } };
    },
    // The whole link every time: what the update is not sent, it resets.
    update: async (client, id, wanted, changed, current) => {
        const saved = await client.links.update(id, await updateBody(wanted, changed, current));
        // The outputs from the answer: a changed alias or domain gives the link a new short URL.
        return { computed: await checkedWrite(client, id, wanted, saved.shortUrl, changed.includes("url"), "updated") };
    },
    remove: (client, id) => client.links.delete(id),
    // The link as the service holds it is what the adopt's update changes: an alias it changes is sent new.
    adoptFailures: (news, changed) => sentValueFailures(news, changed, "update"),
});

/** Where a target's visitors go instead: `{ location: "Canada", url }`, `{ device: "iPhone", url }`, `{ language: "fr", url }`. */
export type LinkTarget<K extends "location" | "device" | "language"> = { url: string } & { [P in K]: string };

/** A link's UTM parameters: each sent as the query parameter `utm_<name>`. */
export type LinkUtm = { [K in (typeof UTM_KEYS)[number]]?: string };

/** App links: the app's link for each store, or the service's own detection. */
export type DeepLink = { apple?: string; google?: string } | { auto: true };

export interface LinkArgs {
    /** The long URL, with its scheme. */
    url: pulumi.Input<string>;
    /** The custom alias, exactly as the service stores it: letters, digits and single dashes inside, at least 3
     *  characters, not one of the service's own paths. Left out, the service picks a random one (see storedAlias). */
    alias?: pulumi.Input<string>;
    /** A domain of the account (`https://go.example.com`, or a `Domain`'s `domain` output). Left out: the service's default. */
    domain?: pulumi.Input<string>;
    /** The page's meta title and description the link shows. Left out (both), the service fetches the page's own. */
    title?: pulumi.Input<string>;
    description?: pulumi.Input<string>;
    /** The preview image the link shows (the service's `metaimage`): the URL of a .png or .jpg image. */
    image?: pulumi.Input<string>;
    /** A note for the account only. */
    note?: pulumi.Input<string>;
    /** Visitors must enter it. Secret everywhere; the service never shows it, so a change by hand is not seen. */
    password?: pulumi.Input<string>;
    /** When the link stops working: `2027-01-31`, `2027-01-31 18:00` or `2027-01-31 18:00:00` (the service's time). */
    expiry?: pulumi.Input<string>;
    /** Whether the link's statistics are public. Default false. */
    public?: pulumi.Input<boolean>;
    /** How visitors are sent on: "direct", "frame", "splash", `{ splash: <splash page id> }` or `{ overlay: <overlay id> }`. */
    redirect?: pulumi.Input<Redirect>;
    geoTargets?: pulumi.Input<LinkTarget<"location">[]>;
    deviceTargets?: pulumi.Input<LinkTarget<"device">[]>;
    /** `language`: a two-letter code. */
    languageTargets?: pulumi.Input<LinkTarget<"language">[]>;
    /** Query parameters added to the long URL, e.g. `{ ref: "poster" }`. */
    parameters?: pulumi.Input<Record<string, string>>;
    /** The UTM parameters by name, sent as `utm_source`, `utm_medium`, ... with `parameters`; one also named there
     *  (`parameters: { utm_source }`) must have the same value. */
    utm?: pulumi.Input<LinkUtm>;
    /** Ids of the account's pixels (`pixel.id`). */
    pixels?: pulumi.Input<pulumi.Input<number | string>[]>;
    /** The id of the account's campaign (`campaign.id`). Left out, a campaign set otherwise (a CampaignLink) is kept. */
    campaign?: pulumi.Input<number | string>;
    /** App links: `{ apple, google }`, or `{ auto: true }`. */
    deepLink?: pulumi.Input<DeepLink>;
    /** Take over an existing link instead of creating one: `true` finds it by its domain and alias, a number by its id. */
    adopt?: pulumi.Input<boolean | number>;
}
export type LinkArgsAgree = ArgsAgree<AgreeWith<LinkArgs, typeof inputs>>;

/** A short link. Its update sends the whole declared link, as the service's update replaces it. */
export class Link extends ShortenerResource {
    static {
        declareKind(this, link);
    }

    declare readonly url: pulumi.Output<string>;
    declare readonly alias: pulumi.Output<string | undefined>;
    declare readonly domain: pulumi.Output<string | undefined>;
    declare readonly title: pulumi.Output<string | undefined>;
    declare readonly description: pulumi.Output<string | undefined>;
    declare readonly image: pulumi.Output<string | undefined>;
    declare readonly utm: pulumi.Output<LinkUtm | undefined>;
    declare readonly password: pulumi.Output<string | undefined>;
    declare readonly expiry: pulumi.Output<string | undefined>;
    declare readonly campaign: pulumi.Output<number | undefined>;
    /** The short URL: the domain and the alias the link has. */
    declare readonly shortUrl: pulumi.Output<string>;
    /** The alias the service holds: the declared one, or the random one it picked. */
    declare readonly storedAlias: pulumi.Output<string>;
    /** The ids of the channels holding the link, as the last refresh saw them (empty until then). */
    declare readonly channels: pulumi.Output<number[] | undefined>;

    /** The password is secret whatever the program wrote (secretInputs). */
    constructor(name: string, args: LinkArgs, opts?: pulumi.CustomResourceOptions) {
        super(name, args, opts);
    }
}
