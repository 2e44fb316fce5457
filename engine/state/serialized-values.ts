// Values as the state file holds them (pkg/resource/stack/deployment.go SerializePropertyValue and
// DeserializePropertyValue): each secret stays where it is, as `{ sig: secret, ciphertext }`. What a secret holds is
// serialized with Go's NopEncrypter before it is encrypted, so a secret inside a secret is kept as
// `{ sig: secret, ciphertext: <its plaintext JSON> }` within the encrypted text, and read back the same way.
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { isSecretWrapper, wrapSecret } from "../values/property-values";

export interface EncryptedValue {
    [specialSigKey]: typeof specialSecretSig;
    ciphertext: string;
}

type Secret = ReturnType<typeof wrapSecret>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isEncrypted(value: unknown): value is EncryptedValue {
    return isPlainObject(value) && value[specialSigKey] === specialSecretSig && typeof value.ciphertext === "string";
}

function mapInside(value: unknown, inner: (nested: unknown) => unknown): unknown {
    if (Array.isArray(value)) return value.map(inner);
    if (isPlainObject(value))
        return Object.fromEntries(Object.entries(value).map(([key, nested]) => [key, inner(nested)]));
    return value;
}

/** The outermost secrets within a value, in the order serializeValue meets them. */
export function secretsIn(value: unknown, into: Secret[] = []): Secret[] {
    if (isSecretWrapper(value)) {
        into.push(value);
    } else if (Array.isArray(value)) {
        value.forEach((item) => secretsIn(item, into));
    } else if (isPlainObject(value)) {
        Object.values(value).forEach((item) => secretsIn(item, into));
    }
    return into;
}

/** The plaintext of a secret as SerializePropertyValue encrypts it: its value serialized with the NopEncrypter. */
export function secretPlaintext(secret: Secret): string {
    return JSON.stringify(serializeValue(secret.value ?? null, (inner) => secretPlaintext(inner)));
}

/** SerializePropertyValue: each outermost secret becomes `{ sig, ciphertext }`, the ciphertext `ciphertextOf` gives. */
export function serializeValue(value: unknown, ciphertextOf: (secret: Secret) => string): unknown {
    if (isSecretWrapper(value)) {
        return { [specialSigKey]: specialSecretSig, ciphertext: ciphertextOf(value) } satisfies EncryptedValue;
    }
    return mapInside(value, (nested) => serializeValue(nested, ciphertextOf));
}

/** DeserializePropertyValue: each `{ sig, ciphertext }` becomes the secret it encrypts, read with `decrypt`. */
export function deserializeValue(value: unknown, decrypt: (ciphertext: string) => string): unknown {
    if (isEncrypted(value)) {
        return wrapSecret(deserializeValue(JSON.parse(decrypt(value.ciphertext)), (plaintext) => plaintext));
    }
    return mapInside(value, (nested) => deserializeValue(nested, decrypt));
}
