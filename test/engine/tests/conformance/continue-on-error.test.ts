// The Go engine's continue_on_error_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing } from "./runner";

describeGoFile("continue_on_error_test.go", [
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
                        { name: "failing", inputs: { failDelete: "intentionally failed delete" }, dependsOn: ["dependency"] },
                        thing("anotherUnrelatedRes"),
                    ],
                },
                ok: true,
                steps: ["create anotherUnrelatedRes", "create dependency", "create failing", "create unrelated1", "create unrelated2"],
                state: ["anotherUnrelatedRes", "dependency", "failing", "unrelated1", "unrelated2"],
            },
            {
                operation: "up",
                spec: { things: [] },
                flags: { continueOnError: true },
                ok: false,
                error: /intentionally failed delete/,
                steps: ["delete anotherUnrelatedRes", "delete failing failed", "delete unrelated1", "delete unrelated2"],
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
                steps: ["create failing failed", "create failing3 failed", "create independent1", "create independent2", "create independent3"],
                state: ["failing3", "independent1", "independent2", "independent3"],
            },
        ],
    },
]);
