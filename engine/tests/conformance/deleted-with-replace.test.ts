// The Go engine's deleted_with_replace_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { GoCase, PROVIDER_URN, STACK_URN, Seen, describeGoFile, nameOf, thing, urnOf } from "./runner";

/** The Go tests' provider: a change of slug replaces the thing, delete-before-replace when asked. */
const replacing = (slug: string, deleteBeforeReplace: boolean) => ({
    slug,
    ...(deleteBeforeReplace ? { deleteBeforeReplace: true } : {}),
});

/** The things' ids when the check runs, by name, so that a later run can tell they were created again. */
function idsOf({ resources }: Seen): Map<string, string> {
    return new Map(resources.map((resource) => [nameOf(resource.urn), resource.id ?? ""]));
}

/** What the Go test checks of the run that replaces resT: the things stay in their order, each with a new id. */
function replacedInPlace(names: string[], before: () => Map<string, string>) {
    return (seen: Seen) => {
        assert.deepEqual(
            seen.resources.map((resource) => nameOf(resource.urn)),
            names,
            `the state's order, ${seen.where}`,
        );
        for (const [name, id] of idsOf(seen)) {
            assert.notEqual(id, before().get(name), `${name} has a new id, ${seen.where}`);
        }
    };
}

/**
 * resT, then things each deleted with the one before it (resD deleted with resT, resD2 with resD), all replaced when
 * resT's slug changes, with only resT's Delete called: the others go with it.
 */
function cascade(go: string, names: string[], deleteBeforeReplace: boolean): GoCase {
    let ids = new Map<string, string>();
    const spec = (slug: string) => ({
        things: names.map((name, index) =>
            index === 0
                ? thing(name, {}, replacing(slug, deleteBeforeReplace))
                : thing(name, { deletedWith: names[index - 1] }, { fixed: `property ${index}` }),
        ),
    });
    const sorted = [...names].sort();
    return {
        go,
        runs: [
            {
                operation: "up",
                spec: spec("bar"),
                ok: true,
                steps: sorted.map((name) => `create ${name}`),
                state: sorted,
                check: (seen) => (ids = idsOf(seen)),
            },
            {
                operation: "up",
                spec: spec("baz"),
                ok: true,
                steps: sorted.map((name) => `replace ${name}`),
                deletes: ["resT"],
                calls: { create: sorted },
                state: sorted,
                check: replacedInPlace(names, () => ids),
            },
        ],
    };
}

const protectedD = { deletedWith: "resT", protect: true };

describeGoFile("deleted_with_replace_test.go", [
    cascade("TestDeletedWithDependentReplacedOnDeleteBeforeReplace", ["resT", "resD"], true),
    cascade("TestDeletedWithTransitiveChain", ["resT", "resD", "resD2"], true),
    cascade("TestDeletedWithDependentReplacedOnCreateBeforeDelete", ["resT", "resD"], false),
    {
        go: "TestDeletedWithAddedSameStepAsReplace (resD's deletedWith added as resT is replaced delete-before-replace: resD is replaced too)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resT", {}, replacing("bar", true)), thing("resD", {}, { fixed: "property" })] },
                ok: true,
                steps: ["create resD", "create resT"],
                state: ["resD", "resT"],
            },
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resT", {}, replacing("baz", true)),
                        thing("resD", { deletedWith: "resT" }, { fixed: "property" }),
                    ],
                },
                ok: true,
                steps: ["replace resD", "replace resT"],
                // resD's old object was not deleted with resT (its old state names no deletedWith): its Delete is called.
                deletes: ["resD", "resT"],
                calls: { create: ["resD", "resT"] },
                state: ["resD", "resT"],
                deletedWith: { resD: "resT" },
                check: ({ resources, where }) =>
                    assert.deepEqual(
                        resources.map((resource) => nameOf(resource.urn)),
                        ["resT", "resD"],
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestDeletedWithTargetedDestroy (destroy --target T --target-dependents: D, deleted with T, gets no Delete of its own)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resT"), thing("resD", { deletedWith: "resT" })] },
                ok: true,
                steps: ["create resD", "create resT"],
                state: ["resD", "resT"],
            },
            {
                operation: "destroy",
                flags: { targets: [urnOf("resT")], targetDependents: true },
                ok: true,
                steps: ["delete resD", "delete resT"],
                deletes: ["resT"],
                state: [],
                // The untargeted default provider stays (and the stack, which the Go test's program does not register).
                check: ({ program, where }) =>
                    assert.deepEqual(
                        program.state().resources.map((resource) => resource.urn),
                        [STACK_URN, PROVIDER_URN],
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestDeletedWithProtectedDependentBlocksReplace",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resT", {}, replacing("bar", true)),
                        thing("resD", protectedD, { fixed: "property" }),
                    ],
                },
                ok: true,
                steps: ["create resD", "create resT"],
                state: ["resD", "resT"],
            },
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resT", {}, replacing("baz", true)),
                        thing("resD", protectedD, { fixed: "property" }),
                    ],
                },
                ok: false,
                error: /marked for protection/,
                steps: ["replace resT failed"],
                calls: { create: [] },
                state: ["resD", "resT"],
            },
        ],
    },
]);
