// A MediaWiki action=query definition, checked at preview against the wiki's paraminfo catalogue exactly as the
// wiki would judge it. Nothing is created on any service: its outputs are the normalised request and its URL on
// the wiki, ready to be the target of a short link or a QR code. The catalogue that judges is the one named by the
// `catalogue` input, else the pin of the wiki's api URL (wiki-catalogues/), else the shipped one: never the network.
import { createHash } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import {
    checkDefinition,
    validateWikiQuery,
    WikiDefinitionError,
    type WikiQueryDefinition,
    type WikiQueryIssue,
} from "../wiki";
import { CatalogueError, chooseCatalogue, type ChosenCatalogue } from "../wiki/catalogue";
import { MODULE_FIELDS } from "../wiki/definition";
import type { Failure, Props, ResourceDefinition } from "./lifecycle";
import { kindResource } from "./resource";
import { type AgreeWith, type ArgsAgree } from "./args-check";
import { httpUrl } from "./values";

const inputs = z.strictObject({
    definition: z.record(z.string(), z.unknown(), {
        error: "must be a query definition object (list, prop, meta, generator, params)",
    }),
    /** The wiki's api.php. */
    apiUrl: httpUrl,
    highLimits: z.boolean().default(false),
    /** Warnings fail the preview too. */
    strict: z.boolean().default(false),
    /** A catalogue file (pinned with `wiki-query-lint catalogue pull`, or a saved paraminfo reply). */
    catalogue: z.string().min(1).optional(),
});
export type WikiQueryInputs = z.output<typeof inputs>;

function asFailure(issue: WikiQueryIssue): Failure {
    const field = MODULE_FIELDS.has(issue.param) ? issue.param : `params.${issue.param}`;
    return { property: `definition.${field}`, reason: `${issue.message} (${issue.code}, module ${issue.module})` };
}

function catalogueFor(wanted: WikiQueryInputs): ChosenCatalogue {
    return chooseCatalogue(wanted.apiUrl, { explicit: wanted.catalogue });
}

// The hint on how to pin is said once per wiki and provider process, not once per resource.
const hinted = new Set<string>();

function outputsOf(wanted: WikiQueryInputs): Props {
    const { catalogue } = catalogueFor(wanted);
    const { request, warnings, advice, judgedWith, judgedAs } = validateWikiQuery(wanted.definition, {
        highLimits: wanted.highLimits,
        catalogue,
    });
    // The validator's advice (misleadingboolean, sensitive, ...) is shown among this resource's warnings: at preview
    // time it is what the reader of the plan needs to see.
    const concerns = [...warnings, ...advice];
    return {
        request,
        url: `${wanted.apiUrl}?${new URLSearchParams(request).toString()}`,
        warnings: concerns.map((w) => `${w.param}: ${w.message} (${w.code})`),
        judgedWith,
        judgedAs,
    };
}

export const wikiQuery: ResourceDefinition<WikiQueryInputs> = {
    kind: "WikiQuery",
    inputs,
    computedOutputs: ["request", "url", "warnings", "judgedWith", "judgedAs"],
    rules(wanted, _olds, context) {
        let definition: WikiQueryDefinition;
        try {
            definition = checkDefinition(wanted.definition);
        } catch (error) {
            if (error instanceof WikiDefinitionError)
                return [{ property: error.field, reason: error.message.slice(error.field.length + 2) }];
            throw error;
        }
        let chosen: ChosenCatalogue;
        try {
            chosen = catalogueFor(wanted);
        } catch (error) {
            if (error instanceof CatalogueError)
                return [{ property: wanted.catalogue === undefined ? "apiUrl" : "catalogue", reason: error.message }];
            throw error;
        }
        if (chosen.hint && !hinted.has(wanted.apiUrl)) {
            hinted.add(wanted.apiUrl);
            context.tell(`WikiQuery: ${chosen.hint}`);
        }
        const result = validateWikiQuery(definition, { highLimits: wanted.highLimits, catalogue: chosen.catalogue });
        context.tell(`WikiQuery: ${result.judgedWith} judged the definition, by ${result.judgedAs}`);
        const { errors } = result;
        const warnings = [...result.warnings, ...result.advice];
        if (!wanted.strict) {
            for (const warning of warnings.map(asFailure))
                context.tell(`WikiQuery warning: ${warning.property}: ${warning.reason}`);
        }
        return [...errors, ...(wanted.strict ? warnings : [])].map(asFailure);
    },
    async create(_context, wanted) {
        const outputs = outputsOf(wanted);
        return { id: createHash("sha256").update(String(outputs.url)).digest("hex").slice(0, 16), computed: outputs };
    },
    async read(_context, _id, state) {
        return { inputs: {}, computed: outputsOf(inputs.parse(pickInputs(state))) };
    },
    async update(_context, _id, _olds, wanted) {
        return outputsOf(wanted);
    },
    async delete() {},
};

function pickInputs(state: Props): Props {
    return Object.fromEntries(
        Object.keys(inputs.shape)
            .filter((key) => key in state)
            .map((key) => [key, state[key]]),
    );
}

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
