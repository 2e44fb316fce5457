// The contract of a parameter type, after MediaWiki's ParamValidator TypeDef: each type validates one
// value (a multi-valued parameter is split before) and returns it normalised, or says why it fails.
import type { SiteRules } from "../../mediawiki/site";
import type { ParamSpec } from "../spec";

/** A failed value, with the code MediaWiki reports (badvalue, badinteger, badtimestamp, baduser, ...). */
export class ValidationFailure {
    constructor(
        readonly code: string,
        readonly message: string,
    ) {}
}

/** What a type may know of the request while it validates one value. */
export interface ValueContext {
    /** The caller has elevated rights (apihighlimits): higher limits apply. */
    readonly highLimits: boolean;
    /** The wiki's namespace numbers. */
    readonly namespaces: ReadonlySet<number>;
    /** The wiki's MediaWiki version, for types whose rules changed between versions. */
    readonly mediawikiVersion: string;
    /** The wiki's site data: its namespace names and interwiki prefixes decide titles. */
    readonly site: SiteRules;
    /** True while one value of a multi-valued parameter is validated (ParamValidator's 'values-list'). */
    readonly inMulti: boolean;
    /** A condition that is not fatal: it becomes a warning (ParamValidator's Callbacks::recordCondition). */
    record(code: string, message: string): void;
    /** A failure the wiki gives only with some configuration or data (`when` says which): the value is accepted. */
    mayFail(code: string, when: string, message: string): void;
    /** The project's own advice about a value the wiki accepts without a word. */
    advise(code: string, message: string): void;
}

export interface TypeDef {
    validate(value: string, spec: ParamSpec, context: ValueContext): string | ValidationFailure;
    /** The allowed values of an enumerated type (what the all-specifier stands for); undefined for other types. */
    enumValues(spec: ParamSpec, context: ValueContext): readonly string[] | undefined;
}
