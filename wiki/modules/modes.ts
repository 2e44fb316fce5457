// The modes some modules work in, as the request decides them: such a module reads its continue value, and makes
// some of its checks, by mode. A table rule names the modes it holds in (kinds.ts: modes). The same in 1.39 and 1.43.
import type { ValidatedParam } from "../paramvalidator/validator";
import { PAGE_SET_SOURCES, type ModuleUse, type PageSource } from "./module-use";

export type ModuleMode =
    // ApiQueryRevisions::run: "enumeration" lists one page's revisions (a singlepageonly parameter set), "revisions"
    // the revisions revids names, "pages" the latest revision of each page; "refused" is revids with a singlepageonly
    // parameter, which the module refuses when a named revision exists and otherwise leaves without a word: in that
    // mode it checks nothing else. ApiQueryDeletedRevisions::run: "revisions" (revids) or "pages".
    | "enumeration"
    | "revisions"
    | "pages"
    | "refused"
    // ApiQueryAllDeletedRevisions::run: one user's revisions, all users', or all users' titles generated in
    // ascending order (generatetitles with dir=newer, as the generator). ApiQueryDeletedrevs::execute: "pages" (its
    // mode 1, the query names pages), "user" (2) or "all" (3).
    | "user"
    | "all"
    | "titles";

/** ApiQueryRevisions' "enumeration" parameters (limit, start/end ids and times, dir=newer, user, excludeuser), which
 *  list the revisions of one page. dir counts only when it differs from its default, as ApiQueryRevisions counts only
 *  dir=newer. */
export function enumerationParams(use: ModuleUse): ValidatedParam[] {
    return [...use.given.values()].filter(
        (param) =>
            param.ok &&
            param.spec.notes.has("singlepageonly") &&
            !(typeof param.spec.info.type !== "string" && param.request === String(param.spec.info.default)),
    );
}

function revisionsMode(use: ModuleUse, pages: PageSource): ModuleMode {
    const enumerating = enumerationParams(use).length > 0;
    if (pages.revids) return enumerating ? "refused" : "revisions";
    return enumerating ? "enumeration" : "pages";
}

function allDeletedRevisionsMode(use: ModuleUse): ModuleMode {
    if (use.given.has("user")) return "user";
    const titlesAscending =
        use.role === "generator" &&
        use.given.get("generatetitles")?.ok === true &&
        use.given.get("dir")?.values[0] === "newer";
    return titlesAscending ? "titles" : "all";
}

export function deletedrevsMode(use: ModuleUse, pages: PageSource): "pages" | "user" | "all" {
    if (pages.generator || PAGE_SET_SOURCES.some((source) => pages[source])) return "pages";
    return use.given.has("user") ? "user" : "all";
}

const MODES: Readonly<Record<string, (use: ModuleUse, pages: PageSource) => ModuleMode>> = {
    revisions: revisionsMode,
    deletedrevisions: (_use, pages) => (pages.revids ? "revisions" : "pages"),
    alldeletedrevisions: allDeletedRevisionsMode,
    deletedrevs: deletedrevsMode,
};

/** The mode a module works in, for the modules that have modes; undefined for the others. */
export function moduleMode(use: ModuleUse, pages: PageSource): ModuleMode | undefined {
    return MODES[use.index.module.name]?.(use, pages);
}
