// A seeded corpus of query definitions generated from a wiki's own paraminfo and site data: every module, alone and
// as a generator; every parameter with valid, invalid, edge and deprecated values of its type; arrays
// given to single-valued parameters; unknown, required, multisource, singlepageonly and templated
// cases; random mixes of a module's parameters, which is where module-code rules show; titles behind the wiki's
// interwiki prefixes and namespace names and aliases; language codes; and requests whose warnings depend on the pages.
import type { Catalogue, ModuleInfo, ParamInfo } from "../../wiki/catalogue/model";
import type { DefinitionValue, WikiQueryDefinition } from "../../wiki";
import { seededRandom } from "../support/seeded-random";

export interface CorpusCase {
    /** What the case exercises; the differential table groups by it. */
    readonly kind: string;
    readonly definition: WikiQueryDefinition;
}

type Value = DefinitionValue;

// Parameters that would change the answer's shape or the caller's identity rather than be judged.
const SKIPPED_QUERY_PARAMS = new Set(["prop", "list", "meta", "generator", "continue", "rawcontinue"]);
// A page each module can start from, so that one-of-these-is-required rules do not hide the rest.
const TITLE_FOR: Readonly<Record<string, string>> = {
    categorymembers: "Category:Example",
    imageusage: "File:Example.png",
    categoryinfo: "Category:Example",
};

const VALUES_BY_TYPE: Readonly<Record<string, readonly Value[]>> = {
    boolean: [true, "false", "0", "yes"],
    timestamp: ["2020-01-01T00:00:00Z", "20200101000000", "now", "0", "yesterday", "2020-13-45T99:00:00Z"],
    title: ["Main Page", "Main_Page", "Talk:Example", "[bad]", "a|b", "", "Special:Example"],
    user: [
        "Example",
        "example",
        "127.0.0.1",
        "192.0.2.0/24",
        "~2024-1",
        "#1",
        "Bad[name",
        "wiki>Name",
        "2001:db8::/32",
    ],
    namespace: [0, 14, 999, "abc", "-1"],
    string: ["Example", "Main Page", "a|b", "", "[x]", "0", "*"],
    text: ["Example", ""],
    expiry: ["infinite", "1 day", "never ever"],
    password: ["secret"],
    raw: ["Example"],
    upload: ["Example"],
    tags: ["Example"],
};

function integerValues(info: ParamInfo): Value[] {
    const values: Value[] = [1, "abc", "1.5", "99999999999999999999", "-5", "+7"];
    if (info.max !== undefined) values.push(info.max + 1);
    if (info.min !== undefined) values.push(info.min - 1);
    return values;
}

function limitValues(info: ParamInfo): Value[] {
    return [10, "max", 0, (info.max ?? 500) * 10 + 1, "many"];
}

function enumValues(info: ParamInfo, allowed: readonly string[]): Value[] {
    const values: Value[] = allowed.slice(0, 3);
    values.push("bogus", ...info.deprecatedValues);
    if (info.multi) {
        if (allowed.length > 1) values.push([allowed[0], allowed[1]], [allowed[0], allowed[allowed.length - 1]]);
        values.push([allowed[0], "bogus"], [allowed[0], allowed[0]]);
        if (info.allspecifier) values.push(info.allspecifier);
        // A "!value" form is how show parameters say "not": contradicting pairs are a module rule.
        const negated = allowed.find((value) => value.startsWith("!"));
        if (negated) values.push([negated, negated.slice(1)]);
    } else if (allowed.length > 1) {
        values.push([allowed[0], allowed[1]]);
    }
    return values;
}

/** The values a parameter is tried with. */
export function valuesFor(info: ParamInfo): Value[] {
    const type = info.type;
    let values: Value[];
    if (typeof type !== "string") values = enumValues(info, type);
    else if (type === "integer") values = integerValues(info);
    else if (type === "limit") values = limitValues(info);
    else values = [...(VALUES_BY_TYPE[type] ?? VALUES_BY_TYPE.string)];
    if (info.multi && typeof type === "string") values.push(["Example", "Other"], "A|B|A");
    else if (!info.multi && typeof type === "string" && type !== "boolean") values.push(["Example", "Other"], ["7"]);
    return values;
}

