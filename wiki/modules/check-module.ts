// The one entry to every rule a query module's own code holds: the rules its parameters' info notes hint at
// (note-rules.ts), then its rules from the table (table.ts, of the kinds in kinds.ts).
import type { IssueLog } from "../issues";
import type { SiteRules } from "../mediawiki/site";
import { applyRules } from "./kinds";
import { hasPages, ModuleUse, PageSource } from "./module-use";
import { moduleMode } from "./modes";
import { checkNoteRules } from "./note-rules";
import { MODULE_RULES } from "./table";

/** What the rules judge by: the wiki's MediaWiki version and its site data. */
export interface WikiRules {
    version: string;
    site: SiteRules;
}

/** Applies the rules of one module to its use in a query, for the wiki's MediaWiki version and site data. */
export function checkModule(use: ModuleUse, pages: PageSource, wiki: WikiRules, issues: IssueLog): void {
    checkNoteRules(use, pages, wiki.site, issues);
    const rules = MODULE_RULES[use.index.module.name];
    if (!rules) return;
    // A module's own checks run after all its parameters were read: one refused parameter stops it first.
    const readAll = [...use.given.values()].every((param) => param.ok);
    applyRules(use, rules, wiki.version, issues, {
        hasPages: hasPages(pages, use.role === "generator"),
        readAll,
        site: wiki.site,
        mode: moduleMode(use, pages),
    });
}
