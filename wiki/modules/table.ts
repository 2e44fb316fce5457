// The rules that live in MediaWiki's module code (includes/api/ApiQuery*.php) and that paraminfo does not
// describe, as data: module name -> rules, each of a kind from kinds.ts. A rule that appeared or went away
// in some MediaWiki version says so with since/until. Source of each: the module's PHP file, named beside it.
import { CANONICAL_INTEGER, ContinueField, FORMATS, FormatCheck, continueFormat, phpIntval } from "./formats";
import type { Condition, ModuleRule } from "./kinds";
import type { ModuleMode } from "./modes";

const NS_FILE = 6;
const NS_CATEGORY = 14;

// Each "continue" value has the fields the module wrote into it (ApiQueryBase::dieContinueUsageIf).
// Prop modules read their continue value only when the query has pages (withPages).
type ContinueShape = readonly ContinueField[] | FormatCheck;
interface ContinueOptions {
    truthyOnly?: boolean;
    withPages?: boolean;
    when?: Condition;
    unlessGiven?: string;
    modes?: readonly ModuleMode[];
}

function continues(fields: ContinueShape, options: ContinueOptions = {}): ModuleRule {
    const check = typeof fields === "function" ? fields : continueFormat(fields);
    // Modules that test `if ( $params['continue'] )` skip PHP's falsy strings "" and "0".
    const format: FormatCheck = options.truthyOnly
        ? (value, namespace, site) => value === "" || value === "0" || check(value, namespace, site)
        : check;
    return {
        kind: "format",
        params: ["continue"],
        format,
        code: "badcontinue",
        withPages: options.withPages,
        when: options.when,
        unlessGiven: options.unlessGiven,
        modes: options.modes,
    };
}

/** The first version whose modules read continue with ApiBase::parseContinueParamOrDie (its @since), which checks each
 *  field's type, not only their count. Judged against 1.39 (before) and 1.43 (after). */
const TYPED_CONTINUE = "1.40";

// A continue value as the module read it before TYPED_CONTINUE, and as it reads it since.
function continuesTyped(before: ContinueShape, since: ContinueShape, options: ContinueOptions = {}): ModuleRule[] {
    return [
        { ...continues(before, options), until: TYPED_CONTINUE },
        { ...continues(since, options), since: TYPED_CONTINUE },
    ];
}

const PAGES = { withPages: true };
// ApiQueryRevisions's modes that go on past the refusals (modes.ts).
const RUNNING_REVISIONS: readonly ModuleMode[] = ["enumeration", "revisions", "pages"];
const LOOSE_INTEGER = /^\s*[+-]?\d+$/;
const RANDOM_FRACTION = /^0\.\d+$/;

// ApiQueryBacklinks: 2, 6, 7 or 8 integer fields, by mode.
const backlinksContinue: FormatCheck = (value) => {
    const fields = value.split("|");
    return [2, 6, 7, 8].includes(fields.length) && fields.every((field) => CANONICAL_INTEGER.test(field));
};

// ApiQueryRandom: "random|start|id|end flag".
const randomContinue: FormatCheck = (value) => {
    const [random, start, id, end, ...rest] = value.split("|");
    return (
        rest.length === 0 &&
        RANDOM_FRACTION.test(random ?? "") &&
        RANDOM_FRACTION.test(start ?? "") &&
        CANONICAL_INTEGER.test(id ?? "") &&
        (end === "0" || end === "1")
    );
};

// ApiQueryInfo: "namespace|title", which Title::makeTitleSafe must accept: the namespace ((int) of the field) one the
// wiki has, the title valid.
const infoContinue: FormatCheck = (value, namespace, site) => {
    const fields = value.split("|");
    return (
        fields.length === 2 &&
        site.namespaceNames.has(phpIntval(fields[0])) &&
        FORMATS.title(fields[1], namespace, site)
    );
};

// ApiQueryBacklinksprop with one page and one namespace: the page id only, compared loosely.
const backlinksPropContinue: FormatCheck = (value) => LOOSE_INTEGER.test(value);

// ApiQueryCategoryMembers sorted by sort key: "type|hex sort key|page id".
const categoryMembersContinue: FormatCheck = (value) => {
    const fields = value.split("|");
    return fields.length >= 3 && FORMATS.hexsortkey(fields[1]) && CANONICAL_INTEGER.test(fields.slice(2).join("|"));
};

