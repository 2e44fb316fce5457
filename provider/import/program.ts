// The Pulumi TypeScript program that takes over what an account holds: one resource per object, adopting it by
// id with the values the service holds, so the first `pulumi up` makes no write. What a kind holds is read from the
// kind's own definition: its `observe` (the inputs as the service holds them, an unset value left out), its input
// schema (a value equal to the default is left out), its stored forms (the service's escaping, undone only where the
// service escapes) and its import note (what the listing does not show). Only the account and the channels' items
// are written here by hand. Everything reaches the text through emit.ts.
import { z } from "zod";
import type { Campaign, Domain, Pixel, QrCode } from "../client";
import { campaign } from "../resources/campaign";
import { channel } from "../resources/channel";
import { domain } from "../resources/domain";
import { sameValue, type Props } from "../resources/lifecycle";
import type { Remote } from "../resources/listed";
import { pixel } from "../resources/pixel";
import { qrCode } from "../resources/qrcode";
import { unescapedText, withoutEntities } from "../resources/values";
import { quoted } from "../wiki/echo";
import { comment, construction, Fixed, IdOf, note, type Value } from "./emit";
import { nameObjects, type Named } from "./names";
import type { ChannelWithItems, Snapshot } from "./snapshot";

/**
 * How the service stores text. "real": as the hosted service does, with & " ' < > escaped as HTML entities (the
 * program declares the text itself, which the provider takes as the same value). "spec": as sent, as the API
 * specification says (the program declares the stored text as it is).
 */
export const SERVICE_TEXT = ["real", "spec"] as const;
export type ServiceText = (typeof SERVICE_TEXT)[number];

export interface ProgramOptions {
    /** Where the account was read from: the base URL as shown, credentials left out (see shownBaseUrl). */
    source: string;
    /** When it was read, as written in the header. */
    importedAt: Date;
    service: ServiceText;
}

/** What the import reads of a listed kind's definition (see ListedKind in resources/listed/spec.ts). */
interface KindKnowledge<R> {
    kind: string;
    inputs: z.ZodObject<z.ZodRawShape>;
    listed: {
        noun: string;
        observe(remote: R): Props;
        storedForms?: { [field: string]: ((declared: never) => readonly unknown[]) | undefined };
        computed?(remote: R): Props;
        importNote?: string;
    };
}

/** A kind the service lists, as the import declares it. */
interface ListedImport<R extends Remote> {
    title: string;
    definition: KindKnowledge<R>;
    /** The variable's first word, and the name of objects whose name has no usable word. */
    prefix: string;
    /** The text an object's resource name is derived from. */
    nameText(remote: R): string;
    objects(snapshot: Snapshot): readonly R[] | undefined;
}

const listed = <R extends Remote>(kind: ListedImport<R>) => kind as unknown as ListedImport<Remote>;

const DOMAINS = listed<Domain>({ title: "Domains", definition: domain, prefix: "domain", nameText: (d) => hostOf(d.domain), objects: (s) => s.domains });
const CAMPAIGNS = listed<Campaign>({ title: "Campaigns", definition: campaign, prefix: "campaign", nameText: (c) => c.name, objects: (s) => s.campaigns });
const CHANNELS = listed<ChannelWithItems>({ title: "Channels", definition: channel, prefix: "channel", nameText: (c) => c.name, objects: (s) => s.channels });
const PIXELS = listed<Pixel>({ title: "Pixels", definition: pixel, prefix: "pixel", nameText: (p) => p.name || p.tag, objects: (s) => s.pixels });
const QR_CODES = listed<QrCode>({ title: "QR codes", definition: qrCode, prefix: "qr", nameText: (qr) => qr.name, objects: (s) => s.qrCodes });

/** In the order they are declared: a channel's items refer to QR codes declared before them. */
const LISTED_KINDS = [DOMAINS, CAMPAIGNS, CHANNELS, PIXELS, QR_CODES];

