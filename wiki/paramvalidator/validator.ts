// Fetches and validates one parameter the way ParamValidator::getValue and validateValue do: presence
// and requiredness, the sensitive and deprecated flags, splitting a multi-value, the all-specifier, the
// multi-value limit, each value through its type, unrecognized values of a multi-value as a warning,
// and duplicates dropped.
import { IssueLog } from "../issues";
import type { SiteRules } from "../mediawiki/site";
import { explodeMultiValue, implodeMultiValue, startsWithUnitSeparator } from "./multivalue";
import { closestValue, ParamSpec, shownValue } from "./spec";
import { typeDefFor } from "./typedefs/registry";
import { ValidationFailure, ValueContext } from "./typedefs/typedef";

/** A value as the definition gives it: one string, or the values of a multi-valued parameter. */
export type RawValue = string | readonly string[];

export interface ValidatedParam {
    readonly spec: ParamSpec;
    /** The accepted values: one for a single-valued parameter; for a multi-valued one the recognised
     *  values without duplicates, or every allowed value for the all-specifier. Empty after an error. */
    readonly values: readonly string[];
    /** The value as the request should carry it. */
    readonly request: string;
    readonly ok: boolean;
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
    if (a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
    return true;
}

function suggestion(spec: ParamSpec, value: string): string | undefined {
    const closest = spec.allowed ? closestValue(spec, value, spec.allowed) : undefined;
    return closest === undefined ? undefined : `did you mean ${shownValue(spec, closest)}?`;
}

/** What the validator knows of the wiki and the caller, the same for every parameter of a request. */
export interface WikiFacts {
    readonly highLimits: boolean;
    readonly namespaces: ReadonlySet<number>;
    readonly mediawikiVersion: string;
    readonly site: SiteRules;
}

export class ParamValidator {
    constructor(
        private readonly issues: IssueLog,
        private readonly wiki: WikiFacts,
    ) {}

    /**
     * What a type may know while it validates one value, made anew for each value and never changed, as
     * ParamValidator passes `$options` to `TypeDef::validate` on each call.
     */
    private valueContext(spec: ParamSpec, inMulti: boolean): ValueContext {
        const { issues, wiki } = this;
        return Object.freeze({
            highLimits: wiki.highLimits,
            namespaces: wiki.namespaces,
            mediawikiVersion: wiki.mediawikiVersion,
            site: wiki.site,
            inMulti,
            record: (code: string, message: string) => issues.warning(code, spec.requestName, spec.module, message),
            mayFail: (code: string, when: string, message: string) =>
                issues.mayOccur("error", code, spec.requestName, spec.module, when, message),
            advise: (code: string, message: string) => issues.advise(code, spec.requestName, spec.module, message),
        });
    }

    /** The parameter's validated value, or undefined when the definition does not give it. */
    getValue(spec: ParamSpec, raw: RawValue | undefined): ValidatedParam | undefined {
        if (raw === undefined) {
            if (spec.info.required)
                this.issues.error(
                    "missingparam",
                    spec.requestName,
                    spec.module,
                    `The "${spec.requestName}" parameter must be set.`,
                );
            return undefined;
        }
        if (spec.info.sensitive) {
            this.issues.advise(
                "sensitive",
                spec.requestName,
                spec.module,
                `Parameter "${spec.requestName}" is sensitive: its value would sit in plain text with the definition. Supply it when the request is made instead.`,
            );
        }
        if (spec.info.deprecated)
            this.issues.warning(
                "deprecation",
                spec.requestName,
                spec.module,
                `The parameter "${spec.requestName}" has been deprecated.`,
            );
        return spec.info.multi ? this.validateMulti(spec, raw) : this.validateSingle(spec, raw);
    }

    private fail(spec: ParamSpec, failure: ValidationFailure, raw: RawValue): ValidatedParam {
        this.issues.error(failure.code, spec.requestName, spec.module, failure.message);
        return { spec, values: [], request: typeof raw === "string" ? raw : implodeMultiValue(raw), ok: false };
    }

    private notMulti(spec: ParamSpec, raw: RawValue): ValidatedParam {
        return this.fail(
            spec,
            new ValidationFailure("badvalue", `Parameter "${spec.requestName}" does not accept multiple values.`),
            raw,
        );
    }

    // An array reaches api.php joined (a|b), and the wiki judges that one string; that the definition
    // meant several values is the project's advice.
    private validateSingle(spec: ParamSpec, raw: RawValue): ValidatedParam {
        if (typeof raw !== "string" && raw.length > 1) {
            this.issues.advise(
                "singlevalued",
                spec.requestName,
                spec.module,
                `Parameter "${spec.requestName}" takes one value, but the definition gives ${raw.length}; api.php receives them joined as one value.`,
            );
        }
        const value = typeof raw === "string" ? raw : implodeMultiValue(raw);
        if (startsWithUnitSeparator(value)) return this.notMulti(spec, raw);
        const result = typeDefFor(spec.info.type).validate(value, spec, this.valueContext(spec, false));
        if (result instanceof ValidationFailure) return this.fail(spec, result, raw);
        return { spec, values: [result], request: result, ok: true };
    }

    private validateMulti(spec: ParamSpec, raw: RawValue): ValidatedParam {
        const list = typeof raw === "string" ? explodeMultiValue(raw) : raw;
        const allSpecifier = spec.info.allspecifier;
        if (allSpecifier !== undefined && list.length === 1 && list[0] === allSpecifier) {
            const everything = typeDefFor(spec.info.type).enumValues(spec, this.valueContext(spec, true));
            if (everything) return { spec, values: everything, request: allSpecifier, ok: true };
        }
        const sizeLimit = this.wiki.highLimits && list.length > spec.lowLimit ? spec.highLimit : spec.lowLimit;
        if (list.length > sizeLimit) {
            const failure = new ValidationFailure(
                "toomanyvalues",
                `Too many values supplied for parameter "${spec.requestName}": ${list.length}. The limit is ${sizeLimit}.`,
            );
            return this.fail(spec, failure, raw);
        }
        const accepted: string[] = [];
        const unrecognized: string[] = [];
        for (const value of list) {
            const result = typeDefFor(spec.info.type).validate(value, spec, this.valueContext(spec, true));
            if (!(result instanceof ValidationFailure)) {
                accepted.push(result);
            } else if (result.code === "badvalue") {
                unrecognized.push(value);
            } else {
                return this.fail(spec, result, raw);
            }
        }
        if (unrecognized.length > 0) this.reportUnrecognized(spec, unrecognized);
        const values = spec.info.allowsDuplicates || accepted.length < 2 ? accepted : [...new Set(accepted)];
        // A joined value that validation left as it was is already the request's form.
        const unchanged = typeof raw === "string" && sameValues(values, list);
        return { spec, values, request: unchanged ? raw : implodeMultiValue(values), ok: true };
    }

    private reportUnrecognized(spec: ParamSpec, values: readonly string[]): void {
        const described = values.map((value) => {
            const explanation = spec.explainUnknownValue?.(value) ?? suggestion(spec, value);
            return shownValue(spec, value) + (explanation ? ` (${explanation})` : "");
        });
        const noun = values.length === 1 ? "value" : "values";
        this.issues.warning(
            "unrecognizedvalues",
            spec.requestName,
            spec.module,
            `Unrecognized ${noun} for parameter "${spec.requestName}": ${described.join(", ")}; ignored.`,
        );
    }
}