// ApiQueryWatchlistRaw: "namespace|title", which TitleValue::tryNew must accept (the same check before and since
// TYPED_CONTINUE: strval((int)) as parseContinueParamOrDie's int).
const TITLE_VALUE_KEY = /^[^_ \r\n\t](?:[^\r\n\t]*[^_ \r\n\t])?$/;
const watchlistRawContinue: FormatCheck = (value) => {
    const [namespace, title, ...rest] = value.split("|");
    return rest.length === 0 && CANONICAL_INTEGER.test(namespace) && title !== undefined && TITLE_VALUE_KEY.test(title);
};

const S = "string" as const;
const I = "int" as const;
const L = "looseint" as const;
const TS = "timestamp" as const;

// ApiQueryBase::titlePartToKey on from, to and prefix, in a fixed namespace or the one a parameter names (the
// fallback where the module has no such parameter).
function titleParts(namespace: number | { param: string; fallback?: number }): ModuleRule {
    const where =
        typeof namespace === "number"
            ? { namespace }
            : { namespaceParam: namespace.param, namespace: namespace.fallback };
    return { kind: "format", params: ["from", "to", "prefix"], format: "titlepart", code: "invalidtitle", ...where };
}

// ApiBase::getTitleOrPageId: exactly one of title and pageid, and a valid title.
const TITLE_OR_PAGEID: readonly ModuleRule[] = [
    { kind: "oneOf", params: ["title", "pageid"] },
    { kind: "format", params: ["title"], format: "title", code: "invalidtitle" },
];

// ApiQueryRevisionsBase: content options that a slots request replaces, and the legacy content format.
const REVISIONS_BASE: readonly ModuleRule[] = (
    [
        {
            kind: "excludes",
            when: { param: "prop", value: "parsetree" },
            other: { param: "slots" },
            code: "invalidparammix",
        },
        ...["expandtemplates", "generatexml", "parse", "diffto", "difftotext", "difftotextpst", "contentformat"].map(
            (param): ModuleRule => ({
                kind: "excludes",
                when: { param },
                other: { param: "slots" },
                code: "invalidparammix",
            }),
        ),
        { kind: "format", params: ["diffto"], format: "diffto", code: "diffto" },
        {
            kind: "deprecatedWithout",
            uses: [
                ...["content", "parsetree", "contentmodel", "slotsize", "slotsha1"].map((value) => ({
                    param: "prop",
                    value,
                })),
                { param: "diffto" },
                { param: "difftotext" },
            ],
            without: "slots",
        },
    ] as ModuleRule[]
).map((rule) => ({ ...rule, notAsGenerator: true }));

// ApiQueryAllLinks (alllinks, allfileusages, allredirects, alltransclusions): prop=ids lists one entry per link.
// One continue field for the unique titles; the title and the linking page's id otherwise, or, for the link tables
// that LinksMigration reads through linktarget (templatelinks, and pagelinks by default in 1.43), the target's id and
// the linking page's.
// list=allfileusages has no namespace parameter: its titles are files'.
function allLinks(sinceTyped: readonly ContinueField[], fallback?: number): readonly ModuleRule[] {
    return [
        {
            kind: "excludes",
            when: { param: "prop", value: "ids" },
            other: { param: "unique" },
            code: "invalidparammix",
        },
        titleParts({ param: "namespace", fallback }),
        continues([S], { when: { param: "unique" } }),
        ...continuesTyped([S, S], sinceTyped, { unlessGiven: "unique" }),
    ];
}
const ALL_LINKS_BY_TITLE = allLinks([S, I]);
const ALL_FILE_USAGES = allLinks([S, I], NS_FILE);
const ALL_LINKS_BY_TARGET = allLinks([I, I]);

// Prop modules return before their checks when the query has no pages.
function withPages(rules: readonly ModuleRule[]): ModuleRule[] {
    return rules.map((rule) => ({ ...rule, withPages: true }));
}

const SHOW: ModuleRule = { kind: "noContradiction", param: "show", code: "show" };
// ApiQueryBacklinksprop (linkshere, redirects, transcludedin): a namespace parameter left without a namespace ends the
// module before its checks. The continue value is that of one page in one namespace.
const BACKLINKS_PROP: readonly ModuleRule[] = withPages([SHOW, ...continuesTyped(backlinksPropContinue, [I])]).map(
    (rule) => ({ ...rule, unlessLeftEmpty: "namespace" }),
);
// ApiQueryExternalLinks and ApiQueryExtLinksUsage: LinkFilter::getQueryConditions must make a pattern of the query.
const LINK_QUERY: ModuleRule = { kind: "format", params: ["query"], format: "linkquery", code: "badquery" };

