// The Go engine's error_hooks_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts. The Go tests' error hooks
// are the spec program's (test-program.ts HookSpec), which record each call; their provider's failing calls are the test
// provider's failCreateTimes, failUpdateTimes and failDeleteTimes ("<operation> failed <k>" for the first n calls).
import { strict as assert } from "assert";
import { HookSpec, ProgramSpec, ThingSpec } from "../test-program";
import { GoCase, Run, Seen, describeGoFile, hookCallsOf, thing } from "./runner";
import { aboutResA, diagnosed, oldAndNewOptions, onlyCall, optionsChangingSpecs } from "./hooks-support";

type Operation = "create" | "update" | "delete";
const OPERATIONS: Operation[] = ["create", "update", "delete"];
const CAPITALISED: Record<Operation, string> = { create: "Create", update: "Update", delete: "Delete" };
/** Fails every call: more than the engine makes (retries.go maxErrorHookRetries). */
const ALWAYS = 1000;

/**
 * A resource of the scenario: its error hooks, how many of its provider calls of the operation fail, and how many the
 * engine makes (when not given: one more than fail).
 */
interface Failing {
    name: string;
    hooks: string[];
    failures: number;
    tries?: number;
}

/** The failing input of the operation's provider call (a delete's is recorded at the create, in the outputs). */
const failInput = (operation: Operation, failures: number) =>
    failures > 0 ? { [`fail${CAPITALISED[operation]}Times`]: failures } : {};

function thingOf(operation: Operation, resource: Failing, phase: "before" | "during"): ThingSpec {
    const failing =
        (operation === "delete" && phase === "before") || (operation !== "delete" && phase === "during")
            ? failInput(operation, resource.failures)
            : {};
    const value = operation === "update" && phase === "during" ? "b" : "a";
    return thing(resource.name, { hooks: { onError: resource.hooks } }, { v: value, ...failing });
}

/**
 * The Go test's runs for an operation: a create (the failing one itself, for "create"), then an up that updates the
 * resources ("update") or no longer declares them ("delete"). `last` is what the failing run ends with.
 */
function scenario(
    operation: Operation,
    hooks: HookSpec[],
    resources: Failing[],
    last: Omit<Run, "operation" | "spec" | "steps" | "state">,
): Run[] {
    const names = resources.map((resource) => resource.name);
    const spec = (phase: "before" | "during"): ProgramSpec => ({
        hooks,
        things:
            operation === "delete" && phase === "during"
                ? []
                : resources.map((resource) => thingOf(operation, resource, phase)),
    });
    const failed = !last.ok;
    const stepsOf = (op: string) => names.map((name) => `${op} ${name}${failed ? " failed" : ""}`);
    // The provider's calls of the operation, failed ones too: each try.
    const tried = resources
        .flatMap((resource) => Array<string>(resource.tries ?? resource.failures + 1).fill(resource.name))
        .sort();
    const calls = operation === "delete" ? { deletes: tried } : { calls: { [operation]: tried } };
    if (operation === "create") {
        return [
            {
                operation: "up",
                spec: spec("during"),
                steps: stepsOf("create"),
                state: failed ? [] : names,
                ...calls,
                ...last,
            },
        ];
    }
    const created: Run = {
        operation: "up",
        spec: spec("before"),
        ok: true,
        steps: names.map((name) => `create ${name}`),
        state: names,
        check: noHookCalled,
    };
    const kept = operation === "update" || failed ? names : [];
    return [
        created,
        { operation: "up", spec: spec("during"), steps: stepsOf(operation), state: kept, ...calls, ...last },
    ];
}

const noHookCalled = (seen: Seen) => assert.deepEqual(hookCallsOf(seen), [], seen.where);

/** The hook calls per hook, as "hook resource operation". */
const callsOf = (seen: Seen) => hookCallsOf(seen).map((call) => `${call.hook} ${call.name} ${call.failedOperation}`);

const resA = (hooks: string[], failures: number, tries?: number): Failing[] => [
    { name: "resA", hooks, failures, ...(tries ? { tries } : {}) },
];

function operationIdentifierAndMultipleHooks(operation: Operation): GoCase {
    const hooks: HookSpec[] = [
        { name: "hook1", error: true, retry: true },
        { name: "hook2", error: true, retry: false },
    ];
    const check = (seen: Seen) => {
        const calls = hookCallsOf(seen);
        calls.forEach((call) => aboutResA(call, seen.where));
        calls.forEach((call) => assert.ok((call.errors ?? []).length > 0, seen.where));
        assert.deepEqual(callsOf(seen), [`hook1 resA ${operation}`, `hook2 resA ${operation}`], seen.where);
    };
    return {
        go: `TestErrorHooks_OperationIdentifierAndMultipleHooks_${CAPITALISED[operation]}`,
        runs: scenario(operation, hooks, resA(["hook1", "hook2"], 1), { ok: true, check }),
    };
}

function oldAndNewOptionsOnUpdate(): GoCase {
    const [before, after] = optionsChangingSpecs({ onError: ["myHook"] }, { error: true, retry: false });
    const failing: ProgramSpec = {
        ...after,
        things: after.things.map((declared) => ({
            ...declared,
            inputs: { ...declared.inputs, failUpdateTimes: ALWAYS },
        })),
    };
    const check = (seen: Seen) => {
        const call = onlyCall(seen);
        assert.equal(call.failedOperation, "update", seen.where);
        assert.ok((call.errors ?? []).length > 0, seen.where);
        oldAndNewOptions(call, seen.where);
    };
    return {
        go: "TestErrorHooks_OldAndNewOptionsAreSentOnUpdate",
        runs: [
            { operation: "up", spec: before, ok: true, steps: ["create resA"], state: ["resA"], check: noHookCalled },
            { operation: "up", spec: failing, ok: false, steps: ["update resA failed"], state: ["resA"], check },
        ],
    };
}

