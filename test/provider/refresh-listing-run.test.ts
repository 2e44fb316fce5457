// A refresh lists each kind once, however long it takes: the engine's pace, not a clock, decides when reads arrive.
import { strict as assert } from "node:assert";
import { runOperation, type LifecycleResult, type Operation } from "../support/pulumi";
import { DECLARED_PROGRAM, startStack, type Declared, type TestStack } from "../support/stack";

/** Pixels made elsewhere: with the stack's own, the pixel listing is 2 pages of 100. */
const ELSEWHERE = 150;
/** Longer than the 10 s a listing was once kept: a read queued behind this one comes after that. */
const SLOW_LISTING_MS = 11_000;

// In this order in the state, read one at a time: the second pixel's read waits for the channel's slow listing.
const DECLARED: Declared[] = [
    { kind: "Pixel", name: "pixel-0", args: { type: "qapixel", name: "Pixel 0", tag: "t-0" } },
    { kind: "Channel", name: "channel-0", args: { name: "Channel 0", color: "#1A73E8" } },
    { kind: "Pixel", name: "pixel-1", args: { type: "qapixel", name: "Pixel 1", tag: "t-1" } },
];

describe("Refresh: one listing per kind per run, however long the run", function () {
    this.timeout(120_000);
    let stack: TestStack;
    const run = (operation: Operation, declared = DECLARED): Promise<LifecycleResult> =>
        runOperation(operation, {
            programDir: DECLARED_PROGRAM,
            stateFile: stack.stateFile,
            config: { "shortener:baseUrl": stack.emulator.baseUrl },
            secretConfig: { "shortener:apiKey": stack.emulator.apiKey, "declared:resources": JSON.stringify(declared) },
            env: { PULUMI_CONFIG_PASSPHRASE: "test-passphrase" },
            parallel: 1,
        });

    before(async () => {
        stack = await startStack();
        for (let i = 0; i < ELSEWHERE; i++)
            await stack.emulator.admin.seed("pixels", { type: "forum", name: `elsewhere ${i}`, tag: `e-${i}` });
    });
    after(async () => stack?.close());

    it("reads the pixel after a listing slower than 10 s from the pixels' first listing: ceil(N / 100) list calls per kind", async () => {
        // One up per resource: the state keeps the order in which they were made, whatever the program's pace.
        for (let made = 1; made <= DECLARED.length; made++) {
            const up = await run("up", DECLARED.slice(0, made));
            assert.ok(up.ok, up.log);
        }
        await stack.emulator.admin.clearRequests();
        await stack.emulator.admin.injectFault({
            method: "GET",
            path: "^/api/channels$",
            mode: "slow",
            delayMs: SLOW_LISTING_MS,
        });
        const refresh = await run("refresh");
        assert.ok(refresh.ok, refresh.log);
        const lists = (await stack.emulator.admin.requests()).filter((request) => request.method === "GET");
        const calls = (path: string) => lists.filter((request) => request.path === path).length;
        assert.equal(
            calls("/api/pixels"),
            Math.ceil((ELSEWHERE + 2) / 100),
            JSON.stringify(lists.map((request) => request.path)),
        );
        assert.equal(calls("/api/channels"), 1, JSON.stringify(lists.map((request) => request.path)));
    });
});
