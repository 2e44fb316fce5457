// The engine's builtin resources (deploy/builtins.go builtinProvider: StackReference, Stash) are refused out loud: the
// run fails naming the resource and the Go code that provides it, and nothing of it reaches the state.
import { strict as assert } from "assert";
import { freshProgramPerTest } from "./test-program";
import { sampleTests } from "../../test/support/depth";

const CASES = [
    {
        builtin: "stackReference",
        title: "StackReference",
        names: /pulumi:pulumi:StackReference other: a StackReference reads .*deploy\/builtins\.go builtinProvider Read/,
    },
    {
        builtin: "stash",
        title: "Stash",
        names: /pulumi:index:Stash stash: a Stash keeps .*deploy\/builtins\.go builtinProvider Create/,
    },
] as const;

describe("engine double: the engine's builtin resources are refused", function () {
    this.timeout(120_000);
    const testProgram = freshProgramPerTest();

    for (const { builtin, title, names } of CASES) {
        it(`builtin ${title}: the up fails naming deploy/builtins.go, and the resource is not in the state`, async () => {
            const program = testProgram();
            const result = await program.run("up", { things: [{ name: "a" }], builtins: [builtin] });
            assert.equal(result.ok, false, result.log);
            assert.match(result.error ?? "", names, result.log);
            assert.match(result.error ?? "", /which the engine double does not follow/, result.log);
            assert.ok(
                !program
                    .state()
                    .resources.some(
                        (resource) =>
                            resource.type.startsWith("pulumi:pulumi:StackRef") ||
                            resource.type === "pulumi:index:Stash",
                    ),
                result.log,
            );
        });
    }

    sampleTests(this, 1);
});
