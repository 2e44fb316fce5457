// Where the engine double follows the real engine (pulumi/pulumi pkg/resource/deploy) around the provider calls:
// the recorded default provider and its config, --parallel, init-error updates, ReadStep, resource option semantics,
// refresh display through Diff, and pending operations left by an interrupted run. Each test fails on a double that
// used the current config everywhere, ran every step at once, skipped the update after an init error, failed a read
// of a missing id itself, replaced on replaceOnChanges, showed refresh drift from outputs, or kept no pending creates.
import { strict as assert } from "assert";
import { createHash } from "crypto";
import * as fs from "fs";
import { DEFAULT_PROVIDER_TYPE } from "../state/default-provider";
import { interruptedRun } from "../host/interrupt";
import { SnapshotManager } from "../state/snapshot";
import { openState, ResourceState, storedSecretKeys } from "../state/state-file";
import { ProgramSpec, ProviderCall, TestProgram, freshProgramPerTest, only } from "./test-program";
import { StepResult } from "../types";
import { sampleTests } from "../../test/support/depth";

const digest = (value: string) => createHash("sha256").update(value).digest("hex");

function stepOf(steps: StepResult[], name: string): StepResult {
    return only(
        steps.filter((step) => step.name === name),
        `step for ${name}`,
    );
}

function configureCalls(program: TestProgram): ProviderCall[] {
    return program.takeCalls().filter((call) => call.call === "configure");
}

/** The most calls of this kind that were in flight at one moment, from the recorded start/end times. */
function peakInFlight(calls: ProviderCall[]): number {
    const edges = calls.flatMap((call) => [
        { at: call.start, delta: 1 },
        { at: call.end, delta: -1 },
    ]);
    edges.sort((left, right) => left.at - right.at || left.delta - right.delta);
    let current = 0;
    let peak = 0;
    for (const edge of edges) {
        current += edge.delta;
        peak = Math.max(peak, current);
    }
    return peak;
}