function typeName(info: ParamInfo): string {
    return typeof info.type === "string" ? info.type : "enum";
}

function groupField(module: ModuleInfo): "list" | "prop" | "meta" {
    return module.group === "prop" ? "prop" : module.group === "meta" ? "meta" : "list";
}

class CorpusBuilder {
    readonly cases: CorpusCase[] = [];
    private readonly random: () => number;

    constructor(
        private readonly catalogue: Catalogue,
        seed: number,
    ) {
        this.random = seededRandom(seed);
    }

    private pick<T>(items: readonly T[]): T {
        return items[Math.floor(this.random() * items.length)];
    }

    private add(kind: string, definition: WikiQueryDefinition): void {
        this.cases.push({ kind, definition });
    }

    /** The parameters every case of the module starts from: its pages and required parameters. */
    private baseParams(module: ModuleInfo, prefix: string, role: string): Record<string, Value> {
        const base: Record<string, Value> = {};
        if (role === "prop") base.titles = "Main Page";
        const title = module.parametersByName.get("title");
        if (title) base[prefix + "title"] = TITLE_FOR[module.name] ?? "Main Page";
        for (const info of module.parameters) {
            if (info.required && base[prefix + info.name] === undefined)
                base[prefix + info.name] = this.validValue(info);
        }
        return base;
    }

    private validValue(info: ParamInfo): Value {
        const values = valuesFor(info);
        return values[0];
    }

    private moduleCases(module: ModuleInfo): void {
        const role = groupField(module);
        const base = this.baseParams(module, module.prefix, role);
        const use = { [role]: module.name };
        this.add("module alone", { ...use, params: role === "prop" ? { titles: "Main Page" } : {} });
        this.add("module with its page", { ...use, params: base });
        this.add("unknown parameter", { ...use, params: { ...base, [module.prefix + "bogusparam"]: "1" } });
        for (const info of module.parameters) {
            const name = module.prefix + info.name;
            for (const value of valuesFor(info)) {
                const kind = Array.isArray(value) && !info.multi ? "array to single-valued" : `type ${typeName(info)}`;
                this.add(kind, { ...use, params: { ...base, [name]: value } });
            }
            if (info.required) {
                const params = { ...base };
                delete params[name];
                this.add("required", { ...use, params });
            }
        }
        this.mixes(module, use, base, module.prefix, "mix");
        if (module.generator) this.generatorCases(module);
    }

    private mixes(
        module: ModuleInfo,
        use: WikiQueryDefinition,
        base: Record<string, Value>,
        prefix: string,
        kind: string,
    ): void {
        const parameters = module.parameters.filter((info) => !info.required);
        if (parameters.length < 2) return;
        const count = Math.min(12, parameters.length * 2);
        for (let made = 0; made < count; made++) {
            const params = { ...base };
            const size = 2 + Math.floor(this.random() * 3);
            for (let taken = 0; taken < size; taken++) {
                const info = this.pick(parameters);
                const values = valuesFor(info);
                // Mostly valid values (the first of each list), so that the mix itself is what is judged.
                params[prefix + info.name] = this.random() < 0.75 ? values[0] : this.pick(values);
            }
            this.add(kind, { ...use, params });
        }
    }

    private generatorCases(module: ModuleInfo): void {
        const prefix = "g" + module.prefix;
        const base = this.baseParams(module, prefix, "generator");
        const use = { generator: module.name, prop: "info" };
        this.add("generator", { ...use, params: base });
        for (const info of module.parameters.slice(0, 6)) {
            this.add("generator", { ...use, params: { ...base, [prefix + info.name]: this.pick(valuesFor(info)) } });
        }
        this.mixes(module, use, base, prefix, "generator mix");
    }

