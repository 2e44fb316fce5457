// The dynamic-provider host is started as the engine starts a provider plugin (pkg/host/host.go defaultHost.Provider,
// pkg/resource/plugin/provider_plugin.go NewProvider): its process reads the config of the pulumi-nodejs namespace, by
// the keys' names alone, from PULUMI_CONFIG.
import { strict as assert } from "assert";
import { freshProgramPerTest } from "./test-program";

describe("engine double: the provider host's environment", function () {
    // A program and a provider host per run, on a machine that may be busy.
    this.timeout(120_000);
    const testProgram = freshProgramPerTest();

    it("defaultHost.Provider: the provider reads the pulumi-nodejs namespace of the stack config, and no other key", async () => {
        const program = testProgram();
        const result = await program.run(
            "up",
            {
                things: [
                    { name: "namespaced", inputs: { size: 1, configKey: "region" } },
                    { name: "project", inputs: { size: 1, configKey: "enginetest:greeting" } },
                ],
            },
            { config: { "pulumi-nodejs:region": "eu-north", greeting: "hello" } },
        );
        assert.equal(result.ok, true, result.log);
        const values = Object.fromEntries(
            program.managed().map((resource) => [resource.inputs.label, resource.outputs.configValue]),
        );
        assert.deepEqual(values, { namespaced: "eu-north", project: null });
    });
});
