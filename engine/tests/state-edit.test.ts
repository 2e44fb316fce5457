// The CLI's `pulumi state` edits, transcribed from the Go CLI's own tests (pkg/cmd/pulumi/state: state_delete_test.go,
// state_taint_test.go) and edit.DeleteResource's (pkg/resource/edit/operations_test.go), on the double's state. An
// edit that fails writes nothing; what Go's tests check of the new snapshot is checked here of the returned resources.
import { strict as assert } from "node:assert";
import { editState, type StateEditRequest } from "../state/state-edit";
import type { ResourceState } from "../state/state-file";

const URN = (name: string) => `urn:pulumi:proj::stk::pkg:index:typ::${name}`;
const PROVIDER = "urn:pulumi:stk::proj::pulumi:providers:pulumi-nodejs::default";

function resource(name: string, extra: Partial<ResourceState> = {}): ResourceState {
    return {
        urn: URN(name),
        type: "pkg:index:typ",
        custom: true,
        id: `${name}-id`,
        dependencies: [],
        inputs: {},
        outputs: {},
        ...extra,
    };
}

const request = (
    edit: StateEditRequest["edit"],
    urns: string[],
    flags: Partial<StateEditRequest> = {},
): StateEditRequest => ({
    edit,
    urns,
    all: false,
    force: false,
    targetDependents: false,
    ...flags,
});