    private queryCases(): void {
        for (const info of this.catalogue.query.parameters) {
            if (SKIPPED_QUERY_PARAMS.has(info.name)) continue;
            for (const value of valuesFor(info))
                this.add(`query ${typeName(info)}`, {
                    prop: "info",
                    params: { titles: "Main Page", [info.name]: value },
                });
        }
        this.add("multisource", { prop: "info", params: { titles: "Main Page", pageids: 1 } });
        this.add("multisource", { prop: "info", params: { titles: "Main Page", revids: 1 } });
        this.add("multisource", { prop: "info", params: { pageids: 1, revids: 1 } });
        this.add("multisource", { generator: "allpages", prop: "info", params: { titles: "Main Page" } });
        this.add("unknown module", { list: "nosuchmodule" });
        this.add("unknown module", { prop: "allpages", params: { titles: "Main Page" } });
        this.add("unknown module", { generator: "nosuchmodule" });
        this.add("unknown module", { generator: "info" });
        this.add("unknown parameter", { list: "allpages", params: { nosuchparam: 1 } });
    }

    private singlePageCases(): void {
        const pages: Value[] = [
            "Main Page",
            "Main Page|Talk:Example",
            "Main Page|Main_Page",
            "Main Page|[bad]",
            "Main Page|Main Page",
        ];
        for (const titles of pages) {
            const extras: Record<string, Value>[] = [
                { rvlimit: 5 },
                { rvdir: "newer" },
                { rvdir: "older" },
                { rvstart: "2020-01-01T00:00:00Z" },
                { rvprop: "ids" },
            ];
            for (const extra of extras) {
                this.add("singlepageonly", { prop: "revisions", params: { titles, ...extra } });
            }
        }
        this.add("singlepageonly", { prop: "revisions", params: { revids: 1, rvlimit: 5 } });
        this.add("singlepageonly", { prop: "revisions", generator: "allpages", params: { rvlimit: 5 } });
        this.add("singlepageonly", { prop: "revisions", generator: "allpages", params: { gaplimit: 1, rvlimit: 5 } });
    }

    private templatedCases(): void {
        const base = { titles: "Main Page" };
        this.add("templated", {
            prop: "revisions",
            params: { ...base, rvslots: "main", "rvcontentformat-main": "text/x-wiki" },
        });
        this.add("templated", {
            prop: "revisions",
            params: { ...base, rvslots: "main", "rvcontentformat-main": "bogus/format" },
        });
        this.add("templated", { prop: "revisions", params: { ...base, "rvcontentformat-main": "text/x-wiki" } });
        this.add("templated", {
            prop: "revisions",
            params: { ...base, rvslots: "*", "rvcontentformat-main": "text/x-wiki" },
        });
        this.add("templated", { prop: "revisions", params: { ...base, rvprop: "content", rvslots: "main" } });
        this.add("templated", { prop: "revisions", params: { ...base, rvprop: "content" } });
        this.add("templated", { prop: "revisions", params: { ...base, rvprop: "content|ids", rvslots: "*" } });
    }

