// The Go engine's transformation_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts. The Go tests' callbacks
// are the spec program's transforms (test-program.ts TransformSpec), run by the Node SDK's callbacks server.
import { strict as assert } from "assert";
import { openState, storedSecretKeys } from "../../state/state-file";
import { wrapSecret } from "../../values/property-values";
import { describeGoFile, nameOf, urnOf } from "./runner";

/** resD's options before its transform rewrites them (TestRemoteTransformsOptions), as the transform sees them. */
const GIVEN_TIMEOUTS = { create: "16m40s", update: "33m20s", delete: "50m0s" };
const GIVEN_OPTIONS = {
    additionalSecretOutputs: ["foo"],
    customTimeouts: GIVEN_TIMEOUTS,
    deleteBeforeReplace: true,
    ignoreChanges: ["foo"],
    replaceOnChanges: ["foo"],
};

describeGoFile("transformation_test.go", [
    {
        go: "TestRemoteTransformsOptions (its stack transform as resD's own; dependsOn, version and pluginDownloadURL not rewritten)",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [
                        { name: "resA" },
                        { name: "resC" },
                        {
                            name: "resD",
                            dependsOn: ["resA"],
                            options: {
                                ...GIVEN_OPTIONS,
                                aliases: [{ urn: urnOf("resB") }],
                                deletedWith: "resA",
                                transformed: {
                                    // The Node SDK gives a transform each timeout, "" for the one not given.
                                    expectOptions: {
                                        ...GIVEN_OPTIONS,
                                        customTimeouts: { ...GIVEN_TIMEOUTS, read: "" },
                                    },
                                    options: {
                                        additionalSecretOutputs: ["bar"],
                                        customTimeouts: { create: "1s", update: "2s", delete: "3s" },
                                        deletedWith: "resC",
                                        protect: true,
                                    },
                                },
                            },
                        },
                    ],
                },
                ok: true,
                steps: ["create resA", "create resC", "create resD"],
                state: ["resA", "resC", "resD"],
                protect: ["resD"],
                deletedWith: { resD: "resC" },
                check: ({ resources, where }) => {
                    const resD = resources.find((resource) => resource.urn === urnOf("resD"));
                    assert.deepEqual(resD?.additionalSecretOutputs, ["bar"], where);
                    assert.deepEqual(resD?.customTimeouts, { create: 1, update: 2, delete: 3 }, where);
                },
            },
        ],
    },
    {
        go: "TestRemoteTransforms (the resource's own transforms, then its parent's, then the stack's, a secret kept)",
        runs: [
            {
                operation: "up",
                spec: {
                    stackTransform: { add: { foo: 1 }, append: { bar: "baz" } },
                    things: [
                        {
                            name: "resA",
                            inputs: { foo: 1 },
                            options: {
                                transformed: { add: { foo: 1 }, set: { bar: "bar" }, secretOr: { frob: "nofrob" } },
                            },
                        },
                        {
                            name: "resB",
                            inputs: { foo: 10 },
                            options: { parent: "resA", transformed: { add: { foo: 1 }, set: { frob: "frob" } } },
                        },
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
                    const opened = openState(program.stateFile, {
                        project: "enginetest",
                        stack: "dev",
                        passphrase: "",
                    });
                    assert.deepEqual(
                        opened.resources.find((resource) => resource.urn === urnOf("resB", 1))?.inputs.frob,
                        wrapSecret("frob"),
                        where,
                    );
                },
            },
        ],
    },
    {
        go: "TestRemoteTransformErrorResponse (a stack transform that fails fails the run before any step)",
        runs: [
            {
                operation: "up",
                spec: { stackTransform: { fail: "bad transform" }, things: [{ name: "resA", inputs: { foo: 1 } }] },
                ok: false,
                error: /bad transform/,
                steps: [],
                state: [],
            },
        ],
    },
]);
