// The engine's small parts on their own: secret encryption, secrets at their place, the delete order.
import { strict as assert } from "assert";
import { deleteInDependencyOrder } from "../steps/delete-order";
import {
    SECRET_SIG,
    SIG_KEY,
    annotateSecrets,
    markSecrets,
    propertiesWithoutSecrets,
    wrapSecret,
} from "../values/property-values";
import { deserializeValue, secretPlaintext, serializeValue } from "../state/serialized-values";
import { ResourceState } from "../state/state-file";
import { StateSecrets } from "../state/state-secrets";

function resource(urn: string, dependencies: string[] = [], parent?: string): ResourceState {
    return { urn, type: "t", custom: true, dependencies, parent, inputs: {}, outputs: {} };
}

describe("engine double: building blocks", () => {
    describe("state secrets", () => {
        it("decrypts what it encrypted, with a fresh nonce each time", () => {
            const secrets = StateSecrets.create("passphrase");
            const value = { nested: ["a", 1, true] };
            const first = secrets.encrypt(value);
            assert.notEqual(first, secrets.encrypt(value));
            assert.ok(!first.includes("nested"));
            assert.deepEqual(StateSecrets.open(secrets.header, "passphrase").decrypt(first), value);
        });

        it("refuses a wrong passphrase, and a tampered ciphertext", () => {
            const secrets = StateSecrets.create("right");
            assert.throws(() => StateSecrets.open(secrets.header, "wrong"), /incorrect passphrase/);
            const [format, iv, tag, data] = secrets.encrypt("value").split(":");
            const tampered = [format, iv, tag, Buffer.from("other").toString("base64") + (data ?? "")].join(":");
            assert.throws(() => secrets.decrypt(tampered));
        });
    });

    describe("secrets at their place", () => {
        // Plaintexts long enough that no ciphertext holds them by chance (base64 of random bytes holds "s1" often).
        const props = {
            open: "visible",
            top: wrapSecret("top-secret-plaintext"),
            deep: { list: [1, wrapSecret({ inner: wrapSecret("inner-secret-plaintext") })] },
        };

        it("MarshalOptions without KeepSecrets: a provider that takes no secrets is sent every value unwrapped, at any depth", () => {
            assert.deepEqual(propertiesWithoutSecrets(props), {
                open: "visible",
                top: "top-secret-plaintext",
                deep: { list: [1, { inner: "inner-secret-plaintext" }] },
            });
        });

        it("annotateSecrets: an answer gets its input's secrecy, inside objects key by key, otherwise whole", () => {
            const answered = {
                open: "visible",
                top: "top-secret-plaintext",
                deep: { list: [1, { inner: "inner-secret-plaintext" }], added: 2 },
                extra: 3,
            };
            assert.deepEqual(annotateSecrets(answered, props), {
                open: "visible",
                top: wrapSecret("top-secret-plaintext"),
                deep: { list: wrapSecret([1, { inner: "inner-secret-plaintext" }]), added: 2 },
                extra: 3,
            });
        });

        it("SerializePropertyValue: each secret is encrypted where it is, one inside another kept as plaintext within it", () => {
            const secrets = StateSecrets.create("passphrase");
            const serialized = serializeValue(props, (secret) =>
                secrets.encrypt(JSON.parse(secretPlaintext(secret))),
            ) as Record<string, unknown>;
            assert.equal(serialized.open, "visible");
            assert.equal(typeof (serialized.top as { ciphertext?: unknown }).ciphertext, "string");
            const list = (serialized.deep as { list: unknown[] }).list;
            assert.equal(list[0], 1);
            assert.ok(
                !JSON.stringify(serialized).includes("top-secret-plaintext") &&
                    !JSON.stringify(serialized).includes("inner-secret-plaintext"),
            );
            assert.deepEqual(
                deserializeValue(serialized, (ciphertext) => secrets.decryptText(ciphertext)),
                props,
            );
        });

        it("DeserializePropertyValue: a value encrypted whole under a top-level key (the state's older form) reads as that secret", () => {
            const secrets = StateSecrets.create("passphrase");
            const older = {
                password: { [SIG_KEY]: SECRET_SIG, ciphertext: secrets.encrypt({ user: "a", pass: "b" }) },
            };
            assert.deepEqual(
                deserializeValue(older, (ciphertext) => secrets.decryptText(ciphertext)),
                { password: wrapSecret({ user: "a", pass: "b" }) },
            );
        });

        it("marks only the listed keys that are present", () => {
            assert.deepEqual(markSecrets({ a: 1, b: 2 }, ["b", "missing"]), { a: 1, b: wrapSecret(2) });
        });
    });

    describe("delete order", () => {
        it("deletes dependents and children first, and unrelated resources together", async () => {
            const root = resource("root");
            const child = resource("child", [], "root");
            const user = resource("user", ["root"]);
            const loner = resource("loner");
            const events: string[] = [];
            // root and loner each wait for the other to start: only a concurrent delete gets through
            // (a serial one would hang until mocha's timeout).
            const started = new Map<string, () => void>();
            const startOf = (urn: string) => new Promise<void>((resolve) => started.set(urn, resolve));
            const rendezvous = { root: startOf("loner"), loner: startOf("root") };
            await deleteInDependencyOrder([root, child, user, loner], async (target) => {
                events.push(`start ${target.urn}`);
                started.get(target.urn)?.();
                if (target.urn === "root" || target.urn === "loner") {
                    await rendezvous[target.urn];
                }
                events.push(`end ${target.urn}`);
                return true;
            });
            const at = (event: string) => events.indexOf(event);
            assert.ok(at("end child") < at("start root"));
            assert.ok(at("end user") < at("start root"));
            assert.equal(events.length, 8);
        });

        it("keeps, under a refused deletion, the copy of a replaced dependency it names: the live one, not the one pending deletion", async () => {
            const live = resource("a");
            const old = { ...resource("a"), pendingDelete: true };
            const user = resource("user", ["a"]);
            const deleted: ResourceState[] = [];
            await deleteInDependencyOrder([live, user, old], async (target) => {
                if (target === user) return false;
                deleted.push(target);
                return true;
            });
            assert.deepEqual(deleted, [old]);
        });

        it("stops after a failure and keeps what depended on the failed deletion", async () => {
            const root = resource("root");
            const user = resource("user", ["root"]);
            const deleted: string[] = [];
            await assert.rejects(
                deleteInDependencyOrder([root, user], async (target) => {
                    if (target === user) {
                        throw new Error("user cannot go");
                    }
                    deleted.push(target.urn);
                    return true;
                }),
                /user cannot go/,
            );
            assert.deepEqual(deleted, []);
        });
    });
});
