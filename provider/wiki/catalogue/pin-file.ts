// A pinned catalogue: a wiki's paraminfo kept in the user's repository like a lockfile, with where and when it
// was pulled and a hash of its content. The file is paraminfo with a "pin" header beside it, so any paraminfo
// reader takes it; this project's reader also checks the header and that the content still matches its hash.
import { createHash } from "node:crypto";
import { z } from "zod";
import { BOUNDS } from "../../bounds";
import { CatalogueError } from "./errors";
import type { CatalogueOrigin } from "./model";

/** The pin file's format; a reader refuses formats it does not know rather than guess. */
export const PIN_FORMAT = 1;
const HASH_PREFIX = "sha256:";

const headerText = z.string().min(1).max(BOUNDS.maxPinHeaderChars.default);

export const pinHeaderSchema = z.strictObject({
    format: z.literal(PIN_FORMAT, { error: `expected format ${PIN_FORMAT}` }),
    apiUrl: headerText,
    /** siteinfo's generator, e.g. "MediaWiki 1.39.17". */
    generator: headerText,
    pulledAt: z.iso.datetime({ error: "expected an ISO 8601 time" }),
    contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/, { error: "expected sha256:<64 hex digits>" }),
});
export type PinHeader = z.output<typeof pinHeaderSchema>;

/** The hash of the paraminfo part, as written: any edit of the content changes it. */
export function contentHash(paraminfo: unknown): string {
    return HASH_PREFIX + createHash("sha256").update(JSON.stringify(paraminfo)).digest("hex");
}

/** Whether a parsed JSON value nests arrays and objects more than `limit` deep; walked without recursion. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
    const pending: [unknown, number][] = [[value, 0]];
    while (pending.length > 0) {
        const [item, depth] = pending.pop()!;
        if (typeof item !== "object" || item === null) continue;
        if (depth >= limit) return true;
        for (const child of Object.values(item)) pending.push([child, depth + 1]);
    }
    return false;
}

/** "MediaWiki 1.39.17" -> "1.39.17"; another generator's text gives no version. */
export function versionOfGenerator(generator: string): string | undefined {
    return /^MediaWiki (\d+\.\d+(?:\.\d+)?)/.exec(generator)?.[1];
}

export function isPinnedFile(json: unknown): json is { pin: unknown; paraminfo: unknown } {
    return typeof json === "object" && json !== null && "pin" in json;
}

/** Checks a pinned file's header and hash; returns the origin its catalogue reports. */
export function checkPin(json: { pin: unknown; paraminfo: unknown }, source: string): { header: PinHeader; origin: CatalogueOrigin } {
    const parsed = pinHeaderSchema.safeParse(json.pin);
    if (!parsed.success) {
        const [issue] = parsed.error.issues;
        throw new CatalogueError(source, `pin.${issue.path.map(String).join(".")}: ${issue.message}`);
    }
    const header = parsed.data;
    // Hashing writes the paraminfo out again, recursively: a nesting no paraminfo has would overflow the stack.
    if (nestsDeeperThan(json.paraminfo, BOUNDS.maxParaminfoDepth.default)) throw new CatalogueError(source, `paraminfo nests deeper than ${BOUNDS.maxParaminfoDepth.default} levels`);
    if (contentHash(json.paraminfo) !== header.contentHash) {
        throw new CatalogueError(source, "the paraminfo no longer matches pin.contentHash (edited by hand?); pull the catalogue again");
    }
    const version = versionOfGenerator(header.generator);
    return {
        header,
        origin: {
            description: `pinned catalogue ${source} (${header.apiUrl}, ${version ? `MediaWiki ${version}` : "unknown version"}, pulled ${header.pulledAt})`,
            apiUrl: header.apiUrl,
            mediawikiVersion: version,
            contentHash: header.contentHash,
        },
    };
}

/** The text of a pin file: header first, then paraminfo, so that a diff shows the header's changes on top. */
export function renderPinnedFile(header: Omit<PinHeader, "contentHash" | "format">, paraminfo: { modules: readonly unknown[] }): string {
    const content = { helpformat: "none", modules: paraminfo.modules };
    const pin: PinHeader = { format: PIN_FORMAT, ...header, contentHash: contentHash(content) };
    return `${JSON.stringify({ pin, paraminfo: content }, null, 1)}\n`;
}
