// The Go engine's refresh_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { readState, writeStoredState } from "../../state/state-file";
import { TestProgram } from "../test-program";
import { Seen, describeGoFile, drift, gone, nameOf, thing, things, urnOf } from "./runner";

/** The state's order of the program's resources. */
const inOrder =
    (...names: string[]) =>
    ({ resources, where }: Seen) =>
        assert.deepEqual(resources.map((resource) => nameOf(resource.urn)), names, where);
const created = (...names: string[]) => names.map((name) => `create ${name}`);

const withInput = (inputProp: string) => ({ things: [thing("resA", {}, { inputProp })] });

/** The state gives resA init errors, as the Go test's old snapshot does. */
function initErrorsOfA({ stateFile }: TestProgram): void {
    const stored = readState(stateFile);
    const resources = stored.resources.map((resource) => (resource.urn === urnOf("resA") ? { ...resource, initErrors: ["Resource failed to initialize"] } : resource));
    writeStoredState(stateFile, { ...stored, resources });
}

describeGoFile("refresh_test.go", [
    {
        go: "TestRefreshInitFailure (its Read that succeeds: the init errors are gone; a Read reporting init errors does not apply, the dynamic host answers a failed Read without them)",
        runs: [
            { operation: "up", spec: { things: things("resA", "resB") }, ok: true, steps: created("resA", "resB"), state: ["resA", "resB"] },
            {
                operation: "refresh",
                before: initErrorsOfA,
                ok: true,
                steps: ["same resA", "same resB"],
                calls: { read: ["resA", "resB"] },
                state: ["resA", "resB"],
                check: ({ resources, where }) => assert.deepEqual(resources.map((resource) => resource.initErrors), [undefined, undefined], where),
            },
        ],
    },
    {
        go: "TestRefreshPreservesInputsWhenReadReturnsNoInputs",
        runs: [
            { operation: "up", spec: withInput("oldInputValue"), ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: withInput("updatedInputValue"), ok: true, steps: ["update resA"], calls: { update: ["resA"] }, state: ["resA"] },
            {
                operation: "refresh",
                before: drift({ readsNoInputs: true, inputProp: "newInputValue" }, "resA"),
                ok: true,
                steps: ["refresh resA"],
                calls: { read: ["resA"] },
                state: ["resA"],
                inputs: { resA: { inputProp: "updatedInputValue" } },
                check: ({ resources, where }) => assert.equal(resources[0]?.outputs.inputProp, "newInputValue", where),
            },
        ],
    },
    {
        go: "TestRefreshStepWillPersistUpdatedIDs (a Read answering another id: the state takes it; its init errors are not transcribed, the dynamic host cannot read a resource whose outputs lack its provider)",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "refresh",
                before: drift({ readsAs: "mynewid" }, "resA"),
                ok: true,
                steps: ["refresh resA"],
                state: ["resA"],
                check: ({ resources, where }) => assert.equal(resources[0]?.id, "mynewid", where),
            },
        ],
    },
    {
        go: "TestParallelRefresh (a chain of four, --parallel 4: the state keeps its order)",
        runs: [
            { operation: "up", spec: { things: things("resA", "resB:resA", "resC:resB", "resD:resC") }, flags: { parallel: 4 }, ok: true, steps: created("resA", "resB", "resC", "resD"), state: ["resA", "resB", "resC", "resD"] },
            {
                operation: "refresh",
                flags: { parallel: 4 },
                ok: true,
                steps: ["same resA", "same resB", "same resC", "same resD"],
                calls: { read: ["resA", "resB", "resC", "resD"] },
                state: ["resA", "resB", "resC", "resD"],
                check: inOrder("resA", "resB", "resC", "resD"),
            },
        ],
    },
    {
        go: "TestRefreshUpdateWithDeletedResource (up --refresh of an empty program, the resource gone)",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [] }, before: gone("resA"), flags: { refresh: true }, ok: true, steps: ["read-gone resA"], state: [] },
        ],
    },
    {
        go: "TestRefreshWithDelete",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "refresh", before: (program) => program.editCloud((cloud) => Object.keys(cloud).forEach((id) => delete cloud[id])), ok: true, steps: ["read-gone resA"], state: [] },
        ],
    },
    {
        go: "TestRefreshBasics (drift read into the state)",
        runs: [
            { operation: "up", spec: { things: [thing("resA", {}, { colour: "red" }), thing("resB")] }, ok: true, steps: ["create resA", "create resB"], state: ["resA", "resB"] },
            {
                operation: "refresh",
                before: (program) => program.editCloud((cloud) => Object.values(cloud).filter((object) => object.label === "resA").forEach((object) => (object.colour = "blue"))),
                ok: true,
                steps: ["refresh resA", "same resB"],
                state: ["resA", "resB"],
            },
        ],
    },
]);
