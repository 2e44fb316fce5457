// Out-of-band changes, as someone would make them in the dashboard: a really different name, another redirect,
// starred or public flipped, a link's long URL, alias or title, an object deleted. Each is a change the provider can
// see (QR data cannot be read back, so a QR code's drift is its deletion) and must put back.
import fc from "fast-check";
import type { EmulatorAdmin } from "../../emulator";
import type { Declared } from "../support/stack";
import { atLeast, awkwardText, updatable } from "./generators";
import { STORE_KIND } from "./stored";

/** A change picked at random: `kind`, `target` and `action` are reduced modulo what the program offers. */
export interface DriftPick {
    kind: number;
    target: number;
    action: number;
    text: string;
}

const pick = fc.record({ kind: fc.nat(), target: fc.nat(), action: fc.nat(), text: awkwardText });

/** At least `min` picks (a few of each kind, in a big program); a failure shrinks to fewer, down to none. */
export const driftPicks = (min: number) =>
    atLeast(fc.array(pick, { minLength: min, maxLength: min * 2 }), fc.array(pick, { maxLength: min * 2 }), true);

/** A change to make: store fields to patch, or the object's removal. */
export type Drift =
    { name: string; kind: string; remove: true } | { name: string; kind: string; patch: Record<string, unknown> };

const MARK = " (changed by hand)";
const differentUrl = (index: number) => `https://moved-${index}.drift.example/elsewhere`;
const differentColour = (declared: string) => (declared.toUpperCase() === "#0A0B0C" ? "#0C0B0A" : "#0A0B0C");

/** The changes one can make to a declared resource; the first is always its removal. */
function actionsFor(resource: Declared, pick: DriftPick): Drift[] {
    const { name, kind, args } = resource;
    const patch = (fields: Record<string, unknown>): Drift => ({ name, kind, patch: fields });
    const remove: Drift = { name, kind, remove: true };
    // The marker makes the text differ from every form the declared one may be stored in.
    const text = `${pick.text.trim()}${MARK}`;
    switch (kind) {
        case "Domain":
            return [
                remove,
                ...(args.redirectRoot !== undefined ? [patch({ redirectroot: differentUrl(pick.target) })] : []),
                ...(args.redirect404 !== undefined ? [patch({ redirect404: differentUrl(pick.target) })] : []),
            ];
        case "Campaign":
            return [remove, patch({ name: text }), patch({ public: !(args.public ?? false) })];
        case "Channel":
            return [
                remove,
                patch({ name: text }),
                patch({ starred: !(args.starred ?? false) }),
                ...(args.description !== undefined ? [patch({ description: text })] : []),
                ...(args.color !== undefined ? [patch({ color: differentColour(String(args.color)) })] : []),
            ];
        case "Pixel":
            return [remove, patch({ name: text }), patch({ tag: text })];
        case "Link":
            return [remove, ...linkChanges(resource, pick).map(patch)];
        default:
            return [remove];
    }
}

/**
 * A link's fields the listing shows, changed. Only those the program declares: one it leaves to the service (a random
 * alias, the page's own title) is the service's to change. A link that is public or has a note cannot be updated in
 * place (the service's update would lose either), so it can only be deleted.
 */
function linkChanges(resource: Declared, pick: DriftPick): Record<string, unknown>[] {
    const { args } = resource;
    if (!updatable(args)) return [];
    const text = `${pick.text.trim()}${MARK}`;
    return [
        { url: differentUrl(pick.target) },
        ...(args.alias !== undefined ? [{ custom: `hand-${resource.name}` }] : []),
        ...(args.title !== undefined ? [{ title: text }] : []),
        ...(args.description !== undefined ? [{ description: text }] : []),
    ];
}

/** The drifts the picks choose, at most one per resource. */
export function driftsOf(declared: readonly Declared[], picks: readonly DriftPick[]): Drift[] {
    // Objects only: an assignment has nothing of its own to change (it goes when its channel or QR code goes).
    const objects = declared.filter((resource) => resource.kind in STORE_KIND);
    const kinds = [...new Set(objects.map((resource) => resource.kind))].map((kind) =>
        objects.filter((resource) => resource.kind === kind),
    );
    if (kinds.length === 0) return [];
    const chosen = new Map<string, Drift>();
    for (const pick of picks) {
        const ofKind = kinds[pick.kind % kinds.length];
        const resource = ofKind[pick.target % ofKind.length];
        if (chosen.has(resource.name)) continue;
        const actions = actionsFor(resource, pick);
        chosen.set(resource.name, actions[pick.action % actions.length]);
    }
    return [...chosen.values()];
}

export async function applyDrifts(
    admin: EmulatorAdmin,
    drifts: readonly Drift[],
    ids: Record<string, string>,
): Promise<void> {
    for (const drift of drifts) {
        const id = Number(ids[drift.name]);
        const kind = STORE_KIND[drift.kind];
        if ("remove" in drift) await admin.remove(kind, id);
        else await admin.patch(kind, id, drift.patch);
    }
}

/** The `{ $ref: "name.output" }` references of a resource's args, in arrays too, as [name, output]. */
function referencesOf(resource: Declared): [string, string][] {
    return Object.values(resource.args)
        .flatMap((value) => (Array.isArray(value) ? value : [value]))
        .filter((value): value is { $ref: string } => typeof value === "object" && value !== null && "$ref" in value)
        .map((value) => value.$ref.split(".") as [string, string]);
}

/**
 * What `up` must do after a refresh has seen the drifts: create what was deleted, update what was changed, assign
 * again the channel items whose channel or QR code was deleted, and update the links whose campaign or pixels were
 * (created again, they have new ids; a domain created again keeps its name, which is what a link holds of it).
 */
export function expectedRepairs(declared: readonly Declared[], drifts: readonly Drift[]): string[] {
    const drifted = new Set(drifts.map((drift) => drift.name));
    const removed = new Set(drifts.filter((drift) => "remove" in drift).map((drift) => drift.name));
    const namesRemovedId = (resource: Declared) =>
        referencesOf(resource).some(([name, output]) => output === "id" && removed.has(name));
    const lostItems = declared.filter((resource) => resource.kind === "ChannelItem" && namesRemovedId(resource));
    const relinked = declared.filter(
        (resource) => resource.kind === "Link" && !drifted.has(resource.name) && namesRemovedId(resource),
    );
    return [
        ...drifts.map((drift) => `${"remove" in drift ? "create" : "update"} ${drift.name}`),
        ...lostItems.map((item) => `create ${item.name}`),
        ...relinked.map((link) => `update ${link.name}`),
    ].sort();
}
