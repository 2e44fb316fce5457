// The options and flags real programs use, as the Go engine (pulumi/pulumi pkg/resource/deploy, pkg/engine, the CLI's
// operations) handles them: preview --refresh, retainOnDelete, the import option, protect, aliases, deletedWith,
// customTimeouts, stack outputs after a failed up, secret ciphertexts, and what a user sees of failures. Each test
// fails on a double that skipped the refresh in preview, deleted retained resources, created on import, refused or
// kept protected resources where the step generator does not, ignored aliases or deletedWith, accepted any timeout,
// replaced the stack outputs whole after a failure, re-encrypted every secret on every write, or showed a failed read
// as a create.
import { strict as assert } from "assert";
import * as fs from "fs";
import * as path from "path";
import { SnapshotManager } from "../state/snapshot";
import { openState } from "../state/state-file";
import { wrapSecret } from "../values/property-values";
import { ProgramSpec, ProviderCall, TestProgram, freshProgramPerTest, only } from "./test-program";
import { StepResult } from "../types";
import { sampleTests } from "../../test/support/depth";

const THING_TYPE = "pulumi-nodejs:dynamic/test:Thing";

function calls(program: TestProgram, kind: ProviderCall["call"]): string[] {
    return program
        .takeCalls()
        .filter((call) => call.call === kind)
        .map((call) => call.label ?? "")
        .sort();
}

function stepOf(steps: StepResult[], name: string): StepResult {
    return only(
        steps.filter((step) => step.name === name),
        `step for ${name}`,
    );
}

async function expectOk(
    program: TestProgram,
    operation: "up" | "destroy" | "preview",
    spec?: ProgramSpec,
    extras = {},
) {
    const result = await program.run(operation, spec, extras);
    assert.equal(result.ok, true, result.log + (result.diagnostics ?? []).join("\n"));
    program.takeCalls();
    return result;
}

