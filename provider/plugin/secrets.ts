// Secrets on the plugin's wire. The plugin tells the engine it accepts secrets, so a secret value reaches it wrapped
// (`{ [SIG_KEY]: SECRET_SIG, value }`) and it answers secret outputs wrapped the same way: that is how a plugin keeps
// a secret secret in the state, whatever language the program is in. The lifecycle works on plain values, so a call's
// properties are unwrapped on the way in, the names of the properties that held a secret kept, and those properties
// (with the kind's own secrets) wrapped again on the way out. A property with a secret anywhere inside it is secret as
// a whole: never less secret than it came.
import type { Props } from "../resources/lifecycle";

/** Pulumi's marks of a special value on the wire (sdk/go/common/resource/sig), as every SDK writes them. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

function isSecret(value: unknown): value is { value: unknown } {
    return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** A value with every secret inside it unwrapped, and whether it held one. */
function plainOf(value: unknown): { plain: unknown; secret: boolean } {
    if (isSecret(value)) return { plain: plainOf(value.value).plain, secret: true };
    if (Array.isArray(value)) {
        const items = value.map(plainOf);
        return { plain: items.map((item) => item.plain), secret: items.some((item) => item.secret) };
    }
    if (typeof value === "object" && value !== null) {
        const entries = Object.entries(value).map(([key, item]) => [key, plainOf(item)] as const);
        return {
            plain: Object.fromEntries(entries.map(([key, item]) => [key, item.plain])),
            secret: entries.some(([, item]) => item.secret),
        };
    }
    return { plain: value, secret: false };
}

/** The strings inside the secrets a value holds: what a call given the value must keep out of what it says. */
function secretTextsIn(value: unknown, inSecret: boolean): string[] {
    if (isSecret(value)) return secretTextsIn(value.value, true);
    if (typeof value === "string") return inSecret ? [value] : [];
    if (typeof value === "object" && value !== null)
        return Object.values(value).flatMap((item) => secretTextsIn(item, inSecret));
    return [];
}

/** Properties as the engine sent them, made plain, with the names of those that held a secret and the secrets' text. */
export function unwrapped(props: Props): { props: Props; secret: Set<string>; texts: string[] } {
    const secret = new Set<string>();
    const plain: Props = {};
    for (const [name, value] of Object.entries(props)) {
        const { plain: item, secret: held } = plainOf(value);
        plain[name] = item;
        if (held) secret.add(name);
    }
    return { props: plain, secret, texts: secretTextsIn(props, false) };
}

/** Properties with each of `secret` that is present wrapped as a secret for the engine. */
export function wrapped(props: Props, secret: Iterable<string>): Props {
    const names = new Set(secret);
    return Object.fromEntries(
        Object.entries(props).map(([name, value]) => [
            name,
            names.has(name) && value !== undefined && value !== null ? { [SIG_KEY]: SECRET_SIG, value } : value,
        ]),
    );
}
