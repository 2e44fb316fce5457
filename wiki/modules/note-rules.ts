// The module rules paraminfo only hints at in parameter info notes: singlepageonly (ApiQueryRevisions),
// useronly / nonuseronly (ApiQueryAllDeletedRevisions) and modes (ApiQueryDeletedrevs).
import type { IssueLog } from "../issues";
import type { SiteRules } from "../mediawiki/site";
import { parseLocalTitle } from "../mediawiki/title-parser";
import type { ValidatedParam } from "../paramvalidator/validator";
import { deletedrevsMode, enumerationParams } from "./modes";
import type { ModuleUse, PageSource } from "./module-use";

const DELETEDREVS_MODES = { pages: 1, user: 2, all: 3 } as const;

// ApiPageSet normalises titles first: "Main Page" and "Main_Page" are one page, an invalid title or another wiki's none.
function distinctPages(titles: readonly string[], site: SiteRules): number {
    const pages = new Set<string>();
    for (const title of titles) {
        const parsed = parseLocalTitle(title, 0, site);
        if (parsed) pages.add(`${parsed.namespace}:${parsed.text}`);
    }
    return pages.size;
}

function hasNote(param: ValidatedParam, note: string): boolean {
    return param.spec.notes.has(note);
}

function requestNames(params: readonly ValidatedParam[]): string {
    return params.map((param) => `"${param.spec.requestName}"`).join(", ");
}

// Both refusals depend on what exists: a named revision that is not deleted (ApiPageSet::getRevisionCount and
// getLiveRevisionIDs; with none the module returns at once), or more than one existing page
// (ApiPageSet::getGoodTitleCount): several titles, page ids or a generator's pages.
function checkSinglePageOnly(use: ModuleUse, pages: PageSource, site: SiteRules, issues: IssueLog): void {
    const enumerating = enumerationParams(use);
    if (enumerating.length === 0) return;
    const module = use.index.module.name;
    const first = enumerating[0].spec.requestName;
    if (pages.revids) {
        issues.mayOccur(
            "error",
            "invalidparammix",
            first,
            module,
            "one of the revisions the query names exists and is not deleted",
            `The "revids" parameter may not be used with ${requestNames(enumerating)}, which list the revisions of a single page.`,
        );
        return;
    }
    const pageCount = distinctPages(pages.titles?.values ?? [], site) + new Set(pages.pageids?.values ?? []).size;
    // A generator's pages feed the other modules; the generator itself reads titles, pageids or revids.
    const several =
        pages.generator && use.role !== "generator"
            ? "the generator gives more than one existing page"
            : pageCount > 1
              ? `more than one of the ${pageCount} pages the query names exists`
              : undefined;
    if (several !== undefined) {
        issues.mayOccur(
            "error",
            "invalidparammix",
            first,
            module,
            several,
            `${requestNames(enumerating)} may only be used on a single page.`,
        );
    }
}

// ApiQueryAllDeletedRevisions: with a user, the nonuseronly parameters are refused; without one, the useronly ones.
function checkUserOnly(use: ModuleUse, issues: IssueLog): void {
    const user = use.given.get("user");
    const userName = use.index.prefix + "user";
    for (const param of use.given.values()) {
        const name = param.spec.requestName;
        if (user && hasNote(param, "nonuseronly")) {
            issues.error(
                "invalidparammix",
                name,
                use.index.module.name,
                `The parameters "${name}" and "${userName}" cannot be used together.`,
            );
        } else if (!user && hasNote(param, "useronly")) {
            issues.error(
                "invalidparammix",
                name,
                use.index.module.name,
                `The "${name}" parameter may only be used with "${userName}".`,
            );
        }
    }
}

// ApiQueryDeletedrevs works in mode 1 (the query names pages), 2 (a user is given) or 3 (all); a
// parameter whose modes exclude the mode in use is refused. Like ApiQueryDeletedrevs, parameters it
// cannot tell were set on purpose (booleans, and those with a default) are let through.
function checkModes(use: ModuleUse, pages: PageSource, issues: IssueLog): void {
    const user = use.given.get("user");
    const mode = DELETEDREVS_MODES[deletedrevsMode(use, pages)];
    const module = use.index.module.name;
    for (const param of use.given.values()) {
        const modes = param.spec.notes.get("modes")?.values;
        const info = param.spec.info;
        if (!modes || modes.includes(mode) || info.type === "boolean" || info.default !== undefined) continue;
        const allowed = modes.join(" or ");
        issues.error(
            "badparams",
            param.spec.requestName,
            module,
            `The "${param.spec.requestName}" parameter cannot be used in mode ${mode}; only in mode ${allowed}.`,
        );
    }
    const excludeUser = use.given.get("excludeuser");
    if (user && excludeUser) {
        issues.error(
            "badparams",
            excludeUser.spec.requestName,
            module,
            `"${user.spec.requestName}" and "${excludeUser.spec.requestName}" cannot be used together.`,
        );
    }
}

export function checkNoteRules(use: ModuleUse, pages: PageSource, site: SiteRules, issues: IssueLog): void {
    const notes = use.index.noteNames;
    if (notes.has("singlepageonly")) checkSinglePageOnly(use, pages, site, issues);
    if (notes.has("useronly") || notes.has("nonuseronly")) checkUserOnly(use, issues);
    if (notes.has("modes")) checkModes(use, pages, issues);
}