describe("engine double: faithful to the real engine", function () {
    const testProgram = freshProgramPerTest();

    describe("1. the default provider and its recorded config", () => {
        it("records pulumi:providers:pulumi-nodejs::default with the whole config as inputs, secrets encrypted", async () => {
            const program = testProgram();
            const result = await program.run(
                "up",
                { things: [{ name: "a" }] },
                { config: { region: "eu" }, secretConfig: { apiKey: "key-A-plaintext" } },
            );
            assert.equal(result.ok, true, result.log);
            const provider = only(
                program.state().resources.filter((resource) => resource.type === DEFAULT_PROVIDER_TYPE),
                "default provider",
            );
            assert.equal(provider.urn, "urn:pulumi:dev::enginetest::pulumi:providers:pulumi-nodejs::default");
            assert.equal(provider.inputs["enginetest:region"], "eu");
            assert.ok(storedSecretKeys(provider).includes("enginetest:apiKey"));
            assert.equal(
                typeof (provider.inputs["enginetest:apiKey"] as { ciphertext?: unknown }).ciphertext,
                "string",
            );
            assert.ok(
                !fs.readFileSync(program.stateFile, "utf8").includes("key-A-plaintext"),
                "the key is stored in plain text",
            );
        });

        it("refresh and destroy configure from the recorded config, --run-program and up from the current one", async () => {
            const program = testProgram();
            const spec: ProgramSpec = { things: [{ name: "a" }] };
            const keyA = { secretConfig: { apiKey: "key-A" } };
            const keyB = { secretConfig: { apiKey: "key-B" } };
            assert.equal((await program.run("up", spec, keyA)).ok, true);
            program.takeCalls();

            assert.equal((await program.run("refresh", undefined, keyB)).ok, true);
            assert.deepEqual(
                configureCalls(program).map((call) => call.apiKeyDigest),
                [digest("key-A")],
            );
            assert.equal((await program.run("refresh", spec, { ...keyB, runProgram: true })).ok, true);
            assert.deepEqual(
                configureCalls(program).map((call) => call.apiKeyDigest),
                [digest("key-B")],
            );
            assert.equal((await program.run("up", spec, keyA)).ok, true);
            program.takeCalls();

            // up --refresh: the refresh phase with the recorded key, the update with the current one.
            const refreshed = await program.run("up", spec, { ...keyB, refresh: true });
            assert.equal(refreshed.ok, true, refreshed.log);
            const calls = program.takeCalls();
            const [refreshHost, deployHost] = calls.filter((call) => call.call === "configure");
            assert.equal(refreshHost?.apiKeyDigest, digest("key-A"));
            assert.equal(deployHost?.apiKeyDigest, digest("key-B"));
            assert.equal(calls.find((call) => call.call === "read")?.pid, refreshHost?.pid);

            assert.equal((await program.run("up", spec, keyA)).ok, true);
            program.takeCalls();
            const destroyed = await program.run("destroy", undefined, keyB);
            assert.equal(destroyed.ok, true, destroyed.log);
            assert.deepEqual(
                configureCalls(program).map((call) => call.apiKeyDigest),
                [digest("key-A")],
            );
            assert.deepEqual(
                program.state().resources.filter((resource) => resource.type === DEFAULT_PROVIDER_TYPE),
                [],
            );
        });

        it("keeps the config a failed refresh --run-program recorded: the engine saves the provider's update before any read", async () => {
            const program = testProgram();
            const spec: ProgramSpec = { things: [{ name: "a" }] };
            assert.equal((await program.run("up", spec, { secretConfig: { apiKey: "key-A" } })).ok, true);
            const refused = { secretConfig: { apiKey: "refused" } };
            const failed = await program.run("refresh", spec, { ...refused, runProgram: true });
            assert.equal(failed.ok, false, failed.log);
            assert.match(failed.error ?? "", /the API key was refused/);
            program.takeCalls();

            // A plain refresh configures from what that run recorded, whatever the current config says.
            const after = await program.run("refresh", undefined, { secretConfig: { apiKey: "key-A" } });
            assert.equal(after.ok, false, after.log);
            assert.deepEqual(
                configureCalls(program).map((call) => call.apiKeyDigest),
                [digest("refused")],
            );
            assert.equal(
                (await program.run("refresh", spec, { secretConfig: { apiKey: "key-A" }, runProgram: true })).ok,
                true,
            );
        });

        it("gives a state without a default provider one made from the current config, as the engine migrates old snapshots", async () => {
            const program = testProgram();
            assert.equal(
                (await program.run("up", { things: [{ name: "a" }] }, { secretConfig: { apiKey: "key-A" } })).ok,
                true,
            );
            const stored = JSON.parse(fs.readFileSync(program.stateFile, "utf8"));
            stored.resources = stored.resources.filter(
                (resource: { type: string }) => resource.type !== DEFAULT_PROVIDER_TYPE,
            );
            fs.writeFileSync(program.stateFile, JSON.stringify(stored));
            program.takeCalls();

            const refreshed = await program.run("refresh", undefined, { secretConfig: { apiKey: "key-B" } });
            assert.equal(refreshed.ok, true, refreshed.log);
            assert.deepEqual(
                configureCalls(program).map((call) => call.apiKeyDigest),
                [digest("key-B")],
            );
            assert.equal(program.state().resources[0]?.type, DEFAULT_PROVIDER_TYPE);
        });
    });

    it("2. runs at most --parallel steps at once (creates, refresh reads and deletes)", async () => {
        const program = testProgram();
        const things = ["a", "b", "c", "d", "e", "f"].map((name) => ({ name, inputs: { overlap: 2, slowMs: 300 } }));
        const created = await program.run("up", { things }, { parallel: 2 });
        assert.equal(created.ok, true, created.log);
        const creates = program.takeCalls().filter((call) => call.call === "create");
        assert.equal(creates.length, 6);
        assert.equal(peakInFlight(creates), 2);

        assert.equal((await program.run("refresh", undefined, { parallel: 3 })).ok, true);
        assert.equal(peakInFlight(program.takeCalls().filter((call) => call.call === "read")), 3);

        assert.equal((await program.run("destroy", undefined, { parallel: 2 })).ok, true);
        assert.equal(peakInFlight(program.takeCalls().filter((call) => call.call === "delete")), 2);
    });

    it("3. after an init error, the next up calls Update with the error's properties as olds, though Diff sees no change", async () => {
        const program = testProgram();
        const spec: ProgramSpec = { things: [{ name: "a", inputs: { failInit: "health check failed" } }] };
        assert.equal((await program.run("up", spec)).ok, false);
        program.takeCalls();

        const again = await program.run("up", spec);
        assert.equal(again.ok, true, again.log);
        assert.equal(stepOf(again.steps, "a").op, "update");
        const calls = program.takeCalls();
        assert.equal(calls.filter((call) => call.call === "diff").length, 1);
        assert.equal(calls.filter((call) => call.call === "update").length, 1);
        assert.equal(only(program.managed(), "a").initErrors, undefined, "the update cleared the init errors");

        const settled = await program.run("up", spec);
        assert.equal(stepOf(settled.steps, "a").op, "same");
    });

    it('4. takes the host\'s answer to a read of a missing id (id "", no outputs) as success, as ReadStep does', async () => {
        const program = testProgram();
        const result = await program.run("up", {
            things: [{ name: "gone", get: "no-such-thing" }],
            exports: { url: "gone.url" },
        });
        assert.equal(result.ok, true, result.log);
        const step = stepOf(result.steps, "gone");
        assert.equal(step.op, "read");
        assert.equal(result.outputs.url, undefined);
        const reads = program.takeCalls().filter((call) => call.call === "read");
        assert.deepEqual(
            reads.map((call) => call.id),
            ["no-such-thing"],
        );
    });

    describe("5. resource options", () => {
        it("deleteBeforeReplace: false overrides the provider's request to delete first", async () => {
            const program = testProgram();
            await program.run("up", { things: [{ name: "a", inputs: { slug: "first" } }] });
            program.takeCalls();
            const result = await program.run("up", {
                things: [
                    {
                        name: "a",
                        inputs: { slug: "second", deleteBeforeReplace: true },
                        options: { deleteBeforeReplace: false },
                    },
                ],
            });
            assert.equal(result.ok, true, result.log);
            assert.equal(stepOf(result.steps, "a").deleteBeforeReplace, false);
            const mutating = program.takeCalls().filter((call) => call.call === "create" || call.call === "delete");
            assert.deepEqual(
                mutating.map((call) => call.call),
                ["create", "delete"],
            );
        });

        it("checks again before a replace, with no olds and without ignoreChanges", async () => {
            const program = testProgram();
            await program.run("up", { things: [{ name: "a", inputs: { slug: "first", value: "one" } }] });
            program.takeCalls();
            const result = await program.run("up", {
                things: [
                    { name: "a", inputs: { slug: "second", value: "two" }, options: { ignoreChanges: ["value"] } },
                ],
            });
            assert.equal(result.ok, true, result.log);
            const step = stepOf(result.steps, "a");
            assert.equal(step.op, "replace");
            assert.equal(program.takeCalls().filter((call) => call.call === "check").length, 2);
            assert.equal(
                program.cloud()[step.id as string]?.value,
                "two",
                "the replacement kept the ignored old value",
            );
        });

        it("applies nested ignoreChanges paths", async () => {
            const program = testProgram();
            await program.run("up", {
                things: [{ name: "a", inputs: { settings: { colour: "red", sizes: [1, 2] } } }],
            });
            const result = await program.run("up", {
                things: [
                    {
                        name: "a",
                        inputs: { settings: { colour: "blue", sizes: [3, 4] } },
                        options: { ignoreChanges: ["settings.colour", "settings.sizes[1]"] },
                    },
                ],
            });
            assert.equal(result.ok, true, result.log);
            assert.equal(stepOf(result.steps, "a").op, "update");
            const [thing] = Object.values(program.cloud());
            assert.deepEqual(thing?.settings, { colour: "red", sizes: [3, 2] });
        });
    });

    it("6. refresh shows a resource as changed only when the provider's Diff says so", async () => {
        const program = testProgram();
        await program.run("up", { things: [{ name: "a", inputs: { value: "one" } }] });
        const id = only(program.managed(), "a").id as string;
        program.editCloud((cloud) => {
            cloud[id].url = "https://things.test/moved";
        });
        const refreshed = await program.run("refresh");
        assert.equal(refreshed.ok, true, refreshed.log);
        assert.equal(stepOf(refreshed.steps, "a").op, "same", "a computed output is no drift for the provider's Diff");
        assert.equal(
            only(program.managed(), "a").outputs.url,
            "https://things.test/moved",
            "the state still records it",
        );
    });

    describe("7. pending operations of an interrupted run", () => {
        const slowSpec: ProgramSpec = { things: [{ name: "slow", inputs: { createDelayMs: 30_000 } }] };
        const slowUrn = "urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::slow";

        /** Runs `up` in its own process group and kills the group once the create is pending in the state. */
        function interruptedUp(program: TestProgram): Promise<void> {
            return interruptedRun(
                ["up", program.dir, "--state", program.stateFile, "--config", `spec=${JSON.stringify(slowSpec)}`],
                program.env,
                () => fs.existsSync(program.stateFile) && (program.state().pendingOperations ?? []).length > 0,
            );
        }

        it("leaves the create pending; the next up warns and keeps it; refresh --clear-pending-creates drops it", async () => {
            const program = testProgram();
            await interruptedUp(program);
            const pending = only(program.state().pendingOperations ?? [], "pending operation");
            assert.equal(pending.type, "creating");
            assert.equal(pending.resource.urn, slowUrn);

            const next = await program.run("up", { things: [{ name: "slow" }] });
            assert.equal(next.ok, true, next.log);
            const warning = (next.diagnostics ?? []).join("\n");
            assert.match(warning, /with 1 pending operations from previous deployment/);
            assert.ok(warning.includes(`${slowUrn}, interrupted while creating`), warning);
            assert.equal(
                (program.state().pendingOperations ?? []).length,
                1,
                "up keeps pending creates, as the engine does",
            );

            const cleared = await program.run("refresh", undefined, { clearPendingCreates: true });
            assert.equal(cleared.ok, true, cleared.log);
            assert.equal(program.state().pendingOperations, undefined);
        });

        it("refresh --import-pending-creates completes the create with the given id, and the next up makes nothing", async () => {
            const program = testProgram();
            await interruptedUp(program);
            // What the interrupted create made, as found on the service by hand.
            program.editCloud((cloud) => {
                cloud["slow-made"] = {
                    label: "slow",
                    tier: "standard",
                    createDelayMs: 30_000,
                    url: "https://things.test/slow-made",
                };
            });
            const imported = await program.run("refresh", undefined, {
                importPendingCreates: { [slowUrn]: "slow-made" },
            });
            assert.equal(imported.ok, true, imported.log);
            assert.equal(program.state().pendingOperations, undefined);
            assert.equal(only(program.managed(), "slow").outputs.url, "https://things.test/slow-made");
            program.takeCalls();

            const next = await program.run("up", slowSpec);
            assert.equal(next.ok, true, next.log);
            assert.equal(stepOf(next.steps, "slow").op, "same");
            assert.deepEqual(
                program.takeCalls().filter((call) => call.call === "create"),
                [],
            );
        });
    });

    describe("8. when the state reaches its file (SnapshotManager, PULUMI_SKIP_CHECKPOINTS)", () => {
        const identity = { project: "enginetest", stack: "dev", passphrase: "p" };
        const thing = (name: string): ResourceState => ({
            urn: `urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::${name}`,
            type: "pulumi-nodejs:dynamic/test:Thing",
            custom: true,
            id: `id-${name}`,
            dependencies: [],
            inputs: { label: name },
            outputs: { label: name },
        });

        it("writes a pending create at once with every change before it, and the other changes at most once per interval", async () => {
            const program = testProgram();
            const state = new SnapshotManager(
                program.stateFile,
                identity,
                openState(program.stateFile, identity),
                "coalesced",
            );
            for (let index = 0; index < 100; index++) state.upsert(thing(`made-${index}`));
            assert.equal(fs.existsSync(program.stateFile), false, "100 changes, no write yet");
            const pending = { type: "creating" as const, resource: thing("next") };
            state.begin(pending);
            assert.equal(
                program.state().resources.length,
                100,
                "the pending create's write holds the changes before it",
            );
            assert.equal(
                only(program.state().pendingOperations ?? [], "pending operation").resource.urn,
                pending.resource.urn,
            );
            state.end(pending);
            state.upsert(pending.resource);
            assert.equal(
                (program.state().pendingOperations ?? []).length,
                1,
                "the end of the create waits for the interval",
            );
            await new Promise((resolve) => setTimeout(resolve, 1000));
            assert.equal(program.state().pendingOperations, undefined, "written within the interval");
            assert.equal(program.state().resources.length, 101);
        });

        it("with PULUMI_SKIP_CHECKPOINTS, a run killed midway leaves no state; one that ends writes it", async () => {
            const program = testProgram();
            const skip = { ...program.env, PULUMI_SKIP_CHECKPOINTS: "true" };
            const spec: ProgramSpec = {
                things: [{ name: "quick" }, { name: "slow", inputs: { createDelayMs: 30_000 } }],
            };
            const made = (label: string) => {
                try {
                    return Object.values(program.cloud()).some((made) => made.label === label);
                } catch {
                    return false; // read while the provider wrote it
                }
            };
            await interruptedRun(
                ["up", program.dir, "--state", program.stateFile, "--config", `spec=${JSON.stringify(spec)}`],
                skip,
                () => made("quick"),
            );
            assert.equal(
                fs.existsSync(program.stateFile),
                false,
                "nothing written before the end of the run, the pending create included",
            );

            const ended = await program.run(
                "up",
                { things: [{ name: "other" }] },
                { env: { PULUMI_SKIP_CHECKPOINTS: "true" } },
            );
            assert.equal(ended.ok, true, ended.log);
            assert.deepEqual(
                program.managed().map((resource) => resource.inputs.label),
                ["other"],
            );
        });
    });

    sampleTests(this, 2);
});
