// End to end, through the real Pulumi CLI, against the emulator: the whole
// lifecycle of every kind the service lists.
import { strict as assert } from "node:assert";
import type { Kind } from "../../emulator";
import { readState } from "../support/pulumi";
import { changes, idOf, startStack, stepOf, type Declared, type TestStack } from "../support/stack";
import { sampleBlocks } from "../support/depth";

interface KindCase {
    kind: string;
    store: Kind;
    args: Record<string, unknown>;
    /** Store fields the created object must have. */
    stored: Record<string, unknown>;
    update: { args: Record<string, unknown>; stored: Record<string, unknown> };
    replace?: { args: Record<string, unknown>; stored: Record<string, unknown>; deleteFirst: boolean };
    /** An out-of-band change (store field names) and the input property where refresh must show it. */
    drift?: { patch: Record<string, unknown>; property: string };
    /** An existing object to adopt (store fields) and how to declare it. */
    adopt: { seed: Record<string, unknown>; args: Record<string, unknown> };
    invalid: { args: Record<string, unknown>; property: string };
}

const cases: KindCase[] = [
    {
        kind: "Domain",
        store: "domains",
        args: { domain: "https://go.example.com/", redirectRoot: "https://www.example.com" },
        stored: { domain: "https://go.example.com", redirectroot: "https://www.example.com" },
        update: {
            args: {
                domain: "https://go.example.com",
                redirectRoot: "https://www.example.com/home",
                redirect404: "https://www.example.com/404",
            },
            stored: { redirectroot: "https://www.example.com/home", redirect404: "https://www.example.com/404" },
        },
        replace: {
            args: { domain: "https://links.example.com", redirectRoot: "https://www.example.com" },
            stored: { domain: "https://links.example.com", redirectroot: "https://www.example.com", redirect404: "" },
            deleteFirst: true,
        },
        drift: { patch: { redirectroot: "https://evil.example.net" }, property: "redirectRoot" },
        adopt: {
            seed: { domain: "https://old.example.com", redirectroot: "", redirect404: "" },
            args: { domain: "https://OLD.example.com", adopt: true },
        },
        invalid: { args: { domain: "go.example.com" }, property: "domain" },
    },
    {
        kind: "Campaign",
        store: "campaigns",
        args: { name: "Autumn launch", slug: "autumn" },
        stored: { name: "Autumn launch", slug: "autumn", public: false },
        update: {
            args: { name: "Autumn launch 2026", slug: "autumn", public: true },
            stored: { name: "Autumn launch 2026", public: true },
        },
        drift: { patch: { name: "Renamed by hand" }, property: "name" },
        adopt: { seed: { name: "Spring sale", slug: "", public: false }, args: { name: "Spring sale", adopt: true } },
        invalid: { args: { name: "ab" }, property: "name" },
    },
    {
        kind: "Channel",
        store: "channels",
        args: { name: "Newsletter", color: "#1a73e8" },
        stored: { name: "Newsletter", color: "#1A73E8", starred: false },
        update: {
            args: { name: "Newsletter", color: "#1A73E8", description: "Monthly links", starred: true },
            stored: { description: "Monthly links", starred: true },
        },
        drift: { patch: { color: "#000000" }, property: "color" },
        adopt: {
            seed: { name: "Press", description: "", color: "", starred: false, items: [] },
            args: { name: "Press", starred: true, adopt: true },
        },
        invalid: { args: { name: "News", color: "blue" }, property: "color" },
    },
    {
        kind: "Pixel",
        store: "pixels",
        args: { type: "analyticspixel", name: "Site analytics", tag: "G-1" },
        stored: { type: "analyticspixel", name: "Site analytics", tag: "G-1" },
        update: {
            args: { type: "analyticspixel", name: "Analytics", tag: "G-2" },
            stored: { name: "Analytics", tag: "G-2" },
        },
        replace: {
            args: { type: "adspixel", name: "Analytics", tag: "G-2" },
            stored: { type: "adspixel" },
            deleteFirst: false,
        },
        drift: { patch: { tag: "changed-by-hand" }, property: "tag" },
        adopt: {
            seed: { type: "forum", name: "Forum", tag: "f-9" },
            args: { type: "forum", name: "Forum pixel", tag: "f-9", adopt: true },
        },
        invalid: { args: { type: "carrierpigeon", name: "x", tag: "y" }, property: "type" },
    },
    {
        kind: "QrCode",
        store: "qrcodes",
        args: {
            type: "wifi",
            data: { ssid: "Guest", encryption: "wpa", password: "guest-pass" },
            foreground: "rgb(0, 0, 0)",
        },
        stored: { type: "wifi", foreground: "rgb(0,0,0)" },
        update: {
            args: { type: "wifi", data: { ssid: "Guest 2" }, foreground: "rgb(0,0,0)" },
            stored: { data: { ssid: "Guest 2" } },
        },
        replace: { args: { type: "text", data: "Hello" }, stored: { type: "text", data: "Hello" }, deleteFirst: false },
        adopt: {
            seed: { type: "text", data: "seeded", background: "", foreground: "", logo: "", name: "seeded", scans: 3 },
            args: { type: "text", data: "seeded" },
        },
        invalid: { args: { type: "wifi", data: { password: "no ssid" } }, property: "data.ssid" },
    },
];

