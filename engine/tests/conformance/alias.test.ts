// The Go engine's alias_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { ProgramSpec, ThingSpec } from "../test-program";
import {
    GoCase,
    Run,
    Seen,
    chain,
    checkIntegrity,
    describeGoFile,
    duplicateAlias,
    freshStack,
    literally,
    thing,
    urnOf,
} from "./runner";

const GROUP_THING = "enginetest:index:Group$pulumi-nodejs:dynamic/test:Thing";

/**
 * TestAliasesIn*AreNormalized: res2 and res3 move from under res1 (a thing) to under res0 (a component, another type, so
 * their URNs change) with aliases to the old parent; what res3 records of res2 takes res2's new URN.
 */
function normalized(
    go: string,
    res3: (parent: string) => ThingSpec,
    recorded: (res3: { dependencies: string[]; deletedWith?: string }) => string[],
): GoCase {
    const spec = (parent: string, aliases: ThingSpec["options"]): ProgramSpec => ({
        groups: [{ name: "res0" }],
        things: [
            thing("res1"),
            thing("res2", { parent, ...aliases }),
            { ...res3(parent), options: { ...res3(parent).options, ...aliases } },
        ],
    });
    return {
        go,
        runs: [
            {
                operation: "up",
                spec: spec("res1", {}),
                ok: true,
                steps: ["create res0", "create res1", "create res2", "create res3"],
                state: ["res0", "res1", "res2", "res3"],
            },
            {
                operation: "up",
                spec: spec("res0", { aliases: [{ parent: "res1" }] }),
                ok: true,
                steps: ["same res0", "same res1", "same res2", "same res3"],
                state: ["res0", "res1", "res2", "res3"],
                check: (seen) => {
                    checkIntegrity(seen);
                    const moved = seen.resources.find((resource) => resource.urn.endsWith("::res3"));
                    assert.deepEqual(
                        recorded(moved ?? { dependencies: [] }),
                        [`urn:pulumi:dev::enginetest::${GROUP_THING}::res2`],
                        seen.where,
                    );
                },
            },
        ],
    };
}

/** The label stays the program's name for both names, so that the renamed resource's inputs do not change. */
const undeletable = { label: "a", failDelete: "can't delete" };

/**
 * An up of one thing named `name`, aliased by URN to the names given, with these inputs; its label stays "n1" (the
 * thing's label is an input), so that a rename alone changes nothing.
 */
const renamed = (
    op: string,
    name: string,
    aliases: string[],
    inputs: Record<string, unknown> = {},
    deletes: string[] = [],
): Run => ({
    operation: "up",
    spec: {
        things: [
            thing(
                name,
                {
                    aliases: aliases.map((alias) => ({ urn: urnOf(alias) })),
                    ...(inputs.slug === 999 ? { deleteBeforeReplace: true } : {}),
                },
                { label: "n1", ...inputs },
            ),
        ],
    },
    ok: true,
    steps: [`${op} ${name}`],
    deletes,
    state: [name],
});

/** n1, replaced delete-before-replace when its slug changes, and n2 depending on it or its child, each renamed. */
const pair = (suffix: string, slug: number, related: "dependsOn" | "parent", aliased: boolean) => {
    const [n1, n2] = [`n1${suffix}`, `n2${suffix}`];
    const alias = (name: string, depth: number) => (aliased ? { aliases: [{ urn: urnOf(name, depth) }] } : {});
    const n2Options = related === "parent" ? { parent: n1, ...alias("n2", 1) } : alias("n2", 0);
    return {
        things: [
            thing(n1, { deleteBeforeReplace: true, ...alias("n1", 0) }, { label: "n1", slug }),
            { ...thing(n2, n2Options, { label: "n2" }), ...(related === "dependsOn" ? { dependsOn: [n1] } : {}) },
        ],
    };
};
const renamedPair = (related: "dependsOn" | "parent"): Run[] => [
    {
        operation: "up",
        spec: pair("", 1, related, false),
        before: freshStack,
        ok: true,
        steps: ["create n1", "create n2"],
        state: ["n1", "n2"],
    },
    {
        operation: "up",
        spec: pair("-new", 2, related, true),
        ok: true,
        steps: ["replace n1-new", "same n2-new"],
        deletes: ["n1"],
        state: ["n1-new", "n2-new"],
    },
];

/** resB at the stack's root, aliased to its URN under resA. */
const movedResB = thing("resB", { aliases: [{ urn: urnOf("resB", 1) }] });

const urnIn = ({ resources }: Seen, name: string) =>
    resources.find((resource) => resource.urn.endsWith(`::${name}`))?.urn;

