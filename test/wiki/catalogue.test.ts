// The shipped catalogue pinned to the spec (its notation: tools/wiki-catalogue/notation.txt) by a table
// written from the spec by hand: nothing here is computed by the notation parser or the builder.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { ModuleInfo, ParamInfo, shippedCatalogue } from "../../wiki/catalogue";

// REVSET as the spec spells it out, shared by the four revision modules.
const REVSET = "slots expandtemplates generatexml parse section diffto difftotext difftotextpst contentformat";

/** name: [group, prefix, generator, parameter names in index order] */
const SPEC_MODULES: Record<string, [string, string, boolean, string]> = {
    allcategories: ["list", "ac", true, "from continue to prefix dir min max limit prop"],
    alldeletedrevisions: [
        "list",
        "adr",
        true,
        `prop ${REVSET} limit user namespace start end dir from to prefix excludeuser tag continue generatetitles`,
    ],
    allfileusages: ["list", "af", true, "continue from to prefix unique prop limit dir"],
    allimages: [
        "list",
        "ai",
        true,
        "sort dir from to continue start end prop prefix minsize maxsize sha1 sha1base36 user filterbots mime limit",
    ],
    alllinks: ["list", "al", true, "continue from to prefix unique prop namespace limit dir"],
    allmessages: [
        "meta",
        "am",
        false,
        "messages prop enableparser nocontent includelocal args filter customised lang from to title prefix",
    ],
    allpages: [
        "list",
        "ap",
        true,
        "from continue to prefix namespace filterredir filterlanglinks minsize maxsize prtype prlevel prfiltercascade prexpiry limit dir",
    ],
    allredirects: ["list", "ar", true, "continue from to prefix unique prop namespace limit dir"],
    allrevisions: [
        "list",
        "arv",
        true,
        `prop ${REVSET} limit user namespace start end dir excludeuser continue generatetitles`,
    ],
    alltransclusions: ["list", "at", true, "continue from to prefix unique prop namespace limit dir"],
    allusers: [
        "list",
        "au",
        false,
        "from to prefix dir group excludegroup rights prop limit witheditsonly activeusers attachedwiki excludenamed excludetemp",
    ],
    authmanagerinfo: ["meta", "ami", false, "securitysensitiveoperation requestsfor mergerequestfields messageformat"],
    backlinks: ["list", "bl", true, "title pageid continue namespace dir filterredir limit redirect"],
    blocks: ["list", "bk", false, "start end dir ids users ip limit prop show continue"],
    categories: ["prop", "cl", true, "prop show limit continue categories dir"],
    categoryinfo: ["prop", "ci", false, "continue"],
    categorymembers: [
        "list",
        "cm",
        true,
        "title pageid prop namespace type continue limit sort dir start end starthexsortkey endhexsortkey " +
            "startsortkeyprefix endsortkeyprefix startsortkey endsortkey",
    ],
    codexicons: ["list", "", false, "names"],
    contributors: ["prop", "pc", false, "group excludegroup rights excluderights limit continue"],
    deletedrevisions: ["prop", "drv", true, `prop ${REVSET} limit start end dir tag user excludeuser continue`],
    deletedrevs: [
        "list",
        "dr",
        false,
        "start end dir from to prefix unique namespace tag user excludeuser prop limit continue",
    ],
    duplicatefiles: ["prop", "df", true, "limit continue dir localonly"],
    embeddedin: ["list", "ei", true, "title pageid continue namespace dir filterredir limit"],
    extlinks: ["prop", "el", false, "limit continue protocol query expandurl"],
    exturlusage: ["list", "eu", true, "prop continue protocol query namespace limit expandurl"],
    filearchive: ["list", "fa", false, "from to prefix dir sha1 sha1base36 prop limit continue"],
    filerepoinfo: ["meta", "fri", false, "prop"],
    fileusage: ["prop", "fu", true, "prop namespace show limit continue"],
    imageinfo: [
        "prop",
        "ii",
        false,
        "prop limit start end urlwidth urlheight metadataversion extmetadatalanguage extmetadatamultilang " +
            "extmetadatafilter urlparam badfilecontexttitle continue localonly",
    ],
    images: ["prop", "im", true, "limit continue images dir"],
    imageusage: ["list", "iu", true, "title pageid continue namespace dir filterredir limit redirect"],
    info: [
        "prop",
        "in",
        false,
        "prop linkcontext testactions testactionsdetail testactionsautocreate preloadcustom preloadparams " +
            "preloadnewsection editintrostyle editintroskip editintrocustom continue",
    ],
    iwbacklinks: ["list", "iwbl", true, "prefix title continue limit prop dir"],
    iwlinks: ["prop", "iw", false, "prop prefix title dir limit continue url"],
    langbacklinks: ["list", "lbl", true, "lang title continue limit prop dir"],
    langlinks: ["prop", "ll", false, "prop lang title dir inlanguagecode limit continue url"],
    languageinfo: ["meta", "li", false, "prop code continue"],
    links: ["prop", "pl", true, "namespace limit continue titles dir"],
    linkshere: ["prop", "lh", true, "prop namespace show limit continue"],
    logevents: [
        "list",
        "le",
        false,
        "prop type action start end dir ids user title namespace prefix tag limit continue",
    ],
    mystashedfiles: ["list", "msf", false, "prop limit continue"],
    pagepropnames: ["list", "ppn", false, "continue limit"],
    pageprops: ["prop", "pp", false, "continue prop"],
    pageswithprop: ["list", "pwp", true, "propname prop continue limit dir"],
    prefixsearch: ["list", "ps", true, "search namespace limit offset"],
    protectedtitles: ["list", "pt", true, "namespace level limit dir start end prop continue"],
    querypage: ["list", "qp", true, "page offset limit"],
    random: ["list", "rn", true, "namespace filterredir minsize maxsize contentmodel redirect limit continue"],
    recentchanges: [
        "list",
        "rc",
        true,
        "start end dir namespace user excludeuser tag prop show limit type toponly title continue generaterevisions slot",
    ],
    redirects: ["prop", "rd", true, "prop namespace show limit continue"],
    revisions: ["prop", "rv", true, `prop ${REVSET} limit startid endid start end dir user excludeuser tag continue`],
    search: ["list", "sr", true, "search namespace limit offset what info prop interwiki enablerewrites sort"],
    siteinfo: ["meta", "si", false, "prop filteriw showalldb numberingroup inlanguagecode"],
    stashimageinfo: ["prop", "sii", false, "filekey sessionkey prop urlwidth urlheight urlparam"],
    tags: ["list", "tg", false, "continue limit prop"],
    templates: ["prop", "tl", true, "namespace limit continue templates dir"],
    tokens: ["meta", "", false, "type"],
    trackingcategories: ["list", "tc", true, "continue trackingcatname min max limit prop"],
    transcludedin: ["prop", "ti", true, "prop namespace show limit continue"],
    usercontribs: [
        "list",
        "uc",
        false,
        "limit start end continue user userids userprefix iprange dir namespace prop show tag toponly",
    ],
    userinfo: ["meta", "ui", false, "prop attachedwiki"],
    users: ["list", "us", false, "prop attachedwiki users userids"],
    watchlist: [
        "list",
        "wl",
        true,
        "allrev start end namespace user excludeuser dir limit prop show type owner token continue",
    ],
    watchlistraw: ["list", "wr", true, "continue namespace limit prop show owner token dir fromtitle totitle"],
};