export const MODULE_RULES: Readonly<Record<string, readonly ModuleRule[]>> = {
    allcategories: [titleParts(NS_CATEGORY), continues([S])],
    alldeletedrevisions: [
        ...REVISIONS_BASE,
        titleParts(0),
        // By mode (modes.ts).
        ...continuesTyped([S, I], [TS, I], { modes: ["user"] }),
        ...continuesTyped([I, S, S, I], [I, S, TS, I], { modes: ["all"] }),
        continues([I, S], { modes: ["titles"] }),
        // Titles alone, from all users, can be listed distinct only in ascending order.
        {
            kind: "warns",
            code: "performance",
            param: "dir",
            conditions: [{ param: "generatetitles" }, { param: "dir", value: "older" }],
            unlessGiven: "user",
            onlyAsGenerator: true,
            message: "Generating titles from all deleted revisions in descending order is slow; set dir=newer.",
        },
    ],
    allfileusages: ALL_FILE_USAGES,
    allimages: [
        ...["start", "end", "user"].map((param): ModuleRule => ({
            kind: "requires",
            when: { param },
            needs: { param: "sort", value: "timestamp" },
            code: "invalidparammix",
        })),
        {
            kind: "requires",
            when: { param: "filterbots", not: "all" },
            needs: { param: "sort", value: "timestamp" },
            code: "invalidparammix",
        },
        ...["from", "to", "prefix"].map((param): ModuleRule => ({
            kind: "requires",
            when: { param },
            needs: { param: "sort", value: "name" },
            code: "invalidparammix",
        })),
        titleParts(NS_FILE),
        { kind: "format", params: ["sha1"], format: "sha1", code: "invalidsha1hash" },
        { kind: "format", params: ["sha1base36"], format: "sha1base36", code: "invalidsha1base36hash" },
        continues([S]),
    ],
    alllinks: ALL_LINKS_BY_TARGET,
    allpages: [
        // The module tests the list of types as PHP does: emptied of unrecognized values, it is no type.
        {
            kind: "requires",
            when: { param: "prlevel" },
            needs: { param: "prtype", nonEmpty: true },
            code: "invalidparammix",
        },
        titleParts({ param: "namespace" }),
        continues([S]),
    ],
    allredirects: ALL_LINKS_BY_TITLE,
    allrevisions: [
        ...REVISIONS_BASE,
        { kind: "atMostOneOf", params: ["user", "excludeuser"] },
        ...continuesTyped([S, I], [TS, I]),
    ],
    alltransclusions: ALL_LINKS_BY_TARGET,
    allusers: [{ kind: "atMostOneOf", params: ["group", "excludegroup"] }],
    backlinks: [...TITLE_OR_PAGEID, continues(backlinksContinue)],
    blocks: [
        { kind: "atMostOneOf", params: ["users", "ip"] },
        { kind: "format", params: ["ip"], format: "ip", code: "param_ip" },
        SHOW,
        ...continuesTyped([S, L], [TS, I]),
    ],
    categories: withPages([
        SHOW,
        {
            kind: "format",
            params: ["categories"],
            format: "titleinnamespace",
            namespace: NS_CATEGORY,
            code: "invalidcategory",
            warning: true,
        },
        // With categories given, none of them valid, the module stops before reading continue.
        ...continuesTyped([S, S], [I, S], { unlessGiven: "categories" }),
    ]),
    categorymembers: [
        ...TITLE_OR_PAGEID,
        {
            kind: "format",
            params: ["title"],
            format: "titleinnamespace",
            namespace: NS_CATEGORY,
            code: "invalidcategory",
        },
        {
            kind: "format",
            params: ["starthexsortkey", "endhexsortkey"],
            format: "hexsortkey",
            code: "badvalue_{param}",
        },
        continues(categoryMembersContinue, { truthyOnly: true }),
    ],
    contributors: [
        { kind: "atMostOneOf", params: ["group", "excludegroup", "rights", "excluderights"] },
        ...continuesTyped([S, S], [I, I]),
    ],
    deletedrevisions: withPages([
        ...REVISIONS_BASE,
        { kind: "atMostOneOf", params: ["user", "excludeuser"] },
        // By mode (modes.ts). With revids, the module goes on only when one of them is deleted: not checked.
        ...continuesTyped([I, S, S, I], [I, S, TS, I], { modes: ["pages"] }),
    ]),
    deletedrevs: [
        titleParts({ param: "namespace" }),
        // By mode (modes.ts).
        ...continuesTyped([I, S, S, I], [I, S, TS, I], { modes: ["pages", "all"] }),
        ...continuesTyped([S, I], [TS, I], { modes: ["user"] }),
    ],
    embeddedin: [...TITLE_OR_PAGEID, continues(backlinksContinue)],
    // Sorted by el_id alone since externallinks is read by its domain index.
    extlinks: [...continuesTyped([S, S], [S], PAGES), { ...LINK_QUERY, withPages: true }],
    exturlusage: [...continuesTyped([S, S], [S]), LINK_QUERY],
    linkshere: BACKLINKS_PROP,
    redirects: BACKLINKS_PROP,
    transcludedin: BACKLINKS_PROP,
    filearchive: [
        titleParts(NS_FILE),
        { kind: "format", params: ["sha1"], format: "sha1", code: "invalidsha1hash" },
        { kind: "format", params: ["sha1base36"], format: "sha1base36", code: "invalidsha1base36hash" },
        ...continuesTyped([S, S, I], [S, TS, I]),
    ],
    images: withPages([
        {
            kind: "format",
            params: ["images"],
            format: "titleinnamespace",
            namespace: NS_FILE,
            code: "notfile",
            warning: true,
        },
        ...continuesTyped([S, S], [I, S]),
    ]),
    // ApiQueryImageInfo checks badfilecontexttitle before it looks at the pages.
    imageinfo: [{ kind: "format", params: ["badfilecontexttitle"], format: "title", code: "invalid-title" }],
    imageusage: [
        ...TITLE_OR_PAGEID,
        continues(backlinksContinue),
        { kind: "format", params: ["title"], format: "titleinnamespace", namespace: NS_FILE, code: "bad_image_title" },
        {
            kind: "mayOccur",
            severity: "error",
            code: "bad_image_title",
            param: "pageid",
            conditions: [{ param: "pageid" }],
            occurs: "the page with this id is not a file",
            message: "The title for imageusage query must be a file.",
        },
    ],
    info: continuesTyped(
        infoContinue,
        (value, namespace, site) =>
            continueFormat([I, S])(value, namespace, site) && infoContinue(value, namespace, site),
        PAGES,
    ),
    iwbacklinks: [
        { kind: "requires", when: { param: "title" }, needs: { param: "prefix" }, code: "invalidparammix" },
        ...continuesTyped([S, S, S], [S, S, I]),
    ],
    // ApiQueryIWLinks and ApiQueryLangLinks return before their checks when none of the pages exists.
    iwlinks: [
        {
            kind: "requires",
            when: { param: "title" },
            needs: { param: "prefix" },
            code: "invalidparammix",
            withPages: true,
        },
        { kind: "atMostOneOf", params: ["url", "prop"] },
        ...continuesTyped([S, S, S], [I, S, S], PAGES),
    ],
    langbacklinks: [
        { kind: "requires", when: { param: "title" }, needs: { param: "lang" }, code: "nolang" },
        ...continuesTyped([S, S, S], [S, S, I]),
    ],
    langlinks: [
        {
            kind: "requires",
            when: { param: "title" },
            needs: { param: "lang" },
            code: "invalidparammix",
            withPages: true,
        },
        { kind: "atMostOneOf", params: ["url", "prop"] },
        ...continuesTyped([S, S], [I, S], PAGES),
    ],
    links: withPages([
        ...continuesTyped([S, S, S], [I, I, S]),
        { kind: "format", params: ["titles"], format: "title", code: "invalidtitle", warning: true },
    ]),
    // ApiQueryLogEvents checks "action" itself.
    logevents: [
        { kind: "ownCheck", param: "action", code: "unknown_leaction" },
        { kind: "atMostOneOf", params: ["title", "prefix", "namespace"] },
        { kind: "format", params: ["title", "prefix"], format: "title", code: "invalidtitle" },
        ...continuesTyped([S, L], [TS, I]),
    ],
    mystashedfiles: [continues([I])],
    pagepropnames: [continues([S], { truthyOnly: true })],
    pageprops: [continues((value) => CANONICAL_INTEGER.test(value), { truthyOnly: true, withPages: true })],
    pageswithprop: continuesTyped([S], [I], { truthyOnly: true }),
    protectedtitles: continuesTyped([S, L, S], [TS, I, S]),
    random: [{ kind: "atMostOneOf", params: ["filterredir", "redirect"] }, continues(randomContinue)],
    recentchanges: [
        SHOW,
        { kind: "atMostOneOf", params: ["user", "excludeuser"] },
        { kind: "format", params: ["title"], format: "title", code: "invalidtitle" },
        // Seen in 1.43, not in 1.39: a title outside the namespaces given.
        { kind: "titleInNamespaces", title: "title", namespaces: "namespace", since: "1.43" },
        ...continuesTyped([S, L], [TS, I]),
    ],
    // ApiQueryRevisions::run, by mode (modes.ts): refused, it checks nothing more; each other mode has its own
    // continue value, and revisions mode reads its value as (int) without a check.
    revisions: withPages([
        ...REVISIONS_BASE.map((rule) => ({ ...rule, modes: RUNNING_REVISIONS })),
        ...[
            ["startid", "start"],
            ["endid", "end"],
            ["user", "excludeuser"],
        ].map((params): ModuleRule => ({ kind: "atMostOneOf", params, modes: ["enumeration"] })),
        // 1.39 compared the id loosely ((int)$id != $id).
        ...continuesTyped([S, L], [TS, I], { modes: ["enumeration"] }),
        ...continuesTyped([S, S], [I, I], { modes: ["pages"] }),
    ]),
    stashimageinfo: [{ kind: "atLeastOneOf", params: ["filekey", "sessionkey"] }],
    templates: withPages([
        ...continuesTyped([S, S, S], [I, I, S]),
        { kind: "format", params: ["templates"], format: "title", code: "invalidtitle", warning: true },
    ]),
    // Extensions' modules (TextExtracts' ApiQueryExtracts, PageImages' ApiQueryPageImages). A continue value
    // beyond the pages found (extracts) or naming no page found (pageimages) depends on the pages: not checked.
    extracts: withPages([
        { kind: "atMostOneOf", params: ["chars", "sentences"] },
        continues((value) => Number(value) >= 0),
        // ApiQueryExtracts::execute, for each page it extracts as HTML.
        {
            kind: "mayOccur",
            severity: "warning",
            code: "textextracts-malformed-html",
            param: "plaintext",
            conditions: [],
            unlessGiven: "plaintext",
            occurs: "an existing page's extract is HTML (without explaintext)",
            message: "HTML may be malformed and/or unbalanced and may omit inline images.",
        },
    ]),
    pageimages: [{ kind: "notEmpty", param: "prop", code: "noprop" }],
    allmessages: [
        { kind: "format", params: ["lang"], format: "languagecode", code: "invalidlang" },
        // The page a parsed message is parsed as: a title of this wiki (Title::isExternal).
        { kind: "format", params: ["title"], format: "title", code: "invalidtitle", when: { param: "enableparser" } },
    ],
    // ApiQuerySiteinfo::appendDbReplLagInfo: all database servers only for a wiki that shows its hostnames.
    siteinfo: [
        {
            kind: "mayOccur",
            severity: "error",
            code: "includeAllDenied",
            param: "showalldb",
            conditions: [{ param: "showalldb" }, { param: "prop", value: "dbrepllag" }],
            occurs: "the wiki does not show its hostnames ($wgShowHostnames, off by default)",
            message: "Cannot view all servers' info unless $wgShowHostnames is true.",
        },
    ],
    // ApiQueryLanguageinfo: codes it does not know are dropped with a warning; "*" alone is every code, among others
    // a code it does not know. Without the wiki's list of languages, the shape of a language tag stands in for it.
    languageinfo: [
        {
            kind: "format",
            params: ["code"],
            format: "languagetag",
            code: "unrecognizedvalues",
            warning: true,
            allValue: "*",
        },
    ],
    usercontribs: [
        { kind: "format", params: ["userids"], format: "positiveinteger", code: "invaliduserid" },
        { kind: "oneOf", params: ["userprefix", "userids", "iprange", "user"] },
        // Given empty, user and userids count as given, then name nobody.
        ...["userids", "user"].map((param): ModuleRule => ({
            kind: "notEmpty",
            param,
            code: "paramempty_{param}",
            when: { param },
        })),
        { kind: "format", params: ["iprange"], format: "iprange", code: "invalidiprange" },
        SHOW,
    ],
    users: [{ kind: "atMostOneOf", params: ["userids", "users"] }],
    watchlist: [SHOW, { kind: "atMostOneOf", params: ["user", "excludeuser"] }, ...continuesTyped([S, S], [S, I])],
    // ApiQueryBase::parsePrefixedTitlePart on fromtitle and totitle.
    watchlistraw: [
        SHOW,
        continues(watchlistRawContinue),
        { kind: "format", params: ["fromtitle", "totitle"], format: "prefixedtitlepart", code: "invalidtitle" },
    ],
};
