// Conformance with the Go engine's own lifecycle tests (pulumi/pulumi pkg/engine/lifecycletest): each case below is a Go
// test transcribed, as far as it applies to a program of custom resources from one dynamic provider, into runs of the
// spec program through the double, checking the steps of each run, the provider's deletes and the final state the Go
// test checks. Go tests of the same files that cannot apply, or that the double does not follow, are listed with why.
// The suite prints how many Go cases it covers and how many do not apply.
import { strict as assert } from "assert";
import { editStateFile } from "../state/state-edit";
import { Operation, RunOptions } from "../types";
import { ProgramSpec, TestProgram, freshProgramPerTest } from "./test-program";
import { sampleOf } from "../../support/depth";

interface Run {
    operation: Operation;
    spec?: ProgramSpec;
    /** --target, --target-dependents, --continue-on-error, --replace, --target-replace. */
    flags?: Pick<RunOptions, "targets" | "targetDependents" | "continueOnError" | "replaceTargets" | "targetReplaces">;
    /** Edits the provider's "cloud" before the run (a change made outside the program). */
    before?: (program: TestProgram) => void;
    ok: boolean;
    error?: RegExp;
    /** Every step of the run but the stack's, as "op name" (" failed" appended), sorted. */
    steps: string[];
    /** The labels of the provider's Delete calls, sorted (default: none). */
    deletes?: string[];
    /** The names of the program's resources in the state afterwards, sorted. */
    state: string[];
    /** The objects the provider's service holds afterwards. */
    cloud?: number;
    /** Resources recorded as protected / with this deletedWith resource (by name). */
    protect?: string[];
    /** Resources recorded as tainted (by name); checked when given. */
    taint?: string[];
    deletedWith?: Record<string, string>;
}

interface GoCase {
    go: string;
    runs: Run[];
}

const thing = (name: string, options: NonNullable<ProgramSpec["things"][number]["options"]> = {}, inputs: Record<string, unknown> = {}) => ({
    name,
    inputs,
    options,
});

const urnOf = (name: string) => `urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::${name}`;

/** `pulumi state taint` of the named resources, as a test's edit of the snapshot between runs. */
const taint =
    (...names: string[]) =>
    (program: TestProgram) =>
        editStateFile(program.stateFile, { edit: "taint", urns: names.map(urnOf), all: false, force: false, targetDependents: false });

const FIVE = ["A", "B", "C", "F", "G"].map((name) => thing(name, {}, { name }));

