// The Pulumi TypeScript program that takes over what an account holds: one resource per object, adopting it by
// id with the values the service holds, so the first `pulumi up` makes no write. What a kind holds is read from the
// kind's own definition: its `observe` (the inputs as the service holds them, an unset value left out), its input
// schema (a value equal to the default is left out), its stored forms (the service's escaping, undone only where the
// service escapes), its import note (what the listing does not show) and its `imported` (its section and names).
// Only the account and the channels' items are written here by hand. A kind an account holds thousands of (links)
// is written as data: a JSON file beside the program, which one loop declares. Everything reaches the text and the
// data through emit.ts.
import { z } from "zod";
import { channel } from "../resources/channel";
import { link } from "../resources/link";
import type { Props } from "../resources/lifecycle";
import { sameValue } from "../resources/props";
import type { Remote } from "../resources/listed";
import { qrCode } from "../resources/qrcode";
import { unescapedText, withoutEntities } from "../resources/values";
import { quoted } from "../../common/text/echo";
import {
    comment,
    construction,
    DATA_IMPORTS,
    dataLoop,
    Fixed,
    IdOf,
    jsonData,
    note,
    wrappedNote,
    type DataEntry,
    type Value,
} from "./emit";
import { LISTED_KINDS, type ImportedKind } from "./listed-kinds";
import { nameObjects, type Named } from "./names";
import { objectsOf, type ChannelWithItems, type Snapshot } from "./snapshot";

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

/**
 * The kinds written as data, each with its data file: an account holds thousands of links, which one statement
 * each would bury the program under.
 */
export const DATA_FILES: Readonly<Record<string, string>> = { [link.kind]: "links.json" };

/** The program, and the data files it reads from its own folder (by name). */
export interface GeneratedProgram {
    program: string;
    data: { file: string; text: string }[];
}

export function generateProgram(snapshot: Snapshot, options: ProgramOptions): GeneratedProgram {
    // Names come from the text, not its escaped form: "Tom &amp; Jerry" is named tom-jerry whatever --service says.
    const names = new Map(LISTED_KINDS.map((kind) => [kind.kind, namesOf(kind, objectsOf(snapshot, kind) ?? [])]));
    const data: GeneratedProgram["data"] = [];
    const body = [
        snapshot.account && accountSection(snapshot.account.email),
        ...LISTED_KINDS.map((kind) => {
            const objects = objectsOf(snapshot, kind);
            if (objects === undefined) return undefined;
            const named = names.get(kind.kind)!;
            const file = DATA_FILES[kind.kind];
            if (file === undefined || objects.length === 0)
                return section(
                    kind.listed.imported.title,
                    objects.map((remote) => declaration(kind, remote, named.get(remote.id)!, options.service)),
                );
            data.push({
                file,
                text: jsonData(
                    objects.map((remote) => dataEntry(kind, remote, named.get(remote.id)!, options.service)),
                ),
            });
            return dataSection(kind, objects, named, file, options.service);
        }),
        snapshot.channels &&
            section(
                "What the channels hold",
                channelItemsCode(snapshot.channels, names.get(channel.kind)!, names.get(qrCode.kind)!),
            ),
    ]
        .filter((part) => part !== undefined)
        .join("\n\n");
    const imports = ['import * as shortener from "pulumi-shortener";', ...(data.length > 0 ? [DATA_IMPORTS] : [])].join(
        "\n",
    );
    return { program: [header(snapshot, options, countRefused(body)), imports, body].join("\n\n") + "\n", data };
}

/** The resource and variable names of a kind's objects. */
function namesOf(kind: ImportedKind, objects: readonly Remote[]): Map<number, Named> {
    const imported = kind.listed.imported;
    return nameObjects(
        imported.prefix,
        objects.map((remote) => ({ id: remote.id, text: withoutEntities(imported.nameText(remote)) })),
    );
}

/** Marks a resource whose values, as the service holds them, the provider's input checks refuse. */
const REFUSED = "The provider refuses this at preview:";

/** How many resources of a generated program are marked as refused (the mark starts a line; values never do). */
export function countRefused(program: string): number {
    return program.split("\n").filter((line) => line.startsWith(`// ${REFUSED}`)).length;
}

/** A one-line summary of what the snapshot holds, e.g. "3 domains, 2 campaigns, ...". */
export function summary(snapshot: Snapshot): string {
    const counted = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;
    const items = snapshot.channels?.reduce((total, holder) => total + holder.items.length, 0);
    return [
        snapshot.account && "the account's settings",
        ...LISTED_KINDS.map((kind) => {
            const objects = objectsOf(snapshot, kind);
            const count = objects && counted(objects.length, kind.listed.noun);
            // A channel's items are counted with the channels.
            return kind.kind === channel.kind && items !== undefined ? `${count} (${counted(items, "item")})` : count;
        }),
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
        (objectsOf(snapshot, kind) ?? []).flatMap((remote) => {
            const observed = kind.listed.observe(remote);
            return Object.keys(kind.listed.storedForms ?? {})
                .filter((field) => typeof observed[field] === "string")
                .map((field) => ({
                    text: observed[field] as string,
                    where: `${kind.listed.noun} ${remote.id}'s ${field}`,
                }));
        }),
    );
    const withEntity = texts.find(({ text }) => unescapedText(text) !== undefined && unescapedText(text) !== text);
    if (!withEntity) return { service: "spec" };
    if (texts.some(({ text }) => unescapedText(text) === undefined)) return { service: "spec" };
    return { service: "unknown", example: `${withEntity.where} is ${quoted(withEntity.text)}` };
}

