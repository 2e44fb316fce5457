// What the transcriptions of resource_hooks_test.go and error_hooks_test.go share: the spec program's hook calls as the
// Go tests' hooks check them.
import { strict as assert } from "assert";
import { HookBinding, HookCallRecord, HookSpec, ProgramSpec } from "../test-program";
import { ResourceState } from "../../state/state-file";
import { Seen, hookCallsOf, nameOf, thing, urnOf } from "./runner";

export const THING_TYPE = "pulumi-nodejs:dynamic/test:Thing";

/** The run's one hook call. */
export function onlyCall(seen: Seen): HookCallRecord {
    const calls = hookCallsOf(seen);
    assert.equal(calls.length, 1, `one hook call, ${seen.where}`);
    return calls[0];
}

/** The call names resA, a Thing, by its URN, name and type. */
export function aboutResA(call: HookCallRecord, where: string, urn = urnOf("resA"), type = THING_TYPE): void {
    assert.deepEqual({ urn: call.urn, name: call.name, type: call.type }, { urn, name: nameOf(urn), type }, where);
}

/** Keeps the named resource as the run left it in the state, for a later run's check. */
export function keeper(name: string): { keep: (seen: Seen) => void; kept: () => ResourceState } {
    let kept: ResourceState | undefined;
    return {
        keep: (seen) => {
            kept = seen.program.state().resources.find((resource) => nameOf(resource.urn) === name);
            assert.ok(kept, `${name} in the state, ${seen.where}`);
        },
        kept: () => kept as ResourceState,
    };
}

/** The run reported a diagnostic line matching this. */
export function diagnosed(seen: Seen, line: RegExp): void {
    assert.ok(
        (seen.result.diagnostics ?? []).some((diagnostic) => line.test(diagnostic)),
        `a diagnostic ${line}, ${seen.where}`,
    );
}

/** resA before and after an update that changes protect and ignoreChanges (a custom resource: the double updates no component). */
export const optionsChangingSpecs = (
    binding: HookBinding,
    hook: Partial<HookSpec> = {},
): [ProgramSpec, ProgramSpec] => [
    {
        hooks: [{ name: "myHook", onDryRun: true, ...hook }],
        things: [thing("resA", { protect: true, ignoreChanges: ["old"], hooks: binding }, { v: "a" })],
    },
    {
        hooks: [{ name: "myHook", onDryRun: true, ...hook }],
        things: [thing("resA", { protect: false, ignoreChanges: ["new"], hooks: binding }, { v: "b" })],
    },
];

/** The old options (protected, ignoring "old") and the new ones (not protected, ignoring "new") the hook was sent. */
export function oldAndNewOptions(call: HookCallRecord, where: string): void {
    const { oldOptions, newOptions } = call as {
        oldOptions: Record<string, unknown>;
        newOptions: Record<string, unknown>;
    };
    assert.deepEqual(
        [oldOptions?.protect, oldOptions?.ignoreChangesList, newOptions?.protect, newOptions?.ignoreChangesList],
        [true, ["old"], false, ["new"]],
        where,
    );
}