    // Where the validator and a real MediaWiki 1.39 were last seen to differ: each case is sent on every run.
    private knownDifferenceCases(): void {
        const kind = KNOWN_DIFFERENCES;
        // Temporary-account names (newer than 1.39) in every user parameter, with the module's usual base.
        for (const module of this.catalogue.modules.values()) {
            const role = groupField(module);
            const base = this.baseParams(module, module.prefix, role);
            for (const info of module.parameters) {
                if (info.type === "user")
                    this.add(kind, {
                        [role]: module.name,
                        params: { ...base, [module.prefix + info.name]: "~2024-1" },
                    });
            }
        }
        // A link title without its language or prefix: with an existing page, a missing one, and no page.
        for (const [module, title, other] of [
            ["langlinks", "lltitle", "lllang"],
            ["iwlinks", "iwtitle", "iwprefix"],
        ]) {
            const withPages: Record<string, Value>[] = [{ titles: "Main Page" }, { titles: "No such page here" }, {}];
            for (const pages of withPages) {
                this.add(kind, { prop: module, params: { ...pages, [title]: "Example" } });
                this.add(kind, { prop: module, params: { ...pages, [title]: "Example", [other]: "en" } });
            }
        }
        for (const continueValue of ["bogus", "0|Main_Page", "0|[bad]", "5", "1|2|3", ""]) {
            this.add(kind, { prop: "info", params: { titles: "Main Page", incontinue: continueValue } });
            this.add(kind, { prop: "pageprops", params: { titles: "Main Page", ppcontinue: continueValue } });
        }
        for (const prefix of ["[bad]", "Talk:Ex", "Main", "a|b", ":"])
            this.add(kind, { list: "logevents", params: { leprefix: prefix } });
        const filePages: Record<string, Value>[] = [{ titles: "File:Example.png" }, {}];
        for (const pages of filePages) {
            for (const context of ["[bad]", "Main Page", ""])
                this.add(kind, { prop: "imageinfo", params: { ...pages, iibadfilecontexttitle: context } });
        }
        // Page 1 is the installed wiki's Main Page, not a file.
        this.add(kind, { list: "imageusage", params: { iupageid: 1 } });
        this.add(kind, { list: "imageusage", params: { iupageid: "+1" } });
        const generateTitles: Record<string, Value>[] = [
            { gadrgeneratetitles: true },
            { gadrgeneratetitles: true, gadrdir: "newer" },
            { gadrgeneratetitles: true, gadruser: "Example" },
        ];
        for (const params of generateTitles) {
            this.add(kind, { prop: "info", generator: "alldeletedrevisions", params });
        }
        for (const age of ["smaxage", "maxage"])
            this.add(kind, { prop: "info", params: { titles: "Main Page", [age]: "-5" } });
        // A namespace parameter left without a namespace ends ApiQueryBacklinksprop before its continue value is read.
        for (const [module, prefix] of [
            ["linkshere", "lh"],
            ["redirects", "rd"],
            ["transcludedin", "ti"],
        ]) {
            for (const namespace of ["Example|Other", "0"])
                this.add(kind, {
                    prop: module,
                    params: {
                        titles: "Main Page",
                        [`${prefix}namespace`]: namespace,
                        [`${prefix}continue`]: "Example",
                    },
                });
        }
        this.add(kind, { list: "imageusage", params: { iutitle: "Main Page" } });
        this.add(kind, { list: "imageusage", params: { iutitle: "File:Example.png" } });
    }

    /** Every module parameter the test picks, with the module's usual base. */
    private parameterUses(
        picks: (info: ParamInfo) => boolean,
    ): { use: WikiQueryDefinition; base: Record<string, Value>; name: string }[] {
        const uses = [];
        for (const module of this.catalogue.modules.values()) {
            const role = groupField(module);
            const base = this.baseParams(module, module.prefix, role);
            for (const info of module.parameters) {
                if (picks(info)) uses.push({ use: { [role]: module.name }, base, name: module.prefix + info.name });
            }
        }
        return uses;
    }

    /** Every module parameter that names a page or a part of a title, with the module's usual base. */
    private titleParameterUses(): { use: WikiQueryDefinition; base: Record<string, Value>; name: string }[] {
        return this.parameterUses((info) => TITLE_PARAMETERS.has(info.name));
    }

    // Each kind of user designator in every user parameter: IP addresses as user pages write them, ranges, interwiki
    // users, temporary accounts' names, user ids.
    private userDesignatorCases(): void {
        for (const { use, base, name } of this.parameterUses((info) => info.type === "user")) {
            for (const user of USER_DESIGNATORS)
                this.add(USER_DESIGNATOR_CASES, { ...use, params: { ...base, [name]: user } });
        }
    }