describe("The listed kinds: the whole lifecycle of each against the emulator", function () {
    for (const c of cases) {
        describe(c.kind, function () {
            let stack: TestStack;
            const declare = (args: Record<string, unknown>): Declared[] => [{ kind: c.kind, name: "subject", args }];
            const records = async () => await stack.emulator.admin.list(c.store);
            const onlyRecord = async () => {
                const all = await records();
                assert.equal(all.length, 1, `expected exactly one ${c.store} object, found ${JSON.stringify(all)}`);
                return all[0];
            };
            // What the stack declares once the update and, where the kind has one, the replace are done.
            const changed = c.replace?.args ?? c.update.args;

            before(async () => (stack = await startStack()));
            after(async () => stack.close());

            it("fails at preview on invalid input, naming the property, without calling the API", async () => {
                await stack.emulator.admin.clearRequests();
                const result = await stack.run("preview", declare(c.invalid.args));
                assert.equal(result.ok, false);
                const failures = result.steps.flatMap((step) => step.failures ?? []);
                assert.ok(
                    failures.some((f) => f.property === c.invalid.property && f.reason.length > 0),
                    result.log,
                );
                assert.deepEqual(await stack.emulator.admin.requests(), []);
            });

            it("creates it", async () => {
                const result = await stack.expectOk("up", declare(c.args));
                assert.deepEqual(changes(result), ["create subject"]);
                const record = await onlyRecord();
                assert.equal(idOf(result, "subject"), String(record.id));
                for (const [field, value] of Object.entries(c.stored)) assert.deepEqual(record[field], value, field);
            });

            it("previews the unchanged program as no change", async () => {
                assert.deepEqual(changes(await stack.expectOk("preview", declare(c.args))), []);
            });

            it("updates it in place", async () => {
                const before = await onlyRecord();
                const preview = await stack.expectOk("preview", declare(c.update.args));
                assert.deepEqual(changes(preview), ["update subject"]);
                await stack.expectOk("up", declare(c.update.args));
                const after = await onlyRecord();
                assert.equal(after.id, before.id);
                for (const [field, value] of Object.entries(c.update.stored))
                    assert.deepEqual(after[field], value, field);
                assert.deepEqual(changes(await stack.expectOk("preview", declare(c.update.args))), []);
            });

            if (c.replace) {
                const replace = c.replace;
                it(`replaces it when an immutable input changes (${replace.deleteFirst ? "delete" : "create"} first)`, async () => {
                    const before = await onlyRecord();
                    await stack.emulator.admin.clearRequests();
                    const result = await stack.expectOk("up", declare(replace.args));
                    const step = stepOf(result, "subject");
                    assert.equal(step.op, "replace");
                    assert.equal(step.deleteBeforeReplace ?? false, replace.deleteFirst);
                    const after = await onlyRecord();
                    assert.notEqual(after.id, before.id);
                    for (const [field, value] of Object.entries(replace.stored))
                        assert.deepEqual(after[field], value, field);
                    const writes = (await stack.emulator.admin.requests())
                        .filter((r) => r.method !== "GET")
                        .map((r) => r.method);
                    assert.deepEqual(writes, replace.deleteFirst ? ["DELETE", "POST"] : ["POST", "DELETE"]);
                });
            }

            if (c.drift) {
                const drift = c.drift;
                it("shows an out-of-band change on refresh, and up puts it back", async () => {
                    const record = await onlyRecord();
                    await stack.emulator.admin.patch(c.store, Number(record.id), drift.patch);
                    const refresh = await stack.expectOk("refresh", declare(changed));
                    const step = stepOf(refresh, "subject");
                    assert.equal(step.op, "refresh");
                    assert.ok(
                        step.diffs?.some((d) => d.property === drift.property),
                        refresh.log,
                    );
                    const preview = await stack.expectOk("preview", declare(changed));
                    assert.deepEqual(changes(preview), ["update subject"]);
                    await stack.expectOk("up", declare(changed));
                    const restored = await onlyRecord();
                    for (const [field, value] of Object.entries(drift.patch))
                        assert.notDeepEqual(restored[field], value, field);
                    assert.deepEqual(changes(await stack.expectOk("preview", declare(changed))), []);
                });
            }

            it("drops it on refresh after an out-of-band deletion, and up creates it again", async () => {
                const record = await onlyRecord();
                await stack.emulator.admin.remove(c.store, Number(record.id));
                const refresh = await stack.expectOk("refresh", declare(changed));
                assert.equal(stepOf(refresh, "subject").op, "read-gone");
                const up = await stack.expectOk("up", declare(changed));
                assert.deepEqual(changes(up), ["create subject"]);
                await onlyRecord();
            });

            it("destroys it", async () => {
                const result = await stack.expectOk("destroy", declare(changed));
                assert.deepEqual(changes(result), ["delete subject"]);
                assert.deepEqual(await records(), []);
            });

            it("adopts an existing object instead of creating one", async () => {
                const { id } = await stack.emulator.admin.seed(c.store, c.adopt.seed);
                const adoptArgs = "adopt" in c.adopt.args ? c.adopt.args : { ...c.adopt.args, adopt: id };
                const result = await stack.expectOk("up", declare(adoptArgs));
                assert.equal(idOf(result, "subject"), String(id), result.log);
                assert.equal((await onlyRecord()).id, id);
                assert.deepEqual(changes(await stack.expectOk("preview", declare(adoptArgs))), []);
                await stack.expectOk("destroy", declare(adoptArgs));
                assert.deepEqual(await records(), []);
            });
        });
    }

    // Each kind's block builds on itself: its tests run in order on one stack, each from what the one before left (the
    // object created, updated, replaced, drifted, gone, destroyed), so a block is sampled whole; npm test's quick depth
    // runs one of them (test/support/depth.ts).
    sampleBlocks(this, 1);
});

