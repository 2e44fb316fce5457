// The Go engine's protect_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { Seen, describeGoFile, drift, stateOrder, thing, urnOf } from "./runner";

const PROTECTED_REPLACE = /as it is currently marked for protection/;
const ignoreProtect = { ignoreProtect: true };
/** TestIgnoreProtect's check of the preview's and the update's diagnostics. */
const noProtectError = ({ result, where }: Seen) => assert.doesNotMatch(result.log, /cannot be deleted/, where);
/** resA, protected, replaced when its slug changes (delete-before-replace when asked). */
const protectedA = (slug: string) => ({ things: [thing("resA", { protect: true }, { slug })] });
/** resB, protected, takes its slug from resA, which is replaced delete-before-replace when its slug changes. */
const dbrChain = (slug: string) => ({
    things: [
        thing("resA", {}, { slug, deleteBeforeReplace: true }),
        { ...thing("resB", { protect: true }), refs: { slug: "resA.slug" }, dependsOn: ["resA"] },
    ],
});

/** resA, replaced (create-before-delete) when its slug changes, its deletes failing; resB, protected, depends on it. */
const protectedDependent = (slug: string) => ({
    things: [
        thing("resA", {}, { slug, failDelete: "delete error" }),
        { ...thing("resB", { protect: true }), dependsOn: ["resA"] },
    ],
});

describeGoFile("protect_test.go", [
    {
        go: "TestMultipleProtectedDeletes",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", { protect: true }), thing("resB", { protect: true })] },
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
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
        go: "TestProtectInheritance",
        runs: [
            {
                operation: "up",
                spec: {
                    groups: [{ name: "parent", options: { protect: true } }],
                    things: [thing("child", { parent: "parent" })],
                },
                ok: true,
                steps: ["create child", "create parent"],
                state: ["child", "parent"],
                protect: ["child", "parent"],
            },
        ],
    },
    {
        go: "TestIgnoreProtect (a preview and an up with --ignore-protect delete the protected resources the program no longer declares)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", { protect: true }), thing("resB", { protect: true })] },
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "preview",
                spec: { things: [] },
                flags: ignoreProtect,
                ok: true,
                steps: ["delete resA", "delete resB"],
                state: ["resA", "resB"],
                check: noProtectError,
            },
            {
                operation: "up",
                spec: { things: [] },
                flags: ignoreProtect,
                ok: true,
                steps: ["delete resA", "delete resB"],
                deletes: ["resA", "resB"],
                state: [],
                check: noProtectError,
            },
        ],
    },
    {
        go: "TestIgnoreProtectReplace",
        runs: [
            { operation: "up", spec: protectedA("foo"), ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: protectedA("bar"),
                ok: false,
                error: PROTECTED_REPLACE,
                steps: ["replace resA failed"],
                state: ["resA"],
            },
            // The replacement stays protected: the flag does not unprotect it.
            {
                operation: "up",
                spec: protectedA("bar"),
                flags: ignoreProtect,
                ok: true,
                steps: ["replace resA"],
                deletes: ["resA"],
                state: ["resA"],
                protect: ["resA"],
            },
        ],
    },
    {
        go: "TestIgnoreProtectDBRChain",
        runs: [
            {
                operation: "up",
                spec: dbrChain("foo"),
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: dbrChain("bar"),
                ok: false,
                error: PROTECTED_REPLACE,
                steps: ["replace resA failed"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: dbrChain("bar"),
                flags: ignoreProtect,
                ok: true,
                steps: ["replace resA", "replace resB"],
                deletes: ["resA", "resB"],
                calls: { create: ["resA", "resB"] },
                state: ["resA", "resB"],
                protect: ["resB"],
            },
        ],
    },
    {
        go: "TestIgnoreProtectDestroy",
        runs: [
            { operation: "up", spec: protectedA("foo"), ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "destroy",
                ok: false,
                error: /cannot be deleted/,
                steps: ["delete resA failed"],
                state: ["resA"],
            },
            {
                operation: "destroy",
                flags: ignoreProtect,
                ok: true,
                steps: ["delete resA"],
                deletes: ["resA"],
                state: [],
                check: ({ program, where }) => assert.deepEqual(program.state().resources, [], where),
            },
        ],
    },
    {
        go: "TestProtectedDeleteChainsWithDuplicateDeletedResources",
        runs: [
            {
                operation: "up",
                spec: protectedDependent("1"),
                ok: true,
                steps: ["create resA", "create resB"],
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: protectedDependent("2"),
                ok: false,
                error: /delete error/,
                steps: ["delete resA failed", "replace resA", "same resB"],
                deletes: ["resA"],
                state: ["resA", "resA", "resB"],
                pendingDelete: ["resA"],
            },
            {
                // The protected resB halts the deletion of what it depends on, the live resA; the old copy of resA
                // is no dependency of resB's and goes.
                operation: "destroy",
                before: drift({ failDelete: undefined }, "resA"),
                ok: false,
                error: new RegExp(`resource "${urnOf("resB")}" cannot be deleted`),
                steps: ["delete resA", "delete resB failed"],
                deletes: ["resA"],
                state: ["resA", "resB"],
                pendingDelete: [],
                check: ({ program, resources, where }) => {
                    assert.deepEqual(stateOrder(resources), ["resA", "resB"], where);
                    const left = Object.values(program.cloud()).filter((object) => object.label === "resA");
                    assert.deepEqual(
                        left.map((object) => object.slug),
                        ["2"],
                        `the replacement is what is left, ${where}`,
                    );
                },
            },
        ],
    },
]);
