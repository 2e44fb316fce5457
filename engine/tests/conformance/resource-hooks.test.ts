// The Go engine's resource_hooks_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts. The Go tests' hooks are
// the spec program's (test-program.ts HookSpec), which record each call with what the engine told them; pkgA:m:typA is
// the test's dynamic Thing, and a Go run that starts with a preview (TestPlan.Run) is a preview run, then an up.
import { strict as assert } from "assert";
import { HookBinding, HookSpec, ProgramSpec } from "../test-program";
import { ResourceState } from "../../state/state-file";
import { isProvider } from "../../state/default-provider";
import { GoCase, Run, Seen, describeGoFile, hookCallsOf, thing, urnOf } from "./runner";
import { aboutResA, diagnosed, keeper, oldAndNewOptions, onlyCall, optionsChangingSpecs } from "./hooks-support";

const GROUP_TYPE = "enginetest:index:Group";
const GROUP_URN = (name: string) => `urn:pulumi:dev::enginetest::${GROUP_TYPE}::${name}`;

/** One hook (onDryRun, as the Go tests' NewHook(..., true, false) makes it), and resA binding it. */
const hooked = (
    binding: HookBinding,
    hook: Partial<HookSpec> = {},
    inputs: Record<string, unknown> = { a: "A" },
): ProgramSpec => ({
    hooks: [{ name: "myHook", onDryRun: true, ...hook }],
    things: [thing("resA", { hooks: binding }, inputs)],
});

/** The spec's hooks declared, no resource declared (a later run of a Go program that skips its registration). */
const hooksOnly = (spec: ProgramSpec): ProgramSpec => ({ hooks: spec.hooks, things: [] });

/** The hooks called in the run, as "hook resource", in order. */
const called = (seen: Seen) => hookCallsOf(seen).map((call) => `${call.hook} ${call.name}`);

/** A delete hook's call: no new inputs or outputs; the old ones as the state recorded them. */
function deleteCallOf(recorded: () => ResourceState) {
    return (seen: Seen) => {
        const call = onlyCall(seen);
        const old = recorded();
        aboutResA(call, seen.where, old.urn, old.type);
        assert.deepEqual([call.newInputs, call.newOutputs], [undefined, undefined], seen.where);
        assert.deepEqual(call.oldInputs, old.inputs, seen.where);
        assert.deepEqual(call.oldOutputs, old.outputs, seen.where);
    };
}

const noHookCalled = (seen: Seen) => assert.deepEqual(called(seen), [], seen.where);

/** An up that creates resA, the hooks bound to it not called. */
const createA = (spec: ProgramSpec, check: (seen: Seen) => void = noHookCalled): Run => ({
    operation: "up",
    spec,
    ok: true,
    steps: ["create resA"],
    state: ["resA"],
    check,
});

/** createA, keeping resA as it was created for a later run's check. */
const createKeeping = (spec: ProgramSpec, keep: (seen: Seen) => void): Run =>
    createA(spec, (seen) => {
        noHookCalled(seen);
        keep(seen);
    });

function dryRun(): GoCase {
    const spec: ProgramSpec = {
        hooks: [{ name: "myHookTrue", onDryRun: true }, { name: "myHookFalse" }],
        things: [thing("resA", { hooks: { afterCreate: ["myHookTrue", "myHookFalse"] } })],
    };
    const calls = (expected: string[]) => (seen: Seen) => {
        const made = hookCallsOf(seen);
        made.forEach((call) => aboutResA(call, seen.where));
        assert.deepEqual(
            made.map((call) => `${call.hook}${call.dryRun ? " (dry run)" : ""}`),
            expected,
            seen.where,
        );
    };
    return {
        go: "TestResourceHookDryRun",
        runs: [
            {
                operation: "preview",
                spec,
                ok: true,
                steps: ["create resA"],
                state: [],
                check: calls(["myHookTrue (dry run)"]),
            },
            createA(spec, calls(["myHookTrue", "myHookFalse"])),
        ],
    };
}