const REVISION_MODULES = ["alldeletedrevisions", "allrevisions", "deletedrevisions", "revisions"];
const CF = [
    "application/json",
    "application/octet-stream",
    "application/unknown",
    "application/vue+xml",
    "application/x-binary",
    "text/css",
    "text/javascript",
    "text/plain",
    "text/unknown",
    "text/x-wiki",
    "unknown/unknown",
];
const GROUPS = ["bot", "bureaucrat", "interface-admin", "suppress", "sysop"];
const USUB = ["name", "ip", "temp", "interwiki", "id"];
const REVPROP_DEFAULT = "ids|timestamp|flags|comment|user";

const catalogue = shippedCatalogue();

function moduleNamed(name: string): ModuleInfo {
    const module = catalogue.modules.get(name);
    assert.ok(module, `module ${name} is missing`);
    return module;
}

function param(moduleName: string, name: string): ParamInfo {
    const found = moduleNamed(moduleName).parametersByName.get(name);
    assert.ok(found, `parameter ${moduleName}.${name} is missing`);
    return found;
}

function enumValues(moduleName: string, name: string): readonly string[] {
    const { type } = param(moduleName, name);
    assert.ok(Array.isArray(type), `${moduleName}.${name} is not an enumeration`);
    return type;
}

const allParams = (): Array<[string, ParamInfo]> =>
    [...catalogue.modules.values()].flatMap((module) =>
        [...module.parameters, ...module.templatedParameters].map((p): [string, ParamInfo] => [module.name, p]),
    );