const COVERED: GoCase[] = [
    {
        go: "target_test.go TestReplaceSpecificTargets (five independent things for its dependency graph: the rule is the targets' own)",
        runs: [
            { operation: "up", spec: { things: FIVE }, ok: true, steps: ["create A", "create B", "create C", "create F", "create G"], state: ["A", "B", "C", "F", "G"] },
            {
                operation: "up",
                spec: { things: FIVE },
                flags: { replaceTargets: ["F", "B", "G"].map(urnOf) },
                ok: true,
                steps: ["replace B", "replace F", "replace G", "same A", "same C"],
                deletes: ["B", "F", "G"],
                state: ["A", "B", "C", "F", "G"],
            },
            {
                operation: "up",
                spec: { things: FIVE },
                flags: { targetReplaces: [urnOf("C")] },
                ok: true,
                steps: ["replace C", "same A", "same B", "same F", "same G"],
                deletes: ["C"],
                state: ["A", "B", "C", "F", "G"],
            },
            {
                operation: "up",
                spec: { things: FIVE },
                flags: { replaceTargets: [urnOf("missing")] },
                ok: false,
                error: /one or more targets could not be found in the stack: Target '.*::missing' could not be found in the stack/,
                steps: [],
                state: ["A", "B", "C", "F", "G"],
            },
        ],
    },
    {
        go: "taint_test.go TestTaintReplacement",
        runs: [
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, before: taint("resA"), ok: true, steps: ["replace resA"], deletes: ["resA"], state: ["resA"], taint: [] },
        ],
    },
    {
        go: "taint_test.go TestTaintMultipleResources",
        runs: [
            {
                operation: "up",
                spec: { things: ["resA", "resB", "resC"].map((name) => thing(name, {}, { name })) },
                ok: true,
                steps: ["create resA", "create resB", "create resC"],
                state: ["resA", "resB", "resC"],
            },
            {
                operation: "up",
                spec: { things: ["resA", "resB", "resC"].map((name) => thing(name, {}, { name })) },
                before: taint("resA", "resC"),
                ok: true,
                steps: ["replace resA", "replace resC", "same resB"],
                deletes: ["resA", "resC"],
                state: ["resA", "resB", "resC"],
                taint: [],
            },
        ],
    },
    {
        go: "taint_test.go TestTaintNoChanges",
        runs: [
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, ok: true, steps: ["same resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resA", {}, { foo: "bar" })] }, before: taint("resA"), ok: true, steps: ["replace resA"], deletes: ["resA"], state: ["resA"], taint: [] },
        ],
    },
    {
        go: "retain_on_delete_test.go TestRetainOnDelete",
        runs: [
            { operation: "up", spec: { things: [thing("resA", { retainOnDelete: true }, { slug: "1" })] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resA", { retainOnDelete: true }, { slug: "2" })] }, ok: true, steps: ["replace resA"], state: ["resA"], cloud: 2 },
            { operation: "up", spec: { things: [] }, ok: true, steps: ["delete resA"], state: [], cloud: 2 },
        ],
    },
    {
        go: "pulumi_test.go TestDeletedWith",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { slug: "1" }), thing("resB", { deletedWith: "resA" }, { slug: "1" }), thing("resC", { deletedWith: "resB" }, { slug: "1" })] },
                ok: true,
                steps: ["create resA", "create resB", "create resC"],
                state: ["resA", "resB", "resC"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { slug: "2" }), thing("resB", { deletedWith: "resA" }, { slug: "2" }), thing("resC", { deletedWith: "resB" }, { slug: "2" })] },
                ok: true,
                steps: ["replace resA", "replace resB", "replace resC"],
                deletes: ["resA"],
                state: ["resA", "resB", "resC"],
            },
            { operation: "up", spec: { things: [] }, ok: true, steps: ["delete resA", "delete resB", "delete resC"], deletes: ["resA"], state: [] },
        ],
    },
    {
        go: "provider_test.go TestDeletedWithOptionInheritance",
        runs: [
            {
                operation: "up",
                spec: { groups: [{ name: "deletable" }], things: [thing("resA", { deletedWith: "deletable" }), thing("resB", { parent: "resA" })] },
                ok: true,
                steps: ["create deletable", "create resA", "create resB"],
                state: ["deletable", "resA", "resB"],
                deletedWith: { resA: "deletable", resB: "deletable" },
            },
        ],
    },
    {
        go: "protect_test.go TestMultipleProtectedDeletes",
        runs: [
            { operation: "up", spec: { things: [thing("resA", { protect: true }), thing("resB", { protect: true })] }, ok: true, steps: ["create resA", "create resB"], state: ["resA", "resB"] },
            {
                operation: "up",
                spec: { things: [] },
                ok: false,
                error: /"urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic\/test:Thing::res[AB]" cannot be deleted because it is protected/,
                steps: ["delete resA failed", "delete resB failed"],
                state: ["resA", "resB"],
                protect: ["resA", "resB"],
            },
        ],
    },
    {
        go: "protect_test.go TestProtectInheritance",
        runs: [
            {
                operation: "up",
                spec: { groups: [{ name: "parent", options: { protect: true } }], things: [thing("child", { parent: "parent" })] },
                ok: true,
                steps: ["create child", "create parent"],
                state: ["child", "parent"],
                protect: ["child", "parent"],
            },
        ],
    },
    {
        go: "alias_test.go TestAliases (a rename with an alias to the old name)",
        runs: [
            // The same inputs under both names (the test resource's label defaults to its name).
            { operation: "up", spec: { things: [thing("resA", {}, { label: "a" })] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resB", { aliases: [{ name: "resA" }] }, { label: "a" })] }, ok: true, steps: ["same resB"], state: ["resB"], cloud: 1 },
        ],
    },
    {
        go: "alias_test.go TestParentAlias (a resource moved under a component keeps its object)",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: { groups: [{ name: "comp" }], things: [thing("resA", { parent: "comp", aliases: [{ noParent: true }] })] },
                ok: true,
                steps: ["create comp", "same resA"],
                state: ["comp", "resA"],
                cloud: 1,
            },
        ],
    },
    {
        go: "refresh_test.go TestRefreshWithDelete",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "refresh", before: (program) => program.editCloud((cloud) => Object.keys(cloud).forEach((id) => delete cloud[id])), ok: true, steps: ["read-gone resA"], state: [] },
        ],
    },
    {
        go: "refresh_test.go TestRefreshBasics (drift read into the state)",
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
    {
        go: "target_test.go TestCreateDuringTargetedUpdate_UntargetedCreateNotReferenced",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            { operation: "up", spec: { things: [thing("resA"), thing("resB")] }, flags: { targets: [urnOf("resA")] }, ok: true, steps: ["same resA", "same resB"], state: ["resA"], cloud: 1 },
        ],
    },
    {
        go: "target_test.go TestCreateDuringTargetedUpdate_UntargetedCreateReferencedByChangedTarget",
        runs: [
            { operation: "up", spec: { things: [thing("b", {}, { colour: "red" })] }, ok: true, steps: ["create b"], state: ["b"] },
            {
                operation: "up",
                spec: { things: [thing("a"), { name: "b", inputs: { colour: "blue" }, dependsOn: ["a"] }] },
                flags: { targets: [urnOf("b")] },
                ok: false,
                error: /Resource '.*::b' depends on '.*::a' which was was not specified in --target list/,
                steps: ["same a", "update b failed"],
                state: ["b"],
                cloud: 1,
            },
        ],
    },
    {
        go: "target_test.go TestTargetDependents (each run from an empty stack)",
        runs: [
            { operation: "up", spec: { things: [thing("resA"), thing("resB")] }, flags: { targets: [urnOf("resA")] }, ok: true, steps: ["create resA", "same resB"], state: ["resA"] },
            { operation: "destroy", ok: true, steps: ["delete resA"], deletes: ["resA"], state: [] },
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB")] },
                flags: { targets: [urnOf("resA")], targetDependents: true },
                ok: true,
                steps: ["create resA", "same resB"],
                state: ["resA"],
            },
        ],
    },
    {
        go: "target_test.go TestDestroyTarget (destroy root A, with and without --target-dependents)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("A"), { name: "B", dependsOn: ["A"] }, thing("C", { parent: "B" }), thing("other")] },
                ok: true,
                steps: ["create A", "create B", "create C", "create other"],
                state: ["A", "B", "C", "other"],
            },
            {
                operation: "destroy",
                flags: { targets: [urnOf("A")] },
                ok: false,
                error: /will be destroyed but was not specified in --target list/,
                steps: [],
                state: ["A", "B", "C", "other"],
            },
            {
                operation: "destroy",
                flags: { targets: [urnOf("A")], targetDependents: true },
                ok: true,
                steps: ["delete A", "delete B", "delete C"],
                deletes: ["A", "B", "C"],
                state: ["other"],
            },
        ],
    },
    {
        go: "continue_on_error_test.go TestDestroyContinueOnError",
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
        go: "continue_on_error_test.go TestUpContinueOnErrorCreate (failing2, a partial failure without an id, cannot be made by the dynamic host)",
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
];

