// A pinned catalogue: a wiki's paraminfo and site data kept in the user's repository like a lockfile, with where and
// when it was pulled and a hash of its content. The file is paraminfo with a "pin" header and the "site" beside it, so
// any paraminfo reader takes it; this project's reader also checks the header, the site data's shape and that the
// content still matches its hash. Format 1 pins, older, carry no site data and still load.
import { createHash } from "node:crypto";
import { z } from "zod";
import { WIKI_BOUNDS } from "../bounds";
import { CatalogueError } from "./errors";
import type { SiteInfo } from "../mediawiki/site";
import type { CatalogueOrigin } from "./model";
import { pinnedSiteSchema } from "./site-schema";

/** The pin file's format; a reader refuses formats it does not know rather than guess. Format 2 added the site data. */
export const PIN_FORMAT = 2;
const FORMATS_READ = [1, PIN_FORMAT] as const;
const HASH_PREFIX = "sha256:";

const headerText = z.string().min(1).max(WIKI_BOUNDS.maxPinHeaderChars.default);

export const pinHeaderSchema = z.strictObject({
    format: z.literal(FORMATS_READ, { error: `expected format ${FORMATS_READ.join(" or ")}` }),
    apiUrl: headerText,
    /** siteinfo's generator, e.g. "MediaWiki 1.39.17". */
    generator: headerText,
    pulledAt: z.iso.datetime({ error: "expected an ISO 8601 time" }),
    contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/, { error: "expected sha256:<64 hex digits>" }),
});
export type PinHeader = z.output<typeof pinHeaderSchema>;

/** The hash of the content, as written (the paraminfo of a format 1 pin; site data and paraminfo since): any edit of
 *  it changes the hash. */
export function contentHash(content: unknown): string {
    return HASH_PREFIX + createHash("sha256").update(JSON.stringify(content)).digest("hex");
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

export function isPinnedFile(json: unknown): json is { pin: unknown; site?: unknown; paraminfo: unknown } {
    return typeof json === "object" && json !== null && "pin" in json;
}

function fieldError(source: string, field: string, error: z.ZodError): CatalogueError {
    const [issue] = error.issues;
    return new CatalogueError(source, `${[field, ...issue.path.map(String)].join(".")}: ${issue.message}`);
}

/** A format 2 pin's site data, checked for shape; a format 1 pin has none. */
function pinnedSite(json: { site?: unknown }, format: number, source: string): SiteInfo | undefined {
    if (format === 1) {
        if (json.site !== undefined) throw new CatalogueError(source, "site: a format 1 pin carries no site data");
        return undefined;
    }
    const parsed = pinnedSiteSchema.safeParse(json.site);
    if (!parsed.success) throw fieldError(source, "site", parsed.error);
    return parsed.data;
}

/** Checks a pinned file's header, site data and hash; returns the origin its catalogue reports and its site data. */
export function checkPin(
    json: { pin: unknown; site?: unknown; paraminfo: unknown },
    source: string,
): { header: PinHeader; origin: CatalogueOrigin; site?: SiteInfo } {
    const parsed = pinHeaderSchema.safeParse(json.pin);
    if (!parsed.success) throw fieldError(source, "pin", parsed.error);
    const header = parsed.data;
    const site = pinnedSite(json, header.format, source);
    // Hashing writes the paraminfo out again, recursively: a nesting no paraminfo has would overflow the stack.
    if (nestsDeeperThan(json.paraminfo, WIKI_BOUNDS.maxParaminfoDepth.default))
        throw new CatalogueError(source, `paraminfo nests deeper than ${WIKI_BOUNDS.maxParaminfoDepth.default} levels`);
    const content = header.format === 1 ? json.paraminfo : { site: json.site, paraminfo: json.paraminfo };
    if (contentHash(content) !== header.contentHash) {
        throw new CatalogueError(
            source,
            "the content no longer matches pin.contentHash (edited by hand?); pull the catalogue again",
        );
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
        site,
    };
}

/** The text of a pin file: header first, then the site data and paraminfo, so that a diff shows the header's changes
 *  on top. */
export function renderPinnedFile(
    header: Omit<PinHeader, "contentHash" | "format">,
    site: SiteInfo,
    paraminfo: { modules: readonly unknown[] },
): string {
    const content = { site, paraminfo: { helpformat: "none", modules: paraminfo.modules } };
    const pin: PinHeader = { format: PIN_FORMAT, ...header, contentHash: contentHash(content) };
    return `${JSON.stringify({ pin, ...content }, null, 1)}\n`;
}
