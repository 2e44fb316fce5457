// The Go engine's step_generator_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { storedSecretKeys } from "../../state/state-file";
import { Seen, checkIntegrity, describeGoFile, duplicateAlias, nameOf, thing, urnOf } from "./runner";

/** Whether each resource (by name) is recorded External. */
const external =
    (expected: Record<string, boolean>) =>
    ({ resources, where }: Seen) =>
        assert.deepEqual(
            Object.fromEntries(resources.map((resource) => [nameOf(resource.urn), resource.external === true])),
            expected,
            where,
        );

/** Each step's new state, and its state once done, is External for a read resource only (events.go makeStepEventStateMetadata). */
function externalInEvents({ result, where }: Seen): void {
    for (const step of result.steps.filter((each) => each.type !== "pulumi:pulumi:Stack")) {
        const expected = step.name === "externalRes";
        assert.deepEqual(
            [step.new?.external === true, step.done?.external === true],
            [expected, expected],
            `${step.name}; ${where}`,
        );
    }
}

describeGoFile("step_generator_test.go", [
    {
        go: "TestExternalEventMetadata",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("managedRes"), { name: "externalRes", get: "read-id" }] },
                ok: true,
                steps: ["create managedRes", "read externalRes"],
                state: ["externalRes", "managedRes"],
                check: externalInEvents,
            },
        ],
    },
    {
        go: "TestDuplicateURN (two registrations of one URN; its read of the same URN is not transcribed)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resA")] },
                ok: false,
                error: /::resA: registered twice/,
                steps: ["create resA"],
                state: ["resA"],
            },
        ],
    },
    {
        go: "TestSecretMasked (a secret input the provider returns as an output stays secret in the state)",
        runs: [
            {
                operation: "up",
                spec: { things: [{ name: "resA", secrets: { shouldBeSecret: "bar" } }] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
                check: ({ resources, program, where }) => {
                    assert.ok(resources[0] && storedSecretKeys(resources[0]).includes("shouldBeSecret"), where);
                    assert.ok(!JSON.stringify(program.state().resources).includes('"bar"'), where);
                },
            },
        ],
    },
    {
        go: "TestInitErrorsStep (a resource left with init errors is updated by the next up, which clears them)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { failInit: "not ready" })] },
                ok: false,
                error: /did not start/,
                steps: ["create resA failed"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA")] },
                ok: true,
                steps: ["update resA"],
                calls: { update: ["resA"] },
                state: ["resA"],
                check: ({ resources, where }) => assert.deepEqual(resources[0]?.initErrors ?? [], [], where),
            },
        ],
    },
    {
        go: "TestReadReplaceStep",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA")] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
                check: external({ resA: false }),
            },
            {
                operation: "up",
                spec: { things: [{ name: "resA", get: "read-id" }] },
                ok: true,
                steps: ["replace resA"],
                calls: { create: [] },
                deletes: ["resA"],
                state: ["resA"],
                cloud: 0,
                check: (seen) => {
                    external({ resA: true })(seen);
                    checkIntegrity(seen);
                    assert.deepEqual(
                        seen.calls.filter((call) => call.call === "read").map((call) => call.id),
                        ["read-id"],
                        seen.where,
                    );
                },
            },
        ],
    },
    {
        go: "TestTakeOwnershipStep",
        runs: [
            {
                operation: "up",
                spec: { things: [{ name: "resA", get: "my-resource-id" }] },
                ok: true,
                steps: ["read resA"],
                state: ["resA"],
                check: external({ resA: true }),
            },
            {
                operation: "up",
                spec: { things: [thing("resA")] },
                ok: true,
                steps: ["replace resA"],
                calls: { create: ["resA"], diff: [], update: [] },
                state: ["resA"],
                cloud: 1,
                check: (seen) => {
                    external({ resA: false })(seen);
                    checkIntegrity(seen);
                },
            },
        ],
    },
    {
        go: "TestRelinquishStep (a managed resource read by Kind.get under its own id is relinquished: nothing deleted)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA")] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
                check: external({ resA: false }),
            },
            {
                operation: "up",
                spec: (program) => ({ things: [{ name: "resA", get: program.managed()[0]?.id ?? "" }] }),
                ok: true,
                steps: ["read resA"],
                state: ["resA"],
                check: external({ resA: true }),
            },
        ],
    },
    {
        go: "TestDuplicateAlias",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resB", { aliases: [{ urn: urnOf("resA") }] }),
                        thing("resC", { aliases: [{ urn: urnOf("resA") }] }),
                    ],
                },
                ok: false,
                error: duplicateAlias("resA", "resC", "resB"),
                steps: ["create resC failed", "update resB"],
                state: ["resB"],
            },
        ],
    },
]);