    // The continue value of every module that has one, in the shapes modules write and some they never do.
    private continueCases(): void {
        for (const { use, base, name } of this.parameterUses((info) => info.name === "continue")) {
            for (const value of CONTINUE_VALUES)
                this.add(CONTINUE_CASES, { ...use, params: { ...base, [name]: value } });
        }
    }

    // Every title and user parameter given empty.
    private emptyValueCases(): void {
        for (const { use, base, name } of this.parameterUses(
            (info) =>
                info.type === "user" ||
                info.type === "title" ||
                TITLE_PARAMETERS.has(info.name) ||
                TITLE_PART_PARAMETERS.has(info.name),
        )) {
            this.add(EMPTY_VALUES, { ...use, params: { ...base, [name]: "" } });
        }
    }

    // Every parameter that may only list one page's items (singlepageonly), with each source of several pages.
    private singlePageLimitCases(): void {
        for (const module of this.catalogue.modules.values()) {
            const singlePage = module.parameters.filter((info) =>
                info.info.some((note) => note.name === "singlepageonly"),
            );
            for (const info of singlePage) {
                const value = info.type === "limit" ? 5 : valuesFor(info)[0];
                const name = module.prefix + info.name;
                for (const pages of SEVERAL_PAGES)
                    this.add(SINGLE_PAGE_LIMITS, {
                        prop: module.name,
                        ...pages,
                        params: { ...pages.params, [name]: value },
                    });
            }
        }
    }

    // Titles behind the wiki's interwiki prefixes (invalid where a module needs a page of this wiki) and in its
    // namespaces by their names and aliases.
    private siteCases(): void {
        const site = this.catalogue.site;
        if (!site) return;
        const prefixes = site.interwiki
            .filter((entry) => !entry.local)
            .map((entry) => entry.prefix)
            .slice(0, 2);
        const interwikiTitles = prefixes.flatMap((prefix) => [
            `${prefix}:Example`,
            `${upperFirst(prefix)}:Example`,
            `:${prefix}:Example`,
            `Talk:${prefix}:Example`,
            `${prefix}:`,
        ]);
        const names = [
            ...site.namespaceAliases.map((alias) => alias.alias),
            ...site.namespaces.filter((namespace) => namespace.id === 4).map((namespace) => namespace.name),
        ];
        const namespaceTitles = names.flatMap((name) => [
            `${name}:Example`,
            `${name.toLowerCase()}:Example.png`,
            `Talk:${name}:Example`,
        ]);
        for (const { use, base, name } of this.titleParameterUses()) {
            for (const title of interwikiTitles)
                this.add(INTERWIKI_PREFIXES, { ...use, params: { ...base, [name]: title } });
            for (const title of namespaceTitles)
                this.add(NAMESPACE_NAMES, { ...use, params: { ...base, [name]: title } });
        }
        for (const titles of [...interwikiTitles, ...namespaceTitles])
            this.add(INTERWIKI_PREFIXES, { prop: "info", params: { titles } });
        const codes: Value[] = [
            "*",
            ["*", "de"],
            ["de", "*"],
            "",
            "de",
            "en-gb",
            "nan",
            "zh-hant",
            "xyz",
            "qqq",
            "en-x-piglatin",
            "De",
            ["de", "xyz"],
            ["fr", "sr-el"],
        ];
        for (const code of codes) {
            this.add(LANGUAGE_CODES, { meta: "languageinfo", params: { licode: code } });
            this.add(LANGUAGE_CODES, { meta: "allmessages", params: { ammessages: "mainpage", amlang: code } });
        }
    }

