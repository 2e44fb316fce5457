// The Pulumi TypeScript program that takes over what an account holds: one resource per object, adopting it by
// id with the values the service holds, so the first `pulumi up` makes no write. Values the service does not
// show are left out (the form that writes nothing) and a comment says so.
import type { Campaign, Domain, Pixel, QrCode } from "../client";
import { definitions } from "../resources/registry";
import { nameObjects, type Named } from "./names";
import type { ChannelWithItems, Snapshot } from "./snapshot";

export interface ProgramOptions {
    /** Where the account was read from (the base URL; never the key). */
    source: string;
    /** When it was read, as written in the header. */
    importedAt: Date;
}

type Fields = [name: string, value: string | number | boolean | Reference | undefined][];

/** An expression written as it is, e.g. `channelNews.id`. */
class Reference {
    constructor(readonly expression: string) {}
}

export function generateProgram(snapshot: Snapshot, options: ProgramOptions): string {
    const qrNames = nameObjects("qr", (snapshot.qrCodes ?? []).map((qr) => ({ id: qr.id, text: qr.name })));
    const channelNames = nameObjects("channel", (snapshot.channels ?? []).map((channel) => ({ id: channel.id, text: channel.name })));
    const body = [
        snapshot.account && accountSection(snapshot.account.email),
        snapshot.domains && section("Domains", domainsCode(snapshot.domains)),
        snapshot.campaigns && section("Campaigns", campaignsCode(snapshot.campaigns)),
        snapshot.channels && section("Channels", channelsCode(snapshot.channels, channelNames)),
        snapshot.pixels && section("Pixels", pixelsCode(snapshot.pixels)),
        snapshot.qrCodes && section("QR codes", qrCodesCode(snapshot.qrCodes, qrNames)),
        snapshot.channels && section("What the channels hold", channelItemsCode(snapshot.channels, channelNames, qrNames)),
    ]
        .filter((part) => part !== undefined)
        .join("\n\n");
    return [header(snapshot, options, countRefused(body)), 'import * as shortener from "pulumi-shortener";', body].join("\n\n") + "\n";
}

/** Marks a resource whose values, as the service holds them, the provider's input checks refuse. */
const REFUSED = "// The provider refuses this at preview:";

