// A field's zod schema as a type of Pulumi's package schema. zod writes the JSON Schema of a field (z.toJSONSchema);
// this reads that, which keeps the translation to what the package schema can say in one place:
// - an object of declared keys becomes a named type of the package (`shortener:index:LinkUtm`);
// - an object of any names becomes a map; a union of primitives a `oneOf`; a union with an object, or anything
//   without a type, Pulumi's Any (the provider's check judges it, as it judges every input);
// - an object's id (a number zod coerces) takes a number or a string, as every `id` output is a string.
import { z } from "zod";

/** A type of Pulumi's package schema (its TypeSpec): what a property or an item is. */
export interface TypeSpec {
    type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
    items?: TypeSpec;
    additionalProperties?: TypeSpec;
    $ref?: string;
    oneOf?: TypeSpec[];
}

/** A property of a resource, a type, a function or the config: its type, described. */
export interface PropertySpec extends TypeSpec {
    description?: string;
    secret?: boolean;
    replaceOnChanges?: boolean;
}

/** An object type of the package. */
export interface ObjectTypeSpec {
    type: "object";
    description?: string;
    properties: Record<string, PropertySpec>;
    required?: string[];
}

/** The named object types a package's properties refer to, by token, filled in as properties are translated. */
export type NamedTypes = Record<string, ObjectTypeSpec>;

export const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

/** The JSON Schema zod writes, as far as this reads it. */
interface Json {
    type?: string | string[];
    description?: string;
    items?: Json;
    properties?: Record<string, Json>;
    required?: string[];
    additionalProperties?: Json | boolean;
    anyOf?: Json[];
    oneOf?: Json[];
    /** Set here, on an object id (a number zod coerces from a string). */
    "x-object-id"?: boolean;
}

/** zod's JSON Schema of a schema: what a value given to it may be (io "input") or what it gives (io "output"). */
export function jsonOf(schema: z.ZodType, io: "input" | "output"): Json {
    return z.toJSONSchema(schema, {
        io,
        unrepresentable: "any",
        target: "draft-2020-12",
        override: ({ zodSchema, jsonSchema }) => {
            const def = zodSchema._zod.def as { type: string; coerce?: boolean };
            if (def.type === "number" && def.coerce) (jsonSchema as Json)["x-object-id"] = true;
        },
    }) as Json;
}

/** Whether a value may be absent or null: an optional field's schema, or a union with null. */
export function isNullable(json: Json): boolean {
    return (json.anyOf ?? []).some((member) => member.type === "null");
}

/**
 * The package type of a JSON Schema. `name` is the token an object of declared keys gets
 * (`shortener:index:<Kind><Property>`); its nested objects are named after it.
 */
export function typeOf(json: Json, name: string, types: NamedTypes): TypeSpec {
    if (json["x-object-id"]) return { oneOf: [{ type: "integer" }, { type: "string" }] };
    const members = (json.anyOf ?? json.oneOf)?.filter((member) => member.type !== "null");
    if (members) return unionOf(members, name, types);
    switch (json.type) {
        case "string":
        case "integer":
        case "number":
        case "boolean":
            return { type: json.type };
        case "array":
            return { type: "array", items: json.items ? typeOf(json.items, `${name}Item`, types) : ANY };
        case "object":
            return objectOf(json, name, types);
        default:
            return ANY;
    }
}

function unionOf(all: Json[], name: string, types: NamedTypes): TypeSpec {
    // A member without a type is what a transform gives (the client's `"12"` → 12): it gives its typed sibling's type.
    const typed = all.filter((member) => member.type !== undefined || member.anyOf || member.properties);
    const members = typed.length > 0 ? typed : all;
    if (members.length === 1) return typeOf(members[0], name, types);
    const primitive = (member: Json) => ["string", "integer", "number", "boolean"].includes(String(member.type));
    if (!members.every(primitive)) return ANY;
    const distinct = [...new Set(members.map((member) => String(member.type)))];
    return distinct.length === 1
        ? typeOf(members[0], name, types)
        : { oneOf: distinct.map((type) => ({ type }) as TypeSpec) };
}

function objectOf(json: Json, name: string, types: NamedTypes): TypeSpec {
    if (json.properties && Object.keys(json.properties).length > 0) {
        types[name] = {
            type: "object",
            ...(json.description ? { description: json.description } : {}),
            properties: propertiesOf(json.properties, name, types),
            ...(json.required?.length ? { required: json.required } : {}),
        };
        return { $ref: `#/types/${name}` };
    }
    const values = json.additionalProperties;
    if (typeof values === "object" && values.type)
        return { type: "object", additionalProperties: typeOf(values, name, types) };
    return { type: "object", additionalProperties: ANY };
}

/** The properties of an object, each typed and described; nested objects are named `<name><Property>`. */
export function propertiesOf(
    properties: Record<string, Json>,
    name: string,
    types: NamedTypes,
): Record<string, PropertySpec> {
    return Object.fromEntries(
        Object.entries(properties).map(([key, json]) => [key, propertyOf(json, `${name}${capitalised(key)}`, types)]),
    );
}

export function propertyOf(json: Json, name: string, types: NamedTypes): PropertySpec {
    const description = json.description ?? json.anyOf?.find((member) => member.description)?.description;
    return { ...typeOf(json, name, types), ...(description ? { description } : {}) };
}

export function capitalised(word: string): string {
    return word.charAt(0).toUpperCase() + word.slice(1);
}

export type { Json as JsonSchema };
