// The Go engine's target_test.go (pkg/engine/lifecycletest), transcribed: see runner.ts.
import { strict as assert } from "assert";
import { ProgramSpec, ThingSpec } from "../test-program";
import {
    GoCase,
    PROVIDER_URN,
    Seen,
    chain,
    checkIntegrity,
    describeGoFile,
    drift,
    freshStack,
    stateOrder,
    thing,
    things,
    urnOf,
} from "./runner";

const FIVE = ["A", "B", "C", "F", "G"].map((name) => thing(name, {}, { name }));

const ABC = chain("resA", "resB", "resC");
const ABCD = chain("resA", "resB", "resC", "resD");
const created = (...names: string[]) => names.map((name) => `create ${name}`);

/**
 * target_test.go generateParentedTestDependencyGraph: components A > D, A > I, D > G, D > H, B > E, B > F, E > J, E > K,
 * F > L, F > M; C and N at the top; I depends on G, K and N on H.
 */
const PARENTED: ProgramSpec = {
    groups: [
        { name: "A" },
        { name: "B" },
        { name: "D", options: { parent: "A" } },
        { name: "E", options: { parent: "B" } },
        { name: "F", options: { parent: "B" } },
    ],
    things: [
        thing("C"),
        thing("G", { parent: "D" }),
        thing("H", { parent: "D" }),
        { name: "I", options: { parent: "A" }, dependsOn: ["G"] },
        thing("J", { parent: "E" }),
        { name: "K", options: { parent: "E" }, dependsOn: ["H"] },
        thing("L", { parent: "F" }),
        thing("M", { parent: "F" }),
        { name: "N", dependsOn: ["H"] },
    ],
};
const PARENTED_NAMES = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N"];
const groupUrn = (name: string) => `urn:pulumi:dev::enginetest::enginetest:index:Group::${name}`;
const upParented = {
    operation: "up",
    spec: PARENTED,
    ok: true,
    steps: created(...PARENTED_NAMES),
    state: PARENTED_NAMES,
} as const;
const without = (names: string[], ...dropped: string[]) => names.filter((name) => !dropped.includes(name));

/** An update changes each of these (their colour). */
const recoloured = (colour: string, ...declared: ThingSpec[]) =>
    declared.map((spec) => ({ ...spec, inputs: { ...spec.inputs, colour } }));

/** delete_before_replace_test.go generateComplexTestDependencyGraph, its providers A, C and D as things. */
const COMPLEX = things("A", "B:A", "C:A", "D:A", "E:C", "F:C", "G:C", "H:D", "I:D", "J:D", "K:F,G", "L:F,G");
const COMPLEX_NAMES = COMPLEX.map((spec) => spec.name);
let resBBefore = "";

/**
 * TestUntargetedDependencyChainsArePreserved: a chain a <- b <- c and an unrelated target; part of the chain leaves the
 * program, and an up targeting the target keeps a state whose references all hold.
 */
function chainKept(relation: string, before: ThingSpec[], after: ThingSpec[], kept: string[]): GoCase {
    return {
        go: `TestUntargetedDependencyChainsArePreserved (${relation})`,
        runs: [
            {
                operation: "up",
                spec: { things: [...before, thing("target")] },
                ok: true,
                steps: created("a", "b", "c", "target"),
                state: ["a", "b", "c", "target"],
            },
            {
                operation: "up",
                spec: { things: [...after, thing("target", {}, { colour: "blue" })] },
                flags: { targets: ["**target**"] },
                ok: true,
                steps: ["update target", ...after.map((spec) => `same ${spec.name}`)].sort(),
                state: kept,
                check: checkIntegrity,
            },
        ],
    };
}
const CHAIN = things("a", "b:a", "c:b");
const PARENT_CHAIN = chain("a", "b", "c");
const PROPERTY_CHAIN = [thing("a"), { name: "b", refs: { prop: "a.label" } }, { name: "c", refs: { prop: "b.label" } }];

/** The state holds the stack and the default provider alone (made for the failed create). */
const onlyStackAndProvider = ({ program, where }: Seen) =>
    assert.deepEqual(
        program.state().resources.map((resource) => resource.type),
        ["pulumi:pulumi:Stack", "pulumi:providers:pulumi-nodejs"],
        where,
    );