/** How many resources of a generated program are marked as refused (the mark starts a line; values never do). */
export function countRefused(program: string): number {
    return program.split("\n").filter((line) => line.startsWith(REFUSED)).length;
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

function header(snapshot: Snapshot, options: ProgramOptions, refused: number): string {
    const lines = [
        `Imported by shortener-import from ${options.source} at ${options.importedAt.toISOString()}:`,
        `${summary(snapshot)}.`,
    ];
    if (snapshot.systemDomains) {
        const count = snapshot.systemDomains.length;
        lines.push(`Left out: ${count} system domain${count === 1 ? "" : "s"} (the service's own, listed with no id; an account cannot manage them).`);
    }
    if (refused > 0) {
        lines.push(
            `${refused} resource${refused === 1 ? "" : "s"} hold${refused === 1 ? "s" : ""} values the provider refuses (marked "The provider refuses this"):`,
            "fix them here or in the dashboard before the first preview.",
        );
    }
    lines.push(
        "Each resource adopts the object it names, declared as the service holds it: the first `pulumi up` takes them",
        "over without a write and the next `pulumi preview` shows no change. From then on they are managed like any",
        "other resource: `pulumi destroy` deletes them (add `{ retainOnDelete: true }` to keep one on the service).",
    );
    return lines.map((line) => `// ${line}`).join("\n");
}

function section(title: string, statements: string[]): string {
    return [`// ${title}`, ...(statements.length ? statements : ["// (none)"])].join("\n");
}

function accountSection(email: string): string {
    return section("Account", [
        "// password: the service never shows it. Left out, the first `up` leaves it as it is; to manage it, declare",
        '// password: config.requireSecret("accountPassword") (it is always stored as a secret).',
        resource("AccountSettings", "account", [["email", email]]),
    ]);
}

function domainsCode(domains: Domain[]): string[] {
    const names = nameObjects("domain", domains.map((domain) => ({ id: domain.id, text: hostOf(domain.domain) })));
    return domains.map((domain) =>
        resource("Domain", names.get(domain.id)!.resource, [
            ["adopt", domain.id],
            ["domain", domain.domain],
            ["redirectRoot", orAbsent(domain.redirectRoot)],
            ["redirect404", orAbsent(domain.redirect404)],
        ]),
    );
}

function campaignsCode(campaigns: Campaign[]): string[] {
    const names = nameObjects("campaign", campaigns.map((campaign) => ({ id: campaign.id, text: campaign.name })));
    return campaigns.map((campaign) => {
        const slugNote = campaign.rotatorUrl
            ? `// slug: the service does not show it (the rotator is ${campaign.rotatorUrl}). Left out, updates keep it;\n` +
              "// declare a slug only to change it (the service refuses a campaign's own slug, and cannot remove one).\n"
            : "// slug: the service does not show it; this campaign has no rotator.\n";
        return (
            slugNote +
            resource("Campaign", names.get(campaign.id)!.resource, [
                ["adopt", campaign.id],
                ["name", unescaped(campaign.name)],
                ["public", campaign.public || undefined],
            ])
        );
    });
}

function channelsCode(channels: ChannelWithItems[], names: Map<number, Named>): string[] {
    return channels.map((channel) => {
        const named = names.get(channel.id)!;
        return resource(
            "Channel",
            named.resource,
            [
                ["adopt", channel.id],
                ["name", unescaped(channel.name)],
                ["description", orAbsent(unescaped(channel.description))],
                ["color", orAbsent(channel.color.toUpperCase())],
                ["starred", channel.starred || undefined],
            ],
            named.variable,
        );
    });
}

function pixelsCode(pixels: Pixel[]): string[] {
    const names = nameObjects("pixel", pixels.map((pixel) => ({ id: pixel.id, text: pixel.name || pixel.tag })));
    return pixels.map((pixel) =>
        resource("Pixel", names.get(pixel.id)!.resource, [
            ["adopt", pixel.id],
            ["type", pixel.type],
            ["name", unescaped(pixel.name)],
            ["tag", unescaped(pixel.tag)],
        ]),
    );
}

function qrCodesCode(qrCodes: QrCode[], names: Map<number, Named>): string[] {
    return qrCodes.map((qr) => {
        const named = names.get(qr.id)!;
        return (
            `// type, data, colours and logo: the service does not show them (${qr.link ?? "no short link"}, ${qr.scans} scans). Left out, the\n` +
            "// first `up` changes nothing; declare type and data before changing this QR code (that updates it in place).\n" +
            resource("QrCode", named.resource, [["adopt", qr.id]], named.variable)
        );
    });
}

function channelItemsCode(channels: ChannelWithItems[], channelNames: Map<number, Named>, qrNames: Map<number, Named>): string[] {
    return channels.flatMap((channel) => {
        const holder = channelNames.get(channel.id)!;
        return channel.items.map((item) => {
            const qr = item.type === "qr" ? qrNames.get(item.id) : undefined;
            return (
                `// ${item.type} item ${item.id}: ${commentText(JSON.stringify(item.title))}\n` +
                resource("ChannelItem", `${holder.resource}-${item.type}-${item.id}`, [
                    ["adopt", true],
                    ["channelId", new Reference(`${holder.variable}.id`)],
                    ["type", item.type],
                    ["itemId", qr ? new Reference(`${qr.variable}.id`) : item.id],
                ])
            );
        });
    });
}

function resource(kind: string, name: string, fields: Fields, variable?: string): string {
    const reasons = refusedInputs(kind, fields);
    const refusal = reasons.length ? `${REFUSED} ${commentText(reasons.join("; "))}\n` : "";
    const body = fields
        .filter(([, value]) => value !== undefined)
        .map(([field, value]) => `    ${field}: ${value instanceof Reference ? value.expression : JSON.stringify(value)},`)
        .join("\n");
    const construction = `new shortener.${kind}(${JSON.stringify(name)}, {\n${body}\n});`;
    return refusal + (variable ? `const ${variable} = ${construction}` : construction);
}

/** What the kind's own input checks (those `pulumi preview` runs) say about the values, one line per problem. */
function refusedInputs(kind: string, fields: Fields): string[] {
    if (fields.some(([, value]) => value instanceof Reference)) return [];
    const inputs = Object.fromEntries(fields.filter(([, value]) => value !== undefined));
    const checked = definitions[kind].inputs.safeParse(inputs);
    return checked.success ? [] : checked.error.issues.map((issue) => `${issue.path.join(".") || "(inputs)"}: ${issue.message}`);
}

/**
 * The real service stores text with & " ' < > escaped as HTML entities; the program declares the text itself, which
 * the provider takes as the same value as its escaped form (so the first up still writes nothing).
 */
function unescaped(text: string): string {
    return text.replace(/&(amp|quot|#039|lt|gt);/g, (_, entity: string) => HTML_ENTITIES[entity]);
}

const HTML_ENTITIES: Record<string, string> = { amp: "&", quot: '"', "#039": "'", lt: "<", gt: ">" };

/** JSON.stringify leaves the line separators U+2028 and U+2029 as they are; in a comment they would end it. */
function commentText(text: string): string {
    return text.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** The service writes an unset value as "". */
function orAbsent(value: string): string | undefined {
    return value === "" ? undefined : value;
}

function hostOf(url: string): string {
    try {
        return new URL(url).host;
    } catch {
        return url;
    }
}
