// A kind's inputs checked at preview, as the engine's Check asks: each against its schema (zod), then together and
// against the old ones (the kind's rules). A key the kind does not declare is named by its whole path, with the one it
// most likely meant. Values not known yet pass through unchecked, as the engine expects.
import type * as pulumi from "@pulumi/pulumi";
// Pulumi's marker for a value that is not known yet (an Output of a resource not created yet, in preview).
import { unknownValue as UNKNOWN } from "@pulumi/pulumi/runtime/rpc";
import { z } from "zod";
import { closestName, didYouMean } from "../../common/text/suggest";
import type { ResourceContext } from "./context";
import type { Failure, Props, ResourceDefinition } from "./lifecycle";
import { definedOnly, omit, pick, withoutProvider } from "./props";

/** The inputs each checked alone (their schemas), then together and against the old ones (the kind's rules). */
export function checkWith<I extends Props>(
    definition: ResourceDefinition<I>,
    context: ResourceContext,
    olds: Props,
    news: Props,
): pulumi.dynamic.CheckResult {
    const checked = checkInputs(definition.inputs, withoutProvider(news));
    if (checked.failures || containsUnknown(checked.inputs)) return checked;
    const { failures, notices = [] } = definition.rules?.(checked.inputs as I, withoutProvider(olds)) ?? {
        failures: [],
    };
    for (const notice of notices) context.tellOnce(notice);
    if (failures.length) return { inputs: checked.inputs, failures: [...failures] };
    return { inputs: definedOnly(definition.normalise?.(checked.inputs as I) ?? checked.inputs) };
}

/**
 * Validates inputs. Values not known yet (preview, before the resource they come from exists) of declared inputs are
 * left out of the validation and passed through, as the engine expects; an undeclared key is refused whatever its
 * value. Declared means an own property of the shape: `toString` or `__proto__` are not inputs.
 */
function checkInputs(
    schema: z.ZodObject<z.ZodRawShape, z.core.$strict>,
    news: Props,
): { inputs: Props; failures?: Failure[] } {
    const unknownKeys = Object.keys(news).filter(
        (key) => Object.hasOwn(schema.shape, key) && containsUnknown(news[key]),
    );
    const known = omit(news, unknownKeys);
    const mask = Object.fromEntries(unknownKeys.map((key) => [key, true as const]));
    const result = (unknownKeys.length ? schema.partial(mask) : schema).safeParse(known);
    if (!result.success)
        return { inputs: news, failures: result.error.issues.map((issue) => toFailure(issue, schema)) };
    return { inputs: definedOnly({ ...result.data, ...pick(news, unknownKeys) }) };
}

function toFailure(issue: z.core.$ZodIssue, schema: z.ZodType): Failure {
    if (issue.code === "unrecognized_keys") return unrecognizedKeys(issue.path, issue.keys, schema);
    return { property: issue.path.length ? issue.path.map(String).join(".") : "(inputs)", reason: issue.message };
}

/**
 * One failure for the keys an object of the inputs (the inputs themselves, or one nested at `path`) does not
 * declare, each named by its whole path, with the declared key it most likely meant.
 */
function unrecognizedKeys(path: readonly PropertyKey[], keys: readonly string[], schema: z.ZodType): Failure {
    const declared = declaredKeysAt(schema, path);
    const named = keys.map((key) => `"${key}"${didYouMean(closestName(key, declared), " (did you mean", "?)")}`);
    return {
        property: keys.map((key) => [...path, key].map(String).join(".")).join(", "),
        reason: `Unrecognized key${keys.length > 1 ? "s" : ""}: ${named.join(", ")}`,
    };
}

/** The keys the object schema at `path` declares, through optional, nullable and array wrappers; none when unknown. */
function declaredKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
    let at: z.ZodType | undefined = schema;
    for (const key of [...path, undefined]) {
        while (at instanceof z.ZodOptional || at instanceof z.ZodNullable) at = at.unwrap() as z.ZodType;
        if (at instanceof z.ZodArray && typeof key === "number") at = at.element as z.ZodType;
        else if (key === undefined) break;
        else at = at instanceof z.ZodObject ? (at.shape as Record<string, z.ZodType>)[String(key)] : undefined;
    }
    return at instanceof z.ZodObject ? Object.keys(at.shape) : [];
}

function containsUnknown(value: unknown): boolean {
    if (value === UNKNOWN) return true;
    if (Array.isArray(value)) return value.some(containsUnknown);
    if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
    return false;
}
