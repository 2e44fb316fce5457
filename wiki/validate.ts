// Walks a query definition the way api.php walks a request (ApiMain, ApiQuery, ApiPageSet): api.php's
// own parameters, the query module's, the prop/list/meta modules named, the generator (its parameters
// under the generator prefix), templated parameters, then what no module used, and the module rules.
import { shippedCatalogue } from "./catalogue";
import { SHIPPED_MEDIAWIKI_VERSION } from "./catalogue/load";
import type { Catalogue, ParamInfo } from "./catalogue/model";
import { checkDefinition, DefinitionValue, MODULE_GROUPS, WikiQueryDefinition } from "./definition";
import { quoted } from "../common/text/echo";
import { IssueLog, PossibleIssue, WikiQueryIssue } from "./issues";
import type { LackableSitePart, SiteInfo } from "./mediawiki/site";
import { checkModule, WikiRules } from "./modules/check-module";
import { CatalogueIndex, indexCatalogue, ModuleIndex } from "./modules/module-index";
import { checkPageSource, ModuleUse, PageSource } from "./modules/module-use";
import { ParamValidator, RawValue, ValidatedParam } from "./paramvalidator/validator";
import { closestName, didYouMean } from "../common/text/suggest";

export interface ValidateWikiQueryOptions {
    /** The wiki's catalogue; the shipped one by default. */
    catalogue?: Catalogue;
    /** Validate for a caller with elevated rights (apihighlimits): limits of 500 values and highmax. */
    highLimits?: boolean;
    /** The wiki's namespace numbers; by default those of the catalogue's site data, else MediaWiki's standard 0..15. */
    namespaces?: readonly number[];
    /** The wiki's MediaWiki version (e.g. "1.39.17"), for the module rules that changed between versions; by default the
     *  catalogue's own (a pinned catalogue records it), else the shipped catalogue's (1.45.4). */
    mediawikiVersion?: string;
}

export interface WikiQueryResult {
    /** No errors. Warnings and advice do not make a definition invalid. */
    valid: boolean;
    /** What the wiki would refuse the request with: MediaWiki's codes. */
    errors: WikiQueryIssue[];
    /** What the wiki would warn about while answering: MediaWiki's codes. */
    warnings: WikiQueryIssue[];
    /** This project's own advice (misleadingboolean, singlevalued, sensitive): the wiki says none of it. */
    advice: WikiQueryIssue[];
    /** Errors and warnings the wiki gives only with some pages or some configuration, each saying when. */
    possible: PossibleIssue[];
    /** The normalised api.php parameters. */
    request: Record<string, string>;
    /** Which catalogue judged the definition (its origin's description), e.g. "shipped catalogue (MediaWiki 1.45.4 core)". */
    judgedWith: string;
    /** Which MediaWiki version's rules judged it, and with which site data (or what was assumed without any). */
    judgedAs: string;
}

const STANDARD_NAMESPACES: ReadonlySet<number> = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
/** What stands in for site data a catalogue does not carry (a bare paraminfo reply, a pin of format 1). */
const ASSUMED_SITE =
    "assumed: the English namespaces of a fresh MediaWiki, no interwiki prefix, capitalised first letters, language codes judged by their shape";

function rawValue(value: DefinitionValue): RawValue | undefined {
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
    if (typeof value === "boolean") return value ? "1" : undefined;
    return value.map(String);
}

function namespaceSet(namespaces: readonly number[] | undefined, site: SiteInfo | undefined): ReadonlySet<number> {
    // NamespaceDef takes the wiki's namespaces that can hold pages (Media and Special cannot).
    if (namespaces === undefined)
        return site
            ? new Set(site.namespaces.map((namespace) => namespace.id).filter((id) => id >= 0))
            : STANDARD_NAMESPACES;
    if (!Array.isArray(namespaces) || !namespaces.every(Number.isInteger)) {
        throw new TypeError("options.namespaces: expected an array of integer namespace numbers");
    }
    return new Set(namespaces);
}

