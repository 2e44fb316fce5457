// The Go engine's destroy_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts. Its DestroyV2 is
// `destroy --run-program`; the Go tests' programs change their inputs (to check that the provider is not sent them),
// here the colour: the same steps keep the old one.
import { strict as assert } from "assert";
import { Run, Seen, describeGoFile, thing } from "./runner";
import { ProgramSpec, ThingSpec } from "../test-program";

const RUN_PROGRAM = { runProgram: true };
const red = (name: string, options: ThingSpec["options"] = {}) => thing(name, options, { colour: "red" });
const green = (name: string, options: ThingSpec["options"] = {}) => thing(name, options, { colour: "green" });

/**
 * The same steps of the run, by name, and whether each kept its old state (a same step, recording the old inputs, not
 * the program's) or was a skipped create (no state: what it depends on was not created).
 */
const sames =
    (expected: Record<string, "kept" | "skipped">) =>
    ({ result, where }: Seen) => {
        const seen = result.steps.filter((step) => step.op === "same" && step.type !== "pulumi:pulumi:Stack");
        const kinds = Object.fromEntries(seen.map((step) => [step.name, step.done ? "kept" : "skipped"]));
        assert.deepEqual(kinds, expected, where);
        for (const step of seen.filter((kept) => kept.done?.custom)) {
            assert.equal(step.done?.inputs.colour, "red", `${step.name} keeps its old inputs, ${where}`);
        }
    };

/** Nothing is left: not the stack, not the default provider. */
const emptied = ({ program, where }: Seen) => assert.deepEqual(program.state().resources, [], where);

const both =
    (...checks: ((seen: Seen) => void)[]) =>
    (seen: Seen) =>
        checks.forEach((check) => check(seen));

/** An up of this spec, every thing and group created. */
function created(spec: ProgramSpec): Run {
    const names = [...(spec.groups ?? []), ...spec.things].map((declared) => declared.name).sort();
    return { operation: "up", spec, ok: true, steps: names.map((name) => `create ${name}`), state: names };
}

describeGoFile("destroy_test.go", [
    {
        go: "TestDestroyWithProgram",
        runs: [
            created({ things: [red("resA"), red("resB")] }),
            {
                operation: "destroy",
                spec: { things: [green("resA")] },
                flags: RUN_PROGRAM,
                ok: true,
                steps: ["delete resA", "delete resB", "same resA"],
                deletes: ["resA", "resB"],
                calls: { create: [], update: [] },
                state: [],
                check: both(sames({ resA: "kept" }), emptied),
            },
        ],
    },
    {
        go: "TestTargetedDestroyWithProgram",
        runs: [
            created({ things: [red("resA"), red("resB")] }),
            {
                operation: "destroy",
                spec: { things: [green("resA")] },
                flags: {
                    ...RUN_PROGRAM,
                    targets: ["urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::resA"],
                },
                ok: true,
                steps: ["delete resA", "same resA"],
                deletes: ["resA"],
                calls: { create: [], update: [] },
                state: ["resB"],
                check: sames({ resA: "kept" }),
            },
        ],
    },
    {
        go: "TestDestroyWithProgramWithComponents",
        runs: [
            created({ groups: [{ name: "parent" }], things: [red("resA", { parent: "parent" })] }),
            {
                operation: "destroy",
                spec: { groups: [{ name: "parent" }], things: [green("resA", { parent: "parent" })] },
                flags: RUN_PROGRAM,
                ok: true,
                steps: ["delete parent", "delete resA", "same parent", "same resA"],
                deletes: ["resA"],
                calls: { create: [], update: [] },
                state: [],
                check: both(sames({ parent: "kept", resA: "kept" }), emptied),
            },
        ],
    },
    {
        go:
            "TestDestroyWithProgramWithSkippedComponents (a new thing is skipped, so are the component depending on it and resA, made " +
            "its child and aliased as the Go test's comment has it: a Node program's dependsOn of a component names the component's children)",
        runs: [
            created({ things: [red("resA")] }),
            {
                operation: "destroy",
                spec: {
                    things: [
                        green("resB"),
                        { name: "parent", component: true, dependsOn: ["resB"] },
                        green("resA", { parent: "parent", aliases: [{ noParent: true }] }),
                    ],
                },
                flags: RUN_PROGRAM,
                ok: true,
                steps: ["delete resA", "same parent", "same resA", "same resB"],
                deletes: ["resA"],
                calls: { create: [], update: [] },
                state: [],
                check: both(sames({ resB: "skipped", parent: "skipped", resA: "skipped" }), emptied),
            },
        ],
    },
    {
        go: "TestDestroyWithProgramWithSkippedAlias (resA, aliased, now the child of a new thing, which is skipped)",
        runs: [
            created({ things: [red("resA")] }),
            {
                operation: "destroy",
                spec: { things: [green("resB"), green("resA", { parent: "resB", aliases: [{ noParent: true }] })] },
                flags: RUN_PROGRAM,
                ok: true,
                steps: ["delete resA", "same resA", "same resB"],
                deletes: ["resA"],
                calls: { create: [], update: [] },
                state: [],
                check: both(sames({ resB: "skipped", resA: "skipped" }), emptied),
            },
        ],
    },
    {
        go: "TestDestroyWithProgramResourceRead (a resource read by Kind.get is read again and leaves the state, its object left alone)",
        runs: [
            {
                ...created({ things: [{ name: "resA", get: "resA-some-id" }, red("resB")] }),
                before: (program) =>
                    program.editCloud((cloud) => {
                        cloud["resA-some-id"] = {
                            label: "resA",
                            colour: "red",
                            url: "https://things.test/resA-some-id",
                        };
                    }),
                steps: ["create resB", "read resA"],
            },
            {
                operation: "destroy",
                spec: { things: [{ name: "resA", get: "resA-some-id" }, green("resB")] },
                flags: RUN_PROGRAM,
                ok: true,
                steps: ["delete resA", "delete resB", "read resA", "same resB"],
                deletes: ["resB"],
                calls: { read: ["resA"], create: [], update: [] },
                state: [],
                cloud: 1,
                check: both(sames({ resB: "kept" }), emptied),
            },
        ],
    },
]);