    // ApiQueryRevisions's modes (enumeration, revisions, pages, and revids with an enumeration parameter): revisions that
    // exist, that do not and both; each mode's continue values; the module as a generator of its own pages.
    private revisionModeCases(): void {
        const modeParams: Record<string, Value>[] = [
            { rvlimit: 5 },
            { rvdir: "newer" },
            { rvdir: "older" },
            { rvstartid: 1, rvstart: "now" },
            { rvuser: "Example", rvexcludeuser: "Other" },
            { rvcontinue: "garbage" },
            { rvcontinue: "5" },
            { rvslots: "main", rvparse: true },
            { rvlimit: 5, rvslots: "main", rvparse: true },
            { rvtag: "Example", rvlimit: "max" },
        ];
        // Revision 1 is the installed wiki's Main Page; 999999 does not exist.
        for (const revids of [1, 999999, "1|999999"])
            for (const params of modeParams)
                this.add(REVISION_MODES, { prop: "revisions", params: { revids, ...params } });
        const pageParams: Record<string, Value>[] = [
            { rvcontinue: "1|2" },
            { rvcontinue: "a|b" },
            { rvcontinue: "5" },
            { rvlimit: 5, rvcontinue: "1|2" },
            { rvlimit: 5, rvcontinue: "20200101000000|x" },
            { rvlimit: 5, rvcontinue: "20200101000000|5" },
            { rvdir: "newer", rvcontinue: "20200101000000|5" },
            { rvstartid: 1, rvstart: "now" },
        ];
        for (const params of pageParams)
            this.add(REVISION_MODES, { prop: "revisions", params: { titles: "Main Page", ...params } });
        const generated: Record<string, Value>[] = [
            { revids: 999999, grvlimit: 5 },
            { revids: 1, grvlimit: 5 },
            { revids: 1, grvcontinue: "garbage" },
            { titles: "Main Page", grvlimit: 5, grvcontinue: "1|2" },
        ];
        for (const params of generated) this.add(REVISION_MODES, { generator: "revisions", prop: "info", params });
        // The deleted revisions' modes: by revision or by page; pages, one user's or all users'; one user's, all users',
        // all users' titles ascending.
        for (const drvcontinue of ["1|2", "0|Main_Page|20200101000000|5", "20200101000000|5"]) {
            this.add(REVISION_MODES, { prop: "deletedrevisions", params: { titles: "Main Page", drvcontinue } });
            this.add(REVISION_MODES, { prop: "deletedrevisions", params: { revids: 1, drvcontinue } });
        }
        for (const drcontinue of ["0|Main_Page|20200101000000|5", "20200101000000|5"]) {
            const modes: Record<string, Value>[] = [{ titles: "Main Page" }, { druser: "Example" }, {}];
            for (const params of modes)
                this.add(REVISION_MODES, { list: "deletedrevs", params: { ...params, drcontinue } });
        }
        const allDeleted: Record<string, Value>[] = [{}, { adruser: "Example" }];
        for (const adrcontinue of ["0|Main_Page", "0|Main_Page|20200101000000|5", "20200101000000|5"]) {
            for (const params of allDeleted)
                this.add(REVISION_MODES, { list: "alldeletedrevisions", params: { ...params, adrcontinue } });
            for (const dir of ["newer", "older"])
                this.add(REVISION_MODES, {
                    generator: "alldeletedrevisions",
                    params: { gadrgeneratetitles: true, gadrdir: dir, gadrcontinue: adrcontinue },
                });
        }
    }

    // Where MediaWiki asks Title::isExternal of a title it parses: the interwiki prefixes as users write them
    // (capitalised, as a project name), in log events' and recent changes' titles, and in a parsed message's title.
    private externalTitleCases(): void {
        const site = this.catalogue.site;
        if (!site) return;
        const prefixes = site.interwiki.filter((entry) => !entry.local).map((entry) => entry.prefix);
        const chosen = [...prefixes.slice(0, 2), ...prefixes.filter((prefix) => prefix === "wikipedia")];
        const titles = [
            ...chosen.flatMap((prefix) => [`${upperFirst(prefix)}:Example`, `:${prefix}:Example`]),
            "[bad]",
            "",
        ];
        for (const title of titles) {
            this.add(EXTERNAL_TITLES, {
                meta: "allmessages",
                params: { ammessages: "mainpage", amenableparser: true, amtitle: title },
            });
            this.add(EXTERNAL_TITLES, { meta: "allmessages", params: { ammessages: "mainpage", amtitle: title } });
            this.add(EXTERNAL_TITLES, { list: "logevents", params: { letitle: title } });
            this.add(EXTERNAL_TITLES, { list: "logevents", params: { leprefix: title } });
            this.add(EXTERNAL_TITLES, { list: "recentchanges", params: { rctitle: title } });
        }
    }