export function generateProgram(snapshot: Snapshot, options: ProgramOptions): string {
    // Names come from the text, not its escaped form: "Tom &amp; Jerry" is named tom-jerry whatever --service says.
    const names = new Map(
        LISTED_KINDS.map((kind) => [kind, nameObjects(kind.prefix, (kind.objects(snapshot) ?? []).map((o) => ({ id: o.id, text: withoutEntities(kind.nameText(o)) })))]),
    );
    const body = [
        snapshot.account && accountSection(snapshot.account.email),
        ...LISTED_KINDS.map((kind) => {
            const objects = kind.objects(snapshot);
            return objects && section(kind.title, objects.map((remote) => declaration(kind, remote, names.get(kind)!.get(remote.id)!, options.service)));
        }),
        snapshot.channels && section("What the channels hold", channelItemsCode(snapshot.channels, names.get(CHANNELS)!, names.get(QR_CODES)!)),
    ]
        .filter((part) => part !== undefined)
        .join("\n\n");
    return [header(snapshot, options, countRefused(body)), 'import * as shortener from "pulumi-shortener";', body].join("\n\n") + "\n";
}

/** Marks a resource whose values, as the service holds them, the provider's input checks refuse. */
const REFUSED = "The provider refuses this at preview:";

/** How many resources of a generated program are marked as refused (the mark starts a line; values never do). */
export function countRefused(program: string): number {
    return program.split("\n").filter((line) => line.startsWith(`// ${REFUSED}`)).length;
}

/** A one-line summary of what the snapshot holds, e.g. "3 domains, 2 campaigns, ...". */
export function summary(snapshot: Snapshot): string {
    const counted = (count: number | undefined, one: string) => (count === undefined ? undefined : `${count} ${count === 1 ? one : `${one}s`}`);
    const items = snapshot.channels?.reduce((total, channel) => total + channel.items.length, 0);
    return [
        snapshot.account && "the account's settings",
        counted(snapshot.domains?.length, "domain"),
        counted(snapshot.campaigns?.length, "campaign"),
        snapshot.channels && `${counted(snapshot.channels.length, "channel")} (${counted(items, "item")})`,
        counted(snapshot.pixels?.length, "pixel"),
        counted(snapshot.qrCodes?.length, "QR code"),
    ]
        .filter((part) => part !== undefined)
        .join(", ");
}

/**
 * Whether the texts of an account tell how the service stores text: a bare & " ' < > in a text the real service
 * escapes means the service stored it as sent ("spec"); texts with entities and no bare character are what either
 * service could hold, so the import cannot tell ("unknown", with an example); no entity at all makes no difference.
 */
export function serviceTextOf(snapshot: Snapshot): { service: ServiceText } | { service: "unknown"; example: string } {
    const texts = LISTED_KINDS.flatMap((kind) =>
        (kind.objects(snapshot) ?? []).flatMap((remote) => {
            const observed = kind.definition.listed.observe(remote);
            return Object.keys(kind.definition.listed.storedForms ?? {})
                .filter((field) => typeof observed[field] === "string")
                .map((field) => ({ text: observed[field] as string, where: `${kind.definition.listed.noun} ${remote.id}'s ${field}` }));
        }),
    );
    const withEntity = texts.find(({ text }) => unescapedText(text) !== undefined && unescapedText(text) !== text);
    if (!withEntity) return { service: "spec" };
    if (texts.some(({ text }) => unescapedText(text) === undefined)) return { service: "spec" };
    return { service: "unknown", example: `${withEntity.where} is ${quoted(withEntity.text)}` };
}

function header(snapshot: Snapshot, options: ProgramOptions, refused: number): string {
    const lines = [comment`Imported by shortener-import from ${options.source} at ${new Fixed(options.importedAt.toISOString())}:`, note(`${summary(snapshot)}.`)];
    if (snapshot.systemDomains) {
        const count = snapshot.systemDomains.length;
        lines.push(note(`Left out: ${count} system domain${count === 1 ? "" : "s"} (the service's own, listed with no id; an account cannot manage them).`));
    }
    if (refused > 0) {
        lines.push(
            note(
                `${refused} resource${refused === 1 ? "" : "s"} hold${refused === 1 ? "s" : ""} values the provider refuses (marked "The provider refuses this"):\n` +
                    "fix them here or in the dashboard before the first preview.",
            ),
        );
    }
    lines.push(
        note(
            `Text as ${options.service === "real" ? "the service escapes it (--service real): HTML entities undone" : "the service stored it (--service spec)"}.\n` +
                "Each resource adopts the object it names, declared as the service holds it: the first `pulumi up` takes them\n" +
                "over without a write and the next `pulumi preview` shows no change. From then on they are managed like any\n" +
                "other resource: `pulumi destroy` deletes them (add `{ retainOnDelete: true }` to keep one on the service).",
        ),
    );
    return lines.join("\n");
}

