// A MediaWiki action=query definition, checked at preview against the wiki's paraminfo catalogue exactly as the
// wiki would judge it. Nothing is created on any service: its outputs are the normalised request and its URL on
// the wiki, ready to be the target of a short link or a QR code. The catalogue that judges is the one named by the
// `catalogue` input, else the pin of the wiki's api URL (wiki-catalogues/), else the shipped one: never the network.
import { createHash } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
    CatalogueError,
    chooseCatalogue,
    type ChosenCatalogue,
    MODULE_FIELDS,
    validateWikiQuery,
    WikiDefinitionError,
    type WikiQueryDefinition,
    type WikiQueryIssue,
    type WikiQueryResult,
} from "../../wiki";
import type { Failure, Findings, Props, ResourceDefinition } from "./lifecycle";
import { pick } from "./props";
import { kindResource } from "./resource";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { declaredOutputs, shapeOf, wordsOf, type ComputedOutputs, type Field } from "./fields";
import { httpUrl } from "./values";

const FIELDS = {
    definition: {
        schema: z.record(z.string(), z.unknown(), {
            error: "must be a query definition object (list, prop, meta, generator, params)",
        }),
        word: "definition",
        shown: true,
        description:
            "The definition: `list`, `prop`, `meta` (a module name or names), an optional `generator`, and `params` " +
            "by full request name (and optional `name`, `description`).",
    },
    apiUrl: {
        schema: httpUrl,
        word: "wiki API",
        shown: true,
        description: "The wiki's api.php URL, e.g. `https://en.wikipedia.org/w/api.php`.",
    },
    highLimits: {
        schema: z.boolean().default(false),
        word: "high limits",
        shown: true,
        description: "Judge limits as for a caller with `apihighlimits`; default `false`.",
    },
    strict: {
        schema: z.boolean().default(false),
        word: "strict",
        shown: true,
        description: "Fail the preview on warnings too (unknown parameters, deprecations, sensitive values).",
    },
    catalogue: {
        schema: z.string().min(1).optional(),
        word: "catalogue",
        shown: true,
        description:
            "The catalogue file that judges the definition: a pin (`wiki-query-lint catalogue pull`) or a saved " +
            "paraminfo reply; by default the pin of `apiUrl` in wiki-catalogues/, else the shipped catalogue.",
    },
} as const satisfies Record<string, Field>;
const OUTPUTS = {
    request: {
        schema: z.record(z.string(), z.string()),
        word: "request",
        description: "The normalised request, by parameter.",
    },
    url: { schema: z.string(), word: "URL", description: "The request's URL on the wiki." },
    warnings: { schema: z.array(z.string()), word: "warnings", description: "What the wiki would warn of." },
    judgedWith: { schema: z.string(), word: "judged with", description: "Which catalogue judged the definition." },
    judgedAs: {
        schema: z.string(),
        word: "judged as",
        description: "Which MediaWiki version's rules judged it, and with which site data (and what they lack).",
    },
} as const satisfies ComputedOutputs;

const inputs = z.strictObject(shapeOf(FIELDS));
export type WikiQueryInputs = z.output<typeof inputs>;

function asFailure(issue: WikiQueryIssue): Failure {
    const field = MODULE_FIELDS.has(issue.param) ? issue.param : `params.${issue.param}`;
    return { property: `definition.${field}`, reason: `${issue.message} (${issue.code}, module ${issue.module})` };
}

/**
 * The one judgement of the inputs each engine call makes: what fails the check, what the person running Pulumi is told,
 * and the outputs. Check's judgement cannot reach Create (separate calls; the state holds only inputs and outputs),
 * so each judges what it is given, once.
 */
interface Judgement extends Findings {
    outputs?: Props;
}