function afterCreate(): GoCase {
    const spec = hooked({ afterCreate: ["myHook"] });
    const checked = (seen: Seen) => {
        const call = onlyCall(seen);
        const [resA] = seen.resources as [ResourceState];
        aboutResA(call, seen.where);
        // The checked inputs (the provider's Check adds a tier), and the outputs Create answered.
        assert.deepEqual(call.newInputs, resA.inputs, seen.where);
        assert.equal(call.newInputs?.tier, "standard", seen.where);
        assert.deepEqual(call.newOutputs, resA.outputs, seen.where);
        assert.deepEqual([call.oldInputs, call.oldOutputs], [undefined, undefined], seen.where);
    };
    return {
        go: "TestResourceHooksAfterCreate",
        runs: [
            {
                operation: "preview",
                spec,
                ok: true,
                steps: ["create resA"],
                state: [],
                check: (seen) => assert.equal(onlyCall(seen).newInputs?.a, "A", seen.where),
            },
            createA(spec, checked),
        ],
    };
}

function optionsAreSent(): GoCase {
    const spec: ProgramSpec = {
        hooks: [{ name: "myHook", onDryRun: true }],
        // The parent is custom: the Node SDK turns a dependency on a component into dependencies on its children.
        things: [
            thing("parent"),
            {
                ...thing(
                    "resA",
                    {
                        parent: "parent",
                        protect: true,
                        retainOnDelete: true,
                        ignoreChanges: ["a"],
                        replaceOnChanges: ["b"],
                        additionalSecretOutputs: ["secret"],
                        hooks: { beforeCreate: ["myHook"] },
                    },
                    { a: "A", b: "B" },
                ),
                dependsOn: ["parent"],
            },
        ],
    };
    const options = (seen: Seen) => {
        const call = onlyCall(seen);
        assert.equal(call.urn, urnOf("resA", 1), seen.where);
        assert.equal(call.oldOptions, undefined, seen.where);
        const sent = call.newOptions as Record<string, unknown>;
        assert.deepEqual(
            {
                parent: sent.parent,
                protect: sent.protect,
                retainOnDelete: sent.retainOnDelete,
                dependsOn: sent.dependsOnList,
                ignoreChanges: sent.ignoreChangesList,
                replaceOnChanges: sent.replaceOnChangesList,
                additionalSecretOutputs: sent.additionalSecretOutputsList,
                beforeCreate: (sent.hooks as { beforeCreateList?: string[] } | undefined)?.beforeCreateList,
            },
            {
                parent: urnOf("parent"),
                protect: true,
                retainOnDelete: true,
                dependsOn: [urnOf("parent")],
                ignoreChanges: ["a"],
                replaceOnChanges: ["b"],
                additionalSecretOutputs: ["secret"],
                beforeCreate: ["myHook"],
            },
            seen.where,
        );
    };
    return {
        go: "TestResourceHooks_OptionsAreSent",
        runs: [
            {
                operation: "up",
                spec,
                ok: true,
                steps: ["create parent", "create resA"],
                state: ["parent", "resA"],
                check: options,
            },
        ],
    };
}

function oldAndNewOptionsOnUpdate(): GoCase {
    const [before, after] = optionsChangingSpecs({ beforeUpdate: ["myHook"] });
    return {
        go: "TestResourceHooks_OldAndNewOptionsAreSentOnUpdate (resA is custom: the double updates no component)",
        runs: [
            createA(before),
            {
                operation: "up",
                spec: after,
                ok: true,
                steps: ["update resA"],
                state: ["resA"],
                check: (seen) => oldAndNewOptions(onlyCall(seen), seen.where),
            },
        ],
    };
}

