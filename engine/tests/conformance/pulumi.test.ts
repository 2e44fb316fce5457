// The Go engine's pulumi_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import * as fs from "fs";
import * as path from "path";
import { PendingOperation, ResourceState, readState, storedSecretKeys, writeStoredState } from "../../state/state-file";
import { isSecretWrapper } from "../../values/property-values";
import { encryptValue, newEncryptionSalt } from "../../state/config-secrets";
import { Alias, ProgramSpec, ThingSpec } from "../test-program";
import { GoCase, Run, Seen, basicLifecycle, describeGoFile, drift, nameOf, thing, unprotect, urnOf } from "./runner";

/**
 * resA, replaced delete-before-replace when its slug changes, which the service refuses to delete while something points
 * to it; resB, pointing to resA, replaced when its trigger changes, whose deletes fail (until the test lets them).
 */
const pointingToA = (slug: string, trigger: string): ProgramSpec => ({
    things: [
        thing("resA", {}, { slug, deleteBeforeReplace: true, guardReferences: true }),
        {
            ...thing("resB", { replacementTrigger: trigger }, { failDelete: "Could not delete typB" }),
            refs: { slug: "resA.slug", parentId: "resA.id" },
        },
    ],
});

/** The program's resources in the state's order, each with whether it is pending deletion. */
const inStateOrder =
    (...expected: [string, boolean][]) =>
    ({ resources, where }: Seen) =>
        assert.deepEqual(
            resources.map((resource) => [nameOf(resource.urn), resource.pendingDelete === true]),
            expected,
            where,
        );

/** resA and resB (replaced with resA), each replaced when its slug changes. */
const replacedWithA = (value: string): ProgramSpec => ({
    things: [
        thing("resA", {}, { slug: `${value}-value-a` }),
        thing("resB", { replaceWith: ["resA"] }, { slug: `${value}-value-b` }),
    ],
});

/** One up of resA with these inputs and ignoreChanges, whose step is `op` (TestSingleResourceIgnoreChanges). */
const withIgnored = (
    op: string,
    inputs: Record<string, unknown>,
    ignoreChanges?: string[],
    secrets?: Record<string, unknown>,
): Run => ({
    operation: "up",
    spec: {
        things: [
            {
                name: "resA",
                inputs,
                ...(secrets ? { secrets: secrets as Record<string, string> } : {}),
                options: ignoreChanges ? { ignoreChanges } : {},
            },
        ],
    },
    ok: true,
    steps: [`${op} resA`],
    state: ["resA"],
});

/** One up of resA with these inputs and replaceOnChanges, the provider leaving the diff to the engine (TestReplaceOnChanges). */
const replacedOn = (op: string, inputs: Record<string, unknown>, replaceOnChanges?: string[]): Run => ({
    operation: "up",
    spec: { things: [thing("resA", replaceOnChanges ? { replaceOnChanges } : {}, { diffUnknown: true, ...inputs })] },
    ok: true,
    steps: [`${op} resA`],
    deletes: op === "replace" ? ["resA"] : [],
    state: ["resA"],
});

const protectedA = (inputs: Record<string, unknown>, protect: boolean): ThingSpec => thing("resA", { protect }, inputs);

/** The one resA's recorded id. */
const idOfA = ({ resources }: Seen) => resources.find((resource) => !resource.pendingDelete)?.id;
let idBefore: string | undefined;

const IGNORE_CHANGES: GoCase = {
    go: "TestSingleResourceIgnoreChanges",
    runs: [
        withIgnored("create", { a: 1, b: { c: "foo" }, d: [1], e: [1], f: { g: { h: "bar" } } }, [
            "a",
            "b.c",
            "d",
            "e[0]",
            'f.g["h"]',
        ]),
        withIgnored("same", { a: 2, b: { c: "bar" }, d: [2], e: [2], f: { g: { h: "baz" } } }, [
            "a",
            "b.c",
            "d",
            "e[0]",
            'f.g["h"]',
        ]),
        withIgnored("update", { a: 3, b: { c: "qux" }, d: [3], e: [3], f: { g: { h: "qux" } } }),
        withIgnored("same", { e: [] }, ["a", "b", "d", "e", "f"]),
        withIgnored("update", { e: [] }),
        withIgnored("same", { a: 4, b: { c: "zed" }, d: [4], e: [] }, ["a", "b", "d", "e[0]", "f"]),
        withIgnored("update", { e: [], i: 4 }, ["a", "b", "d", "e", "f"]),
        withIgnored("update", { a: 3, b: ["foo", "bar"] }),
        withIgnored("same", { a: 3, b: ["foo", "baz"] }, ["b[1]"]),
        withIgnored("same", { a: 3, b: ["foo", "baz"] }, ["b[*]"]),
        withIgnored("same", { a: 3 }, undefined, { b: ["foo", "bar"] }),
        withIgnored("same", { a: 3 }, ["b[1]"], { b: ["foo", "baz"] }),
    ],
};