/** newResource and parent (groups, parent depending on newResource when `depends`), and child, a thing under parent. */
const untargetedParent = (depends: boolean, foo?: string): ProgramSpec => ({
    groups: [{ name: "newResource" }, { name: "parent", ...(depends ? { dependsOn: ["newResource"] } : {}) }],
    things: [thing("child", { parent: "parent" }, foo ? { foo } : {})],
});

/**
 * TestUntargetedSameStepsAcceptDeletedResources's program: resP; resA, replaced (create-before-delete) when its slug
 * changes, its deletes failing until allowed, under resP or aliased to its URN there; resB deleted with resA.
 */
const reparented = (resA: ThingSpec["options"], slug: string): ProgramSpec => ({
    things: [
        thing("resP"),
        thing("resA", resA, { slug, failDelete: "failed to delete resA" }),
        thing("resB", { deletedWith: "resA" }),
    ],
});
const inOrder =
    (...names: string[]) =>
    ({ resources, where }: Seen) =>
        assert.deepEqual(stateOrder(resources), names, `the state's order, ${where}`);

describeGoFile("target_test.go", [
    {
        go: "TestTargetUntargetedParentWithUpdatedDependency (newResource a component here: a group is declared before any thing)",
        runs: [
            {
                operation: "up",
                spec: untargetedParent(false),
                ok: true,
                steps: ["create child", "create newResource", "create parent"],
                state: ["child", "newResource", "parent"],
            },
            {
                operation: "up",
                spec: untargetedParent(true, "bar"),
                flags: { targets: ["**child**"] },
                ok: true,
                steps: ["same newResource", "same parent", "update child"].sort(),
                calls: { update: ["child"] },
                state: ["child", "newResource", "parent"],
                parents: { child: "parent" },
                dependencies: { parent: [] },
            },
            {
                operation: "up",
                spec: untargetedParent(false),
                before: freshStack,
                flags: { targets: ["**child**"] },
                ok: false,
                error: /depends on '.*::parent' which was was not specified in --target list/,
                steps: ["create child failed", "same newResource", "same parent"],
                calls: { create: [] },
                state: [],
                check: onlyStackAndProvider,
            },
        ],
    },
    chainKept("dependencies: the bottom leaves", CHAIN, things("b", "c:b"), ["a", "b", "c", "target"]),
    chainKept("dependencies: the middle leaves", CHAIN, things("a", "c"), ["a", "b", "c", "target"]),
    chainKept("dependencies: the chain but its top leaves", CHAIN, things("c"), ["a", "b", "c", "target"]),
    chainKept("parents: the bottom leaves", PARENT_CHAIN, chain("b", "c"), ["a", "b", "c", "target"]),
    chainKept("parents: the chain but its top leaves", PARENT_CHAIN, [thing("c")], ["a", "b", "c", "target"]),
    chainKept(
        "property dependencies: the middle leaves",
        PROPERTY_CHAIN,
        [thing("a"), thing("c")],
        ["a", "b", "c", "target"],
    ),
    {
        go: "TestTargetDependentsSiblingResources (its default-provider half: a target's child follows it only with --target-dependents, a sibling never)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("implicitX"), thing("implicitY"), thing("implicitZ", { parent: "implicitX" })] },
                flags: { targets: [urnOf("implicitX")] },
                ok: true,
                steps: ["create implicitX", "same implicitY", "same implicitZ"],
                state: ["implicitX"],
            },
            {
                operation: "up",
                before: freshStack,
                spec: { things: [thing("implicitX"), thing("implicitY"), thing("implicitZ", { parent: "implicitX" })] },
                flags: { targets: [urnOf("implicitX")], targetDependents: true },
                ok: true,
                steps: ["create implicitX", "create implicitZ", "same implicitY"],
                state: ["implicitX", "implicitZ"],
            },
        ],
    },
    {
        go: "TestTargetUntargetedParent",
        runs: [
            {
                operation: "up",
                spec: { groups: [{ name: "parent" }], things: [thing("child", { parent: "parent" })] },
                ok: true,
                steps: created("child", "parent"),
                state: ["child", "parent"],
            },
            {
                operation: "up",
                spec: { groups: [{ name: "parent" }], things: [thing("child", { parent: "parent" }, { foo: "bar" })] },
                flags: { targets: ["**child**"] },
                ok: true,
                steps: ["same parent", "update child"],
                state: ["child", "parent"],
                parents: { child: "parent" },
            },
            {
                operation: "up",
                before: freshStack,
                spec: { groups: [{ name: "parent" }], things: [thing("child", { parent: "parent" }, { foo: "bar" })] },
                flags: { targets: ["**child**"] },
                ok: false,
                error: /depends on '.*::parent' which was was not specified in --target list/,
                steps: ["create child failed", "same parent"],
                state: [],
                check: onlyStackAndProvider,
            },
        ],
    },
    {
        go: "TestTargetDestroyDependencyErrors",
        runs: [
            {
                operation: "up",
                spec: { things: things("resA", "resB:resA") },
                ok: true,
                steps: created("resA", "resB"),
                state: ["resA", "resB"],
            },
            {
                operation: "destroy",
                flags: { targets: [urnOf("resA")] },
                ok: false,
                error: /'.*::resB' will be destroyed but was not specified in --target list/,
                steps: [],
                state: ["resA", "resB"],
            },
        ],
    },
    {
        go: "TestTargetDestroyChildErrors",
        runs: [
            {
                operation: "up",
                spec: { things: chain("resA", "resB") },
                ok: true,
                steps: created("resA", "resB"),
                state: ["resA", "resB"],
            },
            {
                operation: "destroy",
                flags: { targets: [urnOf("resA")] },
                ok: false,
                error: /'.*::resB' will be destroyed but was not specified in --target list/,
                steps: [],
                state: ["resA", "resB"],
            },
        ],
    },
    {
        go: "TestTargetDestroyDeleteFails",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { failDelete: "can't delete" })] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
            },
            {
                operation: "destroy",
                flags: { targets: [urnOf("resA")] },
                ok: false,
                error: /can't delete/,
                steps: ["delete resA failed"],
                deletes: ["resA"],
                state: ["resA"],
            },
        ],
    },
    ...(
        [
            [
                "TestTargetDestroyDependencyDeleteFails",
                { name: "resB", inputs: { failDelete: "can't delete" }, dependsOn: ["resA"] },
                urnOf("resB"),
            ],
            [
                "TestTargetDestroyChildDeleteFails",
                thing("resB", { parent: "resA" }, { failDelete: "can't delete" }),
                urnOf("resB", 1),
            ],
        ] as const
    ).map(([go, resB, urnB]) => ({
        go,
        runs: [
            {
                operation: "up" as const,
                spec: { things: [thing("resA"), resB as ThingSpec] },
                ok: true,
                steps: created("resA", "resB"),
                state: ["resA", "resB"],
            },
            ...[{ targets: [urnOf("resA")], targetDependents: true }, { targets: [urnOf("resA"), urnB] }].map(
                (flags) => ({
                    operation: "destroy" as const,
                    flags,
                    ok: false,
                    error: /can't delete/,
                    steps: ["delete resB failed"],
                    deletes: ["resB"],
                    state: ["resA", "resB"],
                }),
            ),
        ],
    })),
    {
        go: "TestDependencyUnreleatedToTargetUpdatedSucceeds",
        runs: [
            {
                operation: "up",
                spec: { things: things("target", "unrelated") },
                ok: true,
                steps: created("target", "unrelated"),
                state: ["target", "unrelated"],
            },
            {
                operation: "up",
                spec: { things: recoloured("blue", ...things("target", "dep", "unrelated:dep")) },
                flags: { targets: ["**target**"] },
                ok: true,
                steps: ["same dep", "same unrelated", "update target"],
                state: ["target", "unrelated"],
                dependencies: { target: [], unrelated: [] },
            },
        ],
    },
    {
        go: "TestDestroyTargetWithChildren (generateParentedTestDependencyGraph with components and things)",
        runs: [
            upParented,
            {
                operation: "destroy",
                flags: { targets: [groupUrn("A")] },
                ok: false,
                error: /will be destroyed but was not specified in --target list/,
                steps: [],
                state: PARENTED_NAMES,
            },
            {
                operation: "destroy",
                flags: { targets: [groupUrn("A")], targetDependents: true },
                ok: true,
                steps: ["A", "D", "G", "H", "I", "K", "N"].map((name) => `delete ${name}`),
                deletes: ["G", "H", "I", "K", "N"],
                state: without(PARENTED_NAMES, "A", "D", "G", "H", "I", "K", "N"),
            },
            {
                ...upParented,
                steps: [
                    ...created("A", "D", "G", "H", "I", "K", "N"),
                    ...["B", "C", "E", "F", "J", "L", "M"].map((name) => `same ${name}`),
                ].sort(),
            },
            {
                operation: "destroy",
                flags: { targets: [groupUrn("B")] },
                ok: false,
                error: /will be destroyed but was not specified in --target list/,
                steps: [],
                state: PARENTED_NAMES,
            },
            {
                operation: "destroy",
                flags: { targets: [groupUrn("B")], targetDependents: true },
                ok: true,
                steps: ["B", "E", "F", "J", "K", "L", "M"].map((name) => `delete ${name}`),
                deletes: ["J", "K", "L", "M"],
                state: without(PARENTED_NAMES, "B", "E", "F", "J", "K", "L", "M"),
            },
        ],
    },
    {
        go: "TestUpdateTarget (its rule on a graph of things: A; B, C, D depend on A; E, F, G on C; H, I, J on D; K, L on F and G)",
        runs: [
            {
                operation: "up",
                spec: { things: COMPLEX },
                ok: true,
                steps: created(...COMPLEX_NAMES),
                state: COMPLEX_NAMES,
            },
            {
                operation: "up",
                spec: { things: recoloured("blue", ...COMPLEX) },
                flags: { targets: [urnOf("A")] },
                ok: true,
                steps: ["update A", ...without(COMPLEX_NAMES, "A").map((name) => `same ${name}`)].sort(),
                calls: { update: ["A"] },
                state: COMPLEX_NAMES,
            },
            {
                operation: "up",
                spec: { things: recoloured("blue", ...COMPLEX) },
                flags: { targets: [urnOf("C")], targetDependents: true },
                ok: true,
                steps: [
                    ...["C", "E", "F", "G", "K", "L"].map((name) => `update ${name}`),
                    ...["A", "B", "D", "H", "I", "J"].map((name) => `same ${name}`),
                ].sort(),
                calls: { update: ["C", "E", "F", "G", "K", "L"] },
                state: COMPLEX_NAMES,
            },
            {
                operation: "up",
                spec: { things: recoloured("green", ...COMPLEX) },
                flags: { targets: ["**::D"] },
                ok: true,
                steps: ["update D", ...without(COMPLEX_NAMES, "D").map((name) => `same ${name}`)].sort(),
                calls: { update: ["D"] },
                state: COMPLEX_NAMES,
            },
            {
                operation: "up",
                spec: { things: recoloured("green", ...COMPLEX) },
                flags: { targets: ["foo"] },
                ok: false,
                error: /Target 'foo' could not be found/,
                steps: COMPLEX_NAMES.map((name) => `same ${name}`),
                calls: { update: [] },
                state: COMPLEX_NAMES,
            },
        ],
    },
    {
        go: "TestCreateDuringTargetedUpdate_CreateMentionedAsTarget",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB")] },
                flags: { targets: [urnOf("resA"), urnOf("resB")] },
                ok: true,
                steps: ["create resB", "same resA"],
                state: ["resA", "resB"],
            },
        ],
    },
    ...(
        [
            ["UnchangedTarget", { name: "b", dependsOn: ["a"] }],
            ["TargetPropertyDependency", { name: "b", inputs: { colour: "blue" }, refs: { prop: "a.label" } }],
            ["TargetDeletedWith", { name: "b", inputs: { colour: "blue" }, options: { deletedWith: "a" } }],
            [
                "TargetParent",
                { name: "b", inputs: { colour: "blue" }, options: { parent: "a", aliases: [{ noParent: true }] } },
            ],
        ] as const
    ).map(([referencedBy, b]) => ({
        go: `TestCreateDuringTargetedUpdate_UntargetedCreateReferencedBy${referencedBy} (--target '**b**')`,
        runs: [
            { operation: "up" as const, spec: { things: [thing("b")] }, ok: true, steps: ["create b"], state: ["b"] },
            {
                operation: "up" as const,
                spec: { things: [thing("a"), b as ThingSpec] },
                flags: { targets: ["**b**"] },
                ok: false,
                error: /depends on '.*::a' which was was not specified in --target list/,
                steps: ["same a", "update b failed"],
                state: ["b"],
                cloud: 1,
            },
        ],
    })),
    {
        go: "TestCreateDuringTargetedUpdate_UntargetedCreateReferencedByUntargetedCreate",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: { things: things("resB", "resC:resB", "resA") },
                flags: { targets: [urnOf("resA")] },
                ok: true,
                steps: ["same resA", "same resB", "same resC"],
                state: ["resA"],
            },
        ],
    },
    {
        go: "TestTargetedCreateDefaultProvider",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA")] },
                flags: { targets: [urnOf("resA")] },
                ok: true,
                steps: ["create resA"],
                state: ["resA"],
                check: ({ program, where }) =>
                    assert.ok(
                        program.state().resources.some((resource) => resource.urn === PROVIDER_URN),
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestEnsureUntargetedSame (the provider's Check adds an input; the untargeted resB keeps its state as it was)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "foo" }), thing("resB", {}, { foo: "bar" })] },
                ok: true,
                steps: created("resA", "resB"),
                state: ["resA", "resB"],
                check: ({ resources }) =>
                    (resBBefore = JSON.stringify(resources.find((resource) => resource.urn === urnOf("resB")))),
            },
            {
                operation: "up",
                spec: { things: [thing("resA", {}, { foo: "foo" }), thing("resB", {}, { foo: "bar" })] },
                flags: { targets: [urnOf("resA")] },
                ok: true,
                steps: ["same resA", "same resB"],
                state: ["resA", "resB"],
                check: ({ resources, where }) =>
                    assert.equal(
                        JSON.stringify(resources.find((resource) => resource.urn === urnOf("resB"))),
                        resBBefore,
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestRefreshTargetChildren (refresh --target B --target-dependents of A > B > C > D reads B, C and D)",
        runs: [
            {
                operation: "up",
                spec: { things: ABCD },
                ok: true,
                steps: created("resA", "resB", "resC", "resD"),
                state: ["resA", "resB", "resC", "resD"],
            },
            {
                operation: "refresh",
                flags: { targets: [urnOf("resB", 1)], targetDependents: true },
                ok: true,
                steps: ["same resB", "same resC", "same resD"],
                calls: { read: ["resB", "resC", "resD"] },
                state: ["resA", "resB", "resC", "resD"],
            },
        ],
    },
    {
        go: "TestExcludeTarget (up --exclude C of A > B > C: C is not created)",
        runs: [
            {
                operation: "up",
                spec: { things: ABC },
                flags: { excludes: [urnOf("resC", 2)] },
                ok: true,
                steps: ["create resA", "create resB", "same resC"],
                calls: { create: ["resA", "resB"] },
                state: ["resA", "resB"],
            },
        ],
    },
    {
        go: "TestExcludeChildren (up --exclude B --exclude-dependents of A > B > C > D creates A alone)",
        runs: [
            {
                operation: "up",
                spec: { things: ABCD },
                flags: { excludes: [urnOf("resB", 1)], excludeDependents: true },
                ok: true,
                steps: ["create resA", "same resB", "same resC", "same resD"],
                calls: { create: ["resA"] },
                state: ["resA"],
            },
        ],
    },
    {
        go: "TestDestroyExcludeTarget (destroy --exclude A --exclude B deletes C; then --exclude of the provider keeps it alone)",
        runs: [
            {
                operation: "up",
                spec: { things: ABC },
                ok: true,
                steps: created("resA", "resB", "resC"),
                state: ["resA", "resB", "resC"],
            },
            {
                operation: "destroy",
                flags: { excludes: [urnOf("resA"), urnOf("resB", 1)] },
                ok: true,
                steps: ["delete resC"],
                deletes: ["resC"],
                state: ["resA", "resB"],
            },
            {
                operation: "destroy",
                flags: { excludes: [PROVIDER_URN] },
                ok: true,
                steps: ["delete resA", "delete resB"],
                deletes: ["resA", "resB"],
                state: [],
                check: ({ program, where }) =>
                    assert.deepEqual(
                        program.state().resources.map((resource) => resource.urn),
                        [PROVIDER_URN],
                        where,
                    ),
            },
        ],
    },
    {
        go: "TestDestroyExcludeChildren (destroy --exclude A --exclude-dependents of A > B > C deletes nothing)",
        runs: [
            {
                operation: "up",
                spec: { things: ABC },
                ok: true,
                steps: created("resA", "resB", "resC"),
                state: ["resA", "resB", "resC"],
            },
            {
                operation: "destroy",
                flags: { excludes: [urnOf("resA")], excludeDependents: true },
                ok: true,
                steps: [],
                state: ["resA", "resB", "resC"],
            },
        ],
    },
    {
        go: "TestGlobExcludes (an up that drops every resource, with --exclude '**Thing**', deletes none)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB")] },
                ok: true,
                steps: created("resA", "resB"),
                state: ["resA", "resB"],
            },
            {
                operation: "up",
                spec: { things: [] },
                flags: { excludes: ["**Thing**"] },
                ok: true,
                steps: [],
                state: ["resA", "resB"],
            },
        ],
    },
    {
        go: "TestRefreshExcludeTarget (refresh --exclude B of A > B > C > D reads A, C and D)",
        runs: [
            {
                operation: "up",
                spec: { things: ABCD },
                ok: true,
                steps: created("resA", "resB", "resC", "resD"),
                state: ["resA", "resB", "resC", "resD"],
            },
            {
                operation: "refresh",
                flags: { excludes: [urnOf("resB", 1)] },
                ok: true,
                steps: ["same resA", "same resC", "same resD"],
                calls: { read: ["resA", "resC", "resD"] },
                state: ["resA", "resB", "resC", "resD"],
            },
        ],
    },
    {
        go: "TestRefreshExcludeChildren (refresh --exclude B --exclude-dependents of A > B > C > D reads A alone)",
        runs: [
            {
                operation: "up",
                spec: { things: ABCD },
                ok: true,
                steps: created("resA", "resB", "resC", "resD"),
                state: ["resA", "resB", "resC", "resD"],
            },
            {
                operation: "refresh",
                flags: { excludes: [urnOf("resB", 1)], excludeDependents: true },
                ok: true,
                steps: ["same resA"],
                calls: { read: ["resA"] },
                state: ["resA", "resB", "resC", "resD"],
            },
        ],
    },
    {
        go: "TestReplaceSpecificTargets (five independent things for its dependency graph: the rule is the targets' own)",
        runs: [
            {
                operation: "up",
                spec: { things: FIVE },
                ok: true,
                steps: ["create A", "create B", "create C", "create F", "create G"],
                state: ["A", "B", "C", "F", "G"],
            },
            {
                operation: "up",
                spec: { things: FIVE },
                flags: { replaceTargets: ["F", "B", "G"].map((name) => urnOf(name)) },
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
        go: "TestCreateDuringTargetedUpdate_UntargetedCreateNotReferenced",
        runs: [
            { operation: "up", spec: { things: [thing("resA")] }, ok: true, steps: ["create resA"], state: ["resA"] },
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB")] },
                flags: { targets: [urnOf("resA")] },
                ok: true,
                steps: ["same resA", "same resB"],
                state: ["resA"],
                cloud: 1,
            },
        ],
    },
    {
        go: "TestCreateDuringTargetedUpdate_UntargetedCreateReferencedByChangedTarget",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("b", {}, { colour: "red" })] },
                ok: true,
                steps: ["create b"],
                state: ["b"],
            },
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
        go: "TestTargetDependents (each run from an empty stack)",
        runs: [
            {
                operation: "up",
                spec: { things: [thing("resA"), thing("resB")] },
                flags: { targets: [urnOf("resA")] },
                ok: true,
                steps: ["create resA", "same resB"],
                state: ["resA"],
            },
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
        go: "TestDestroyTarget (destroy root A, with and without --target-dependents)",
        runs: [
            {
                operation: "up",
                spec: {
                    things: [thing("A"), { name: "B", dependsOn: ["A"] }, thing("C", { parent: "B" }), thing("other")],
                },
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
        go: "TestUntargetedSameStepsAcceptDeletedResources",
        runs: [
            {
                operation: "up",
                spec: reparented({ parent: "resP" }, "1"),
                ok: true,
                steps: ["create resA", "create resB", "create resP"],
                state: ["resA", "resB", "resP"],
            },
            {
                // The untargeted sames are recorded in step order around the replacement; the old copy, not done, goes last.
                operation: "up",
                spec: reparented({ aliases: [{ parent: "resP" }] }, "2"),
                flags: { targets: ["**resA**"] },
                ok: false,
                error: /failed to delete resA/,
                steps: ["delete resA failed", "replace resA", "same resB", "same resP"],
                deletes: ["resA"],
                state: ["resA", "resA", "resB", "resP"],
                pendingDelete: ["resA"],
                check: inOrder("resP", "resA", "resB", "resA (delete)"),
            },
            {
                operation: "up",
                spec: reparented({}, "2"),
                before: drift({ failDelete: undefined }, "resA"),
                ok: true,
                steps: ["delete resA", "same resA", "same resB", "same resP"],
                deletes: ["resA"],
                state: ["resA", "resB", "resP"],
                pendingDelete: [],
                check: inOrder("resP", "resA", "resB"),
            },
        ],
    },
]);
