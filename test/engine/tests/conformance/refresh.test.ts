// The Go engine's refresh_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { describeGoFile, thing } from "./runner";

describeGoFile("refresh_test.go", [
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