describe("wiki catalogue: the shipped catalogue against the spec", () => {
    it("holds exactly the spec's 64 query modules", () => {
        assert.equal(Object.keys(SPEC_MODULES).length, 64);
        assert.deepEqual([...catalogue.modules.keys()].sort(), Object.keys(SPEC_MODULES).sort());
    });

    for (const [name, [group, prefix, generator, names]] of Object.entries(SPEC_MODULES)) {
        it(`${name}: group ${group}, prefix "${prefix}", ${generator ? "" : "not "}a generator, parameters in index order`, () => {
            const module = moduleNamed(name);
            assert.equal(module.path, `query+${name}`);
            assert.equal(module.group, group);
            assert.equal(module.prefix, prefix);
            assert.equal(module.generator, generator);
            assert.deepEqual(
                module.parameters.map((p) => p.name),
                names.split(" "),
            );
            const indices = module.parameters.map((p) => p.index);
            assert.deepEqual(
                indices,
                [...indices].sort((a, b) => a - b),
                "indices ascend",
            );
        });
    }

    it("flags modules as the spec's field table says: readrights except authmanagerinfo and tokens, deprecated only deletedrevs", () => {
        for (const module of catalogue.modules.values()) {
            assert.equal(module.readRights, !["authmanagerinfo", "tokens"].includes(module.name), module.name);
            assert.equal(module.deprecated, module.name === "deletedrevs", module.name);
        }
    });

    it("gives the four revision modules the templated contentformat-{slot} at index 3, and no other module one", () => {
        for (const module of catalogue.modules.values()) {
            if (!REVISION_MODULES.includes(module.name)) {
                assert.deepEqual(module.templatedParameters, [], module.name);
                continue;
            }
            assert.equal(module.templatedParameters.length, 1);
            const [templated] = module.templatedParameters;
            assert.equal(templated.name, "contentformat-{slot}");
            assert.equal(templated.index, 3);
            assert.deepEqual(templated.templateVars, { slot: "slots" });
            assert.deepEqual(templated.type, CF);
            // prop 1, slots 2, the templated parameter 3, then the rest of REVSET from 4: limit follows contentformat (11).
            assert.deepEqual(
                module.parameters.slice(0, 3).map((p) => [p.name, p.index]),
                [
                    ["prop", 1],
                    ["slots", 2],
                    ["expandtemplates", 4],
                ],
            );
            assert.equal(module.parametersByName.get("contentformat")?.index, 11);
            assert.equal(module.parametersByName.get("limit")?.index, 12);
        }
    });

    it("L10, L1, L0: type limit, min 1, max 500, highmax 5000, defaults 10, 1 and none", () => {
        const shape = (p: ParamInfo) => [p.type, p.default, p.min, p.max, p.highmax, p.multi];
        assert.deepEqual(shape(param("allcategories", "limit")), ["limit", 10, 1, 500, 5000, false]);
        assert.deepEqual(shape(param("imageinfo", "limit")), ["limit", 1, 1, 500, 5000, false]);
        assert.deepEqual(shape(param("random", "limit")), ["limit", 1, 1, 500, 5000, false]);
        assert.deepEqual(shape(param("revisions", "limit")), ["limit", undefined, 1, 500, 5000, false]);
        for (const [module, p] of allParams()) {
            if (p.type === "limit") assert.deepEqual([p.min, p.max, p.highmax], [1, 500, 5000], `${module}.${p.name}`);
        }
    });

    it("every multi-valued parameter has the limits 50/500/50", () => {
        const multi = allParams().filter(([, p]) => p.multi);
        assert.ok(multi.length > 100);
        for (const [module, p] of multi) {
            assert.deepEqual([p.lowlimit, p.highlimit, p.limit], [50, 500, 50], `${module}.${p.name}`);
        }
    });

    it("AD, NO, FR, RS expand to their enumerations and defaults", () => {
        assert.deepEqual(enumValues("allcategories", "dir"), ["ascending", "descending"]);
        assert.equal(param("allcategories", "dir").default, "ascending");
        assert.deepEqual(enumValues("watchlist", "dir"), ["newer", "older"]);
        assert.equal(param("watchlist", "dir").default, "older");
        assert.deepEqual(enumValues("backlinks", "filterredir"), ["all", "nonredirects", "redirects"]);
        assert.equal(param("backlinks", "filterredir").default, "all");
        assert.equal(param("random", "filterredir").default, "nonredirects");
        const show = param("fileusage", "show");
        assert.deepEqual([show.type, show.multi, show.default], [["!redirect", "redirect"], true, undefined]);
    });

    it("USUB and the explicit subtypes lists", () => {
        assert.deepEqual(param("allrevisions", "user").subtypes, USUB);
        assert.deepEqual(param("deletedrevs", "excludeuser").subtypes, USUB);
        const users = param("blocks", "users");
        assert.deepEqual([users.type, users.multi, users.subtypes], ["user", true, ["name", "ip", "temp", "cidr"]]);
        assert.deepEqual(param("usercontribs", "user").subtypes, ["name", "ip", "temp", "interwiki"]);
        assert.deepEqual(param("watchlist", "owner").subtypes, ["name"]);
        assert.deepEqual(param("watchlistraw", "owner").subtypes, ["name"]);
    });

    it("REVPROP with its deprecated parsetree, CF deprecated, and the rest of REVSET", () => {
        for (const name of REVISION_MODULES) {
            const prop = param(name, "prop");
            assert.equal((prop.type as readonly string[]).length, 16);
            assert.deepEqual([prop.type[0], prop.type[15]], ["comment", "parsetree"]);
            assert.deepEqual(prop.deprecatedValues, ["parsetree"]);
            assert.equal(prop.default, REVPROP_DEFAULT);
            assert.equal(prop.multi, true);
            const slots = param(name, "slots");
            assert.deepEqual([slots.type, slots.multi, slots.allspecifier], [["main"], true, "*"]);
            const contentformat = param(name, "contentformat");
            assert.deepEqual([contentformat.type, contentformat.deprecated], [CF, true]);
            for (const deprecated of ["expandtemplates", "generatexml", "parse", "difftotextpst"]) {
                assert.deepEqual([param(name, deprecated).type, param(name, deprecated).deprecated], ["boolean", true]);
            }
            assert.deepEqual([param(name, "diffto").type, param(name, "diffto").deprecated], ["string", true]);
            assert.deepEqual([param(name, "section").type, param(name, "section").deprecated], ["string", false]);
        }
    });

    it("GROUPS, RIGHTS-A and RIGHTS-B", () => {
        for (const [module, name] of [
            ["allusers", "group"],
            ["allusers", "excludegroup"],
            ["contributors", "group"],
            ["contributors", "excludegroup"],
        ]) {
            assert.deepEqual(enumValues(module, name), GROUPS);
            assert.equal(param(module, name).multi, true);
        }
        const rightsA = enumValues("allusers", "rights");
        assert.equal(rightsA.length, 92);
        assert.deepEqual([rightsA[0], rightsA[91]], ["apihighlimits", "viewsuppressed"]);
        for (const right of ["changeemail", "purge", "renderfile-nonstandard", "upload_by_url", "ipblock-exempt"])
            assert.ok(rightsA.includes(right), right);
        for (const name of ["rights", "excluderights"]) {
            const rightsB = enumValues("contributors", name);
            assert.equal(rightsB.length, 83);
            for (const gone of [
                "changeemail",
                "confirmemail",
                "linkpurge",
                "mailpassword",
                "purge",
                "renderfile",
                "renderfile-nonstandard",
                "stashbasehtml",
                "stashedit",
            ]) {
                assert.ok(!rightsB.includes(gone), `${name} lacks ${gone}`);
            }
            for (const kept of ["apihighlimits", "upload_by_url", "viewsuppressed"])
                assert.ok(rightsB.includes(kept), kept);
        }
    });

    it("NSD: namespace with default 0 (10 for alltransclusions) and extranamespaces -2,-1", () => {
        for (const module of ["alllinks", "allredirects", "alltransclusions"]) {
            const namespace = param(module, "namespace");
            assert.deepEqual(
                [namespace.type, namespace.default, namespace.extraNamespaces, namespace.multi],
                ["namespace", module === "alltransclusions" ? 10 : 0, [-2, -1], false],
            );
        }
    });

    it("PROTO: 30 schemes starting with the empty one, default empty", () => {
        for (const module of ["extlinks", "exturlusage"]) {
            const protocols = enumValues(module, "protocol");
            assert.equal(protocols.length, 30);
            assert.deepEqual([protocols[0], protocols[1], protocols[29]], ["", "bitcoin", "xmpp"]);
            // The spec writes <encyclopedia_scheme> between urn and worldwind; the shipped value is the real one.
            assert.deepEqual(protocols.slice(26, 29), ["urn", "wikipedia", "worldwind"]);
            assert.equal(param(module, "protocol").default, "");
        }
    });

    it("logevents: type with the empty value, action from the shared list", () => {
        const types = enumValues("logevents", "type");
        assert.equal(types.length, 18);
        assert.deepEqual([types[0], types[1], types[17]], ["", "block", "upload"]);
        const actions = enumValues("logevents", "action");
        assert.equal(actions.length, 48);
        assert.deepEqual([actions[0], actions[47]], ["block/block", "upload/upload"]);
        assert.ok(actions.includes("delete/delete_redir2") && actions.includes("newusers/create2"));
        assert.equal(param("logevents", "action").multi, false);
        assert.deepEqual(param("logevents", "namespace").extraNamespaces, [-2, -1]);
        assert.equal(param("logevents", "namespace").multi, false);
        assert.equal(param("logevents", "prop").default, "ids|title|type|user|timestamp|comment|details");
    });

    it("codexicons: names is multi, required, with allspecifier and the spec's 234 icon names", () => {
        const names = param("codexicons", "names");
        assert.deepEqual([names.multi, names.required, names.allspecifier], [true, true, "*"]);
        const icons = enumValues("codexicons", "names");
        assert.equal(icons.length, 234);
        assert.deepEqual([icons[0], icons[233]], ["cdxIconAdd", "cdxIconZoomOut"]);
        assert.ok(!icons.some((icon) => icon.startsWith("cdxIconLogo")));
    });

    it("A*, req and dep where the spec writes them", () => {
        assert.equal(param("userinfo", "prop").allspecifier, "*");
        const tokenTypes = param("tokens", "type");
        assert.deepEqual([tokenTypes.allspecifier, tokenTypes.default, tokenTypes.multi], ["*", "csrf", true]);
        assert.equal(param("backlinks", "namespace").allspecifier, "*");
        assert.equal(param("backlinks", "title").allspecifier, undefined);
        for (const [module, name] of [
            ["pageswithprop", "propname"],
            ["prefixsearch", "search"],
            ["querypage", "page"],
            ["search", "search"],
            ["codexicons", "names"],
        ]) {
            assert.equal(param(module, name).required, true, `${module}.${name}`);
        }
        assert.equal(allParams().filter(([, p]) => p.required).length, 5);
        for (const [module, name] of [
            ["categorymembers", "startsortkey"],
            ["categorymembers", "endsortkey"],
            ["usercontribs", "toponly"],
            ["random", "redirect"],
            ["iwlinks", "url"],
            ["langlinks", "url"],
            ["extlinks", "expandurl"],
            ["stashimageinfo", "sessionkey"],
        ]) {
            assert.equal(param(module, name).deprecated, true, `${module}.${name}`);
        }
        assert.equal(param("stashimageinfo", "sessionkey").multi, true);
        assert.equal(param("categorymembers", "starthexsortkey").deprecated, false);
    });

    it("deprecated enumeration values from the (x deprecated) notes", () => {
        assert.deepEqual(param("info", "prop").deprecatedValues, ["preload", "readable"]);
        assert.deepEqual(param("search", "prop").deprecatedValues, ["hasrelated", "score"]);
        assert.deepEqual(param("deletedrevs", "prop").deprecatedValues, ["token"]);
        assert.deepEqual(param("deletedrevs", "prop").default, "user|comment");
    });

    it("allowsduplicates only on allmessages args, sensitive only on the two watchlist tokens", () => {
        assert.deepEqual(
            allParams()
                .filter(([, p]) => p.allowsDuplicates)
                .map(([m, p]) => `${m}.${p.name}`),
            ["allmessages.args"],
        );
        assert.equal(param("allmessages", "args").multi, true);
        assert.deepEqual(
            allParams()
                .filter(([, p]) => p.sensitive)
                .map(([m, p]) => `${m}.${p.name}`)
                .sort(),
            ["watchlist.token", "watchlistraw.token"],
        );
        assert.equal(param("watchlist", "token").type, "string");
    });

    it("extranamespaces -2,-1 on links and templates (multi, A*) and on recentchanges", () => {
        for (const module of ["links", "templates", "recentchanges"]) {
            const namespace = param(module, "namespace");
            assert.deepEqual(
                [namespace.extraNamespaces, namespace.multi, namespace.allspecifier],
                [[-2, -1], true, "*"],
            );
        }
        assert.equal(param("backlinks", "namespace").extraNamespaces, undefined);
    });

    it("info notes: useronly, nonuseronly, modes, singlepageonly, preloadcontentonly, editintroonly", () => {
        assert.deepEqual(param("alldeletedrevisions", "start").info, [{ name: "useronly" }]);
        assert.deepEqual(param("alldeletedrevisions", "excludeuser").info, [{ name: "nonuseronly" }]);
        assert.deepEqual(param("alldeletedrevisions", "user").info, []);
        assert.deepEqual(param("deletedrevs", "start").info, [{ name: "modes", values: [1, 2] }]);
        assert.deepEqual(param("deletedrevs", "dir").info, [{ name: "modes", values: [1, 3] }]);
        const namespace = param("deletedrevs", "namespace");
        assert.deepEqual([namespace.info, namespace.default], [[{ name: "modes", values: [3] }], 0]);
        assert.deepEqual(param("deletedrevs", "tag").info, []);
        for (const name of ["limit", "startid", "endid", "start", "end", "dir", "user", "excludeuser"]) {
            assert.deepEqual(param("revisions", name).info, [{ name: "singlepageonly" }], name);
        }
        assert.deepEqual(param("revisions", "tag").info, []);
        for (const name of ["preloadcustom", "preloadparams", "preloadnewsection"]) {
            assert.deepEqual(param("info", name).info, [{ name: "preloadcontentonly" }], name);
        }
        for (const name of ["editintrostyle", "editintroskip", "editintrocustom"]) {
            assert.deepEqual(param("info", name).info, [{ name: "editintroonly" }], name);
        }
        assert.deepEqual(
            [param("info", "editintrostyle").type, param("info", "editintrostyle").default],
            [["lessframes", "moreframes"], "moreframes"],
        );
    });

    it("d= defaults: `*`, empty, numbers, strings that look like numbers, a title, multi-value defaults", () => {
        assert.deepEqual(
            [param("allmessages", "messages").default, param("allmessages", "messages").multi],
            ["*", true],
        );
        assert.equal(param("languageinfo", "code").default, "*");
        assert.deepEqual(
            [param("info", "linkcontext").type, param("info", "linkcontext").default],
            ["title", "Main Page"],
        );
        assert.equal(param("imageinfo", "urlwidth").default, -1);
        assert.equal(param("stashimageinfo", "urlheight").default, -1);
        assert.equal(param("imageinfo", "metadataversion").default, "1");
        assert.equal(param("imageinfo", "extmetadatalanguage").default, "en");
        assert.equal(param("imageinfo", "urlparam").default, "");
        assert.equal(param("allcategories", "prop").default, "");
        assert.equal(param("tags", "prop").default, "");
        assert.equal(param("allcategories", "min").default, undefined);
        for (const module of ["prefixsearch", "search"]) {
            const offset = param(module, "offset");
            assert.deepEqual(
                [offset.type, offset.default, offset.min, offset.max],
                ["integer", 0, 0, undefined],
                module,
            );
        }
        assert.deepEqual([param("querypage", "offset").default, param("querypage", "offset").min], [0, undefined]);
        assert.equal(param("search", "namespace").default, 0);
        assert.equal(param("allpages", "namespace").default, 0);
        assert.equal(param("search", "info").default, "totalhits|suggestion|rewrittenquery");
        assert.equal(param("categorymembers", "type").default, "page|subcat|file");
        assert.equal(param("recentchanges", "type").default, "edit|new|log|categorize");
        assert.equal(
            param("filerepoinfo", "prop").default,
            "canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url",
        );
        assert.deepEqual(enumValues("allpages", "prlevel"), ["", "autoconfirmed", "sysop"]);
        assert.equal(param("siteinfo", "prop").default, "general");
        assert.equal(enumValues("siteinfo", "prop").length, 29);
        assert.equal(enumValues("querypage", "page").length, 31);
    });

    it("the query module: its parameters, the submodule enumerations and the generator", () => {
        const query = catalogue.query;
        assert.deepEqual([query.name, query.path, query.group, query.prefix], ["query", "query", "action", ""]);
        assert.deepEqual(
            query.parameters.map((p) => p.name),
            (
                "prop list meta indexpageids export exportnowrap exportschema iwurl continue rawcontinue titles pageids revids " +
                "generator redirects converttitles"
            ).split(" "),
        );
        assert.deepEqual(
            query.parameters.map((p) => p.index),
            Array.from({ length: 16 }, (_, i) => i + 1),
        );
        const byGroup = (group: string) =>
            Object.entries(SPEC_MODULES)
                .filter(([, [g]]) => g === group)
                .map(([name]) => name);
        for (const group of ["prop", "list", "meta"]) {
            const choice = query.parametersByName.get(group)!;
            assert.equal(choice.multi, true);
            assert.deepEqual([...(choice.type as readonly string[])].sort(), byGroup(group).sort());
            assert.deepEqual(
                Object.entries(choice.submodules ?? {}).sort(),
                byGroup(group)
                    .sort()
                    .map((name) => [name, `query+${name}`]),
            );
        }
        assert.deepEqual(query.parametersByName.get("list")!.deprecatedValues, ["deletedrevs"]);
        const generator = query.parametersByName.get("generator")!;
        const generators = Object.entries(SPEC_MODULES)
            .filter(([, [, , g]]) => g)
            .map(([name]) => name)
            .sort();
        assert.deepEqual([generator.multi, generator.submoduleParamPrefix], [false, "g"]);
        assert.deepEqual([...(generator.type as readonly string[])].sort(), generators);
        assert.equal(Object.keys(generator.submodules ?? {}).length, generators.length);
        for (const name of ["titles", "pageids", "revids"]) assert.equal(query.parametersByName.get(name)!.multi, true);
        assert.deepEqual(query.parametersByName.get("pageids")!.type, "integer");
        const exportschema = query.parametersByName.get("exportschema")!;
        assert.deepEqual([exportschema.type, exportschema.default], [["0.10", "0.11"], "0.11"]);
    });

    it("catalogue.json has the spec's shape: query first, flags as empty strings present only when set", () => {
        const raw = JSON.parse(readFileSync("wiki/catalogue/catalogue.json", "utf8"));
        assert.equal(raw.paraminfo.helpformat, "none");
        const modules: Array<Record<string, unknown>> = raw.paraminfo.modules;
        assert.equal(modules.length, 65);
        assert.equal(modules[0].name, "query");
        const text = JSON.stringify(raw.paraminfo);
        assert.ok(!text.includes(":true") && !text.includes(":false"), "no formatversion=2 booleans");
        const tokens = modules.find((module) => module.name === "tokens")!;
        assert.equal("readrights" in tokens, false);
        assert.deepEqual(modules.find((module) => module.name === "deletedrevs")!.deprecated, "");
        const languageinfo = modules.find((module) => module.name === "languageinfo")!;
        assert.deepEqual(languageinfo.helpurls, []);
        for (const module of modules) {
            assert.equal(module.licensetag, "GPL-2.0-or-later");
            assert.deepEqual([module.source, module.sourcename], ["MediaWiki", "MediaWiki"]);
            assert.match(String(module.licenselink), /^https:\/\/wiki\.example\//);
        }
    });
});