const DYNAMIC_IMPORT = "the dynamic-provider host cannot Read an id alone (the serialized provider is not among the inputs), so an import never succeeds";
const NOT_FOLLOWED_EXCLUDE = "--exclude / --exclude-dependents are not followed by the double (README: not followed)";
const EXPLICIT_PROVIDERS = "needs explicit or several providers; programs here have the one default dynamic provider";
const NO_FLAG = "a CLI flag or engine option the double does not have (--remove, ignore-protect, plans, refresh v2 options)";

const NOT_APPLICABLE: { go: string; why: string }[] = [
    { go: "import_test.go TestImportOption", why: DYNAMIC_IMPORT },
    { go: "import_test.go TestImportIntoParent", why: DYNAMIC_IMPORT },
    { go: "import_test.go TestImportInputDiff", why: DYNAMIC_IMPORT },
    { go: "import_test.go TestImportIgnoreChanges", why: DYNAMIC_IMPORT },
    { go: "import_test.go TestImportIDPreservedAcrossUpdate", why: DYNAMIC_IMPORT },
    { go: "import_test.go TestImportPlan, TestImportPlan* (7 tests)", why: "`pulumi import` plans are a CLI command, not a program option" },
    { go: "import_test.go TestImportRemoteComponent, TestImportComponent", why: "remote components and component imports: no custom resource of the dynamic provider" },
    { go: "protect_test.go TestIgnoreProtect, TestIgnoreProtectReplace, TestIgnoreProtectDBRChain, TestIgnoreProtectDestroy", why: NO_FLAG },
    { go: "target_test.go TestExcludeTarget, TestExcludeChildren, TestDestroyExclude*, TestExcludeProviderImplicitly, TestGlobExcludes, TestRefreshExclude* (9 tests)", why: NOT_FOLLOWED_EXCLUDE },
    { go: "target_test.go TestGlobTargets-style globs (`**b**`), TestTargetedCreateDefaultProvider, TestTargetDependentsExplicitProvider, TestTargetChange*ProviderVersion, TestUntargeted*Provider*, TestTargetedOperationSkipsUnrelatedProviderConfiguration", why: "URN globs and provider changes under --target: the double takes literal URNs and has the one default provider" },
    { go: "target_test.go TestReplaceSpecificTargetsPlan", why: "update plans: " + NO_FLAG },
    { go: "target_test.go TestRefreshTargetChildren, TestDestroyTargetWithChildren, TestTargetDestroy* (5 tests), TestUpdateTarget, TestEnsureUntargetedSame, TestTargetUntargetedParent*, TestUntargetedDependencyChainsArePreserved and the remaining (27 tests)", why: "not transcribed yet; the rules they check are those of the cases above (tests in targets.test.ts)" },
    { go: "continue_on_error_test.go TestUpContinueOnErrorUpdate*, TestUpContinueOnErrorNoSDKSupport, TestUpContinueOnErrorUpdateNoSDKSupport, TestDestroyContinueOnErrorDeleteAfterFailedUp, TestUpContinueOnErrorFailedDependencies", why: "not transcribed yet; the rules they check are those of the cases above" },
    { go: "continue_on_error_test.go TestContinueOnErrorImport, TestContinueOnErrorWithChangingProviderOnCreate", why: DYNAMIC_IMPORT + "; " + EXPLICIT_PROVIDERS },
    { go: "alias_test.go TestAliasesInProvidersAreNormalized", why: EXPLICIT_PROVIDERS },
    { go: "alias_test.go TestAliasesNodeJSBackCompat, TestAliasURNs", why: "alias URN lists from old SDKs; the Node SDK in use sends alias specs" },
    { go: "refresh_test.go TestRefreshWithProgramUpdateExplicitProvider, TestRefreshWithProviderThatHasDependencies", why: EXPLICIT_PROVIDERS },
    { go: "refresh_test.go TestRefreshV2* (10 tests)", why: NO_FLAG },
    { go: "refresh_test.go TestExternalRefresh, TestExternalRefreshDoesNotCallDiff", why: "external (read) resources are refreshed by the same path as Kind.get, covered elsewhere; external state is not modelled" },
    {
        go: "taint_test.go TestTaintWithPendingDelete",
        why: "not transcribed yet: it starts from a snapshot holding a tainted pending delete beside the live resource; that a pending delete is never tainted is checked in state-edit.test.ts",
    },
    { go: "deleted_with_replace_test.go (6 tests)", why: "deletedWith cascade replacements (findDependentCascadeReplacements) are not followed (README)" },
];

