// Reliability: an up of 50 resources while the service fails in every way the emulator can (500s, hangs, lost
// responses on create, update and delete, 429 storms). Whatever a first run leaves, a re-run converges: no
// duplicate and no orphan on the service, and no resource in the state that the service lacks.
import { strict as assert } from "node:assert";
import { readState } from "../support/pulumi";
import type { Kind } from "../../emulator";
import { changes, startStack, type Declared, type TestStack } from "../support/stack";

const STORE_OF: Record<string, Kind> = {
    Pixel: "pixels",
    Channel: "channels",
    Campaign: "campaigns",
    QrCode: "qrcodes",
    Domain: "domains",
};

function fleet(version: number): Declared[] {
    const declared: Declared[] = [];
    for (let i = 0; i < 20; i++)
        declared.push({
            kind: "Pixel",
            name: `pixel-${i}`,
            args: { type: "adspixel", name: `Pixel ${i} v${version}`, tag: `tag-${i}` },
        });
    for (let i = 0; i < 10; i++)
        declared.push({ kind: "Channel", name: `channel-${i}`, args: { name: `Channel ${i} v${version}` } });
    for (let i = 0; i < 10; i++)
        declared.push({ kind: "Campaign", name: `campaign-${i}`, args: { name: `Campaign ${i} v${version}` } });
    for (let i = 0; i < 5; i++)
        declared.push({ kind: "QrCode", name: `qr-${i}`, args: { type: "text", data: `code ${i} v${version}` } });
    for (let i = 0; i < 5; i++)
        declared.push({
            kind: "Domain",
            name: `domain-${i}`,
            args: { domain: `https://d${i}.example.com`, redirectRoot: `https://example.com/v${version}` },
        });
    return declared;
}

/** Runs until a run succeeds (at most `tries`), as a user re-running `pulumi up` would. */
async function converge(stack: TestStack, operation: "up" | "destroy", declared: Declared[], tries = 4) {
    const failures: string[] = [];
    for (let attempt = 0; attempt < tries; attempt++) {
        const result = await stack.run(operation, declared);
        if (result.ok) return { result, failures };
        failures.push(result.error ?? result.log);
    }
    throw new Error(`${operation} did not converge in ${tries} runs:\n${failures.join("\n---\n")}`);
}

async function assertServiceMatchesState(stack: TestStack, declared: Declared[]) {
    const state = readState(stack.stateFile).resources.filter((r) => r.type.includes("/shortener:"));
    assert.equal(state.length, declared.length, "state holds every declared resource once");
    for (const [kind, store] of Object.entries(STORE_OF)) {
        const stored = ((await stack.emulator.admin.list(store)) as { id: number }[]).map((r) => String(r.id)).sort();
        const inState = state
            .filter((r) => r.type.endsWith(`:${kind}`))
            .map((r) => String(r.id))
            .sort();
        assert.deepEqual(
            stored,
            inState,
            `${kind}: the service holds exactly the objects in the state (no duplicate, no orphan)`,
        );
        assert.equal(
            stored.length,
            declared.filter((d) => d.kind === kind).length,
            `${kind}: one object per declaration`,
        );
    }
}

describe("Reliability: 50 resources against a failing, rate-limited service", function () {
    this.timeout(600_000);
    let stack: TestStack;

    before(async () => {
        // A hung request counts as lost after 2 s instead of the default 30 s.
        stack = await startStack(
            { rateLimit: { limit: 40, windowMs: 1000 } },
            { SHORTENER_REQUEST_TIMEOUT_MS: "2000" },
        );
    });
    after(async () => stack.close());

    it("creates through 500s, hangs and lost responses, and converges with no duplicate", async () => {
        const admin = stack.emulator.admin;
        await admin.injectFault({ method: "POST", path: "^/api/pixel/add$", mode: "error500", count: 3 });
        await admin.injectFault({ method: "POST", path: "^/api/channel/add$", mode: "drop-after-apply", count: 3 });
        await admin.injectFault({ method: "POST", path: "^/api/campaign/add$", mode: "hang", count: 2 });
        await admin.injectFault({ method: "POST", path: "^/api/qr/add$", mode: "drop-after-apply", count: 2 });
        await admin.injectFault({ method: "POST", path: "^/api/domain/add$", mode: "empty", count: 1 });
        await converge(stack, "up", fleet(1));
        await assertServiceMatchesState(stack, fleet(1));
        assert.deepEqual(changes(await stack.expectOk("preview", fleet(1))), []);
    });

    it("updates through 500s, hangs and lost responses", async () => {
        const admin = stack.emulator.admin;
        await admin.injectFault({ method: "PUT", path: "^/api/pixel/\\d+/update$", mode: "error500", count: 3 });
        await admin.injectFault({
            method: "PUT",
            path: "^/api/channel/\\d+/update$",
            mode: "drop-after-apply",
            count: 2,
        });
        await admin.injectFault({ method: "PUT", path: "^/api/campaign/\\d+/update$", mode: "hang", count: 1 });
        await admin.injectFault({ method: "PUT", path: "^/api/domain/\\d+/update$", mode: "html", count: 1 });
        await converge(stack, "up", fleet(2));
        await assertServiceMatchesState(stack, fleet(2));
        const pixels = (await admin.list("pixels")) as { name: string }[];
        assert.ok(
            pixels.every((p) => p.name.endsWith("v2")),
            "every pixel was updated",
        );
        assert.deepEqual(changes(await stack.expectOk("preview", fleet(2))), []);
    });

    it("refreshes and updates through a 429 storm without a 429 reaching the run", async () => {
        await stack.emulator.admin.setRateLimit({ limit: 8, windowMs: 1000, style: "status" });
        const refresh = await stack.run("refresh", fleet(2));
        assert.ok(refresh.ok, refresh.error);
        await stack.emulator.admin.setRateLimit({ limit: 8, windowMs: 1000, style: "body" });
        const up = await stack.run("up", fleet(3));
        assert.ok(up.ok, up.error);
        await assertServiceMatchesState(stack, fleet(3));
        await stack.emulator.admin.setRateLimit({ limit: 40, windowMs: 1000 });
    });

    it("destroys through 500s, hangs and lost responses, leaving nothing behind", async () => {
        const admin = stack.emulator.admin;
        await admin.injectFault({ method: "DELETE", path: "^/api/pixel/\\d+/delete$", mode: "error500", count: 3 });
        await admin.injectFault({
            method: "DELETE",
            path: "^/api/channel/\\d+/delete$",
            mode: "drop-after-apply",
            count: 2,
        });
        await admin.injectFault({ method: "DELETE", path: "^/api/qr/\\d+/delete$", mode: "hang", count: 1 });
        await converge(stack, "destroy", fleet(3));
        for (const store of Object.values(STORE_OF))
            assert.deepEqual(await admin.list(store), [], `${store} left behind`);
        assert.equal(readState(stack.stateFile).resources.filter((r) => r.type.includes("/shortener:")).length, 0);
    });
});
