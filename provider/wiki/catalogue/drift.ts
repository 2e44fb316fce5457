// What changed between two catalogues of one wiki: query modules and parameters added, removed, or newly
// deprecated. A re-pull prints it, so that the pull request that updates a pin shows the wiki's API drift.
import { quoted } from "../echo";
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
}

const moduleLabel = (module: ModuleInfo): string => `${module.group}=${module.name}`;

function parameterLabels(module: ModuleInfo): Map<string, { label: string; deprecated: boolean }> {
    const all = [module.parameters, module.templatedParameters].flat();
    return new Map(all.map((param) => [param.name, { label: `${module.prefix}${param.name} (${moduleLabel(module)})`, deprecated: param.deprecated }]));
}

export function catalogueDrift(before: Catalogue, after: Catalogue): CatalogueDrift {
    const drift: CatalogueDrift = { modulesAdded: [], modulesRemoved: [], modulesDeprecated: [], parametersAdded: [], parametersRemoved: [], parametersDeprecated: [] };
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
    for (const [name, module] of before.modules) if (!after.modules.has(name)) drift.modulesRemoved.push(moduleLabel(module));
    for (const list of Object.values(drift)) list.sort();
    return drift;
}

export function isUnchanged(drift: CatalogueDrift): boolean {
    return Object.values(drift).every((list) => list.length === 0);
}

const HEADINGS: Readonly<Record<keyof CatalogueDrift, string>> = {
    modulesAdded: "modules added",
    modulesRemoved: "modules removed",
    modulesDeprecated: "modules deprecated",
    parametersAdded: "parameters added",
    parametersRemoved: "parameters removed",
    parametersDeprecated: "parameters deprecated",
};

/** One line per kind of change that happened: "modules added: list=gadgets, prop=extracts". Names come from the
 *  wiki: they are quoted, every control character escaped, when they hold anything but plain characters. */
export function describeDrift(drift: CatalogueDrift): string {
    if (isUnchanged(drift)) return "no module or parameter added, removed or deprecated";
    const shown = (text: string) => (/^[\w=+() .:-]*$/.test(text) ? text : quoted(text));
    return (Object.keys(HEADINGS) as (keyof CatalogueDrift)[])
        .filter((key) => drift[key].length > 0)
        .map((key) => `${HEADINGS[key]}: ${drift[key].map(shown).join(", ")}`)
        .join("\n");
}