describeGoFile("alias_test.go", [
    {
        go: "TestAliasURNs (its renames by URN alias, with the updates and replacements they go with; a dynamic resource's type does not change, and its step of two resources claiming one alias is not transcribed here: TestDuplicateAlias checks that refusal)",
        runs: [
            { ...renamed("create", "n1", []), calls: { create: ["n1"] } },
            renamed("same", "n2", ["n1"]),
            renamed("same", "n3", ["n1", "n2"]),
            renamed("same", "n3", ["n2", "n1"]),
            renamed("same", "n1", ["n3", "n2", "n1"]),
            renamed("same", "n1", []),
            renamed("update", "n2", ["n1"], { x: 42 }),
            renamed("update", "n3", ["n2"], { x: 1000 }),
            renamed("replace", "n4", ["n3"], { x: 1000, slug: 1000 }, ["n1"]),
            renamed("replace", "n5", ["n4"], { x: 1000, slug: 999 }, ["n1"]),
            ...renamedPair("dependsOn"),
            ...renamedPair("parent"),
        ],
    },
    normalized(
        "TestAliasesInDependenciesAreNormalized",
        (parent) => ({ name: "res3", options: { parent }, dependsOn: ["res2"] }),
        (res3) => res3.dependencies,
    ),
    normalized(
        "TestAliasesInDeletedWithAreNormalized",
        (parent) => thing("res3", { parent, deletedWith: "res2" }),
        (res3) => (res3.deletedWith ? [res3.deletedWith] : []),
    ),
    {
        go: "TestCorrectResourceChosen (a resource's own URN is looked up before its aliases)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB", { parent: "resA" }), thing("resB")] },
                ok: true,
                steps: ["create resA", "create resB", "create resB"],
                state: ["resA", "resB", "resB"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB", { aliases: [{ parent: "resA" }] })] },
                ok: true,
                steps: ["delete resB", "same resA", "same resB"],
                deletes: ["resB"],
                state: ["resA", "resB"],
                check: (seen) => {
                    checkIntegrity(seen);
                    assert.deepEqual(
                        seen.resources.map((resource) => resource.urn),
                        [
                            "urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::resA",
                            "urn:pulumi:dev::enginetest::pulumi-nodejs:dynamic/test:Thing::resB",
                        ],
                        seen.where,
                    );
                },
            },
        ],
    },
    {
        go: "TestFailDeleteDuplicateAliases",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, undeletable)] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resAX", { aliases: [{ name: "resA" }] }, undeletable)] },
                ok: true,
                steps: ["same resAX"],
                calls: { create: [] },
                state: ["resAX"],
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, undeletable)] },
                ok: false,
                error: /can't delete/,
                steps: ["create resA", "delete resAX failed"],
                // The provider's calls carry the label, the same for both names.
                deletes: ["a"],
                state: ["resA", "resAX"],
                check: checkIntegrity,
            },
        ],
    },
    {
        go: "TestAliases (a rename with an alias to the old name)",
        runs: [
            // The same inputs under both names (the test resource's label defaults to its name).
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { label: "a" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                spec: { things: [thing("resB", { aliases: [{ name: "resA" }] }, { label: "a" })] },
                ok: true,
                steps: ["same resB"],
                state: ["resB"],
                cloud: 1,
            },
        ],
    },
    {
        go: "TestSplitUpdateComponentAliases (resB a thing rather than a component)",
        runs: [
            {
                operation: "up",
                spec: { things: chain("resA", "resB", "resC") },
                ok: true,
                steps: ["create resA", "create resB", "create resC"],
                state: ["resA", "resB", "resC"],
                parents: { resB: "resA", resC: "resB" },
                check: (seen) => assert.equal(urnIn(seen, "resC"), urnOf("resC", 2), seen.where),
            },
            {
                // resB leaves resA for the stack, then the program fails before it registers resC.
                operation: "up",
                spec: { things: [movedResB], fail: "after" },
                ok: false,
                steps: ["same resB"],
                calls: { create: [] },
                state: ["resA", "resB", "resC"],
                parents: { resB: "", resC: "resB" },
                check: (seen) => {
                    checkIntegrity(seen);
                    // Not registered, resC still takes the URN under its parent's new one.
                    assert.deepEqual(
                        [urnIn(seen, "resB"), urnIn(seen, "resC")],
                        [urnOf("resB"), urnOf("resC", 1)],
                        seen.where,
                    );
                },
            },
            {
                operation: "up",
                spec: { things: [movedResB, thing("resC", { parent: "resB" })] },
                ok: true,
                steps: ["delete resA", "same resB", "same resC"],
                deletes: ["resA"],
                calls: { create: [] },
                state: ["resB", "resC"],
                parents: { resB: "", resC: "resB" },
                check: (seen) => {
                    checkIntegrity(seen);
                    assert.deepEqual(
                        [urnIn(seen, "resB"), urnIn(seen, "resC")],
                        [urnOf("resB"), urnOf("resC", 1)],
                        seen.where,
                    );
                },
            },
        ],
    },
    {
        go: "TestParentAlias (a resource moved under a component keeps its object)",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: {
                    groups: [{ name: "comp" }],
                    things: [thing("resA", { parent: "comp", aliases: [{ noParent: true }] })],
                },
                ok: true,
                steps: ["create comp", "same resA"],
                state: ["comp", "resA"],
                cloud: 1,
            },
        ],
    },
    {
        go: "TestDuplicatesDueToAliases",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB", { aliases: [{ name: "resA" }] })] },
                ok: false,
                error: duplicateAlias("resA", "resB", "resB"),
                steps: ["create resB failed", "same resA"],
                state: ["resA"],
            },
            {
                operation: "up",
                // resA waits for resB (the SDK sends an aliased registration after a plain one declared next to it).
                spec: {
                    things: [thing("resB", { aliases: [{ name: "resA" }] }), { ...thing("resA"), dependsOn: ["resB"] }],
                },
                ok: false,
                error: literally(
                    `Duplicate resource URN '${urnOf("resA")}' conflicting with alias on resource with URN '${urnOf("resB")}'`,
                ),
                steps: ["create resA failed", "update resB"],
                // The resource made first, resB, took resA's state.
                state: ["resB"],
            },
        ],
    },
]);