    // What the wiki's configuration decides ($wgShowHostnames for all database servers), whoever asks.
    private configurationCases(): void {
        const siteinfo: Record<string, Value>[] = [
            { siprop: "dbrepllag", sishowalldb: true },
            { siprop: "dbrepllag", sishowalldb: "0" },
            { siprop: "general|dbrepllag", sishowalldb: true },
            { siprop: "dbrepllag|bogus", sishowalldb: true },
            { siprop: "dbrepllag", sishowalldb: true, sifilteriw: "bogus" },
            { siprop: "dbrepllag", sishowalldb: true, siinlanguagecode: "xyz" },
            { sishowalldb: true },
            { siprop: "dbrepllag" },
        ];
        for (const params of siteinfo) this.add(CONFIGURATION, { meta: "siteinfo", params });
        this.add(CONFIGURATION, { meta: ["siteinfo", "userinfo"], params: { siprop: "dbrepllag", sishowalldb: true } });
        this.add(CONFIGURATION, {
            meta: "siteinfo",
            list: "allpages",
            params: { siprop: "dbrepllag", sishowalldb: true, apdir: "sideways" },
        });
    }

    // Warnings and errors that depend on the pages found or on the wiki's configuration.
    private pageDependentCases(): void {
        const pages: Record<string, Value>[] = [
            { titles: "Main Page" },
            { titles: "No such page here" },
            { titles: "Main Page|No such page here" },
            { revids: 1 },
        ];
        for (const source of pages) {
            for (const rvprop of ["content", "ids|contentmodel", "ids"])
                this.add(PAGE_DEPENDENT, { prop: "revisions", params: { ...source, rvprop } });
            if (this.catalogue.modules.has("extracts")) {
                const extras: Record<string, Value>[] = [{}, { explaintext: true }, { exintro: true, exsentences: 2 }];
                for (const extra of extras)
                    this.add(PAGE_DEPENDENT, { prop: "extracts", params: { ...source, ...prefixed("ex", extra) } });
            }
        }
        for (const siprop of ["dbrepllag", "general", "dbrepllag|general"]) {
            this.add(PAGE_DEPENDENT, { meta: "siteinfo", params: { siprop, sishowalldb: true } });
            this.add(PAGE_DEPENDENT, { meta: "siteinfo", params: { siprop } });
        }
    }

    build(): CorpusCase[] {
        this.knownDifferenceCases();
        this.userDesignatorCases();
        this.continueCases();
        this.emptyValueCases();
        this.singlePageLimitCases();
        this.siteCases();
        this.pageDependentCases();
        this.revisionModeCases();
        this.externalTitleCases();
        this.configurationCases();
        this.queryCases();
        this.singlePageCases();
        this.templatedCases();
        for (const module of this.catalogue.modules.values()) this.moduleCases(module);
        return this.cases;
    }
}

/** The class of the cases where the validator and a real MediaWiki were last seen to differ; samples keep it whole. */
export const KNOWN_DIFFERENCES = "known differences";
const INTERWIKI_PREFIXES = "interwiki prefixes";
const NAMESPACE_NAMES = "namespace names";
const LANGUAGE_CODES = "language codes";
const REVISION_MODES = "revision modes";
const EXTERNAL_TITLES = "external titles";
const CONFIGURATION = "configuration";
/** The classes samples keep whole: the last-seen differences, and the classes of real users' queries where the
 *  validator and the real MediaWikis were last seen to differ, each a few dozen cases. */
