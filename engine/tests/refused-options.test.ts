// Resource options the double does not follow are refused out loud: the run fails with an error naming the option and
// the Go code that acts on it, before anything is created, instead of going on with another plan than Go's.
import { strict as assert } from "assert";
import { freshProgramPerTest, type ProgramSpec } from "./test-program";
import { sampleTests } from "../../test/support/depth";

const CASES: { option: string; spec: ProgramSpec; names: RegExp }[] = [
    {
        option: "hideDiffs",
        spec: { things: [{ name: "a", inputs: { size: 1 }, options: { hideDiffs: ["size"] } }] },
        names: /the hideDiffs option .*pkg\/backend\/display/,
    },
    {
        option: "assets and archives among the inputs",
        spec: {
            things: [
                {
                    name: "a",
                    inputs: { asset: { $asset: "hello world" }, archive: { $archive: { "file.txt": "hello world" } } },
                },
            ],
        },
        names: /assets and archives among the inputs get their hashes .*source_eval\.go RegisterResource: plugin\.MarshalOptions ComputeAssetHashes/,
    },
];

describe("engine double: resource options it does not follow are refused", function () {
    // A program and a provider host per case, on a machine that may be busy.
    this.timeout(120_000);
    const testProgram = freshProgramPerTest();

    for (const { option, spec, names } of CASES) {
        it(`${option}: the up fails naming it and the Go code it would need, and the option's resource is not created`, async () => {
            const program = testProgram();
            const result = await program.run("up", spec);
            assert.equal(result.ok, false, result.log);
            assert.match(result.error ?? "", names, result.log);
            assert.match(
                result.error ?? "",
                /which the engine double does not follow; remove it, or run the program under the Pulumi CLI/,
            );
            assert.ok(
                !result.steps.some((step) => step.name === "a" && step.op === "create" && !step.error),
                result.log,
            );
        });
    }

    sampleTests(this, 2);
});