describe("engine double: pulumi state delete, taint, untaint, unprotect", () => {
    describe("state delete (state_delete_test.go, operations_test.go)", () => {
        it("TestStateDeleteMultipleURNsResolvesDependencyOrder: a dependency and its dependee given together are both deleted", () => {
            const state = [resource("dependency"), resource("dependee", { dependencies: [URN("dependency")] })];
            const edited = editState(state, request("delete", [URN("dependency"), URN("dependee")]));
            assert.deepEqual(edited.resources, []);
            assert.equal(edited.message, "2 resources deleted");
        });

        it("TestStateDeleteParentAndChild: the parent given first still goes after its child", () => {
            const state = [resource("parent"), resource("child", { parent: URN("parent") })];
            assert.deepEqual(editState(state, request("delete", [URN("parent"), URN("child")])).resources, []);
        });

        it("TestStateDeleteInvalidURN: an argument that is not a URN is refused", () => {
            assert.throws(
                () => editState([resource("res")], request("delete", ["not-a-valid-urn"])),
                /"not-a-valid-urn" is not a valid resource URN\n.*pulumi stack --show-urns/,
            );
        });

        it("TestStateDeleteURNNotFound: a misspelt URN is refused with the nearest one suggested", () => {
            const error = (() => {
                try {
                    editState([resource("my-bucket")], request("delete", [URN("my-bukcet")]));
                } catch (thrown) {
                    return (thrown as Error).message;
                }
                assert.fail("the edit succeeded");
            })();
            assert.equal(
                error,
                `No such resource "${URN("my-bukcet")}" exists in the current state\nDid you mean:\n  ${URN("my-bucket")}\n` +
                    "To list the resource URNs in the stack, run `pulumi stack --show-urns`; to inspect the full state, run `pulumi stack export`.",
            );
        });

        it("TestStateDeleteAllAndURN: --all with a URN is refused", () => {
            assert.throws(
                () => editState([resource("res")], request("delete", [URN("res")], { all: true })),
                /cannot specify a resource URN when deleting all resources/,
            );
        });

        it("TestStateDeleteDependency: a resource others depend on is refused, naming them, unless --target-dependents", () => {
            const state = [resource("dependency"), resource("dependee", { dependencies: [URN("dependency")] })];
            assert.throws(
                () => editState(state, request("delete", [URN("dependency")])),
                (error: Error) =>
                    error.message ===
                    `${URN("dependency")} can't be safely deleted because the following resources depend on it:\n` +
                        ` * "dependee"      (${URN("dependee")})\n\nDelete those resources first or pass --target-dependents.`,
            );
            assert.deepEqual(
                editState(state, request("delete", [URN("dependency")], { targetDependents: true })).resources,
                [],
            );
        });

        it("TestStateDeleteProtected: a protected resource is refused without --force, and deleted with a warning with it", () => {
            const state = [resource("res", { protect: true })];
            assert.throws(
                () => editState(state, request("delete", [URN("res")])),
                new RegExp(
                    `^Error: ${URN("res").replace(/[$]/g, "\\$")} can't be safely deleted because it is protected\\. Re-run this command with --force to force deletion$`,
                ),
            );
            const forced = editState(state, request("delete", [URN("res")], { force: true }));
            assert.deepEqual(forced.resources, []);
            assert.deepEqual(forced.warnings, [`deleting protected resource ${URN("res")} due to presence of --force`]);
            assert.equal(state[0].protect, true, "the state given is not changed");
        });

        it("TestStateDeleteAll: --all deletes everything, dependents first", () => {
            const state = [resource("dependency"), resource("dependee", { dependencies: [URN("dependency")] })];
            const edited = editState(state, request("delete", [], { all: true }));
            assert.deepEqual(edited.resources, []);
            assert.equal(edited.message, "Resources deleted");
        });

        it("TestFailedDeletionProviderDependency: the provider of dynamic resources cannot go before them", () => {
            const state = [
                { ...resource("default"), urn: PROVIDER, type: "pulumi:providers:pulumi-nodejs" },
                resource("thing", { type: "pulumi-nodejs:dynamic/test:Thing" }),
            ];
            assert.throws(
                () => editState(state, request("delete", [PROVIDER])),
                /can't be safely deleted because the following resources depend on it:\n \* "thing"/,
            );
        });

        it("TestDeletingDuplicateURNs: a URN naming a live resource and a pending delete is ambiguous, listing their ids", () => {
            const state = [resource("res", { id: "old", pendingDelete: true }), resource("res", { id: "new" })];
            assert.throws(
                () => editState(state, request("delete", [URN("res")])),
                /^Error: Resource URN ambiguously referred to multiple resources\. Did you mean:\n {2}old\n {2}new\n$/,
            );
        });
    });

    describe("state taint, untaint, unprotect (state_taint_test.go and its siblings)", () => {
        it("TestTaintMultipleResources: the named resources are tainted, the others not", () => {
            const edited = editState(
                [resource("a"), resource("b"), resource("c")],
                request("taint", [URN("a"), URN("c")]),
            );
            assert.deepEqual(
                edited.resources.map((r) => r.taint === true),
                [true, false, true],
            );
            assert.equal(edited.message, "2 resources tainted");
        });

        it("TestTaintMixedExistingAndNonExistent: one unknown URN fails the whole edit, naming it", () => {
            assert.throws(
                () =>
                    editState(
                        [resource("name1"), resource("name2")],
                        request("taint", [URN("name1"), URN("nonexistent"), URN("name2")]),
                    ),
                /No such resource ".*::nonexistent"/,
            );
        });

        it("TestTaintResourceWithDeleteTrue / TestTaintOnlyDeletedResource: a pending delete is never tainted", () => {
            const both = editState(
                [resource("res", { pendingDelete: true }), resource("res")],
                request("taint", [URN("res")]),
            );
            assert.deepEqual(
                both.resources.map((r) => r.taint === true),
                [false, true],
            );
            assert.throws(
                () => editState([resource("gone", { pendingDelete: true })], request("taint", [URN("gone")])),
                /No such resource/,
            );
        });

        it("untaint --all and unprotect --all clear every live resource's flag, and say so", () => {
            const state = [
                resource("a", { taint: true, protect: true }),
                resource("b", { taint: true, protect: true, pendingDelete: true }),
            ];
            const untainted = editState(state, request("untaint", [], { all: true }));
            assert.deepEqual(
                untainted.resources.map((r) => r.taint === true),
                [false, true],
            );
            assert.equal(untainted.message, "All resources untainted");
            const unprotected = editState(state, request("unprotect", [URN("a")]));
            assert.deepEqual(
                unprotected.resources.map((r) => r.protect === true),
                [false, true],
            );
            assert.equal(unprotected.message, "1 resources unprotected");
            assert.throws(() => editState(state, request("taint", [], { all: true })), /unknown flag: --all/);
        });

        it("names the missing URN argument as the CLI does when not run interactively", () => {
            for (const edit of ["delete", "taint", "untaint", "unprotect"] as const) {
                assert.throws(
                    () => editState([resource("a")], request(edit, [])),
                    /^Error: Must supply <resource URN> unless pulumi is run interactively$/,
                );
            }
        });
    });
});
