// A MediaWiki action=query definition, checked at preview against the wiki's paraminfo catalogue exactly as the
// wiki would judge it. Nothing is created on any service: its outputs are the normalised request and its URL on
// the wiki, ready to be the target of a short link or a QR code.
import { createHash } from "node:crypto";
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { checkDefinition, validateWikiQuery, WikiDefinitionError, type WikiQueryDefinition, type WikiQueryIssue } from "../wiki";
import type { Failure, Props, ResourceDefinition } from "./lifecycle";
import { ShortenerResource } from "./resource";
import { httpUrl } from "./values";

const inputs = z.strictObject({
    definition: z.record(z.string(), z.unknown(), { error: "must be a query definition object (list, prop, meta, generator, params)" }),
    /** The wiki's api.php. */
    apiUrl: httpUrl,
    highLimits: z.boolean().default(false),
    /** Warnings fail the preview too. */
    strict: z.boolean().default(false),
});
export type WikiQueryInputs = z.output<typeof inputs>;

function asFailure(issue: WikiQueryIssue): Failure {
    const field = ["list", "prop", "meta", "generator"].includes(issue.param) ? issue.param : `params.${issue.param}`;
    return { property: `definition.${field}`, reason: `${issue.message} (${issue.code}, module ${issue.module})` };
}

function outputsOf(wanted: WikiQueryInputs): Props {
    const { request, warnings, advice } = validateWikiQuery(wanted.definition, { highLimits: wanted.highLimits });
    // The validator's advice (misleadingboolean, sensitive, ...) stays among this resource's warnings, as before 0.2.
    const concerns = [...warnings, ...advice];
    return { request, url: `${wanted.apiUrl}?${new URLSearchParams(request)}`, warnings: concerns.map((w) => `${w.param}: ${w.message} (${w.code})`) };
}

export const wikiQuery: ResourceDefinition<WikiQueryInputs> = {
    kind: "WikiQuery",
    inputs,
    rules(wanted, _olds, context) {
        let definition: WikiQueryDefinition;
        try {
            definition = checkDefinition(wanted.definition);
        } catch (error) {
            if (error instanceof WikiDefinitionError) return [{ property: error.field, reason: error.message.slice(error.field.length + 2) }];
            throw error;
        }
        const result = validateWikiQuery(definition, { highLimits: wanted.highLimits });
        const { errors } = result;
        const warnings = [...result.warnings, ...result.advice];
        if (!wanted.strict) {
            for (const warning of warnings.map(asFailure)) context.tell(`WikiQuery warning: ${warning.property}: ${warning.reason}`);
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
    return Object.fromEntries(Object.keys(inputs.shape).filter((key) => key in state).map((key) => [key, state[key]]));
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
}

/**
 * A wiki query definition validated at preview: an invalid definition fails `pulumi preview` naming the
 * parameter and MediaWiki's reason. Outputs the normalised request and its URL.
 */
export class WikiQuery extends ShortenerResource {
    declare readonly request: pulumi.Output<Record<string, string>>;
    declare readonly url: pulumi.Output<string>;
    declare readonly warnings: pulumi.Output<string[]>;

    constructor(name: string, args: WikiQueryArgs, opts?: pulumi.CustomResourceOptions) {
        super("WikiQuery", name, args, ["definition", "apiUrl", "highLimits", "strict", "request", "url", "warnings"], opts);
    }
}
