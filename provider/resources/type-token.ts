// The type tokens of the package's kinds: part of the state format, and what a policy pack and the report match
// kinds by. A kind has two: a dynamic resource's, which TypeScript programs have used since 0.1.0, and the plugin's,
// which every Pulumi language uses. Both name the same kind and lead into the same lifecycle.

/** The plugin's package name: its tokens are `shortener:index:<Kind>`, its config `shortener:<key>`. */
export const PACKAGE_NAME = "shortener";

/** The module part of a dynamic resource's type token: `pulumi-nodejs:dynamic/shortener:<Kind>`, the closest a
 *  dynamic resource comes to the plugin's token. Keep it stable. */
const TYPE_MODULE = "shortener";

/** What every dynamic resource's type token of a kind starts with, the kind's name following. */
export const KIND_TYPE_PREFIX = `pulumi-nodejs:dynamic/${TYPE_MODULE}:`;

/** What every plugin token starts with, the kind's (or a function's) name following. */
export const PLUGIN_TYPE_PREFIX = `${PACKAGE_NAME}:index:`;

/** The plugin's token of a kind or a function: `shortener:index:Link`, `shortener:index:listLinks`. */
export function tokenOf(name: string): string {
    return `${PLUGIN_TYPE_PREFIX}${name}`;
}

/** The kind a type token of this package names, in either form (`Link` for `pulumi-nodejs:dynamic/shortener:Link`
 *  and for `shortener:index:Link`), or undefined. */
export function kindOfType(type: string): string | undefined {
    for (const prefix of [KIND_TYPE_PREFIX, PLUGIN_TYPE_PREFIX])
        if (type.startsWith(prefix)) return type.slice(prefix.length);
    return undefined;
}