function beforeCreateError(): GoCase {
    const spec = hooked({ beforeCreate: ["myHook"] }, { fail: "Oh no" });
    const checked = (seen: Seen) => {
        const call = onlyCall(seen);
        aboutResA(call, seen.where);
        // The checked inputs (the provider's Check adds a tier).
        assert.deepEqual(
            [call.newInputs?.label, call.newInputs?.a, call.newInputs?.tier],
            ["resA", "A", "standard"],
            seen.where,
        );
        assert.deepEqual(
            [call.oldInputs, call.newOutputs, call.oldOutputs],
            [undefined, undefined, undefined],
            seen.where,
        );
    };
    return {
        go: "TestResourceHookBeforeCreateError",
        runs: [
            {
                operation: "up",
                spec,
                ok: false,
                error: /before hook "myHook" failed: Oh no/,
                steps: ["create resA failed"],
                calls: { create: [] },
                state: [],
                check: checked,
            },
        ],
    };
}

function afterDelete(): GoCase {
    const spec = hooked({ afterDelete: ["myHook"] });
    const { keep, kept } = keeper("resA");
    return {
        go: "TestResourceHookAfterDelete",
        runs: [
            createKeeping(spec, keep),
            {
                operation: "up",
                spec: hooksOnly(spec),
                ok: true,
                steps: ["delete resA"],
                deletes: ["resA"],
                state: [],
                check: (seen) => {
                    deleteCallOf(kept)(seen);
                    // The default provider goes with the last resource using it.
                    assert.ok(!seen.program.state().resources.some(isProvider), seen.where);
                },
            },
        ],
    };
}

function componentAfterDelete(): GoCase {
    const spec: ProgramSpec = {
        hooks: [{ name: "myHook", onDryRun: true }],
        groups: [{ name: "resA", options: { hooks: { afterDelete: ["myHook"] } } }],
        things: [],
    };
    const { keep, kept } = keeper("resA");
    return {
        go: "TestResourceHookComponentAfterDelete (a component the program registers itself: the Node SDK's ComponentResource, not a remote component's Construct)",
        runs: [
            createKeeping(spec, keep),
            {
                operation: "up",
                spec: hooksOnly(spec),
                ok: true,
                steps: ["delete resA"],
                state: [],
                check: deleteCallOf(kept),
            },
        ],
    };
}

function beforeDeleteError(): GoCase {
    const spec = hooked({ beforeDelete: ["myHook"] }, { fail: "Oh no" });
    const { keep, kept } = keeper("resA");
    return {
        go: "TestResourceHookBeforeDeleteError",
        runs: [
            createKeeping(spec, keep),
            {
                operation: "up",
                spec: hooksOnly(spec),
                ok: false,
                error: /hook "myHook" failed: Oh no/,
                steps: ["delete resA failed"],
                state: ["resA"],
                check: deleteCallOf(kept),
            },
        ],
    };
}

function beforeUpdate(): GoCase {
    const hooks = [
        { name: "shouldNotBeCalled", onDryRun: true },
        { name: "shouldBeCalled", onDryRun: true },
    ];
    const create: ProgramSpec = {
        hooks,
        things: [thing("resA", { hooks: { beforeUpdate: ["shouldNotBeCalled"] } }, { foo: "bar", frob: "baz" })],
    };
    const update: ProgramSpec = {
        hooks,
        things: [thing("resA", { hooks: { beforeUpdate: ["shouldBeCalled"] } }, { foo: "bar", frob: "updated" })],
    };
    const { keep, kept } = keeper("resA");
    const checked = (seen: Seen) => {
        const call = onlyCall(seen);
        aboutResA(call, seen.where);
        assert.equal(call.hook, "shouldBeCalled", seen.where);
        assert.deepEqual(call.newInputs, { ...kept().inputs, frob: "updated" }, `the new inputs, ${seen.where}`);
        assert.deepEqual(call.oldInputs, kept().inputs, `the old inputs, ${seen.where}`);
        assert.deepEqual(call.oldOutputs, kept().outputs, `the old outputs, ${seen.where}`);
        assert.equal(call.newOutputs, undefined, seen.where);
    };
    return {
        go: "TestResourceHookBeforeUpdate",
        runs: [
            createKeeping(create, keep),
            { operation: "up", spec: update, ok: true, steps: ["update resA"], state: ["resA"], check: checked },
        ],
    };
}