const hookCallCount = (expected: number) => (seen: Seen) =>
    assert.equal(hookCallsOf(seen).length, expected, seen.where);

function retryIfAnyHookReturnsTrue(operation: Operation): GoCase {
    return {
        go: `TestErrorHooks_RetrySemanticsAndNoRetryWhenNoHooks_${CAPITALISED[operation]}_RetryIfAnyHookReturnsTrue`,
        runs: scenario(operation, [{ name: "hook", error: true, retry: true }], resA(["hook"], 1), {
            ok: true,
            check: hookCallCount(1),
        }),
    };
}

function noRetryWhenNoHooks(operation: Operation): GoCase {
    return {
        go: `TestErrorHooks_RetrySemanticsAndNoRetryWhenNoHooks_${CAPITALISED[operation]}_NoRetryWhenNoHooks`,
        runs: scenario(operation, [], resA([], 1, 1), {
            ok: false,
            error: new RegExp(`${operation} failed 1`),
            check: hookCallCount(0),
        }),
    };
}

function noRetryIfAllHooksReturnFalse(operation: Operation): GoCase {
    return {
        go: `TestErrorHooks_NoRetryIfAllHooksReturnFalse_${CAPITALISED[operation]}`,
        runs: scenario(operation, [{ name: "hook", error: true, retry: false }], resA(["hook"], ALWAYS, 1), {
            ok: false,
            check: hookCallCount(1),
        }),
    };
}

function notCalledOnSuccess(operation: Operation): GoCase {
    return {
        go: `TestErrorHooks_NotCalledOnSuccess_${CAPITALISED[operation]}`,
        runs: scenario(operation, [{ name: "hook", error: true, retry: true }], resA(["hook"], 0), {
            ok: true,
            check: hookCallCount(0),
        }),
    };
}

function retryLimitWarningAt100(operation: Operation): GoCase {
    const check = (seen: Seen) => {
        // The provider is called 100 times (the scenario's tries), the hook 99: the last failure reaches the limit
        // before the hooks run.
        hookCallCount(99)(seen);
        diagnosed(seen, /^warning: .*::resA: maximum number of error hook retries \(100\) reached$/);
    };
    return {
        go: `TestErrorHooks_RetryLimitWarningAt100_${CAPITALISED[operation]}`,
        runs: scenario(operation, [{ name: "hook", error: true, retry: true }], resA(["hook"], ALWAYS, 100), {
            ok: false,
            error: /maximum number of error hook retries reached/,
            check,
        }),
    };
}

function retryThenNoRetry(operation: Operation): GoCase {
    const check = (seen: Seen) => {
        // The failures so far, newest first.
        const errors = hookCallsOf(seen).map((call) => call.errors);
        assert.deepEqual(
            errors,
            [[`${operation} failed 1`], [`${operation} failed 2`, `${operation} failed 1`]],
            seen.where,
        );
    };
    return {
        go: `TestErrorHooks_RetryThenNoRetry_OperationFails_${CAPITALISED[operation]}`,
        runs: scenario(operation, [{ name: "hook", error: true, retry: 1 }], resA(["hook"], 2, 2), {
            ok: false,
            error: new RegExp(`${operation} failed 2`),
            check,
        }),
    };
}

function independentPerResource(operation: Operation): GoCase {
    const hooks: HookSpec[] = [
        { name: "hook-A", error: true, retry: true },
        { name: "hook-B", error: true, retry: true },
    ];
    const resources: Failing[] = [
        { name: "resA", hooks: ["hook-A"], failures: 1 },
        { name: "resB", hooks: ["hook-B"], failures: 2 },
    ];
    const check = (seen: Seen) =>
        assert.deepEqual(
            callsOf(seen).sort(),
            [`hook-A resA ${operation}`, `hook-B resB ${operation}`, `hook-B resB ${operation}`],
            seen.where,
        );
    return {
        go: `TestErrorHooks_IndependentPerResource_${CAPITALISED[operation]}`,
        runs: scenario(operation, hooks, resources, { ok: true, check }),
    };
}

function plainCreateErrorRunsOnErrorHook(): GoCase {
    const check = (seen: Seen) => {
        const call = onlyCall(seen);
        aboutResA(call, seen.where);
        assert.equal(call.failedOperation, "create", seen.where);
        assert.ok((call.errors ?? []).length > 0, seen.where);
    };
    return {
        go: "TestErrorHooks_PlainCreateErrorRunsOnErrorHook",
        runs: scenario("create", [{ name: "hook", error: true, retry: false }], resA(["hook"], ALWAYS, 1), {
            ok: false,
            check,
        }),
    };
}

describeGoFile("error_hooks_test.go", [
    ...OPERATIONS.map(operationIdentifierAndMultipleHooks),
    oldAndNewOptionsOnUpdate(),
    ...OPERATIONS.flatMap((operation) => [retryIfAnyHookReturnsTrue(operation), noRetryWhenNoHooks(operation)]),
    ...OPERATIONS.map(noRetryIfAllHooksReturnFalse),
    notCalledOnSuccess("update"),
    notCalledOnSuccess("delete"),
    ...OPERATIONS.map(retryLimitWarningAt100),
    ...OPERATIONS.map(retryThenNoRetry),
    ...OPERATIONS.map(independentPerResource),
    plainCreateErrorRunsOnErrorHook(),
]);