/** What the rules do without a part of site data the catalogue lacks. */
const WITHOUT_PART: Readonly<Record<LackableSitePart, string>> = {
    languages: "language codes (judged by their shape)",
    extensions: "extensions (no rule reads them)",
};

/** Whose site data judge, which parts they give, and which they lack; or what is assumed without any. */
function siteJudgedBy(catalogue: Catalogue): string {
    const { site, origin } = catalogue;
    if (!site) return `without site data (${ASSUMED_SITE})`;
    const lacks = site.lacks ?? [];
    const parts = `namespaces, aliases, interwiki prefixes, case${lacks.includes("languages") ? "" : ", language codes"}`;
    const lacking =
        lacks.length === 0 ? "" : `; they lack the wiki's ${lacks.map((part) => WITHOUT_PART[part]).join(" and ")}`;
    return `with the site data of ${origin?.siteDescription ?? "the catalogue"} (${parts})${lacking}`;
}

/** Which MediaWiki version's rules judge with a catalogue (and where the version comes from), and with which site
 *  data, or what is assumed without any. */
export function judgedAs(catalogue: Catalogue, mediawikiVersion?: string): string {
    const recorded = catalogue.origin?.mediawikiVersion;
    const version = mediawikiVersion ?? recorded ?? SHIPPED_MEDIAWIKI_VERSION;
    const source =
        mediawikiVersion !== undefined
            ? "as given"
            : recorded !== undefined
              ? "the catalogue's"
              : "the shipped catalogue's: the catalogue records none";
    return `the rules of MediaWiki ${version} (${source}), ${siteJudgedBy(catalogue)}`;
}

class QueryValidation {
    private readonly issues = new IssueLog();
    private readonly request: Record<string, string> = { action: "query" };
    private readonly params = new Map<string, RawValue>();
    // The same parameters as parallel arrays: the walk below reads them once per module.
    private readonly names: string[] = [];
    private readonly raws: RawValue[] = [];
    private readonly used = new Set<string>();
    private readonly validator: ParamValidator;
    private readonly wiki: WikiRules;

    constructor(
        private readonly index: CatalogueIndex,
        private readonly definition: WikiQueryDefinition,
        private readonly options: ValidateWikiQueryOptions,
    ) {
        const version =
            options.mediawikiVersion ?? index.catalogue.origin?.mediawikiVersion ?? SHIPPED_MEDIAWIKI_VERSION;
        this.wiki = { version, site: index.site };
        this.validator = new ParamValidator(this.issues, {
            highLimits: options.highLimits === true,
            namespaces: namespaceSet(options.namespaces, index.catalogue.site),
            mediawikiVersion: version,
            site: index.site,
        });
        const params = definition.params ?? {};
        for (const name in params) {
            const raw = rawValue(params[name]);
            if (raw === undefined || name === "action") continue;
            this.params.set(name, raw);
            this.names.push(name);
            this.raws.push(raw);
        }
    }

    run(): WikiQueryResult {
        // Modules first, so that the request reads action, modules, then parameters.
        const uses = [...this.selectModules(), ...this.selectGenerator()];
        this.validateParams(this.index.main(this.wiki.version));
        const query = this.validateParams(this.index.query);
        for (const use of uses) this.validateParams(use.index, use.given);
        this.reportUnused(uses);
        const pages: PageSource = {
            titles: query.get("titles"),
            pageids: query.get("pageids"),
            revids: query.get("revids"),
            generator: this.definition.generator !== undefined,
        };
        checkPageSource(pages, this.issues);
        for (const use of uses) checkModule(use, pages, this.wiki, this.issues);
        const { errors, warnings, advice, possible } = this.issues;
        const judgedWith = this.index.catalogue.origin?.description ?? "a catalogue of unknown origin";
        return {
            valid: errors.length === 0,
            errors,
            warnings,
            advice,
            possible,
            request: this.request,
            judgedWith,
            judgedAs: judgedAs(this.index.catalogue, this.options.mediawikiVersion),
        };
    }

