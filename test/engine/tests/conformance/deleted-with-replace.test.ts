// The Go engine's deleted_with_replace_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { PROVIDER_URN, STACK_URN, describeGoFile, thing, urnOf } from "./runner";

describeGoFile("deleted_with_replace_test.go", [
    {
        go: "TestDeletedWithTargetedDestroy (destroy --target T --target-dependents: D, deleted with T, gets no Delete of its own)",
        runs: [
            { operation: "up", spec: { things: [thing("resT"), thing("resD", { deletedWith: "resT" })] }, ok: true, steps: ["create resD", "create resT"], state: ["resD", "resT"] },
            {
                operation: "destroy",
                flags: { targets: [urnOf("resT")], targetDependents: true },
                ok: true,
                steps: ["delete resD", "delete resT"],
                deletes: ["resT"],
                state: [],
                // The untargeted default provider stays (and the stack, which the Go test's program does not register).
                check: ({ program, where }) => assert.deepEqual(program.state().resources.map((resource) => resource.urn), [STACK_URN, PROVIDER_URN], where),
            },
        ],
    },
]);