function beforeUpdateError(): GoCase {
    const spec = (foo: string): ProgramSpec => ({
        hooks: [{ name: "hook", onDryRun: true, fail: "this hook returns an error" }],
        things: [thing("resA", { hooks: { beforeUpdate: ["hook"] } }, { foo })],
    });
    const notUpdated = (seen: Seen) => {
        const call = onlyCall(seen);
        assert.deepEqual(
            [call.newInputs?.foo, call.oldInputs?.foo, call.oldOutputs?.foo, call.newOutputs],
            ["updated", "bar", "bar", undefined],
            seen.where,
        );
        assert.equal(seen.resources[0]?.outputs.foo, "bar", `the resource was not updated, ${seen.where}`);
    };
    return {
        go: "TestResourceHookBeforeUpdateError",
        runs: [
            createA(spec("bar")),
            {
                operation: "up",
                spec: spec("updated"),
                ok: false,
                error: /before hook "hook" failed: this hook returns an error/,
                steps: ["update resA failed"],
                calls: { update: [] },
                state: ["resA"],
                check: notUpdated,
            },
        ],
    };
}

function deleteCalledOnDestroyRunProgram(): GoCase {
    const spec = hooked({ afterDelete: ["myHook"] });
    const { keep, kept } = keeper("resA");
    return {
        go: "TestResourceHookDeleteCalledOnDestroyRunProgram",
        runs: [
            createKeeping(spec, keep),
            {
                operation: "destroy",
                spec,
                flags: { runProgram: true },
                ok: true,
                steps: ["delete resA", "same resA"],
                deletes: ["resA"],
                state: [],
                check: deleteCallOf(kept),
            },
        ],
    };
}

function deleteErrorWhenNoRunProgram(): GoCase {
    const spec = hooked({ beforeDelete: ["myHook"] });
    const refused = (seen: Seen) => {
        noHookCalled(seen);
        diagnosed(
            seen,
            /^error: .*::resA: Resource has delete hooks registered, but the program is not running\. Hooks: myHook$/,
        );
    };
    return {
        go: "TestResourceHookDeleteErrorWhenNoRunProgram",
        runs: [
            createA(spec),
            {
                operation: "destroy",
                ok: false,
                error: /^You must run with the `--run-program` flag to use delete hooks during destroy\.$/,
                steps: [],
                state: ["resA"],
                check: refused,
            },
        ],
    };
}

function component(): GoCase {
    const spec: ProgramSpec = {
        hooks: [{ name: "myHook", onDryRun: true }],
        groups: [{ name: "resA", options: { hooks: { afterCreate: ["myHook"] } } }],
        things: [],
    };
    return {
        go: "TestResourceHookComponent (a component the program registers itself: the Node SDK's ComponentResource, not a remote component's Construct)",
        runs: [createA(spec, (seen) => aboutResA(onlyCall(seen), seen.where, GROUP_URN("resA"), GROUP_TYPE))],
    };
}

function transform(): GoCase {
    const spec: ProgramSpec = {
        hooks: [{ name: "myHook", onDryRun: true }],
        things: [thing("resA", { transformed: { hooks: { beforeCreate: ["myHook"] } } })],
    };
    return { go: "TestResourceHookTransform", runs: [createA(spec, (seen) => aboutResA(onlyCall(seen), seen.where))] };
}

function afterCreateError(): GoCase {
    const spec = hooked({ afterCreate: ["myHook"] }, { fail: "Oh no" });
    const checked = (seen: Seen) => {
        const call = onlyCall(seen);
        const [resA] = seen.resources as [ResourceState];
        aboutResA(call, seen.where);
        assert.deepEqual(
            [call.newInputs, call.newOutputs, call.oldInputs, call.oldOutputs],
            [resA.inputs, resA.outputs, undefined, undefined],
            seen.where,
        );
        diagnosed(seen, /^error: .*::resA: after hook "myHook" failed: Oh no$/);
    };
    return {
        go: "TestResourceHookAfterCreateError",
        // The resource is in the state: the create itself succeeded, only its after hook failed.
        runs: [
            {
                operation: "up",
                spec,
                ok: false,
                error: /hook "myHook" failed: Oh no/,
                steps: ["create resA"],
                state: ["resA"],
                check: checked,
            },
        ],
    };
}

