// The Go engine's refresh_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { readState, writeStoredState } from "../../state/state-file";
import { TestProgram } from "../test-program";
import { GoCase, Run, Seen, checkIntegrity, describeGoFile, drift, gone, nameOf, thing, things, urnOf } from "./runner";

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

/**
 * validateRefreshDeleteCombination's snapshot, by id: A (0), B (1, depending on A), C (2, on A and B), then copies
 * pending deletion: A (3), A (4) and C (5, on A and B). The refresh finds 0 and 4 gone.
 */
const COPIES = [
    { id: "0", name: "resA", dependencies: [] },
    { id: "1", name: "resB", dependencies: ["resA"] },
    { id: "2", name: "resC", dependencies: ["resA", "resB"] },
    { id: "3", name: "resA", dependencies: [], pendingDelete: true },
    { id: "4", name: "resA", dependencies: [], pendingDelete: true },
    { id: "5", name: "resC", dependencies: ["resA", "resB"], pendingDelete: true },
];
const GONE = ["0", "4"];

/** The state and the provider's objects of COPIES, made from the things an up created (their outputs name the provider). */
function withCopies(program: TestProgram): void {
    const stored = program.state();
    const made = new Map(stored.resources.map((resource) => [nameOf(resource.urn), resource]));
    const cloudByLabel = new Map(Object.values(program.cloud()).map((object) => [String(object.label), object]));
    const copies = COPIES.map(({ id, name, dependencies, pendingDelete }) => {
        const { propertyDependencies: _none, ...resource } = made.get(name)!;
        return { ...resource, id, dependencies: dependencies.map((dependency) => urnOf(dependency)), ...(pendingDelete ? { pendingDelete } : {}) };
    });
    const others = stored.resources.filter((resource) => !resource.custom || resource.type.startsWith("pulumi:providers:"));
    writeStoredState(program.stateFile, { ...stored, resources: [...others, ...copies] });
    program.editCloud((cloud) => {
        Object.keys(cloud).forEach((id) => delete cloud[id]);
        COPIES.filter(({ id }) => !GONE.includes(id)).forEach(({ id, name }) => (cloud[id] = { ...cloudByLabel.get(name) }));
    });
}

/** A refresh of the targets (every resource when none): with resA refreshed, what depended on its copy 0 is repaired. */
function refreshDeleteCombination(targets: string[]): Run {
    const refreshed = COPIES.filter(({ name }) => targets.length === 0 || targets.includes(name));
    const aRefreshed = refreshed.some(({ name }) => name === "resA");
    const left = COPIES.filter(({ id }) => !(aRefreshed && GONE.includes(id)));
    const repaired: Record<string, string[]> = aRefreshed ? { "1": [], "2": ["resB"] } : {};
    return {
        operation: "refresh",
        flags: { targets: targets.map((name) => urnOf(name)) },
        before: withCopies,
        ok: true,
        steps: refreshed.map(({ id, name }) => `${GONE.includes(id) ? "read-gone" : "same"} ${name}`).sort(),
        calls: { read: refreshed.map(({ name }) => name).sort() },
        state: left.map(({ name }) => name).sort(),
        check: ({ resources, where }) =>
            assert.deepEqual(
                resources.map((resource) => [resource.id, resource.dependencies.map(nameOf)]),
                left.map(({ id, dependencies }) => [id, repaired[id] ?? dependencies]),
                `the copies left and their dependencies, refreshing ${targets.join(", ") || "everything"}; ${where}`,
            ),
    };
}

/** Every subset of resA, resB and resC, the empty one (no target) first. */
const SUBSETS = [[], ["resA"], ["resB"], ["resC"], ["resA", "resB"], ["resA", "resC"], ["resB", "resC"], ["resA", "resB", "resC"]];

/** A refresh that finds resA gone, and what it leaves of resB, which referred to resA. */
function refreshDeletes(go: string, resB: Parameters<typeof thing>[1], refs: Record<string, string>, check: (resB: Seen["resources"][number], where: string) => void): GoCase {
    const spec = { things: [thing("resA"), { ...thing("resB", resB), refs }] };
    return {
        go,
        runs: [
            { operation: "up", spec, ok: true, steps: ["create resA", "create resB"], state: ["resA", "resB"], check: checkIntegrity },
            {
                operation: "refresh",
                before: gone("resA"),
                ok: true,
                steps: ["read-gone resA", "same resB"],
                state: ["resB"],
                check: (seen) => {
                    checkIntegrity(seen);
                    check(seen.resources[0], seen.where);
                },
            },
        ],
    };
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
        go: "TestRefreshDeleteDependencies (each subset of the three names as targets, the empty one too)",
        runs: [{ operation: "up", spec: { things: things("resA", "resB:resA", "resC:resA,resB") }, ok: true, steps: ["create resA", "create resB", "create resC"], state: ["resA", "resB", "resC"] }, ...SUBSETS.map(refreshDeleteCombination)],
    },
    refreshDeletes("TestRefreshDeletePropertyDependencies", {}, { propB1: "resA.url" }, (resB, where) => {
        assert.deepEqual(resB.propertyDependencies ?? {}, {}, `resB's property dependencies, ${where}`);
        assert.deepEqual(resB.dependencies, [], `resB's dependencies, ${where}`);
    }),
    refreshDeletes("TestRefreshDeleteDeletedWith", { deletedWith: "resA" }, {}, (resB, where) => assert.equal(resB.deletedWith, undefined, `resB's deletedWith, ${where}`)),
    refreshDeletes("TestRefreshDeleteParent", { parent: "resA" }, {}, (resB, where) => assert.equal(resB.parent, undefined, `resB's parent, ${where}`)),
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
