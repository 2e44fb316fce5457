// The Go engine's continue_on_error_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { Run, describeGoFile, thing, things } from "./runner";

const INDEPENDENT = things("independent1", "independent2:independent1", "independent3:independent2");

/** TestUpContinueOnErrorUpdate*: the failing resources' updates fail; the independent chain is created all the same. */
function failedUpdates(names: string[], refresh: boolean): Run[] {
    const failing = (inputs: Record<string, unknown>) => names.map((name) => thing(name, {}, inputs));
    return [
        {
            operation: "up",
            spec: { things: failing({ foo: "bar" }) },
            ok: true,
            steps: names.map((name) => `create ${name}`),
            state: names,
        },
        {
            operation: "up",
            spec: { things: [...failing({ foo: "baz", failUpdate: "intentionally failed update" }), ...INDEPENDENT] },
            flags: { continueOnError: true, refresh },
            ok: false,
            error: /intentionally failed update/,
            steps: [
                ...names.map((name) => `update ${name} failed`),
                ...INDEPENDENT.map((spec) => `create ${spec.name}`),
                ...(refresh ? names.map((name) => `same ${name}`) : []),
            ].sort(),
            state: [...names, ...INDEPENDENT.map((spec) => spec.name)].sort(),
            inputs: Object.fromEntries(names.map((name) => [name, { foo: "bar" }])),
        },
    ];
}

describeGoFile("continue_on_error_test.go", [
    {
        go: "TestUpContinueOnErrorUpdate (updates that fail without a partial result)",
        runs: failedUpdates(["failing", "failing2"], false),
    },
    { go: "TestUpContinueOnErrorUpdateWithRefresh", runs: failedUpdates(["failing"], true) },
    {
        go: "TestUpContinueOnErrorFailedDependencies (a child, a deletedWith and a property dependent of failed creates are skipped)",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [
                        thing("parent", {}, { failCreate: "intentionally failed create" }),
                        thing("child", { parent: "parent" }),
                        thing("deletedWith", {}, { failCreate: "intentionally failed create" }),
                        thing("deletedWithDep", { deletedWith: "deletedWith" }),
                        thing("propDep", {}, { failCreate: "intentionally failed create" }),
                        { name: "propDepChild", refs: { foo: "propDep.label" } },
                        thing("independent"),
                    ],
                },
                flags: { continueOnError: true },
                ok: false,
                error: /intentionally failed create/,
                steps: [
                    "create deletedWith failed",
                    "create independent",
                    "create parent failed",
                    "create propDep failed",
                ],
                calls: { create: ["deletedWith", "independent", "parent", "propDep"] },
                state: ["independent"],
            },
        ],
    },
    {
        go: "TestDestroyContinueOnError",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [
                        thing("unrelated1"),
                        { name: "unrelated2", dependsOn: ["unrelated1"] },
                        thing("dependency"),
                        {
                            name: "failing",
                            inputs: { failDelete: "intentionally failed delete" },
                            dependsOn: ["dependency"],
                        },
                        thing("anotherUnrelatedRes"),
                    ],
                },
                ok: true,
                steps: [
                    "create anotherUnrelatedRes",
                    "create dependency",
                    "create failing",
                    "create unrelated1",
                    "create unrelated2",
                ],
                state: ["anotherUnrelatedRes", "dependency", "failing", "unrelated1", "unrelated2"],
            },
            {
                operation: "up",
                spec: { things: [] },
                flags: { continueOnError: true },
                ok: false,
                error: /intentionally failed delete/,
                steps: [
                    "delete anotherUnrelatedRes",
                    "delete failing failed",
                    "delete unrelated1",
                    "delete unrelated2",
                ],
                deletes: ["anotherUnrelatedRes", "failing", "unrelated1", "unrelated2"],
                state: ["dependency", "failing"],
            },
        ],
    },
    {
        go: "TestUpContinueOnErrorCreate (failing2, a partial failure without an id, cannot be made by the dynamic host)",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [
                        { name: "failing", inputs: { failCreate: "intentionally failed create" } },
                        { name: "failing3", inputs: { failInit: "intentionally failed create" } },
                        thing("independent1"),
                        { name: "independent2", dependsOn: ["independent1"] },
                        { name: "independent3", dependsOn: ["independent2"] },
                        { name: "dependentOnFailing", dependsOn: ["failing"] },
                    ],
                },
                flags: { continueOnError: true },
                ok: false,
                error: /intentionally failed create|did not start/,
                steps: [
                    "create failing failed",
                    "create failing3 failed",
                    "create independent1",
                    "create independent2",
                    "create independent3",
                ],
                state: ["failing3", "independent1", "independent2", "independent3"],
            },
        ],
    },
]);