function section(title: string, statements: string[]): string {
    return [note(title), ...(statements.length ? statements : [note("(none)")])].join("\n");
}

function accountSection(email: string): string {
    return section("Account", [
        note(
            "password: the service never shows it. Left out, the first `up` leaves it as it is; to manage it, declare\n" +
                'password: config.requireSecret("accountPassword") (it is always stored as a secret).',
        ),
        construction("AccountSettings", "account", [["email", email]]),
    ]);
}

/** One object of a listed kind: its import note, what the service computes, refusals, and the resource. */
function declaration(kind: ListedImport<Remote>, remote: Remote, named: Named, service: ServiceText): string {
    const spec = kind.definition.listed;
    const fields: [string, Value][] = [["adopt", remote.id], ...declaredInputs(kind.definition, remote, service)];
    // What the service shows in place of what it hides (the rotator URL for the slug, the link for the data).
    const shown = spec.importNote === undefined ? [] : (Object.entries(spec.computed?.(remote) ?? {}) as [string, string | number | null][]);
    return [
        spec.importNote === undefined ? undefined : note(spec.importNote),
        ...shown.map(([output, value]) => comment`${new Fixed(output)} (shown by the service): ${value}`),
        ...refusedInputs(kind.definition, fields).map((reason) => comment`${new Fixed(REFUSED)} ${reason}`),
        construction(kind.definition.kind, named.resource, fields, named.variable),
    ]
        .filter((part) => part !== undefined)
        .join("\n");
}

/**
 * The kind's inputs as the service holds them (its observe), leaving out what equals the input's unset form (absent,
 * or the schema's default), in the form to declare: where the service escapes text, the text itself, when the
 * kind's stored forms of that text are the stored value.
 */
function declaredInputs(definition: KindKnowledge<Remote>, remote: Remote, service: ServiceText): [string, Value][] {
    const observed: Props = definition.listed.observe(remote);
    const storedForms = (definition.listed.storedForms ?? {}) as Record<string, ((declared: string) => readonly unknown[]) | undefined>;
    return Object.entries(observed).flatMap(([field, value]): [string, Value][] => {
        if (value === undefined) return [];
        const schema = definition.inputs.shape[field];
        if (schema === undefined) throw new Error(`internal error: ${definition.kind} observes ${field}, which is not an input`);
        const unset = z.safeParse(schema, undefined);
        if (unset.success && sameValue(unset.data, value)) return [];
        if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
            throw new Error(`internal error: ${definition.kind}.${field} is observed as ${typeof value}`);
        }
        if (service === "real" && typeof value === "string" && storedForms[field]) {
            const text = unescapedText(value);
            if (text !== undefined && storedForms[field]!(text).some((form) => form === value)) return [[field, text]];
        }
        return [[field, value]];
    });
}

/** What the kind's own input checks (those `pulumi preview` runs) say about the values, one per problem. */
function refusedInputs(definition: KindKnowledge<Remote>, fields: [string, Value][]): string[] {
    const checked = definition.inputs.safeParse(Object.fromEntries(fields));
    return checked.success ? [] : checked.error.issues.map((issue) => `${issue.path.join(".") || "(inputs)"}: ${issue.message}`);
}

function channelItemsCode(channels: ChannelWithItems[], channelNames: Map<number, Named>, qrNames: Map<number, Named>): string[] {
    return channels.flatMap((holder) => {
        const container = channelNames.get(holder.id)!;
        return holder.items.map((item) => {
            const qr = item.type === "qr" ? qrNames.get(item.id) : undefined;
            return [
                comment`${item.type} item ${item.id}: ${item.title}`,
                construction("ChannelItem", `${container.resource}-${item.type}-${item.id}`, [
                    ["adopt", true],
                    ["channelId", new IdOf(container.variable)],
                    ["type", item.type],
                    ["itemId", qr ? new IdOf(qr.variable) : item.id],
                ]),
            ].join("\n");
        });
    });
}

function hostOf(url: string): string {
    try {
        return new URL(url).host;
    } catch {
        return url;
    }
}
