// What changed between two catalogues of one wiki: query modules and parameters added, removed, or newly
// deprecated, and the site data the rules read (interwiki prefixes, namespace names and aliases, language codes,
// extensions). A re-pull prints it, so that the pull request that updates a pin shows the wiki's API drift.
import { quoted } from "../../common/text/echo";
import type { SiteInfo } from "../mediawiki/site";
import type { Catalogue, ModuleInfo } from "./model";

export interface CatalogueDrift {
    /** Modules as group=name ("prop=extracts"). */
    modulesAdded: string[];
    modulesRemoved: string[];
    modulesDeprecated: string[];
    /** Parameters by request name, with their module ("exintro (prop=extracts)"). */
    parametersAdded: string[];
    parametersRemoved: string[];
    parametersDeprecated: string[];
    /** Interwiki prefixes, a changed one by its prefix. */
    interwikiAdded: string[];
    interwikiRemoved: string[];
    interwikiChanged: string[];
    /** Namespace names and aliases as "id:name". */
    namespaceNamesAdded: string[];
    namespaceNamesRemoved: string[];
    languagesAdded: string[];
    languagesRemoved: string[];
    extensionsAdded: string[];
    extensionsRemoved: string[];
    /** "pinned for the first time" when the previous pin had none (a format 1 pin). */
    siteData: string[];
}

const moduleLabel = (module: ModuleInfo): string => `${module.group}=${module.name}`;

function parameterLabels(module: ModuleInfo): Map<string, { label: string; deprecated: boolean }> {
    const all = [module.parameters, module.templatedParameters].flat();
    return new Map(
        all.map((param) => [
            param.name,
            { label: `${module.prefix}${param.name} (${moduleLabel(module)})`, deprecated: param.deprecated },
        ]),
    );
}

/** What is in `after` and not in `before`, and the other way round. */
function addedAndRemoved(before: readonly string[], after: readonly string[]): [string[], string[]] {
    const [was, is] = [new Set(before), new Set(after)];
    return [[...is].filter((item) => !was.has(item)), [...was].filter((item) => !is.has(item))];
}

function namespaceNames(site: SiteInfo): string[] {
    return [
        ...site.namespaces.map(({ id, name }) => `${id}:${name}`),
        ...site.namespaceAliases.map(({ id, alias }) => `${id}:${alias}`),
    ];
}

function siteDrift(before: SiteInfo | undefined, after: SiteInfo | undefined, drift: CatalogueDrift): void {
    if (after === undefined) return;
    if (before === undefined) {
        drift.siteData.push("pinned for the first time");
        return;
    }
    const interwiki = (site: SiteInfo) =>
        new Map(site.interwiki.map((entry) => [entry.prefix, `${entry.url} ${entry.local}`]));
    const [was, is] = [interwiki(before), interwiki(after)];
    [drift.interwikiAdded, drift.interwikiRemoved] = addedAndRemoved([...was.keys()], [...is.keys()]);
    drift.interwikiChanged = [...is]
        .filter(([prefix, target]) => was.has(prefix) && was.get(prefix) !== target)
        .map(([prefix]) => prefix);
    [drift.namespaceNamesAdded, drift.namespaceNamesRemoved] = addedAndRemoved(
        namespaceNames(before),
        namespaceNames(after),
    );
    [drift.languagesAdded, drift.languagesRemoved] = addedAndRemoved(before.languages, after.languages);
    const extensions = (site: SiteInfo) => site.extensions.map((extension) => extension.name);
    [drift.extensionsAdded, drift.extensionsRemoved] = addedAndRemoved(extensions(before), extensions(after));
}

export function catalogueDrift(before: Catalogue, after: Catalogue): CatalogueDrift {
    const drift: CatalogueDrift = {
        modulesAdded: [],
        modulesRemoved: [],
        modulesDeprecated: [],
        parametersAdded: [],
        parametersRemoved: [],
        parametersDeprecated: [],
        interwikiAdded: [],
        interwikiRemoved: [],
        interwikiChanged: [],
        namespaceNamesAdded: [],
        namespaceNamesRemoved: [],
        languagesAdded: [],
        languagesRemoved: [],
        extensionsAdded: [],
        extensionsRemoved: [],
        siteData: [],
    };
    for (const [name, module] of after.modules) {
        const old = before.modules.get(name);
        if (!old) {
            drift.modulesAdded.push(moduleLabel(module));
            continue;
        }
        if (module.deprecated && !old.deprecated) drift.modulesDeprecated.push(moduleLabel(module));
        const oldParams = parameterLabels(old);
        const newParams = parameterLabels(module);
        for (const [param, { label, deprecated }] of newParams) {
            const was = oldParams.get(param);
            if (!was) drift.parametersAdded.push(label);
            else if (deprecated && !was.deprecated) drift.parametersDeprecated.push(label);
        }
        for (const [param, { label }] of oldParams) if (!newParams.has(param)) drift.parametersRemoved.push(label);
    }
    for (const [name, module] of before.modules)
        if (!after.modules.has(name)) drift.modulesRemoved.push(moduleLabel(module));
    siteDrift(before.site, after.site, drift);
    for (const list of listsOf(drift)) list.sort();
    return drift;
}

export function isUnchanged(drift: CatalogueDrift): boolean {
    return listsOf(drift).every((list) => list.length === 0);
}

/** Every list of a drift: each of its fields is one. */
function listsOf(drift: CatalogueDrift): string[][] {
    return Object.values(drift) as string[][];
}

const HEADINGS: Readonly<Record<keyof CatalogueDrift, string>> = {
    modulesAdded: "modules added",
    modulesRemoved: "modules removed",
    modulesDeprecated: "modules deprecated",
    parametersAdded: "parameters added",
    parametersRemoved: "parameters removed",
    parametersDeprecated: "parameters deprecated",
    interwikiAdded: "interwiki prefixes added",
    interwikiRemoved: "interwiki prefixes removed",
    interwikiChanged: "interwiki prefixes changed",
    namespaceNamesAdded: "namespace names added",
    namespaceNamesRemoved: "namespace names removed",
    languagesAdded: "language codes added",
    languagesRemoved: "language codes removed",
    extensionsAdded: "extensions added",
    extensionsRemoved: "extensions removed",
    siteData: "site data",
};

/** One line per kind of change that happened: "modules added: list=gadgets, prop=extracts". Names come from the
 *  wiki: they are quoted, every control character escaped, when they hold anything but plain characters. */
export function describeDrift(drift: CatalogueDrift): string {
    if (isUnchanged(drift)) return "no module or parameter added, removed or deprecated, and the same site data";
    const shown = (text: string) => (/^[\w=+() .:-]*$/.test(text) ? text : quoted(text));
    return (Object.keys(HEADINGS) as (keyof CatalogueDrift)[])
        .filter((key) => drift[key].length > 0)
        .map((key) => `${HEADINGS[key]}: ${drift[key].map(shown).join(", ")}`)
        .join("\n");
}