/** resA, whose after-create hook fails, then resB, registered once resA's registration has returned (dependsOn). */
const failingThenB: ProgramSpec = {
    hooks: [{ name: "myHook", onDryRun: true, fail: "hook failed" }],
    things: [
        thing("resA", { hooks: { afterCreate: ["myHook"] } }, { a: "A" }),
        { ...thing("resB", {}, { b: "B" }), dependsOn: ["resA"] },
    ],
};

function afterCreateErrorFailsFast(): GoCase {
    return {
        go: "TestResourceHookAfterCreateErrorFailsFast",
        runs: [
            {
                operation: "up",
                spec: failingThenB,
                ok: false,
                error: /hook failed/,
                steps: ["create resA"],
                calls: { create: ["resA"] },
                state: ["resA"],
                check: (seen) => assert.deepEqual(called(seen), ["myHook resA"], seen.where),
            },
        ],
    };
}

function afterCreateErrorContinueOnError(): GoCase {
    return {
        go: "TestResourceHookAfterCreateErrorContinueOnError",
        runs: [
            {
                operation: "up",
                spec: failingThenB,
                flags: { continueOnError: true },
                ok: false,
                error: /hook failed/,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
                check: (seen) => assert.deepEqual(called(seen), ["myHook resA"], seen.where),
            },
        ],
    };
}

function afterDeleteError(): GoCase {
    const spec = hooked({ afterDelete: ["myHook"] }, { fail: "Oh no" });
    const { keep, kept } = keeper("resA");
    const checked = (seen: Seen) => {
        deleteCallOf(kept)(seen);
        // The cloud's resource was deleted, so the state has it no more; the default provider stays, as in Go.
        assert.ok(seen.program.state().resources.some(isProvider), seen.where);
    };
    return {
        go: "TestResourceHookAfterDeleteError",
        runs: [
            createKeeping(spec, keep),
            {
                operation: "up",
                spec: hooksOnly(spec),
                ok: false,
                error: /hook "myHook" failed: Oh no/,
                steps: ["delete resA"],
                deletes: ["resA"],
                state: [],
                cloud: 0,
                check: checked,
            },
        ],
    };
}

function ignoredError(go: string, binding: HookBinding, type: string): GoCase {
    const spec = hooked(binding, { fail: "Oh no", ignoreErrors: true });
    const warned = (seen: Seen) => {
        assert.deepEqual(called(seen), ["myHook resA"], seen.where);
        diagnosed(seen, new RegExp(`^warning: .*::resA: ${type} hook "myHook" failed: Oh no$`));
    };
    return {
        go,
        runs: [
            {
                operation: "up",
                spec,
                ok: true,
                steps: ["create resA"],
                calls: { create: ["resA"] },
                state: ["resA"],
                check: warned,
            },
        ],
    };
}

describeGoFile("resource_hooks_test.go", [
    dryRun(),
    afterCreate(),
    optionsAreSent(),
    oldAndNewOptionsOnUpdate(),
    beforeCreateError(),
    afterDelete(),
    componentAfterDelete(),
    beforeDeleteError(),
    beforeUpdate(),
    beforeUpdateError(),
    deleteCalledOnDestroyRunProgram(),
    deleteErrorWhenNoRunProgram(),
    component(),
    transform(),
    afterCreateError(),
    afterCreateErrorFailsFast(),
    afterDeleteError(),
    afterCreateErrorContinueOnError(),
    ignoredError("TestResourceHookAfterCreateErrorIgnoreErrors", { afterCreate: ["myHook"] }, "AfterCreate"),
    ignoredError("TestResourceHookBeforeCreateErrorIgnoreErrors", { beforeCreate: ["myHook"] }, "BeforeCreate"),
]);
