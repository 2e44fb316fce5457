// The type tokens of the package's kinds: part of the state format, and what a policy pack matches kinds by.

/** The module part of the type token: resources are `pulumi-nodejs:dynamic/shortener:<Kind>`, the closest a
 *  dynamic resource comes to `shortener:index:<Kind>`. Keep it stable. */
const TYPE_MODULE = "shortener";

/** What every type token of a kind starts with, the kind's name following: a dynamic resource's
 *  `pulumi-nodejs:dynamic/`, then the module. */
export const KIND_TYPE_PREFIX = `pulumi-nodejs:dynamic/${TYPE_MODULE}:`;

/** The kind a type token of this package names (`Link` for `pulumi-nodejs:dynamic/shortener:Link`), or undefined. */
export function kindOfType(type: string): string | undefined {
    return type.startsWith(KIND_TYPE_PREFIX) ? type.slice(KIND_TYPE_PREFIX.length) : undefined;
}
