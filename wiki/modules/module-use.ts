// A module as one query uses it, and where the query's pages come from (ApiPageSet): what every module rule reads.
import type { ModuleGroup } from "../definition";
import type { IssueLog } from "../issues";
import type { ValidatedParam } from "../paramvalidator/validator";
import type { ModuleIndex } from "./module-index";

export interface ModuleUse {
    readonly index: ModuleIndex;
    readonly role: ModuleGroup | "generator";
    /** The parameters the definition gives, validated, by unprefixed name. */
    readonly given: Map<string, ValidatedParam>;
}

/** Where the query's pages come from. */
export interface PageSource {
    readonly titles?: ValidatedParam;
    readonly pageids?: ValidatedParam;
    readonly revids?: ValidatedParam;
    readonly generator: boolean;
}

export const PAGE_SET_SOURCES = ["titles", "pageids", "revids"] as const;

/** ApiPageSet: only one of titles, pageids and revids (a generator takes them as its input). */
export function checkPageSource(pages: PageSource, issues: IssueLog): void {
    let first: string | undefined;
    for (const source of PAGE_SET_SOURCES) {
        if (!pages[source]) continue;
        if (first === undefined) {
            first = source;
        } else {
            issues.error("multisource", source, "query", `Cannot use "${source}" at the same time as "${first}".`);
        }
    }
}

/** Whether a module has pages to work on: a generator's own input is the titles, pageids or revids; the other
 *  modules also get what the generator generates. */
export function hasPages(pages: PageSource, isGenerator: boolean): boolean {
    return (!isGenerator && pages.generator) || PAGE_SET_SOURCES.some((source) => pages[source] !== undefined);
}