function header(snapshot: Snapshot, options: ProgramOptions, refused: number): string {
    const lines = [
        comment`Imported by shortener-import from ${options.source} at ${new Fixed(options.importedAt.toISOString())}:`,
        note(`${summary(snapshot)}.`),
    ];
    if (snapshot.systemDomains) {
        const count = snapshot.systemDomains.length;
        lines.push(
            note(
                `Left out: ${count} system domain${count === 1 ? "" : "s"} (the service's own, listed with no id; an account cannot manage them).`,
            ),
        );
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
function declaration(kind: ImportedKind, remote: Remote, named: Named, service: ServiceText): string {
    const spec = kind.listed;
    const fields: [string, Value][] = [["adopt", remote.id], ...declaredInputs(kind, remote, service)];
    // What the service shows in place of what it hides (the rotator URL for the slug, the link for the data).
    const shown =
        spec.importNote === undefined
            ? []
            : (Object.entries(spec.computed?.(remote) ?? {}) as [string, string | number | null][]);
    return [
        spec.importNote === undefined ? undefined : wrappedNote(spec.importNote),
        ...shown.map(([output, value]) => comment`${new Fixed(output)} (shown by the service): ${value}`),
        ...refusedInputs(kind, fields).map((reason) => comment`${new Fixed(REFUSED)} ${reason}`),
        construction(kind.kind, named.resource, fields, named.variable),
    ]
        .filter((part) => part !== undefined)
        .join("\n");
}

/**
 * The kind's inputs as the service holds them (its observe), leaving out what equals the input's unset form (absent,
 * or the schema's default), in the form to declare: where the service escapes text, the text itself, when the
 * kind's stored forms of that text are the stored value.
 */
function declaredInputs(definition: ImportedKind, remote: Remote, service: ServiceText): [string, Value][] {
    const observed: Props = definition.listed.observe(remote);
    const storedForms = (definition.listed.storedForms ?? {}) as Record<
        string,
        ((declared: string) => readonly unknown[]) | undefined
    >;
    return Object.entries(observed).flatMap(([field, value]): [string, Value][] => {
        if (value === undefined) return [];
        const schema = definition.inputs.shape[field];
        if (schema === undefined)
            throw new Error(`internal error: ${definition.kind} observes ${field}, which is not an input`);
        const unset = z.safeParse(schema, undefined);
        if (unset.success && sameValue(unset.data, value)) return [];
        if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
            throw new Error(`internal error: ${definition.kind}.${field} is observed as ${typeof value}`);
        }
        if (service === "real" && typeof value === "string" && storedForms[field]) {
            const text = unescapedText(value);
            if (text !== undefined && storedForms[field](text).some((form) => form === value)) return [[field, text]];
        }
        return [[field, value]];
    });
}

/**
 * A kind written as data: its import note, what the provider refuses of each object (named by its resource name),
 * and the loop over the data file.
 */
function dataSection(
    kind: ImportedKind,
    objects: readonly Remote[],
    names: Map<number, Named>,
    file: string,
    service: ServiceText,
): string {
    const refused = objects.flatMap((remote) => {
        const name = names.get(remote.id)!.resource;
        return refusedInputs(kind, [["adopt", remote.id], ...declaredInputs(kind, remote, service)]).map(
            (reason) => comment`${new Fixed(REFUSED)} ${name}: ${reason}`,
        );
    });
    const count = `${objects.length} ${objects.length === 1 ? kind.listed.noun : `${kind.listed.noun}s`}`;
    return [
        note(kind.listed.imported.title),
        note(
            `${count}, one an entry of ${file} beside this program: its resource name, what the service shows of it, and its\ninputs (args) as the service holds them, adopting it by its id.`,
        ),
        ...(kind.listed.importNote === undefined ? [] : [wrappedNote(kind.listed.importNote)]),
        ...refused,
        dataLoop(kind.kind, file, `${kind.listed.imported.prefix}Entries`),
    ].join("\n");
}

/** One object of a kind written as data: its name, its computed outputs as the service shows them, its inputs. */
function dataEntry(kind: ImportedKind, remote: Remote, named: Named, service: ServiceText): DataEntry {
    const shown = Object.fromEntries(
        Object.entries(kind.listed.computed?.(remote) ?? {}).filter(
            (entry): entry is [string, string | number | boolean | null] =>
                ["string", "number", "boolean"].includes(typeof entry[1]) || entry[1] === null,
        ),
    );
    return {
        name: named.resource,
        shown,
        args: [["adopt", remote.id], ...declaredInputs(kind, remote, service)].filter(
            (pair): pair is [string, string | number | boolean] => !(pair[1] instanceof IdOf),
        ),
    };
}

/** What the kind's own input checks (those `pulumi preview` runs) say about the values, one per problem. */
function refusedInputs(definition: ImportedKind, fields: [string, Value][]): string[] {
    const checked = definition.inputs.safeParse(Object.fromEntries(fields));
    return checked.success
        ? []
        : checked.error.issues.map((issue) => `${issue.path.join(".") || "(inputs)"}: ${issue.message}`);
}

function channelItemsCode(
    channels: ChannelWithItems[],
    channelNames: Map<number, Named>,
    qrNames: Map<number, Named>,
): string[] {
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
