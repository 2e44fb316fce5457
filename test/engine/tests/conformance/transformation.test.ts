// The Go engine's transformation_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts. The Go tests' callbacks
// are the spec program's transforms (test-program.ts TransformSpec), run by the Node SDK's callbacks server.
import { strict as assert } from "assert";
import { openState, storedSecretKeys } from "../../state/state-file";
import { wrapSecret } from "../../values/property-values";
import { describeGoFile, nameOf, urnOf } from "./runner";

describeGoFile("transformation_test.go", [
    {
        go: "TestRemoteTransforms (the resource's own transforms, then its parent's, then the stack's, a secret kept)",
        runs: [
            {
                operation: "up",
                spec: {
                    stackTransform: { add: { foo: 1 }, append: { bar: "baz" } },
                    things: [
                        { name: "resA", inputs: { foo: 1 }, options: { transformed: { add: { foo: 1 }, set: { bar: "bar" }, secretOr: { frob: "nofrob" } } } },
                        { name: "resB", inputs: { foo: 10 }, options: { parent: "resA", transformed: { add: { foo: 1 }, set: { frob: "frob" } } } },
                    ],
                },
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
                inputs: { resA: { foo: 3, bar: "barbaz", frob: "nofrob" }, resB: { foo: 13, bar: "barbaz" } },
                check: ({ program, resources, where }) => {
                    const secretsOf = (name: string) => {
                        const found = resources.find((resource) => nameOf(resource.urn) === name);
                        return found && storedSecretKeys(found);
                    };
                    assert.deepEqual(secretsOf("resA"), [], where);
                    assert.deepEqual(secretsOf("resB"), ["frob"], where);
                    const opened = openState(program.stateFile, { project: "enginetest", stack: "dev", passphrase: "" });
                    assert.deepEqual(opened.resources.find((resource) => resource.urn === urnOf("resB", 1))?.inputs.frob, wrapSecret("frob"), where);
                },
            },
        ],
    },
    {
        go: "TestRemoteTransformErrorResponse (a stack transform that fails fails the run before any step)",
        runs: [{ operation: "up", spec: { stackTransform: { fail: "bad transform" }, things: [{ name: "resA", inputs: { foo: 1 } }] }, ok: false, error: /bad transform/, steps: [], state: [] }],
    },
]);