function judge(wanted: WikiQueryInputs): Judgement {
    let chosen: ChosenCatalogue;
    try {
        chosen = chooseCatalogue(wanted.apiUrl, { explicit: wanted.catalogue });
    } catch (error) {
        if (!(error instanceof CatalogueError)) throw error;
        return {
            failures: [{ property: wanted.catalogue === undefined ? "apiUrl" : "catalogue", reason: error.message }],
        };
    }
    let result: WikiQueryResult;
    try {
        result = validateWikiQuery(wanted.definition, { highLimits: wanted.highLimits, catalogue: chosen.catalogue });
    } catch (error) {
        if (!(error instanceof WikiDefinitionError)) throw error;
        return { failures: [{ property: error.field, reason: error.message.slice(error.field.length + 2) }] };
    }
    // The validator's advice (misleadingboolean, sensitive, ...) counts among the warnings: at preview time it is what
    // the reader of the plan needs to see.
    const concerns = [...result.warnings, ...result.advice];
    return {
        failures: [...result.errors, ...(wanted.strict ? concerns : [])].map(asFailure),
        notices: [
            ...(chosen.hint ? [`WikiQuery: ${chosen.hint}`] : []),
            `WikiQuery: ${result.judgedWith} judged the definition, by ${result.judgedAs}`,
            ...(wanted.strict
                ? []
                : concerns.map(asFailure).map((w) => `WikiQuery warning: ${w.property}: ${w.reason}`)),
        ],
        outputs: {
            request: result.request,
            url: `${wanted.apiUrl}?${new URLSearchParams(result.request).toString()}`,
            warnings: concerns.map((w) => `${w.param}: ${w.message} (${w.code})`),
            judgedWith: result.judgedWith,
            judgedAs: result.judgedAs,
        },
    };
}

/**
 * The outputs, which a definition judged invalid still has (a refresh after its catalogue changed shows them, and the
 * next preview fails on the errors); only a definition or catalogue that cannot be read has none.
 */
function outputsOf(wanted: WikiQueryInputs): Props {
    const { failures, outputs } = judge(wanted);
    if (outputs) return outputs;
    throw new Error(failures.map((failure) => `${failure.property}: ${failure.reason}`).join("; "));
}

export const wikiQuery: ResourceDefinition<WikiQueryInputs> = {
    kind: "WikiQuery",
    words: {
        noun: "Wiki query",
        label: {
            from: ["definition"],
            text: (p) =>
                typeof p.definition === "object" && p.definition !== null ? (p.definition as Props).name : undefined,
        },
        link: (o) => o.url,
        words: wordsOf(FIELDS, OUTPUTS).words,
    },
    description:
        "A MediaWiki query definition validated at preview, as the wiki would judge it: nothing is created on any service.",
    inputs,
    ...declaredOutputs(OUTPUTS),
    rules: (wanted) => judge(wanted),
    async create(_context, wanted) {
        const outputs = outputsOf(wanted);
        return { id: createHash("sha256").update(String(outputs.url)).digest("hex").slice(0, 16), computed: outputs };
    },
    async read(_context, _id, state) {
        return { inputs: {}, computed: outputsOf(inputs.parse(pick(state, Object.keys(inputs.shape)))) };
    },
    async update(_context, _id, _olds, wanted) {
        return outputsOf(wanted);
    },
    async delete() {},
};

export interface WikiQueryArgs {
    /** The definition: list/prop/meta (a module name or names), optional generator, and params by full request name. */
    definition: pulumi.Input<WikiQueryDefinition>;
    /** The wiki's api.php URL, e.g. https://en.wikipedia.org/w/api.php. */
    apiUrl: pulumi.Input<string>;
    /** Judge with the limits of a caller with apihighlimits. */
    highLimits?: pulumi.Input<boolean>;
    /** Fail the preview on warnings too (unknown parameters, deprecations, sensitive values). */
    strict?: pulumi.Input<boolean>;
    /** The catalogue file that judges the definition: a pin (`wiki-query-lint catalogue pull`) or a saved paraminfo reply.
     *  By default, the pin of `apiUrl` in wiki-catalogues/ when there is one, else the shipped catalogue. */
    catalogue?: pulumi.Input<string>;
}
export type WikiQueryArgsAgree = ArgsAgree<AgreeWith<WikiQueryArgs, typeof inputs>>;

/**
 * A wiki query definition validated at preview: an invalid definition fails `pulumi preview` naming the
 * parameter and MediaWiki's reason. Outputs the normalised request and its URL.
 */
export class WikiQuery extends kindResource<WikiQueryArgs>(wikiQuery) {
    declare readonly request: pulumi.Output<Record<string, string>>;
    declare readonly url: pulumi.Output<string>;
    declare readonly warnings: pulumi.Output<string[]>;
    /** Which catalogue judged the definition. */
    declare readonly judgedWith: pulumi.Output<string>;
    /** Which MediaWiki version's rules judged it, and with which site data (and what they lack). */
    declare readonly judgedAs: pulumi.Output<string>;
}
