// The Go engine's replace_with_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { GoCase, Seen, describeGoFile, nameOf, thing, urnOf } from "./runner";

/** The things' ids by name when the check runs. */
const idsOf = ({ resources }: Seen) => new Map(resources.map((resource) => [nameOf(resource.urn), resource.id ?? ""]));

/** The Go tests' resA, replaced when its slug changes (delete-before-replace when asked), and resB replaced with it. */
function replacedWith(go: string, deleteBeforeReplace: boolean): GoCase {
    let before = new Map<string, string>();
    const spec = (slug: string) => ({
        things: [
            thing("resA", {}, { slug, ...(deleteBeforeReplace ? { deleteBeforeReplace: true } : {}) }),
            thing("resB", { replaceWith: ["resA"] }, { fixed: "property" }),
        ],
    });
    return {
        go,
        runs: [
            {
                operation: "up",
                spec: spec("foo"),
                ok: true,
                steps: ["create resA", "create resB"],
                deletes: [],
                state: ["resA", "resB"],
                check: (seen) => {
                    before = idsOf(seen);
                    assert.deepEqual(
                        seen.resources[1]?.replaceWith,
                        [urnOf("resA")],
                        `resB's replaceWith, ${seen.where}`,
                    );
                },
            },
            {
                operation: "up",
                spec: spec("bar"),
                ok: true,
                steps: ["replace resA", "replace resB"],
                deletes: ["resA", "resB"],
                calls: { create: ["resA", "resB"] },
                state: ["resA", "resB"],
                // The replacements keep their URNs, in their order, with new ids.
                check: (seen) => {
                    assert.deepEqual(
                        seen.resources.map((resource) => nameOf(resource.urn)),
                        ["resA", "resB"],
                        seen.where,
                    );
                    for (const [name, id] of idsOf(seen))
                        assert.notEqual(id, before.get(name), `${name} has a new id, ${seen.where}`);
                },
            },
        ],
    };
}

describeGoFile("replace_with_test.go", [
    replacedWith("TestReplaceWith", false),
    replacedWith("TestReplaceWithDeleteBeforeReplace", true),
    {
        go: "TestReplaceWithAndDeletedWith (resA, replaced with resC and deleted with resB; then resB goes and resC is replaced)",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [
                        thing("resB"),
                        thing("resC", {}, { slug: "bar" }),
                        thing("resA", { replaceWith: ["resC"], deletedWith: "resB" }),
                    ],
                },
                ok: true,
                steps: ["create resA", "create resB", "create resC"],
                state: ["resA", "resB", "resC"],
                deletedWith: { resA: "resB" },
                check: ({ resources, where }) => {
                    assert.deepEqual(
                        resources.map((resource) => nameOf(resource.urn)),
                        ["resB", "resC", "resA"],
                        where,
                    );
                    assert.deepEqual(resources[2]?.replaceWith, [urnOf("resC")], where);
                },
            },
            {
                operation: "up",
                spec: { things: [thing("resC", {}, { slug: "baz" }), thing("resA", { replaceWith: ["resC"] })] },
                ok: true,
                steps: ["delete resB", "replace resA", "replace resC"],
                // Old resA was deleted with resB: its own Delete is skipped.
                deletes: ["resB", "resC"],
                calls: { create: ["resA", "resC"] },
                state: ["resA", "resC"],
                check: ({ resources, where }) =>
                    assert.deepEqual(
                        resources.map((resource) => nameOf(resource.urn)),
                        ["resC", "resA"],
                        where,
                    ),
            },
        ],
    },
]);
