// Secret values in the state file are encrypted the way a passphrase stack does it: AES-256-GCM with
// a key derived by scrypt from PULUMI_CONFIG_PASSPHRASE (empty when unset), the salt kept in the file.
import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from "crypto";

export interface SecretsHeader {
    provider: "passphrase";
    salt: string;
    /** A known text encrypted with the stack's key, so that a wrong passphrase is reported as such. */
    check: string;
}

const CHECK_TEXT = "engine-double passphrase check";
const FORMAT = "v1";

/** A secret to encrypt: the secret object the state holds, and its plaintext. */
export interface SecretToEncrypt {
    secret: object;
    plaintext: string;
}

/** stack/secrets.go DefaultMaxBatchEncryptCount. */
const MAX_BATCH = 1000;

export class StateSecrets {
    /**
     * The ciphertext each secret object was last written with, with its plaintext, as Go's SecretCache keeps them: a
     * step's new state holds new secret objects, so a resource written again by a step misses it, while one left as it
     * was hits it. Like Go's, decryption does not fill it, so every secret is encrypted again once per run.
     */
    private readonly written = new WeakMap<object, { plaintext: string; ciphertext: string }>();

    private constructor(
        private readonly key: Buffer,
        readonly header: SecretsHeader,
    ) {}

    static create(passphrase: string): StateSecrets {
        const salt = randomBytes(16).toString("base64");
        const key = deriveKey(passphrase, salt);
        const check = encryptText(key, CHECK_TEXT);
        return new StateSecrets(key, { provider: "passphrase", salt, check });
    }

    static open(header: SecretsHeader, passphrase: string): StateSecrets {
        const key = deriveKey(passphrase, header.salt);
        let checked: string;
        try {
            checked = decryptText(key, header.check);
        } catch {
            throw new Error("state secrets: incorrect passphrase (PULUMI_CONFIG_PASSPHRASE) for this stack");
        }
        if (checked !== CHECK_TEXT) {
            throw new Error("state secrets: incorrect passphrase (PULUMI_CONFIG_PASSPHRASE) for this stack");
        }
        return new StateSecrets(key, header);
    }

    encrypt(value: unknown): string {
        return encryptText(this.key, JSON.stringify(value ?? null));
    }

    /**
     * One write's secrets, in batches of MAX_BATCH (stack/secrets.go cachingBatchEncrypter.sendNextBatch): a batch all
     * of whose secrets the cache holds with the same plaintext keeps their ciphertexts; one miss encrypts the whole batch
     * again, with fresh nonces.
     */
    encryptBatch(secrets: readonly SecretToEncrypt[]): string[] {
        const ciphertexts: string[] = [];
        for (let start = 0; start < secrets.length; start += MAX_BATCH) {
            const batch = secrets.slice(start, start + MAX_BATCH);
            const cached = batch.map(({ secret, plaintext }) => {
                const entry = this.written.get(secret);
                return entry?.plaintext === plaintext ? entry.ciphertext : undefined;
            });
            const hit = cached.every((ciphertext) => ciphertext !== undefined);
            batch.forEach(({ secret, plaintext }, index) => {
                const ciphertext = hit ? cached[index] : encryptText(this.key, plaintext);
                this.written.set(secret, { plaintext, ciphertext });
                ciphertexts.push(ciphertext);
            });
        }
        return ciphertexts;
    }

    decrypt(ciphertext: string): unknown {
        return JSON.parse(this.decryptText(ciphertext));
    }

    decryptText(ciphertext: string): string {
        return decryptText(this.key, ciphertext);
    }
}

/**
 * Keys already derived in this process, by key derivation, salt and passphrase digest. The derivations are slow on
 * purpose (scrypt about 50 ms of CPU, the config file's PBKDF2 about a second), and the CLI derives a key once per
 * command; the double runs many commands in one process (a test file, the bench), each opening the state and the
 * config again, and would otherwise spend more CPU deriving keys than running steps. A key is a function of its
 * derivation, passphrase and salt, so a remembered one is the same key. At most DERIVED_KEYS_KEPT are kept, the
 * oldest dropped first.
 */
const derivedKeys = new Map<string, Buffer>();
const DERIVED_KEYS_KEPT = 64;

/** The key `derive` makes of this passphrase and salt (base64) under the derivation named, derived once. */
export function rememberedKey(derivation: string, passphrase: string, salt: string, derive: () => Buffer): Buffer {
    const lookup = `${derivation}:${salt}:${createHash("sha256").update(passphrase).digest("base64")}`;
    const known = derivedKeys.get(lookup);
    if (known) {
        return known;
    }
    const key = derive();
    derivedKeys.set(lookup, key);
    if (derivedKeys.size > DERIVED_KEYS_KEPT) {
        derivedKeys.delete(derivedKeys.keys().next().value!);
    }
    return key;
}

function deriveKey(passphrase: string, salt: string): Buffer {
    return rememberedKey("scrypt", passphrase, salt, () => scryptSync(passphrase, Buffer.from(salt, "base64"), 32));
}

function encryptText(key: Buffer, text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return [FORMAT, iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
}

function decryptText(key: Buffer, ciphertext: string): string {
    const [format, iv, tag, data] = ciphertext.split(":");
    if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined) {
        throw new Error("state secrets: ciphertext is not in the v1 format");
    }
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
}
