// The shape of a query definition, checked before any MediaWiki rule: a malformed definition is not
// validated at all but refused with an error that names the field.

export type DefinitionScalar = string | number | boolean;
/** A parameter value: a scalar, or the values of a multi-valued parameter. */
export type DefinitionValue = DefinitionScalar | readonly (string | number)[];

export interface WikiQueryDefinition {
    name?: string;
    description?: string;
    /** Module names, as a list or as one string joined like api.php's ("a|b"). */
    list?: string | readonly string[];
    prop?: string | readonly string[];
    meta?: string | readonly string[];
    generator?: string;
    /** Request parameters by their full request name (module prefix + name; "g" first for the generator's). */
    params?: Readonly<Record<string, DefinitionValue>>;
}

export class WikiDefinitionError extends Error {
    constructor(
        readonly field: string,
        reason: string,
    ) {
        super(`${field}: ${reason}`);
        this.name = "WikiDefinitionError";
    }
}

/** The fields a definition may have. */
export const DEFINITION_FIELDS: ReadonlySet<string> = new Set([
    "name",
    "description",
    "list",
    "prop",
    "meta",
    "generator",
    "params",
]);
/** ApiQuery's module groups, in the order it runs them: a definition names modules of each in a field of its own. */
export const MODULE_GROUPS = ["prop", "list", "meta"] as const;
export type ModuleGroup = (typeof MODULE_GROUPS)[number];
export function isModuleGroup(name: string): name is ModuleGroup {
    return (MODULE_GROUPS as readonly string[]).includes(name);
}
/** The fields that name modules: the groups and the generator. A definition gives them here, never among params. */
export const MODULE_FIELDS: ReadonlySet<string> = new Set([...MODULE_GROUPS, "generator"]);

function describe(value: unknown): string {
    if (value === null) return "null";
    if (Array.isArray(value)) return "an array";
    return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is DefinitionScalar {
    return (
        typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))
    );
}

function checkOptionalString(definition: Record<string, unknown>, key: string, where: string): void {
    const value = definition[key];
    if (value !== undefined && typeof value !== "string") {
        throw new WikiDefinitionError(`${where}.${key}`, `expected a string, got ${describe(value)}`);
    }
}

function checkModuleNames(definition: Record<string, unknown>, key: string, where: string): void {
    const value = definition[key];
    if (value === undefined || typeof value === "string") return;
    if (!Array.isArray(value)) {
        throw new WikiDefinitionError(
            `${where}.${key}`,
            `expected a module name or a list of module names, got ${describe(value)}`,
        );
    }
    value.forEach((name, index) => {
        if (typeof name !== "string") {
            throw new WikiDefinitionError(`${where}.${key}[${index}]`, `expected a module name, got ${describe(name)}`);
        }
    });
}

function checkParamValue(value: unknown, field: string): void {
    if (isScalar(value)) return;
    if (!Array.isArray(value)) {
        throw new WikiDefinitionError(field, `expected a string, number, boolean or array, got ${describe(value)}`);
    }
    value.forEach((item, index) => {
        if (typeof item !== "string" && !(typeof item === "number" && Number.isFinite(item))) {
            throw new WikiDefinitionError(`${field}[${index}]`, `expected a string or number, got ${describe(item)}`);
        }
    });
}

function checkParams(params: unknown, where: string): void {
    if (params === undefined) return;
    if (!isPlainObject(params))
        throw new WikiDefinitionError(`${where}.params`, `expected an object, got ${describe(params)}`);
    for (const key in params) {
        const field = `${where}.params.${key}`;
        if (MODULE_FIELDS.has(key)) {
            throw new WikiDefinitionError(
                field,
                `give ${key} in the definition's own "${key}" field, not among params`,
            );
        }
        if (key === "action" && params[key] !== "query") {
            throw new WikiDefinitionError(field, 'a query definition is for action "query" only');
        }
        checkParamValue(params[key], field);
    }
}

/** Checks the shape of one definition; returns it typed, or throws WikiDefinitionError. */
export function checkDefinition(input: unknown, where = "definition"): WikiQueryDefinition {
    if (!isPlainObject(input)) throw new WikiDefinitionError(where, `expected an object, got ${describe(input)}`);
    for (const key in input) {
        if (!DEFINITION_FIELDS.has(key)) {
            throw new WikiDefinitionError(
                `${where}.${key}`,
                `unknown field (expected ${[...DEFINITION_FIELDS].join(", ")})`,
            );
        }
    }
    checkOptionalString(input, "name", where);
    checkOptionalString(input, "description", where);
    checkOptionalString(input, "generator", where);
    for (const group of MODULE_GROUPS) checkModuleNames(input, group, where);
    checkParams(input.params, where);
    return input;
}

/** The definitions of a parsed file: one definition, or an array of them. */
export function definitionsOf(document: unknown, where = "definitions"): WikiQueryDefinition[] {
    if (Array.isArray(document)) return document.map((item, index) => checkDefinition(item, `${where}[${index}]`));
    return [checkDefinition(document, where)];
}