const SENT_WHOLE: ReadonlySet<string> = new Set([
    KNOWN_DIFFERENCES,
    REVISION_MODES,
    EXTERNAL_TITLES,
    CONFIGURATION,
    LANGUAGE_CODES,
]);
const PAGE_DEPENDENT = "page-dependent";
/** The class of each kind of user designator in every user parameter. */
export const USER_DESIGNATOR_CASES = "user designators";
const CONTINUE_CASES = "continue values";
const EMPTY_VALUES = "empty values";
const SINGLE_PAGE_LIMITS = "single-page limits";
const USER_DESIGNATORS: readonly Value[] = [
    "::1",
    "User:::1",
    "2001:DB8:0:0:0:0:0:1",
    "2001:db8::/32",
    "::1/128",
    ":::1",
    "127.000.0.1",
    "192.0.2.0/24",
    "192.0.2.0/33",
    "192.0.2.xxx",
    "~2024-1",
    "~Bad[name",
    "imported>Example",
    "en>Example",
    "#0",
    "#1",
];
const CONTINUE_VALUES: readonly Value[] = [
    "garbage",
    "a|b",
    "1|2",
    "5|Main_Page",
    "1|2|3",
    "1|x|20200101000000|2",
    "20200101000000|5",
    "0.5|0.5|1|0",
    "0|0|0|0|0|0",
    " 5",
    "-0",
];
// Several pages from each source ApiPageSet takes: one of the titles exists on the test wiki, the other not.
const SEVERAL_PAGES: readonly { generator?: string; params: Record<string, Value> }[] = [
    { params: { titles: "Main Page|No such page here" } },
    { params: { titles: "Main Page|Talk:Example" } },
    { params: { pageids: "1|2" } },
    { params: { revids: 1 } },
    { generator: "allpages", params: {} },
    { generator: "allpages", params: { gaplimit: 1 } },
];
// Parameters whose value is a page or the start of a title (ApiQueryBase::titlePartToKey, getTitleOrPageId, ...).
const TITLE_PARAMETERS = new Set([
    "title",
    "from",
    "to",
    "prefix",
    "titles",
    "templates",
    "categories",
    "images",
    "badfilecontexttitle",
]);
// ApiQueryBase::parsePrefixedTitlePart's parameters (watchlistraw).
const TITLE_PART_PARAMETERS = new Set(["fromtitle", "totitle"]);

function upperFirst(text: string): string {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

function prefixed(prefix: string, params: Record<string, Value>): Record<string, Value> {
    return Object.fromEntries(Object.entries(params).map(([name, value]) => [prefix + name, value]));
}

/** The corpus for a catalogue; the same seed gives the same cases. */
export function generateCorpus(catalogue: Catalogue, seed = 20261123): CorpusCase[] {
    return new CorpusBuilder(catalogue, seed).build();
}

/** About `size` cases, the same share of every kind (a seeded choice), so that no class drops out. */
export function sampleCorpus(cases: readonly CorpusCase[], size: number, seed = 20261123): CorpusCase[] {
    if (cases.length <= size) return [...cases];
    const random = seededRandom(seed);
    const share = size / cases.length;
    const byKind = new Map<string, CorpusCase[]>();
    for (const testCase of cases) {
        const list = byKind.get(testCase.kind) ?? [];
        list.push(testCase);
        byKind.set(testCase.kind, list);
    }
    const chosen: CorpusCase[] = [];
    for (const list of byKind.values()) {
        const keys = list.map((testCase) => ({ testCase, key: random() }));
        keys.sort((a, b) => a.key - b.key);
        const count = SENT_WHOLE.has(list[0].kind) ? list.length : Math.ceil(list.length * share);
        chosen.push(...keys.slice(0, count).map(({ testCase }) => testCase));
    }
    return chosen;
}