    /** Validates the parameters the definition gives for one module, its missing required ones, and its templated ones. */
    private validateParams(index: ModuleIndex, given = new Map<string, ValidatedParam>()): Map<string, ValidatedParam> {
        for (let position = 0; position < this.names.length; position++) {
            const spec = index.specs.get(this.names[position]);
            if (spec) this.accept(spec.info.name, this.validator.getValue(spec, this.raws[position]), given);
        }
        for (const spec of index.required) {
            if (!this.params.has(spec.requestName)) this.validator.getValue(spec, undefined);
        }
        for (const template of index.templates) {
            if (this.names.some((name) => name.startsWith(template.head)))
                this.validateTemplated(index, template.info, given);
        }
        return given;
    }

    private accept(name: string, validated: ValidatedParam | undefined, given: Map<string, ValidatedParam>): void {
        if (!validated) return;
        this.used.add(validated.spec.requestName);
        this.request[validated.spec.requestName] = validated.request;
        given.set(name, validated);
    }

    // ApiBase expands "contentformat-{slot}" into one parameter per value of its target ("slots"), one
    // per combination when there are several variables. A catalogue can make the combinations countless
    // (six variables on a 40-value parameter: 4 billion names), so each name the definition gives is
    // matched against the template instead: the work grows with the definition, not the combinations.
    private validateTemplated(index: ModuleIndex, template: ParamInfo, given: Map<string, ValidatedParam>): void {
        const variables = Object.entries(template.templateVars ?? {});
        const valueLists = variables.map(([, target]) => given.get(target)?.values ?? []);
        const pieces = templatePieces(
            template.name,
            variables.map(([variable]) => variable),
        );
        for (const requestName of this.names) {
            if (!requestName.startsWith(index.prefix)) continue;
            const name = requestName.slice(index.prefix.length);
            if (pieces && matchesTemplate(name, pieces, valueLists)) {
                this.accept(
                    name,
                    this.validator.getValue(index.templatedSpec(template, name), this.params.get(requestName)),
                    given,
                );
            }
        }
    }

    // ApiQuery: prop, list and meta are multi-valued enumerations of module names; an unknown name, or
    // one from another group, is an unrecognized value (a warning), and its parameters go unused.
    private selectModules(): ModuleUse[] {
        const uses: ModuleUse[] = [];
        for (const group of MODULE_GROUPS) {
            const names = this.definition[group];
            const spec = this.index.groupSpec(group);
            if (names === undefined || !spec) continue;
            const validated = this.validator.getValue(spec, names);
            if (!validated) continue;
            this.request[group] = validated.request;
            for (const name of validated.values) {
                const index = this.index.submodule(name);
                if (!index) continue;
                uses.push({ index, role: group, given: new Map() });
                // The module's own deprecation, named after it as ApiQuery names it.
                if (index.module.deprecated) {
                    this.issues.warning("deprecation", group, name, `The "${name}" module has been deprecated.`);
                }
            }
        }
        return uses;
    }

    // ApiPageSet: the generator must exist and be able to generate.
    private selectGenerator(): ModuleUse[] {
        const name = this.definition.generator;
        if (name === undefined) return [];
        this.request.generator = name;
        const module = this.index.catalogue.modules.get(name);
        if (!module || !module.generator) {
            const reason = module
                ? `Module ${quoted(name)} cannot be used as a generator.`
                : `Unknown generator ${quoted(name)}.${this.generatorSuggestion(name)}`;
            this.issues.error("badgenerator", "generator", "query", reason);
            return [];
        }
        if (module.deprecated)
            this.issues.warning("deprecation", "generator", name, `The "${name}" module has been deprecated.`);
        const index = this.index.generator(name);
        return index ? [{ index, role: "generator", given: new Map() }] : [];
    }

