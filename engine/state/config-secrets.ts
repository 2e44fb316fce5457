// Secure values of a stack's config file (`key: { secure: v1:... }`), encrypted by the passphrase secrets manager the
// file's `encryptionsalt` describes (pkg/secrets/passphrase/manager.go): the key is PBKDF2-SHA256 of
// PULUMI_CONFIG_PASSPHRASE with the salt, 1,000,000 rounds, and each value AES-256-GCM, `v1:<nonce>:<ciphertext>`
// (sdk/go/common/resource/config/crypt.go symmetricCrypter).
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from "crypto";
import { rememberedKey } from "./state-secrets";

const ROUNDS = 1_000_000;
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** The text manager.go encrypts beside the salt, so that a wrong passphrase is told apart. */
const CHECK_TEXT = "pulumi";

/** manager.go's key of the passphrase and salt, derived once per process (state-secrets.ts rememberedKey). */
function keyOf(passphrase: string, salt: Buffer): Buffer {
    return rememberedKey("pbkdf2-sha256", passphrase, salt.toString("base64"), () =>
        pbkdf2Sync(passphrase, salt, ROUNDS, KEY_BYTES, "sha256"),
    );
}

/** symmetricCrypter.EncryptValue. */
export function encryptValue(key: Buffer, plaintext: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, nonce);
    const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
}

/** symmetricCrypter.DecryptValue, its errors worded as Go's. */
export function decryptValue(key: Buffer, value: string): string {
    const parts = value.split(":");
    if (parts.length !== 3) throw new Error("bad value");
    if (parts[0] !== "v1") throw new Error("unknown value version");
    const nonce = Buffer.from(parts[1], "base64");
    const sealed = Buffer.from(parts[2], "base64");
    if (nonce.length !== NONCE_BYTES) throw new Error("bad value: nonce size is incorrect");
    try {
        const decipher = createDecipheriv("aes-256-gcm", key, nonce);
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        return Buffer.concat([
            decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
            decipher.final(),
        ]).toString("utf8");
    } catch {
        throw new Error("cipher: message authentication failed");
    }
}

/** NewPassphraseSecretsManager: a new salt and its `encryptionsalt`, and the key (for a test's stack file). */
export function newEncryptionSalt(passphrase: string): { encryptionsalt: string; key: Buffer } {
    const salt = randomBytes(8);
    const key = keyOf(passphrase, salt);
    return { encryptionsalt: `v1:${salt.toString("base64")}:${encryptValue(key, CHECK_TEXT)}`, key };
}

/** symmetricCrypterFromPhraseAndState: the key of the stack's `encryptionsalt`, or "incorrect passphrase". */
export function keyOfEncryptionSalt(passphrase: string, encryptionsalt: string): Buffer {
    const [version, salt, ...checkParts] = encryptionsalt.split(":");
    const check = checkParts.join(":");
    if (version !== "v1" || !salt || !check) throw new Error("bad value");
    const key = keyOf(passphrase, Buffer.from(salt, "base64"));
    let checked: string | undefined;
    try {
        checked = decryptValue(key, check);
    } catch {
        checked = undefined;
    }
    if (checked !== CHECK_TEXT) throw new Error("incorrect passphrase");
    return key;
}

/**
 * engine/events.go makeEventEmitter: each secure value decrypted, or the run fails with the key it could not decrypt
 * (errors.go DecryptError).
 */
export function decryptConfigValue(key: Buffer, configKey: string, ciphertext: string): string {
    try {
        return decryptValue(key, ciphertext);
    } catch (error) {
        throw new Error(`failed to decrypt configuration key '${configKey}': ${(error as Error).message}`, {
            cause: error,
        });
    }
}
