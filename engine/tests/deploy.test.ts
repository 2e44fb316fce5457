// up and preview through the real dynamic-provider host: create, same, update, both kinds of replace,
// deletes of what the program dropped, and preview leaving everything untouched.
import { strict as assert } from "assert";
import * as fs from "fs";
import { ProgramSpec, ProviderCall, freshProgramPerTest, only } from "./test-program";
import { StepResult } from "../types";
import { sampleTests } from "../../test/support/depth";

function stepOf(steps: StepResult[], name: string): StepResult {
    return only(
        steps.filter((step) => step.name === name),
        `step for ${name}`,
    );
}

function mutating(calls: ProviderCall[]): ProviderCall[] {
    return calls.filter((call) => ["create", "update", "delete"].includes(call.call));
}

describe("engine double: up and preview", function () {
    const testProgram = freshProgramPerTest();

    it("creates resources and passes one's real outputs into another's inputs", async () => {
        const program = testProgram();
        const spec: ProgramSpec = {
            things: [
                { name: "a", inputs: { value: "one" } },
                { name: "b", refs: { target: "a.url" } },
            ],
            exports: { aUrl: "a.url", bTarget: "b.target" },
        };
        const result = await program.run("up", spec);
        assert.equal(result.ok, true, result.log);
        assert.equal(stepOf(result.steps, "a").op, "create");
        assert.equal(stepOf(result.steps, "b").op, "create");

        const cloudA = only(
            Object.values(program.cloud()).filter((thing) => thing.label === "a"),
            "thing a",
        );
        const cloudB = only(
            Object.values(program.cloud()).filter((thing) => thing.label === "b"),
            "thing b",
        );
        assert.equal(cloudB.target, cloudA.url);
        assert.deepEqual(result.outputs, { aUrl: cloudA.url, bTarget: cloudA.url });

        const state = program.state();
        const stateA = only(
            state.resources.filter((resource) => resource.urn.endsWith("::a")),
            "a in state",
        );
        const stateB = only(
            state.resources.filter((resource) => resource.urn.endsWith("::b")),
            "b in state",
        );
        assert.equal(stateA.urn, "urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::a");
        assert.equal(stateA.outputs.url, cloudA.url);
        assert.equal(stateA.inputs.tier, "standard", "the inputs Check returned are the ones stored");
        assert.deepEqual(stateB.dependencies, [stateA.urn]);
        const stack = only(
            state.resources.filter((resource) => resource.type === "pulumi:pulumi:Stack"),
            "stack",
        );
        assert.equal(stateA.parent, stack.urn);
        assert.match(result.log, /\+ +create +pulumi-nodejs:dynamic\/test:Thing +a/);
    });

    it("leaves unchanged resources alone on the next up (same: no Create, Update or Delete)", async () => {
        const program = testProgram();
        const spec: ProgramSpec = { things: [{ name: "a", inputs: { value: "one" } }] };
        assert.equal((await program.run("up", spec)).ok, true);
        const before = program.state().resources.find((resource) => resource.urn.endsWith("::a"));
        program.takeCalls();

        const again = await program.run("up", spec);
        assert.equal(again.ok, true, again.log);
        assert.equal(stepOf(again.steps, "a").op, "same");
        assert.deepEqual(mutating(program.takeCalls()), []);
        const after = program.state().resources.find((resource) => resource.urn.endsWith("::a"));
        assert.equal(after?.id, before?.id);
    });

    it("updates in place and shows the changed property old → new", async () => {
        const program = testProgram();
        await program.run("up", { things: [{ name: "a", inputs: { value: "one" } }] });
        const id = program.state().resources.find((resource) => resource.urn.endsWith("::a"))?.id;
        program.takeCalls();

        const result = await program.run("up", { things: [{ name: "a", inputs: { value: "two" } }] });
        assert.equal(result.ok, true, result.log);
        const step = stepOf(result.steps, "a");
        assert.equal(step.op, "update");
        assert.deepEqual(step.diffs, [{ property: "value", old: "one", new: "two" }]);
        assert.deepEqual(
            mutating(program.takeCalls()).map((call) => [call.call, call.id]),
            [["update", id]],
        );
        assert.match(result.log, /value: "one" → "two"/);
        assert.equal(program.cloud()[id as string]?.value, "two");
    });

    it("replaces create-before-delete by default: the new one exists before the old one goes", async () => {
        const program = testProgram();
        await program.run("up", { things: [{ name: "a", inputs: { slug: "first" } }] });
        const oldId = program.state().resources.find((resource) => resource.urn.endsWith("::a"))?.id;
        program.takeCalls();

        const result = await program.run("up", { things: [{ name: "a", inputs: { slug: "second" } }] });
        assert.equal(result.ok, true, result.log);
        const step = stepOf(result.steps, "a");
        assert.equal(step.op, "replace");
        assert.deepEqual(step.replaces, ["slug"]);
        assert.equal(step.deleteBeforeReplace, false);
        const calls = mutating(program.takeCalls());
        assert.deepEqual(
            calls.map((call) => call.call),
            ["create", "delete"],
        );
        assert.equal(calls[1]?.id, oldId);
        assert.ok(
            (calls[0]?.end ?? Infinity) <= (calls[1]?.start ?? -Infinity),
            "create finished before delete started",
        );
        const live = program.state().resources.filter((resource) => resource.urn.endsWith("::a"));
        assert.deepEqual(
            live.map((resource) => resource.id),
            [step.id],
        );
        assert.notEqual(step.id, oldId);
    });

    for (const [asker, thing] of [
        ["the provider", { name: "a", inputs: { slug: "second", deleteBeforeReplace: true } }],
        ["the resource option", { name: "a", inputs: { slug: "second" }, options: { deleteBeforeReplace: true } }],
    ] as const) {
        it(`replaces delete-before-replace when ${asker} asks: the old one goes first`, async () => {
            const program = testProgram();
            await program.run("up", { things: [{ name: "a", inputs: { slug: "first" } }] });
            const oldId = program.state().resources.find((resource) => resource.urn.endsWith("::a"))?.id;
            program.takeCalls();

            const result = await program.run("up", { things: [thing] });
            assert.equal(result.ok, true, result.log);
            const step = stepOf(result.steps, "a");
            assert.equal(step.op, "replace");
            assert.equal(step.deleteBeforeReplace, true);
            const calls = mutating(program.takeCalls());
            assert.deepEqual(
                calls.map((call) => [call.call, call.id ?? "new"]),
                [
                    ["delete", oldId],
                    ["create", "new"],
                ],
            );
            assert.ok(
                (calls[0]?.end ?? Infinity) <= (calls[1]?.start ?? -Infinity),
                "delete finished before create started",
            );
            assert.deepEqual(Object.keys(program.cloud()), [step.id]);
        });
    }

    it("deletes what the program no longer declares, dependents first", async () => {
        const program = testProgram();
        await program.run("up", {
            things: [{ name: "keep" }, { name: "base" }, { name: "dependent", refs: { target: "base.url" } }],
        });
        program.takeCalls();

        const result = await program.run("up", { things: [{ name: "keep" }] });
        assert.equal(result.ok, true, result.log);
        assert.equal(stepOf(result.steps, "base").op, "delete");
        assert.equal(stepOf(result.steps, "dependent").op, "delete");
        assert.equal(stepOf(result.steps, "keep").op, "same");
        const deletes = mutating(program.takeCalls());
        assert.deepEqual(
            deletes.map((call) => call.label),
            ["dependent", "base"],
        );
        assert.ok((deletes[0]?.end ?? Infinity) <= (deletes[1]?.start ?? -Infinity));
        assert.deepEqual(
            program.managed().map((resource) => resource.urn.split("::").pop()),
            ["keep"],
        );
    });

    it("honours ignoreChanges, protect and retainOnDelete; replaceOnChanges updates in place, as under the real engine", async () => {
        const program = testProgram();
        const things = (value: string, names = ["ignoring", "replacing", "protected", "retained"]) => ({
            things: [
                { name: "ignoring", inputs: { value }, options: { ignoreChanges: ["value"] } },
                { name: "replacing", inputs: { value }, options: { replaceOnChanges: ["value"] } },
                { name: "protected", options: { protect: true } },
                { name: "retained", options: { retainOnDelete: true } },
            ].filter((thing) => names.includes(thing.name)),
        });
        assert.equal((await program.run("up", things("one"))).ok, true);
        const idOf = (name: string) =>
            program.state().resources.find((resource) => resource.urn.endsWith(`::${name}`))?.id;
        const retainedId = idOf("retained") as string;
        program.takeCalls();

        const changed = await program.run("up", things("two"));
        assert.equal(changed.ok, true, changed.log);
        assert.equal(stepOf(changed.steps, "ignoring").op, "same");
        assert.equal(program.cloud()[idOf("ignoring") as string]?.value, "one");
        // The engine applies replaceOnChanges only to changed keys, and a provider answering "some" through the
        // dynamic host gives none: the option does not replace it (a diff left unknown does: see the next test).
        const replaced = stepOf(changed.steps, "replacing");
        assert.equal(replaced.op, "update");

        const dropped = await program.run("up", things("two", ["ignoring", "replacing", "protected"]));
        assert.equal(dropped.ok, true, dropped.log);
        assert.equal(stepOf(dropped.steps, "retained").op, "delete");
        assert.equal(idOf("retained"), undefined);
        assert.ok(program.cloud()[retainedId], "a retained resource was deleted from the cloud");
        assert.deepEqual(
            program.takeCalls().filter((call) => call.call === "delete" && call.label === "retained"),
            [],
        );

        const destroyed = await program.run("destroy");
        assert.equal(destroyed.ok, false);
        assert.match(destroyed.error ?? "", /::protected" cannot be deleted because it is protected/);
        assert.ok(idOf("protected"), "the protected resource left the state");
    });

    it("replaceOnChanges replaces a resource whose provider leaves the diff unknown (diffResource, applyReplaceOnChanges)", async () => {
        const program = testProgram();
        const things = (value: string) => ({
            things: [
                { name: "covered", inputs: { value, diffUnknown: true }, options: { replaceOnChanges: ["value"] } },
                { name: "other", inputs: { value, diffUnknown: true }, options: { replaceOnChanges: ["elsewhere"] } },
            ],
        });
        assert.equal((await program.run("up", things("one"))).ok, true);
        const changed = await program.run("up", things("two"));
        assert.equal(changed.ok, true, changed.log);
        const covered = stepOf(changed.steps, "covered");
        assert.deepEqual([covered.op, covered.replaces], ["replace", ["value"]], changed.log);
        assert.equal(stepOf(changed.steps, "other").op, "update", "a path that covers no changed key replaces nothing");
    });

    it("previews without changing anything, with unknown outputs for what is not created yet", async () => {
        const program = testProgram();
        await program.run("up", { things: [{ name: "a", inputs: { value: "one" } }] });
        const stateBefore = fs.readFileSync(program.stateFile, "utf8");
        const cloudBefore = program.cloud();
        program.takeCalls();

        const result = await program.run("preview", {
            things: [{ name: "a", inputs: { value: "two" } }, { name: "b" }, { name: "c", refs: { target: "b.url" } }],
            exports: { cTarget: "c.target", aValue: "a.value" },
        });
        assert.equal(result.ok, true, result.log);
        assert.equal(stepOf(result.steps, "a").op, "update");
        assert.equal(stepOf(result.steps, "b").op, "create");
        assert.equal(stepOf(result.steps, "c").op, "create");
        assert.deepEqual(result.outputs, { cTarget: "[unknown]", aValue: "two" });
        assert.deepEqual(result.summary, { create: 2, update: 1, same: 1 });
        assert.match(result.log, /1 to update/);

        const calls = program.takeCalls();
        assert.deepEqual(mutating(calls), []);
        assert.ok(
            calls.some((call) => call.call === "diff" && call.label === "a"),
            "preview still asks Diff",
        );
        assert.equal(fs.readFileSync(program.stateFile, "utf8"), stateBefore);
        assert.deepEqual(program.cloud(), cloudBefore);
    });

    sampleTests(this, 2);
});