    private generatorSuggestion(name: string): string {
        const generators = [...this.index.catalogue.modules.values()]
            .filter((module) => module.generator)
            .map((module) => module.name);
        return didYouMean(closestName(name, generators));
    }

    // ApiMain: parameters no module read.
    private reportUnused(uses: readonly ModuleUse[]): void {
        let known: string[] | undefined;
        for (const name of this.params.keys()) {
            if (this.used.has(name)) continue;
            let hint = templatedHint(name, uses) ?? ownerHint(this.index.ownerOf(name));
            if (hint === "") {
                known ??= [
                    this.index.main(this.wiki.version),
                    this.index.query,
                    ...uses.map((use) => use.index),
                ].flatMap((index) => [...index.specs.keys()]);
                hint = didYouMean(closestName(name, known), " (did you mean", "?)");
            }
            // ApiMain reports them, after every module has read its own.
            this.issues.warning("unrecognizedparams", name, "main", `Unrecognized parameter: ${quoted(name)}${hint}.`);
        }
    }
}

/** A template name split at its variables: literal, variable, literal, ...; undefined unless each variable occurs exactly once. */
function templatePieces(
    name: string,
    variables: readonly string[],
): { literals: string[]; order: number[] } | undefined {
    const literals: string[] = [];
    const order: number[] = [];
    let rest = name;
    for (;;) {
        let found = -1;
        let at = rest.length;
        variables.forEach((variable, position) => {
            const index = rest.indexOf(`{${variable}}`);
            if (index >= 0 && index < at) [found, at] = [position, index];
        });
        if (found < 0) break;
        if (order.includes(found)) return undefined;
        literals.push(rest.slice(0, at));
        order.push(found);
        rest = rest.slice(at + variables[found].length + 2);
    }
    literals.push(rest);
    return order.length === variables.length ? { literals, order } : undefined;
}

// The positions reachable after each variable: at most name.length + 1 of them, each step trying the
// variable's values there, so the cost is bounded by the name's length times the values' count.
function matchesTemplate(
    name: string,
    pieces: { literals: string[]; order: number[] },
    valueLists: readonly (readonly string[])[],
): boolean {
    const { literals, order } = pieces;
    if (!name.startsWith(literals[0]) || !name.endsWith(literals[literals.length - 1])) return false;
    let positions = new Set([literals[0].length]);
    order.forEach((variable, step) => {
        const next = new Set<number>();
        const literal = literals[step + 1];
        for (const position of positions) {
            for (const value of valueLists[variable]) {
                const end = position + value.length;
                if (name.startsWith(value, position) && name.startsWith(literal, end)) next.add(end + literal.length);
            }
        }
        positions = next;
    });
    return positions.has(name.length);
}

function ownerHint(owner: string | undefined): string {
    return owner ? ` (it belongs to ${owner}, which this query does not use)` : "";
}

function templatedHint(name: string, uses: readonly ModuleUse[]): string | undefined {
    for (const { index } of uses) {
        for (const template of index.module.templatedParameters) {
            for (const [variable, target] of Object.entries(template.templateVars ?? {})) {
                const [before, after] = template.name.split(`{${variable}}`);
                const head = index.prefix + before;
                if (name.length > head.length + after.length && name.startsWith(head) && name.endsWith(after)) {
                    return ` (it exists only for the values given in "${index.prefix + target}")`;
                }
            }
        }
    }
    return undefined;
}

/** Validates a query definition as MediaWiki's api.php would judge the request. Throws WikiDefinitionError for a malformed definition. */
export function validateWikiQuery(definition: unknown, options: ValidateWikiQueryOptions = {}): WikiQueryResult {
    const checked = checkDefinition(definition);
    const index = indexCatalogue(options.catalogue ?? shippedCatalogue());
    return new QueryValidation(index, checked, options).run();
}
