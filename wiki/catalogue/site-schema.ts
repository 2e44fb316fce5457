// The site data a pin carries (from meta=siteinfo and meta=languageinfo), checked as input from outside: the
// wiki's answers when a pull reads them, and the pin's "site" when it is loaded. Each list and each text is bounded.
import { z } from "zod";
import { WIKI_BOUNDS } from "../bounds";
import { LACKABLE_SITE_PARTS, type SiteInfo } from "../mediawiki/site";

// Each message names its bound, so that a wiki or a pin over it is told which.
const { maxSiteEntries, maxSiteTextChars } = WIKI_BOUNDS;
const text = z.string().max(maxSiteTextChars.default, {
    error: `longer than ${maxSiteTextChars.default} characters, the bound on ${maxSiteTextChars.name}`,
});
const tooMany = `more than ${maxSiteEntries.default} entries, the bound on ${maxSiteEntries.name}`;
const list = <T extends z.ZodType>(item: T) => z.array(item).max(maxSiteEntries.default, { error: tooMany });
/** A siteinfo object keyed by id or code, bounded like a list. */
const keyed = <T extends z.ZodType>(item: T) =>
    z
        .record(z.string(), item)
        .refine((record) => Object.keys(record).length <= maxSiteEntries.default, { error: tooMany });
const titleCase = z.enum(["first-letter", "case-sensitive"]);
const namespaceId = z.number().int();

const namespace = z.strictObject({ id: namespaceId, name: text, canonical: text.optional(), case: titleCase });

/** The pin's "site": as the pull wrote it, nothing else. */
export const pinnedSiteSchema = z.strictObject({
    namespaces: list(namespace),
    namespaceAliases: list(z.strictObject({ id: namespaceId, alias: text })),
    interwiki: list(z.strictObject({ prefix: text.min(1), url: text, local: z.boolean() })),
    languages: list(text.min(1)),
    extensions: list(z.strictObject({ name: text, version: text.optional() })),
}) satisfies z.ZodType<SiteInfo>;

/** The shipped catalogue's site data and where they come from: each part a source names, and each part no faithful
 *  source gave, with the reason (its list left empty). */
export const shippedSiteSchema = z.strictObject({
    site: pinnedSiteSchema,
    siteSource: z.strictObject({
        description: text,
        generator: text,
        sources: z.array(z.strictObject({ part: text, repository: text, path: text, commit: text, date: text })).min(1),
        lacks: z.partialRecord(z.enum(LACKABLE_SITE_PARTS), text),
    }),
});

// The wiki's meta=siteinfo answer (formatversion=2); fields the pin does not keep are tolerated and dropped.
export const siteinfoReplySchema = z.object({
    query: z.object({
        general: z.object({ generator: z.string().min(1).max(WIKI_BOUNDS.maxPinHeaderChars.default) }),
        namespaces: keyed(z.object({ id: namespaceId, name: text, canonical: text.optional(), case: titleCase })),
        namespacealiases: list(z.object({ id: namespaceId, alias: text })),
        interwikimap: list(z.object({ prefix: text.min(1), url: text, localinterwiki: z.boolean().optional() })),
        extensions: list(z.object({ name: text, version: text.optional() })),
    }),
});

export const languageinfoReplySchema = z.object({
    query: z.object({ languageinfo: keyed(z.object({ code: text.min(1) })) }),
    continue: z.object({ licontinue: text }).passthrough().optional(),
});

type SiteinfoReply = z.output<typeof siteinfoReplySchema>["query"];

/** The pin's site data from the wiki's answers, in a stable order (so that an unchanged wiki pins the same text). */
export function siteOf(reply: SiteinfoReply, languages: readonly string[]): SiteInfo {
    const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return {
        namespaces: Object.values(reply.namespaces)
            .map(({ id, name, canonical, case: titleCase }) => ({
                id,
                name,
                ...(canonical === undefined ? {} : { canonical }),
                case: titleCase,
            }))
            .sort((a, b) => a.id - b.id),
        namespaceAliases: reply.namespacealiases
            .map(({ id, alias }) => ({ id, alias }))
            .sort((a, b) => a.id - b.id || byText(a.alias, b.alias)),
        interwiki: reply.interwikimap
            .map(({ prefix, url, localinterwiki }) => ({ prefix, url, local: localinterwiki === true }))
            .sort((a, b) => byText(a.prefix, b.prefix)),
        languages: [...new Set(languages)].sort(byText),
        extensions: reply.extensions
            .map(({ name, version }) => ({ name, ...(version === undefined ? {} : { version }) }))
            .sort((a, b) => byText(a.name, b.name)),
    };
}