describe("engine double: resource options and flags as the Go engine handles them", function () {
    // Each case runs the program and the provider host two or three times; a busy machine takes tens of seconds a run.
    this.timeout(240_000);
    const testProgram = freshProgramPerTest();

    it("preview --refresh reads the provider first, so a change by hand shows as drift and an update", async () => {
        const program = testProgram();
        const spec: ProgramSpec = { things: [{ name: "a", inputs: { colour: "red" } }] };
        await expectOk(program, "up", spec);
        const [id] = Object.keys(program.cloud());
        program.editCloud((cloud) => {
            cloud[id].colour = "blue";
        });
        const stateBefore = fs.readFileSync(program.stateFile, "utf8");
        const preview = await program.run("preview", spec, { refresh: true });
        assert.equal(preview.ok, true, preview.log);
        assert.ok(
            program.takeCalls().some((call) => call.call === "read"),
            "the preview did not read",
        );
        const planned = preview.steps.filter((step) => step.name === "a").map((step) => step.op);
        assert.ok(planned.includes("update"), preview.log);
        assert.match(preview.log, /colour: "blue" → "red"/);
        assert.equal(fs.readFileSync(program.stateFile, "utf8"), stateBefore, "a preview wrote the state");
    });

    describe("retainOnDelete (DeleteStep.Apply, inheritFromParent)", () => {
        it("a delete-before-replace of a retained resource does not call Delete", async () => {
            const program = testProgram();
            const thing = (slug: string): ProgramSpec => ({
                things: [{ name: "a", inputs: { slug, deleteBeforeReplace: true }, options: { retainOnDelete: true } }],
            });
            await expectOk(program, "up", thing("one"));
            const result = await expectOk(program, "up", thing("two"));
            assert.equal(stepOf(result.steps, "a").op, "replace");
            assert.equal(Object.keys(program.cloud()).length, 2, "the retained object was deleted");
        });

        it("a child inherits retainOnDelete from its parent: destroy leaves it on the service", async () => {
            const program = testProgram();
            await expectOk(program, "up", {
                groups: [{ name: "g", options: { retainOnDelete: true } }],
                things: [{ name: "a", options: { parent: "g" } }],
            });
            const result = await program.run("destroy");
            assert.equal(result.ok, true, result.log);
            assert.deepEqual(calls(program, "delete"), []);
            assert.equal(Object.keys(program.cloud()).length, 1);
            assert.deepEqual(program.managed(), []);
        });
    });

    it("the import option reads the object by id and never creates one (ImportStep.Apply)", async () => {
        const program = testProgram();
        await expectOk(program, "up", { things: [{ name: "existing" }] });
        const [id] = Object.keys(program.cloud());
        await expectOk(program, "destroy", { things: [] });
        program.editCloud((cloud) => {
            cloud[id] = { label: "adopted", tier: "standard", url: "https://things.test/x" };
        });
        const result = await program.run("up", { things: [{ name: "adopted", options: { import: id } }] });
        const taken = program.takeCalls();
        assert.deepEqual(
            taken.filter((call) => call.call === "create"),
            [],
            "the import created an object",
        );
        assert.ok(taken.some((call) => call.call === "read" && call.id === id) || !result.ok, result.log);
        // The dynamic-provider host cannot read without the serialized provider among the inputs: the import fails.
        assert.equal(result.ok, false, result.log);
        assert.equal(stepOf(result.steps, "adopted").op, "import");
        assert.equal(Object.keys(program.cloud()).length, 1);
    });

    describe("protect (continueStepsFromDiff, DeleteStep.Apply)", () => {
        it("adding protect together with a replacing change replaces", async () => {
            const program = testProgram();
            await expectOk(program, "up", { things: [{ name: "a", inputs: { slug: "one" } }] });
            const result = await program.run("up", {
                things: [{ name: "a", inputs: { slug: "two" }, options: { protect: true } }],
            });
            assert.equal(result.ok, true, result.log);
            assert.equal(stepOf(result.steps, "a").op, "replace");
            assert.equal(only(program.managed(), "thing").protect, true);
        });

        it("removing protect together with a replacing change deletes the old resource", async () => {
            const program = testProgram();
            await expectOk(program, "up", {
                things: [{ name: "a", inputs: { slug: "one" }, options: { protect: true } }],
            });
            const result = await program.run("up", { things: [{ name: "a", inputs: { slug: "two" } }] });
            assert.equal(result.ok, true, result.log);
            assert.equal(Object.keys(program.cloud()).length, 1);
            assert.equal(program.managed().filter((resource) => resource.pendingDelete).length, 0);
        });

        it("a protected resource fails destroy, and the others are deleted all the same", async () => {
            const program = testProgram();
            await expectOk(program, "up", {
                things: [{ name: "kept", options: { protect: true } }, { name: "other" }],
            });
            const result = await program.run("destroy");
            assert.equal(result.ok, false);
            assert.match(result.error ?? "", /kept" cannot be deleted because it is protected/);
            assert.deepEqual(calls(program, "delete"), ["other"]);
            assert.deepEqual(
                program.managed().map((resource) => resource.urn.split("::").pop()),
                ["kept"],
            );
        });

        it("destroy takes --ignore-protect or --exclude-protected, not both (destroy.go MarkFlagsMutuallyExclusive)", async () => {
            const program = testProgram();
            await expectOk(program, "up", { things: [{ name: "kept", options: { protect: true } }] });
            const result = await program.run("destroy", undefined, { ignoreProtect: true, excludeProtected: true });
            assert.equal(result.ok, false);
            assert.match(result.error ?? "", /\[exclude-protected ignore-protect\] were all set/);
            assert.deepEqual(calls(program, "delete"), []);
        });
    });

    describe("aliases (getOldResource)", () => {
        it("a renamed resource with an alias to its old name is the same resource", async () => {
            const program = testProgram();
            await expectOk(program, "up", { things: [{ name: "old-name", inputs: { label: "x" } }] });
            const id = only(program.managed(), "thing").id;
            const result = await program.run("up", {
                things: [{ name: "new-name", inputs: { label: "x" }, options: { aliases: [{ name: "old-name" }] } }],
            });
            assert.equal(result.ok, true, result.log);
            assert.deepEqual(
                result.steps.filter((step) => step.type === THING_TYPE).map((step) => `${step.op} ${step.name}`),
                ["same new-name"],
            );
            const taken = program.takeCalls();
            assert.deepEqual(
                taken.filter((call) => call.call === "create" || call.call === "delete"),
                [],
            );
            assert.equal(only(program.managed(), "thing").id, id);
        });

        it("a resource moved under a component with an alias to no parent keeps its object", async () => {
            const program = testProgram();
            await expectOk(program, "up", { things: [{ name: "a" }] });
            const id = only(program.managed(), "thing").id;
            const result = await program.run("up", {
                groups: [{ name: "g" }],
                things: [{ name: "a", options: { parent: "g", aliases: [{ noParent: true }] } }],
            });
            assert.equal(result.ok, true, result.log);
            const moved = only(program.managed(), "thing");
            assert.equal(moved.id, id);
            assert.equal(
                moved.urn,
                "urn:pulumi:dev::enginetest::enginetest:index:Group$pulumi-nodejs:dynamic/test:Thing::a",
            );
            assert.deepEqual(calls(program, "create"), []);
        });
    });

    it("deletedWith: the Delete of a resource whose deletedWith target is deleted in the same run is skipped (isDeletedWith)", async () => {
        const program = testProgram();
        await expectOk(program, "up", {
            things: [{ name: "owner" }, { name: "part", options: { deletedWith: "owner" } }],
        });
        const result = await program.run("destroy");
        assert.equal(result.ok, true, result.log);
        assert.deepEqual(calls(program, "delete"), ["owner"]);
        assert.deepEqual(program.managed(), []);
    });

    it("customTimeouts must be Go durations (generateTimeoutInSeconds)", async () => {
        const program = testProgram();
        const refused = await program.run("up", {
            things: [{ name: "a", options: { customTimeouts: { create: "5 minutes" } } }],
        });
        assert.equal(refused.ok, false);
        assert.match(refused.error ?? "", /unable to parse customTimeout Value 5 minutes/);
        assert.deepEqual(calls(program, "create"), []);
        await expectOk(program, "up", {
            things: [{ name: "a", options: { customTimeouts: { create: "5m", delete: "1h30m" } } }],
        });
    });

    it("after a failed up the stack keeps the outputs the program did not register again (executeRegisterResourceOutputs)", async () => {
        const program = testProgram();
        await expectOk(program, "up", { things: [{ name: "a" }], exports: { first: "a.label", second: "a.url" } });
        const failed = await program.run("up", {
            // b fails only after the program has registered its outputs, which depend on a alone.
            things: [{ name: "a" }, { name: "b", inputs: { failCreate: "b cannot be made", createDelayMs: 3000 } }],
            exports: { first: "a.label" },
        });
        assert.equal(failed.ok, false, failed.log);
        assert.deepEqual(Object.keys(failed.outputs).sort(), ["first", "second"]);
        const succeeded = await program.run("up", { things: [{ name: "a" }], exports: { first: "a.label" } });
        assert.deepEqual(Object.keys(succeeded.outputs), ["first"], "a successful up replaces them whole");
    });

    it("a secret keeps its ciphertext while its resource is written as it was; a step's new state, or any other secret of the write encrypted anew, gives fresh ones (SecretCache, cachingBatchEncrypter)", () => {
        const program = testProgram();
        const identity = { project: "enginetest", stack: "dev", passphrase: "p" };
        const state = new SnapshotManager(
            program.stateFile,
            identity,
            openState(program.stateFile, identity),
            "coalesced",
        );
        const resource = (name: string, inputs: Record<string, unknown>) => ({
            urn: `urn:pulumi:dev::enginetest::t::${name}`,
            type: "t",
            custom: true,
            dependencies: [],
            inputs,
            outputs: {},
        });
        const ciphertexts = () =>
            program.state().resources.map((written) => (written.inputs.key as { ciphertext: string }).ciphertext);
        const a = resource("a", { key: wrapSecret("same") });
        const b = resource("b", { key: wrapSecret("other") });
        state.upsert(a);
        state.upsert(b);
        state.flush();
        const first = ciphertexts();
        state.upsert(a);
        state.flush();
        assert.deepEqual(ciphertexts(), first, "the same secret objects, written again");
        state.upsert(resource("b", { key: wrapSecret("other") }));
        state.flush();
        const second = ciphertexts();
        assert.notEqual(second[1], first[1], "a new state of b holds a new secret object");
        assert.notEqual(second[0], first[0], "one miss encrypts the whole batch again");
    });

    it("a Kind.get whose read fails is a failed read, not a failed create", async () => {
        const program = testProgram();
        const result = await program.run("up", { things: [{ name: "x", get: "unreadable" }] });
        assert.equal(result.ok, false);
        assert.equal(stepOf(result.steps, "x").op, "read", result.log);
        assert.match(result.log, /read +pulumi-nodejs:dynamic\/test:Thing {2}x {2}\(failed\)/);
        // The message once per place: no "Error: ...: Error: ..." repeated by the host's log.
        assert.doesNotMatch(result.log, /Error: unreadable cannot be read: Error:/);
    });

    it("a program folder without @pulumi/pulumi gets a hint to install it, not a stack trace", async () => {
        const program = testProgram();
        fs.rmSync(path.join(program.dir, "node_modules"), { recursive: true });
        const result = await program.run("preview", { things: [] });
        assert.equal(result.ok, false);
        assert.match(
            result.error ?? "",
            /@pulumi\/pulumi is not installed there; run npm install in that folder first/,
        );
    });

    sampleTests(this, 2);
});
