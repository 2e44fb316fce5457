// Per-catalogue lookups, computed once and kept while the catalogue lives (WeakMap): each module's
// parameters by request name, as a submodule and as a generator (with the generator prefix), its
// required parameters, and which module owns a request name that the query does not use.
import type { Catalogue, ModuleInfo, ParamInfo } from "../catalogue/model";
import { isModuleGroup, type ModuleGroup } from "../definition";
import { siteRules, SiteRules } from "../mediawiki/site";
import { mainModuleOfVersion } from "./main-module";
import { makeParamSpec, ParamSpec } from "../paramvalidator/spec";

const DEFAULT_GENERATOR_PREFIX = "g";

export interface TemplateIndex {
    readonly info: ParamInfo;
    /** The request name up to the first template variable, e.g. "rvcontentformat-". */
    readonly head: string;
}

/** A module's parameters under one request prefix (its own, or the generator's in front of it). */
export class ModuleIndex {
    readonly specs: ReadonlyMap<string, ParamSpec>;
    readonly required: readonly ParamSpec[];
    /** The info notes any of the module's parameters carry (singlepageonly, useronly, modes, ...). */
    readonly noteNames: ReadonlySet<string>;
    readonly templates: readonly TemplateIndex[];
    private readonly templatedSpecs = new Map<string, ParamSpec>();

    constructor(
        readonly module: ModuleInfo,
        readonly prefix: string,
        explainUnknownValue?: (param: ParamInfo) => ((value: string) => string | undefined) | undefined,
    ) {
        const specs = new Map<string, ParamSpec>();
        for (const info of module.parameters) {
            const requestName = prefix + info.name;
            specs.set(requestName, makeParamSpec(info, module.name, requestName, explainUnknownValue?.(info)));
        }
        this.specs = specs;
        this.required = [...specs.values()].filter((spec) => spec.info.required);
        this.noteNames = new Set(module.parameters.flatMap((info) => info.info.map((note) => note.name)));
        this.templates = module.templatedParameters.map((info) => ({
            info,
            head: prefix + info.name.split("{", 1)[0],
        }));
    }

    /** The spec of one instance of a templated parameter, e.g. "contentformat-main" of "contentformat-{slot}". */
    templatedSpec(template: ParamInfo, name: string): ParamSpec {
        const requestName = this.prefix + name;
        let spec = this.templatedSpecs.get(requestName);
        if (!spec) {
            spec = makeParamSpec({ ...template, name, templateVars: undefined }, this.module.name, requestName);
            this.templatedSpecs.set(requestName, spec);
        }
        return spec;
    }
}

export class CatalogueIndex {
    private readonly mains = new Map<ModuleInfo, ModuleIndex>();
    readonly query: ModuleIndex;
    readonly generatorPrefix: string;
    private readonly submodules = new Map<string, ModuleIndex>();
    private readonly generators = new Map<string, ModuleIndex>();
    private owners: Map<string, string> | undefined;

    /** The catalogue's site data as the rules read it (the assumed standard site when it has none). */
    readonly site: SiteRules;

    constructor(readonly catalogue: Catalogue) {
        this.site = siteRules(catalogue.site);
        this.query = new ModuleIndex(catalogue.query, "", (info) =>
            isModuleGroup(info.name) ? (value) => this.explainModuleName(info.name, value) : undefined,
        );
        this.generatorPrefix =
            catalogue.query.parametersByName.get("generator")?.submoduleParamPrefix ?? DEFAULT_GENERATOR_PREFIX;
    }

    /** api.php's own parameters, as the MediaWiki version declares them. */
    main(version: string): ModuleIndex {
        const module = mainModuleOfVersion(version);
        let index = this.mains.get(module);
        if (!index) {
            index = new ModuleIndex(module, "");
            this.mains.set(module, index);
        }
        return index;
    }

    /** The query's prop, list or meta parameter. */
    groupSpec(group: ModuleGroup): ParamSpec | undefined {
        return this.query.specs.get(group);
    }

    submodule(name: string): ModuleIndex | undefined {
        return this.moduleIndex(this.submodules, name, "");
    }

    generator(name: string): ModuleIndex | undefined {
        return this.moduleIndex(this.generators, name, this.generatorPrefix);
    }

    /** Where a request name belongs when the query does not use its module, e.g. "list=allpages". */
    ownerOf(requestName: string): string | undefined {
        if (!this.owners) this.owners = this.collectOwners();
        return this.owners.get(requestName);
    }

    private moduleIndex(
        cache: Map<string, ModuleIndex>,
        name: string,
        generatorPrefix: string,
    ): ModuleIndex | undefined {
        let index = cache.get(name);
        if (!index) {
            const module = this.catalogue.modules.get(name);
            if (!module) return undefined;
            index = new ModuleIndex(module, generatorPrefix + module.prefix);
            cache.set(name, index);
        }
        return index;
    }

    private explainModuleName(group: string, value: string): string | undefined {
        const module = this.catalogue.modules.get(value);
        return module && module.group !== group ? `${value} is a ${module.group} module` : undefined;
    }

    private collectOwners(): Map<string, string> {
        const owners = new Map<string, string>();
        for (const module of this.catalogue.modules.values()) {
            for (const info of module.parameters) {
                const name = module.prefix + info.name;
                if (!owners.has(name)) owners.set(name, `${module.group}=${module.name}`);
                if (module.generator && !owners.has(this.generatorPrefix + name)) {
                    owners.set(this.generatorPrefix + name, `generator=${module.name}`);
                }
            }
        }
        return owners;
    }
}

const indexes = new WeakMap<Catalogue, CatalogueIndex>();

export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
    let index = indexes.get(catalogue);
    if (!index) {
        index = new CatalogueIndex(catalogue);
        indexes.set(catalogue, index);
    }
    return index;
}
