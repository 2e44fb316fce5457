// The engine's small parts on their own: secret encryption, secret stripping, the delete order.
import { strict as assert } from "assert";
import { deleteInDependencyOrder } from "../steps/delete-order";
import { markSecrets, stripSecrets, wrapSecret } from "../values/property-values";
import { ResourceState } from "../state/state-file";
import { StateSecrets } from "../state/state-secrets";

function resource(urn: string, dependencies: string[] = [], parent?: string): ResourceState {
    return { urn, type: "t", custom: true, dependencies, parent, inputs: {}, outputs: {}, secretKeys: [] };
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

    describe("secret stripping", () => {
        it("unwraps secrets at any depth and reports the top-level keys that held one", () => {
            const { plain, secretKeys } = stripSecrets({
                open: "visible",
                top: wrapSecret("s1"),
                deep: { list: [1, wrapSecret({ inner: wrapSecret("s2") })] },
            });
            assert.deepEqual(plain, { open: "visible", top: "s1", deep: { list: [1, { inner: "s2" }] } });
            assert.deepEqual(secretKeys.sort(), ["deep", "top"]);
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