describe("engine double: conformance with the Go engine's lifecycle tests", function () {
    // Each case runs the program and the provider host two or three times; a busy machine takes tens of seconds a run.
    this.timeout(240_000);
    const testProgram = freshProgramPerTest();

    after(() => {
        console.log(`      conformance: ${COVERED.length} Go lifecycle cases covered, ${NOT_APPLICABLE.length} entries (Go tests or groups) do not apply or are not followed`);
    });

    for (const goCase of sampleOf("the Go engine's lifecycle cases", COVERED, 2, (goCase) => goCase.go.split(" ")[1] ?? goCase.go)) {
        it(goCase.go, async () => {
            const program = testProgram();
            for (const [index, run] of goCase.runs.entries()) {
                run.before?.(program);
                program.takeCalls();
                const result = await program.run(run.operation, run.spec, run.flags);
                const where = `${goCase.go}, run ${index} (${run.operation}):\n${result.log}`;
                assert.equal(result.ok, run.ok, where);
                if (run.error) {
                    assert.match(result.error ?? "", run.error, where);
                }
                const steps = result.steps
                    .filter((step) => step.type !== "pulumi:pulumi:Stack")
                    .map((step) => `${step.op} ${step.name}${step.error ? " failed" : ""}`)
                    .sort();
                assert.deepEqual(steps, run.steps, where);
                const deletes = program.takeCalls().filter((call) => call.call === "delete").map((call) => call.label ?? "").sort();
                assert.deepEqual(deletes, run.deletes ?? [], where);
                const state = program.state().resources.filter((resource) => resource.type !== "pulumi:pulumi:Stack" && !resource.type.startsWith("pulumi:providers:"));
                const nameOf = (urn: string) => urn.split("::").pop() ?? "";
                assert.deepEqual(state.map((resource) => nameOf(resource.urn)).sort(), run.state, where);
                if (run.cloud !== undefined) {
                    assert.equal(Object.keys(program.cloud()).length, run.cloud, where);
                }
                if (run.taint) {
                    assert.deepEqual(state.filter((resource) => resource.taint).map((resource) => nameOf(resource.urn)).sort(), run.taint, where);
                }
                if (run.protect) {
                    assert.deepEqual(state.filter((resource) => resource.protect).map((resource) => nameOf(resource.urn)).sort(), run.protect, where);
                }
                for (const [name, target] of Object.entries(run.deletedWith ?? {})) {
                    const recorded = state.find((resource) => nameOf(resource.urn) === name)?.deletedWith;
                    assert.equal(recorded && nameOf(recorded), target, where);
                }
            }
        });
    }
});