describe("Existing objects: viewed, refreshed and adopted", function () {
    describe("Kind.get: a read-only view of an existing object", function () {
        let stack: TestStack;
        before(async () => (stack = await startStack()));
        after(async () => stack.close());

        it("reads an existing pixel through the host, outputs its inputs as the service holds them, and never deletes it", async () => {
            const { id } = await stack.emulator.admin.seed("pixels", {
                type: "forum",
                name: "Made by hand",
                tag: "f-1",
            });
            const declared: Declared[] = [
                { kind: "Pixel", name: "existing", args: {}, options: { getId: String(id) } },
                { kind: "Channel", name: "named-after", args: { name: { $ref: "existing.name" } } },
            ];
            const up = await stack.expectOk("up", declared);
            assert.equal(stepOf(up, "existing").op, "read");
            const [channel] = (await stack.emulator.admin.list("channels")) as { name: string }[];
            assert.equal(channel.name, "Made by hand");
            await stack.expectOk("destroy", declared);
            assert.equal((await stack.emulator.admin.list("pixels")).length, 1, "the read pixel is not deleted");
        });

        it("fails when no object has the id", async () => {
            const result = await stack.run("up", [
                { kind: "Domain", name: "missing", args: {}, options: { getId: "999" } },
            ]);
            assert.equal(result.ok, false);
            assert.match(result.error ?? "", /no .*Domain with id 999/);
        });
    });

    describe("QrCode: what refresh can see", function () {
        let stack: TestStack;
        const declared: Declared[] = [
            { kind: "QrCode", name: "poster", args: { type: "link", data: "https://example.com/poster" } },
        ];
        before(async () => (stack = await startStack()));
        after(async () => stack.close());

        it("records the scans the service counted since the last run, without proposing any change", async () => {
            await stack.expectOk("up", declared);
            const [qr] = (await stack.emulator.admin.list("qrcodes")) as { id: number }[];
            await stack.emulator.admin.patch("qrcodes", qr.id, { scans: 42 });
            const refresh = await stack.expectOk("refresh", declared);
            // The engine shows a refreshed resource as changed only when the provider's Diff says so, and scans are
            // counted by the service, not declared: no drift is shown, and the state records the new count.
            assert.equal(stepOf(refresh, "poster").op, "same");
            const recorded = readState(stack.stateFile).resources.find((resource) => resource.urn.endsWith("::poster"));
            assert.equal(recorded?.outputs.scans, 42);
            assert.deepEqual(changes(await stack.expectOk("preview", declared)), []);
        });
    });

    describe("adopt: refusing what cannot be taken over as declared", function () {
        let stack: TestStack;
        before(async () => (stack = await startStack()));
        after(async () => stack.close());

        it("fails when the adopted object's immutable input differs, changing nothing", async () => {
            const { id } = await stack.emulator.admin.seed("pixels", { type: "forum", name: "Forum", tag: "f-1" });
            const result = await stack.run("up", [
                { kind: "Pixel", name: "p", args: { type: "adspixel", name: "Ads", tag: "f-1", adopt: id } },
            ]);
            assert.equal(result.ok, false);
            assert.match(result.error ?? "", /differs in type, which cannot change in place/);
            const pixels = (await stack.emulator.admin.list("pixels")) as { id: number; type: string; name: string }[];
            assert.deepEqual(
                pixels.map((p) => [p.id, p.type, p.name]),
                [[id, "forum", "Forum"]],
            );
        });

        it("fails naming the id when no object has it", async () => {
            const result = await stack.run("up", [{ kind: "Channel", name: "c", args: { name: "News", adopt: 404 } }]);
            assert.equal(result.ok, false);
            assert.match(result.error ?? "", /no channel with id 404 exists/);
            assert.deepEqual(await stack.emulator.admin.list("channels"), []);
        });
    });

    // Each block has a stack of its own; npm test's quick depth runs two of them (test/support/depth.ts).
    sampleBlocks(this, 2);
});