function hasUrl({ resources, where }: Seen): void {
    assert.match(String(resources[0]?.outputs.url), /^https:\/\/things\.test\//, where);
}

/** A thing whose value the stack exports twice, as `first` and `second`. */
const stepOutputs = (value: string): ProgramSpec => ({
    things: [thing("s", {}, { value })],
    exports: { first: "s.value", second: "s.value" },
});
const stackOutputs =
    (value: string) =>
    ({ program, where }: Seen) =>
        assert.deepEqual(
            program.state().resources.find((resource) => resource.type === "pulumi:pulumi:Stack")?.outputs,
            { first: value, second: value },
            where,
        );

/** resA, replaced when foo changes; resB, replaced when resA's url does (its slug). */
const pendingDeleteOrder = (slug: string, inB: Record<string, unknown> = {}): ProgramSpec => ({
    things: [
        thing("resA", {}, { slug }),
        { name: "resB", inputs: inB, refs: { slug: "resA.url" }, dependsOn: ["resA"] },
    ],
});

const ODD_NAMES = [
    "foo",
    ":colons",
    "-dashes",
    "file/path.txt",
    "bar|table",
    "spaces in names",
    "email@address",
    "<output object>",
    "[brackets]",
    "{braces}",
    "(parens)",
    "C:\\windows\\paths",
    "& @ $ % ^ * #",
    "'quotes'",
    '"double quotes"',
    "double::colons",
];

/** resA with one secret input, a list holding an object (TestEventSecrets). */
const webhooks = (service: string): ProgramSpec => ({
    things: [
        { name: "resA", secrets: { webhooks: [{ clientConfig: { service } }] } as unknown as Record<string, string> },
    ],
});

/**
 * The state as an interrupted run leaves it: a pending operation for each name given (an update of resA, which the state
 * holds; a create of resB, which it does not), as the Go tests write them into their old snapshot.
 */
const interrupted =
    (...operations: PendingOperation["type"][]) =>
    ({ stateFile }: { stateFile: string }) => {
        const stored = readState(stateFile);
        const resA = stored.resources.find((resource) => resource.urn === urnOf("resA"));
        assert.ok(resA, "resA is in the state");
        const pendingOperations = operations.map((type) => ({
            type,
            resource: type === "creating" ? { ...resA, urn: urnOf("resB"), id: "1" } : resA,
        }));
        writeStoredState(stateFile, { ...stored, pendingOperations });
    };

/** The pending operations the state holds after the run, as "type name". */
const pendingAfter =
    (...expected: string[]) =>
    ({ program, where }: Seen) =>
        assert.deepEqual(
            (program.state().pendingOperations ?? []).map(
                ({ type, resource }) => `${type} ${resource.urn.split("::").pop()}`,
            ),
            expected,
            where,
        );

const ONLY_A: ProgramSpec = { things: [thing("resA")] };
const createA: Run = { operation: "up", spec: ONLY_A, ok: true, steps: ["create resA"], state: ["resA"] };
const sameA = (operation: Run["operation"], before?: Run["before"], expected: string[] = []): Run => ({
    operation,
    spec: ONLY_A,
    before,
    ok: true,
    steps: ["same resA"],
    state: ["resA"],
    check: pendingAfter(...expected),
});
/** An up with --refresh: resA's refresh step, then its own. */
const REFRESHED: Partial<Run> = {
    flags: { refresh: true },
    steps: ["same resA", "same resA"],
    calls: { read: ["resA"] },
};
// The Go test looks for "1 pending operations" but ignores its own failure; its recorded output (testdata) and
// deployment_executor.go count every pending operation of the old snapshot: 2.
const PENDING_WARNING = /Attempting to deploy or update resources with 2 pending operations from previous deployment/;

/** Each two of the run's Diff calls were in flight together (the Go test's provider holds each until both are). */
function diffsOverlapped({ calls, where }: Seen): void {
    const diffs = calls.filter((call) => call.call === "diff");
    assert.equal(diffs.length, 2, where);
    assert.ok(diffs[0].start < diffs[1].end && diffs[1].start < diffs[0].end, `the two diffs overlap; ${where}`);
}
const TWO_DIFFING: ProgramSpec = {
    things: [thing("resA", {}, { diffOverlap: 2 }), thing("resB", {}, { diffOverlap: 2 })],
};

/** Each resource's recorded created time, by URN, as the first run of TestTimestampTracking left them. */
const createdAt = new Map<string, string>();
const UTC_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Every resource of the state (the stack and the default provider too) has both times, in UTC. */
function timesOf({ program, where }: Seen): ResourceState[] {
    const all = program.state().resources;
    assert.equal(all.length, 3, where);
    for (const resource of all) {
        assert.match(resource.created ?? "", UTC_TIME, `created of ${resource.urn}; ${where}`);
        assert.match(resource.modified ?? "", UTC_TIME, `modified of ${resource.urn}; ${where}`);
    }
    return all;
}

const TIMESTAMP_TRACKING: GoCase = {
    go: "TestTimestampTracking (the stack, the default provider and resA; its Diff answering DiffSome is a changed input)",
    runs: [
        {
            ...createA,
            check: (seen) => {
                for (const resource of timesOf(seen)) {
                    assert.equal(resource.created, resource.modified, seen.where);
                    createdAt.set(resource.urn, resource.created ?? "");
                }
            },
        },
        {
            operation: "refresh",
            ok: true,
            steps: ["same resA"],
            state: ["resA"],
            check: (seen) =>
                timesOf(seen).forEach((resource) =>
                    assert.deepEqual(
                        [resource.created, resource.modified],
                        [createdAt.get(resource.urn), createdAt.get(resource.urn)],
                        seen.where,
                    ),
                ),
        },
        {
            operation: "up",
            spec: { things: [thing("resA", {}, { foo: "bar" })] },
            ok: true,
            steps: ["update resA"],
            state: ["resA"],
            check: (seen) => {
                for (const resource of timesOf(seen)) {
                    assert.equal(resource.created, createdAt.get(resource.urn), seen.where);
                    if (resource.urn === urnOf("resA"))
                        assert.ok((resource.modified ?? "") > (resource.created ?? ""), seen.where);
                }
            },
        },
    ],
};

/** The spec program's position (project:///index.js#line,column) of its first line matching the pattern. */
function programLine(programDir: string, pattern: RegExp): RegExp {
    const lines = fs.readFileSync(path.join(programDir, "index.js"), "utf8").split("\n");
    return new RegExp(`^project:///index\\.js#${lines.findIndex((text) => pattern.test(text)) + 1},\\d+$`);
}

/**
 * The Node SDK sends as a resource's position the first frame of its stack past its own classes' constructors: the
 * Thing class's (in the provider package, outside the project); the program's line that declares it is further down.
 */
const SOURCE_POSITIONS: GoCase = {
    go: "TestSourcePositions (a registration and a read of the Node program; its remote component and calls do not apply)",
    runs: [
        createA,
        {
            operation: "up",
            spec: { things: [thing("resA"), { name: "resB", get: "missing" }] },
            ok: true,
            steps: ["read resB", "same resA"],
            state: ["resA", "resB"],
            check: ({ program, resources, where }) => {
                const declaring = { resA: /new Thing\(item\.name/, resB: /Thing\.get\(item\.name/ };
                for (const resource of resources) {
                    const frames = (resource.stackTrace ?? []).map((frame) => frame.sourcePosition ?? "");
                    assert.match(resource.sourcePosition ?? "", /^project:\/\/\/.+#\d+,\d+$/, where);
                    assert.equal(frames[0], resource.sourcePosition, where);
                    const line = programLine(program.dir, declaring[nameOf(resource.urn) as keyof typeof declaring]);
                    assert.ok(
                        frames.some((frame) => line.test(frame)),
                        `${resource.urn} was declared at ${line}: ${frames.join(" ")}; ${where}`,
                    );
                }
            },
        },
    ],
};

const CUSTOM_TIMEOUTS: GoCase = {
    go: "TestCustomTimeouts",
    runs: [
        {
            operation: "up",
            spec: {
                things: [thing("resA", { customTimeouts: { create: "1m", delete: "1m", update: "4m", read: "30s" } })],
            },
            ok: true,
            steps: ["create resA"],
            state: ["resA"],
            check: ({ program, resources, where }) => {
                assert.deepEqual(
                    program.state().resources.map((resource) => nameOf(resource.urn)),
                    ["enginetest-dev", "default", "resA"],
                    where,
                );
                assert.deepEqual(
                    resources[0]?.customTimeouts,
                    { create: 60, delete: 60, update: 240, read: 30 },
                    where,
                );
            },
        },
    ],
};

/** resA with one alias; a malformed URN in it fails the registration, and with it the Node program (TestBadResourceOptionURNs). */
const badAlias = (alias: Alias, message: string): Run => ({
    operation: "up",
    spec: { things: [thing("resA", { aliases: [alias] })] },
    ok: false,
    error: new RegExp(`${message}: invalid URN "very-bad urn"`),
    steps: [],
    state: [],
});

/** The state as TestIgnoreChangesInvalidPaths's first run left it: each later run starts from it, as in Go. */
let firstState = "";
const INVALID_PATH = (path: string) =>
    new RegExp(
        `resA: cannot ignore changes in added or removed elements of the path: "${path.replace(/[[\]]/g, "\\$&")}"`,
    );

/** An update of resA from the first state, its ignoreChanges path one Reset cannot follow: the new inputs are taken as they are. */
const invalidPath = (inputs: Record<string, unknown>, path: string): Run => ({
    operation: "up",
    before: ({ stateFile }) => fs.writeFileSync(stateFile, firstState),
    spec: { things: [thing("resA", { ignoreChanges: [path] }, inputs)] },
    ok: true,
    steps: ["update resA"],
    state: ["resA"],
    check: ({ result, resources, where }) => {
        assert.deepEqual([resources[0]?.inputs.foo, resources[0]?.inputs.qux], [inputs.foo, inputs.qux], where);
        assert.match((result.diagnostics ?? []).join("\n"), INVALID_PATH(path), where);
    },
});

const IGNORE_CHANGES_INVALID_PATHS: GoCase = {
    go: "TestIgnoreChangesInvalidPaths",
    runs: [
        {
            operation: "up",
            spec: { things: [thing("resA", {}, { foo: { bar: "baz" }, qux: ["zed"] })] },
            ok: true,
            steps: ["create resA"],
            state: ["resA"],
            check: ({ program }) => (firstState = fs.readFileSync(program.stateFile, "utf8")),
        },
        invalidPath({}, "foo.bar"),
        invalidPath({ qux: [] }, "qux[0]"),
        invalidPath({}, "qux[0]"),
    ],
};

/**
 * The stack's config file with `enginetest:bar` a secure value of the passphrase stack PASSPHRASE describes: encrypted
 * with its key (`decryptable`) or with another stack's (TestBrokenDecrypter: the passphrase cannot decrypt it).
 */
const PASSPHRASE = "correct horse";
const secureConfigFile =
    (decryptable: boolean) =>
    ({ dir }: { dir: string }) => {
        const stack = newEncryptionSalt(PASSPHRASE);
        const key = decryptable ? stack.key : newEncryptionSalt(PASSPHRASE).key;
        const file = `encryptionsalt: ${stack.encryptionsalt}\nconfig:\n  enginetest:bar:\n    secure: ${encryptValue(key, "hunter2")}\n`;
        fs.writeFileSync(path.join(dir, "Pulumi.dev.yaml"), file);
    };

const BROKEN_DECRYPTER: GoCase = {
    go: "TestBrokenDecrypter (after an up whose secure value the stack's own key encrypts, which configures the provider with it, secret)",
    runs: [
        {
            ...createA,
            before: secureConfigFile(true),
            flags: { env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE } },
            check: ({ program, where }) => {
                const provider = program
                    .state()
                    .resources.find((resource) => resource.type === "pulumi:providers:pulumi-nodejs");
                assert.ok(provider && storedSecretKeys(provider).includes("enginetest:bar"), where);
                assert.ok(!fs.readFileSync(program.stateFile, "utf8").includes("hunter2"), where);
            },
        },
        {
            operation: "up",
            before: secureConfigFile(false),
            spec: ONLY_A,
            flags: { env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE } },
            ok: false,
            error: /^failed to decrypt configuration key 'enginetest:bar': cipher: message authentication failed$/,
            steps: [],
            calls: { configure: [] },
            state: ["resA"],
        },
    ],
};

describeGoFile("pulumi_test.go", [
    {
        go: "TestParallelDiff (the double's Diff calls of independent registrations are always in flight together)",
        runs: [
            {
                operation: "up",
                spec: TWO_DIFFING,
                flags: { parallel: 2 },
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "preview",
                spec: TWO_DIFFING,
                flags: { parallel: 2 },
                ok: true,
                steps: ["same resA", "same resB"],
                calls: { diff: ["resA", "resB"] },
                state: ["resA", "resB"],
                check: diffsOverlapped,
            },
        ],
    },
    {
        go: "TestPersistentDiff (its legacy diff, an engine option the CLI does not set, is not transcribed)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { alwaysChanges: true })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "preview",
                spec: { things: [thing("resA", {}, { alwaysChanges: true })] },
                ok: true,
                steps: ["update resA"],
                calls: { diff: ["resA"], update: [] },
                state: ["resA"],
            },
        ],
    },
    {
        go: "TestPreviewWithPendingOperations",
        runs: [createA, sameA("preview", interrupted("updating"), ["updating resA"])],
    },
    {
        go: "TestRefreshWithPendingOperations (an up with --refresh, and a refresh then an up, each from a state holding a pending update)",
        runs: [
            createA,
            { ...sameA("up", interrupted("updating")), ...REFRESHED },
            { ...sameA("refresh", interrupted("updating")), calls: { read: ["resA"] } },
            sameA("up"),
        ],
    },
    {
        go: "TestRefreshPreservesPendingCreateOperations",
        runs: [createA, { ...sameA("up", interrupted("updating", "creating"), ["creating resB"]), ...REFRESHED }],
    },
    {
        go: "TestUpdateShowsWarningWithPendingOperations",
        runs: [
            createA,
            {
                ...sameA("up", interrupted("updating", "creating")),
                check: (seen) => {
                    pendingAfter("creating resB")(seen);
                    assert.match((seen.result.diagnostics ?? []).join("\n"), PENDING_WARNING, seen.where);
                },
            },
        ],
    },
    {
        go: "TestUpdatePartialFailure (the update's init errors: the old inputs are kept with the outputs the provider answered)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { input_prop: "old inputs" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: {
                    things: [thing("resA", {}, { input_prop: "new inputs", failUpdateInit: "update failed to apply" })],
                },
                ok: false,
                steps: ["update resA failed"],
                calls: { update: ["resA"] },
                state: ["resA"],
                inputs: { resA: { input_prop: "old inputs", failUpdateInit: undefined } },
                check: ({ resources, where }) => {
                    assert.equal(resources[0]?.outputs.input_prop, "new inputs", where);
                    assert.deepEqual(resources[0]?.initErrors, ["update failed to apply"], where);
                },
            },
        ],
    },
    {
        go: "TestEventSecrets (the update's step carries the secret input as a secret in its old inputs and outputs and its new inputs)",
        runs: [
            { operation: "up", spec: webhooks("foo"), ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: webhooks("bar"),
                ok: true,
                steps: ["update resA"],
                state: ["resA"],
                check: ({ result, where }) => {
                    const step = result.steps.find((each) => each.name === "resA");
                    for (const value of [
                        step?.old?.inputs.webhooks,
                        step?.old?.outputs?.webhooks,
                        step?.new?.inputs.webhooks,
                    ]) {
                        assert.ok(isSecretWrapper(value), where);
                    }
                    assert.ok(
                        !JSON.stringify(step).includes('"bar"') && !JSON.stringify(step).includes('"foo"'),
                        where,
                    );
                },
            },
        ],
    },
    {
        go: "TestStackOutputsResourceError (the up exporting an output of a resource whose create fails keeps the stack's earlier outputs)",
        runs: [
            {
                operation: "up",
                spec: stepOutputs("step 0"),
                ok: true,
                steps: ["create s"],
                state: ["s"],
                check: stackOutputs("step 0"),
            },
            {
                operation: "up",
                spec: {
                    things: [
                        thing("s", {}, { value: "step 0" }),
                        thing("resA", {}, { failCreate: "oh no", value: "step 1" }),
                    ],
                    exports: { first: "resA.value", second: "resA.value" },
                },
                ok: false,
                error: /oh no/,
                steps: ["create resA failed", "same s"],
                state: ["s"],
                check: stackOutputs("step 0"),
            },
            {
                operation: "up",
                spec: stepOutputs("step 3"),
                ok: true,
                steps: ["update s"],
                state: ["s"],
                check: stackOutputs("step 3"),
            },
        ],
    },
    {
        go: "TestResourceNames (the names as custom resources' names; its explicit provider and the component under the resource are not transcribed)",
        runs: [
            {
                operation: "up",
                spec: { things: ODD_NAMES.map((name) => thing(name)) },
                ok: true,
                steps: ODD_NAMES.map((name) => `create ${name}`).sort(),
                state: ODD_NAMES.map((name) => name.split("::").pop() ?? "").sort(),
                check: ({ resources, where }) =>
                    assert.deepEqual(
                        resources.map((resource) => resource.urn).sort(),
                        ODD_NAMES.map(
                            (name) => `urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::${name}`,
                        ).sort(),
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestPendingDeleteOrder (resA replaced, resB's create fails; the retry replaces resB and deletes old resB before old resA)",
        runs: [
            {
                operation: "up",
                spec: pendingDeleteOrder("bar"),
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: pendingDeleteOrder("baz", { failCreate: "Could not create typB" }),
                ok: false,
                error: /Could not create typB/,
                steps: ["replace resA", "replace resB failed"],
                state: ["resA", "resA", "resB"],
                pendingDelete: ["resA"],
            },
            {
                operation: "up",
                spec: pendingDeleteOrder("baz"),
                ok: true,
                steps: ["delete resA", "replace resB", "same resA"],
                deletes: ["resA", "resB"],
                state: ["resA", "resB"],
                pendingDelete: [],
                check: ({ calls, where }) =>
                    assert.deepEqual(
                        calls.filter((call) => call.call === "delete").map((call) => call.label),
                        ["resB", "resA"],
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestStackOutputsProgramError (its Node SDK steps: after a program that fails, the stack keeps its earlier outputs)",
        runs: [
            {
                operation: "up",
                spec: stepOutputs("step 0"),
                ok: true,
                steps: ["create s"],
                state: ["s"],
                check: stackOutputs("step 0"),
            },
            {
                operation: "up",
                spec: { ...stepOutputs("step 2"), fail: "after" },
                ok: false,
                error: /the spec program failed on purpose/,
                steps: ["update s"],
                state: ["s"],
                check: stackOutputs("step 0"),
            },
            {
                operation: "up",
                spec: stepOutputs("step 3"),
                ok: true,
                steps: ["update s"],
                state: ["s"],
                check: stackOutputs("step 3"),
            },
        ],
    },
    {
        go: "TestProgramError (the program fails after registering resA: resB, not registered, is not deleted)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB")] },
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA")], fail: "after" },
                ok: false,
                error: /the spec program failed on purpose/,
                steps: ["same resA"],
                state: ["resA", "resB"],
            },
        ],
    },
    {
        go: "TestResourceError",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { failCreate: "create failed intentionally" })] },
                ok: false,
                error: /create failed intentionally/,
                steps: ["create resA failed"],
                state: [],
            },
        ],
    },
    {
        go: "TestConfigSecrets (a secret config value is secret in the default provider's recorded inputs and outputs)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA")] },
                flags: { secretConfig: { "enginetest:secret": "hunter2" } },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
                check: ({ program, where }) => {
                    const provider = program
                        .state()
                        .resources.find((resource) => resource.type === "pulumi:providers:pulumi-nodejs");
                    assert.ok(provider && storedSecretKeys(provider).includes("enginetest:secret"), where);
                    assert.ok(!fs.readFileSync(program.stateFile, "utf8").includes("hunter2"), where);
                },
            },
        ],
    },
    IGNORE_CHANGES,
    IGNORE_CHANGES_INVALID_PATHS,
    { go: "TestEmptyProgramLifecycle", runs: basicLifecycle({ things: [] }) },
    {
        go: "TestComponentOutputs (a component through the basic lifecycle)",
        runs: basicLifecycle({ groups: [{ name: "resA" }], things: [] }),
    },
    {
        go: "TestCheckFailureRecord",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { failCheck: "oh no, check had an error" })] },
                ok: false,
                error: /oh no, check had an error/,
                steps: ["create resA failed"],
                state: [],
            },
        ],
    },
    {
        go: "TestCheckFailureInvalidPropertyRecord",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { size: -1 })] },
                ok: false,
                error: /size.*must be a positive number|must be a positive number/,
                steps: ["create resA failed"],
                state: [],
            },
        ],
    },
    {
        go: "TestReplaceOnChanges (its engine diff, the dynamic provider's diff leaving the changes to the engine; all but its nested path `b.c`, which the double does not follow)",
        runs: [
            replacedOn("create", { a: 1, b: { c: "foo" } }, ["a", "b.c"]),
            replacedOn("replace", { a: 2, b: { c: "foo" } }, ["a"]),
            replacedOn("replace", { a: 3, b: { c: "baz" } }, ["*"]),
            replacedOn("update", { a: 4, b: { c: "qux" } }),
            replacedOn("replace", { a: 42, b: { c: "qux" } }, ["a"]),
        ],
    },
    {
        go: "TestProtect (slug is the provider's replace key)",
        runs: [
            {
                operation: "up",
                spec: { things: [protectedA({ slug: "bar" }, true)] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
                check: (seen) => (idBefore = idOfA(seen)),
            },
            {
                operation: "preview",
                spec: { things: [protectedA({ slug: "baz" }, true)] },
                ok: false,
                error: /unable to replace resource .*::resA.*as it is currently marked for protection/s,
                steps: ["replace resA failed"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [protectedA({ slug: "baz" }, true)] },
                ok: false,
                error: /unable to replace resource .*::resA.*as it is currently marked for protection/s,
                steps: ["replace resA failed"],
                calls: { create: [] },
                state: ["resA"],
                check: (seen) => assert.equal(idOfA(seen), idBefore, seen.where),
            },
            {
                operation: "up",
                spec: { things: [] },
                ok: false,
                error: /cannot be deleted because it is protected/,
                steps: ["delete resA failed"],
                state: ["resA"],
                protect: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [protectedA({ slug: "baz" }, false)] },
                ok: true,
                steps: ["replace resA"],
                deletes: ["resA"],
                state: ["resA"],
                protect: [],
            },
            {
                operation: "up",
                spec: { things: [protectedA({ slug: "baz" }, true)] },
                ok: true,
                steps: ["same resA"],
                state: ["resA"],
                protect: ["resA"],
            },
            {
                operation: "up",
                before: unprotect("resA"),
                spec: { things: [protectedA({ slug: "daz" }, true)] },
                ok: true,
                steps: ["replace resA"],
                deletes: ["resA"],
                state: ["resA"],
                protect: ["resA"],
            },
        ],
    },
    {
        go: "TestOldCheckedInputsAreSent (what the state records: the checked inputs with the provider's default, the outputs with the computed url)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "bar" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
                inputs: { resA: { foo: "bar", tier: "standard" } },
                check: hasUrl,
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "baz" })] },
                ok: true,
                steps: ["update resA"],
                calls: { update: ["resA"] },
                state: ["resA"],
                inputs: { resA: { foo: "baz", tier: "standard" } },
                check: hasUrl,
            },
            { operation: "destroy", ok: true, steps: ["delete resA"], deletes: ["resA"], state: [] },
        ],
    },
    {
        go: "TestAutomaticDiff (the provider leaves the diff to the engine: the preview's update names foo, an input diff)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { diffUnknown: true, foo: 1 })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "preview",
                spec: { things: [thing("resA", {}, { diffUnknown: true, foo: 2 })] },
                ok: true,
                steps: ["update resA"],
                state: ["resA"],
                check: ({ result, where }) => {
                    const step = result.steps.find((each) => each.name === "resA");
                    assert.deepEqual(step?.diffReasons, ["foo"], where);
                    assert.deepEqual(step?.detailedDiff, { foo: { kind: "update", inputDiff: true } }, where);
                },
            },
        ],
    },
    {
        go: "TestDeletedWith",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resA", {}, { slug: "1" }),
                        thing("resB", { deletedWith: "resA" }, { slug: "1" }),
                        thing("resC", { deletedWith: "resB" }, { slug: "1" }),
                    ],
                },
                ok: true,
                steps: ["create resA", "create resB", "create resC"],
                state: ["resA", "resB", "resC"],
            },
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resA", {}, { slug: "2" }),
                        thing("resB", { deletedWith: "resA" }, { slug: "2" }),
                        thing("resC", { deletedWith: "resB" }, { slug: "2" }),
                    ],
                },
                ok: true,
                steps: ["replace resA", "replace resB", "replace resC"],
                deletes: ["resA"],
                state: ["resA", "resB", "resC"],
            },
            {
                operation: "up",
                spec: { things: [] },
                ok: true,
                steps: ["delete resA", "delete resB", "delete resC"],
                deletes: ["resA"],
                state: [],
            },
        ],
    },
    TIMESTAMP_TRACKING,
    SOURCE_POSITIONS,
    CUSTOM_TIMEOUTS,
    BROKEN_DECRYPTER,
    {
        go: "TestBadResourceOptionURNs (its malformed alias URN and alias parent URN; a Node program's parent, deletedWith and dependencies are resources, never malformed URNs)",
        runs: [
            badAlias({ urn: "very-bad urn" }, "invalid alias URN"),
            badAlias({ parentUrn: "very-bad urn" }, "invalid parent alias URN"),
        ],
    },
    {
        go: "TestReplaceWithAndPropertyChange (resB, replaced with resA, has a replacing change of its own too)",
        runs: [
            {
                operation: "up",
                spec: replacedWithA("initial"),
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: replacedWithA("changed"),
                ok: true,
                steps: ["replace resA", "replace resB"],
                deletes: ["resA", "resB"],
                calls: { create: ["resA", "resB"] },
                state: ["resA", "resB"],
                // resA replaced first, resB is replaced with it before its own Diff is asked (step_generator.go diff).
                check: ({ result, where }) =>
                    assert.deepEqual(
                        result.steps.find((step) => step.name === "resB")?.replaces,
                        ["replaceWith"],
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestPendingDeleteReplacement (the service refuses to delete resA while a copy of resB points to it)",
        runs: [
            {
                operation: "up",
                spec: pointingToA("bar", "active"),
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: pointingToA("bar", "inactive"),
                ok: false,
                error: /Could not delete typB/,
                steps: ["delete resB failed", "replace resB", "same resA"],
                deletes: ["resB"],
                state: ["resA", "resB", "resB"],
                pendingDelete: ["resB"],
                check: inStateOrder(["resA", false], ["resB", false], ["resB", true]),
            },
            {
                // resA's delete-before-replace deletes both copies of resB first: neither points to resA when it goes.
                operation: "up",
                before: drift({ failDelete: undefined }, "resB"),
                spec: pointingToA("baz", "inactive"),
                ok: true,
                steps: ["delete resB", "replace resA", "replace resB"],
                deletes: ["resA", "resB", "resB"],
                state: ["resA", "resB"],
                check: inStateOrder(["resA", false], ["resB", false]),
            },
        ],
    },
]);
