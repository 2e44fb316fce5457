// Secrets: stripped before the provider sees them (the host does not accept secrets), marked secret
// again in the state, encrypted on disk, shown as [secret]. Config reaches the provider's configure
// with namespaced keys, and secret config is never printed or stored.
import { strict as assert } from "assert";
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { isProvider, shownSteps } from "../state/default-provider";
import { storedSecretKeys } from "../state/state-file";
import { SECRET_MARK } from "../values/display-values";
import { wrapSecret } from "../values/property-values";
import { freshProgramPerTest, only } from "./test-program";
import { sampleTests } from "../../test/support/depth";

const digest = (value: string) => createHash("sha256").update(value).digest("hex");

describe("engine double: secrets and config", function () {
    const testProgram = freshProgramPerTest();

    it("strips secret inputs for the provider, re-marks them in the state, encrypted on disk and shown as [secret]", async () => {
        const program = testProgram();
        const token = "hunter2-plaintext-token";
        const result = await program.run("up", {
            things: [
                { name: "a", secrets: { token } },
                { name: "b", refs: { token: "a.token" } },
            ],
            exports: { aToken: "a.token", aUrl: "a.url" },
        });
        assert.equal(result.ok, true, result.log);

        const calls = program.takeCalls().filter((call) => call.call === "create" || call.call === "check");
        assert.ok(calls.length >= 4);
        for (const call of calls) {
            assert.equal(call.sawSecretMarker, false, `${call.call} of ${call.label} saw a secret marker`);
            assert.equal(call.tokenDigest, digest(token), `${call.call} of ${call.label} got the plain token`);
        }

        // The token also travels in the plain "spec" config, which the engine records, as given, in the default
        // provider's inputs; the resources' own entries must hold it encrypted only.
        const onDisk = JSON.stringify(
            JSON.parse(fs.readFileSync(program.stateFile, "utf8")).resources.filter(
                (resource: { type: string }) => !isProvider(resource),
            ),
        );
        assert.ok(!onDisk.includes(token), "the state file holds the token in plain text");
        const state = program.state();
        for (const name of ["a", "b"]) {
            const resource = only(
                state.resources.filter((candidate) => candidate.urn.endsWith(`::${name}`)),
                name,
            );
            assert.ok(storedSecretKeys(resource).includes("token"), `${name}.token is not marked secret`);
            for (const props of [resource.inputs, resource.outputs]) {
                const stored = props.token as Record<string, unknown>;
                assert.equal(typeof stored.ciphertext, "string", `${name}.token is not stored encrypted`);
            }
        }
        assert.equal(result.outputs.aToken, "[secret]");
        assert.match(String(result.outputs.aUrl), /^https:\/\/things\.test\//);
        assert.match(result.log, /aToken: \[secret\]/);
        // The plain "spec" config is shown as given (Go's prelude) and is the default provider's inputs, which its
        // internal step carries as Go's event does; nothing else of the run carries the token.
        const { config: _plainConfig, steps, ...run } = result;
        assert.ok(!result.log.includes(token) && !JSON.stringify({ ...run, steps: shownSteps(steps) }).includes(token));

        const changed = await program.run("up", {
            things: [
                { name: "a", secrets: { token: "another-plaintext-token" } },
                { name: "b", refs: { token: "a.token" } },
            ],
        });
        const update = only(
            changed.steps.filter((step) => step.name === "a"),
            "step for a",
        );
        assert.deepEqual(update.diffs, [{ property: "token", old: "[secret]", new: "[secret]" }]);
        const { config: _changedConfig, steps: changedSteps, ...changedRun } = changed;
        assert.ok(
            !JSON.stringify({ ...changedRun, steps: shownSteps(changedSteps) }).includes("another-plaintext-token"),
        );
    });

    it("SerializePropertyValue: a secret inside an object is stored encrypted at its place, and the engine's events show it secret there", async () => {
        const program = testProgram();
        const result = await program.run("up", {
            things: [
                { name: "a", inputs: { settings: { user: "reader", pass: { $secret: "nested-plaintext-pass" } } } },
            ],
            exports: { aSettings: "a.settings" },
        });
        assert.equal(result.ok, true, result.log);
        const stored = only(program.managed(), "a");
        for (const props of [stored.inputs, stored.outputs]) {
            const settings = props.settings as { user: unknown; pass: { ciphertext?: unknown } };
            assert.equal(settings.user, "reader", "only the secret field is encrypted");
            assert.equal(typeof settings.pass.ciphertext, "string", JSON.stringify(settings));
        }
        assert.deepEqual(storedSecretKeys(stored), []);
        const onDisk = JSON.stringify(program.state().resources.filter((resource) => !isProvider(resource)));
        assert.ok(!onDisk.includes("nested-plaintext-pass"), "the secret field is in the state in plain text");
        // The step's new state, as the engine's events show it: the secret at its place.
        const done = result.steps.find((step) => step.name === "a")?.done;
        assert.deepEqual(done?.outputs?.settings, { user: "reader", pass: wrapSecret(SECRET_MARK) });
        // The SDK makes an output holding a secret anywhere secret whole: so the stack output it exports.
        assert.equal(result.outputs.aSettings, SECRET_MARK);
        const again = await program.run("up", {
            things: [
                { name: "a", inputs: { settings: { user: "reader", pass: { $secret: "nested-plaintext-pass" } } } },
            ],
            exports: { aSettings: "a.settings" },
        });
        assert.deepEqual(
            again.steps.filter((step) => step.name === "a").map((step) => step.op),
            ["same"],
            again.log,
        );
    });

    it("marks additionalSecretOutputs secret in the state and the outputs", async () => {
        const program = testProgram();
        const result = await program.run("up", {
            things: [{ name: "a", options: { additionalSecretOutputs: ["url"] } }],
            exports: { aUrl: "a.url" },
        });
        assert.equal(result.ok, true, result.log);
        assert.equal(result.outputs.aUrl, "[secret]");
        const [url] = Object.values(program.cloud()).map((thing) => String(thing.url));
        assert.ok(
            url && !fs.readFileSync(program.stateFile, "utf8").includes(url),
            "the url is in the state in plain text",
        );
        const stored = only(program.managed(), "a");
        assert.deepEqual(
            storedSecretKeys(stored),
            ["url"],
            "additionalSecretOutputs makes the output secret, not the input",
        );
        assert.equal(typeof stored.inputs.url, "undefined");
    });

    it("needs the same passphrase to open the state's secrets", async () => {
        const program = testProgram();
        const spec = { things: [{ name: "a", secrets: { token: "t" } }] };
        const created = await program.run("up", spec, { env: { PULUMI_CONFIG_PASSPHRASE: "correct horse" } });
        assert.equal(created.ok, true, created.log);

        const wrong = await program.run("refresh", undefined, { env: { PULUMI_CONFIG_PASSPHRASE: "battery staple" } });
        assert.equal(wrong.ok, false);
        assert.match(wrong.error ?? "", /incorrect passphrase/);

        const right = await program.run("refresh", undefined, { env: { PULUMI_CONFIG_PASSPHRASE: "correct horse" } });
        assert.equal(right.ok, true, right.log);
    });

    it("sends config to configure with namespaced keys, secret config included but never printed or stored", async () => {
        const program = testProgram();
        fs.writeFileSync(path.join(program.dir, "Pulumi.dev.yaml"), "config:\n  enginetest:region: from-stack-file\n");
        const apiKey = "sk-live-never-print-me";
        const fromFile = await program.run("up", { things: [{ name: "a" }] }, { secretConfig: { apiKey } });
        assert.equal(fromFile.ok, true, fromFile.log);
        const configure = only(
            program.takeCalls().filter((call) => call.call === "configure"),
            "configure call",
        );
        assert.equal(configure.apiKeyDigest, digest(apiKey), "configure did not get enginetest:apiKey");
        assert.equal(configure.region, "from-stack-file", "configure did not get the stack file's region");

        const given = await program.run(
            "up",
            { things: [{ name: "a" }] },
            { config: { region: "eu-west" }, secretConfig: { apiKey } },
        );
        assert.equal(
            only(
                program.takeCalls().filter((call) => call.call === "configure"),
                "configure call",
            ).region,
            "eu-west",
        );
        for (const result of [fromFile, given]) {
            assert.ok(!JSON.stringify(result).includes(apiKey), "the API key was printed");
        }
        assert.ok(!fs.readFileSync(program.stateFile, "utf8").includes(apiKey), "the API key is in the state");
    });

    sampleTests(this, 2);
});

describe("engine double: a TypeScript program", function () {
    const testProgram = freshProgramPerTest("typescript");

    it("runs index.ts through ts-node with plain and secret config", async () => {
        const program = testProgram();
        const token = "ts-program-secret";
        const result = await program.run("up", undefined, { config: { greeting: "bonjour" }, secretConfig: { token } });
        assert.equal(result.ok, true, result.log);
        assert.equal(result.outputs.token, "[secret]");
        const [thing] = Object.values(program.cloud());
        assert.equal(thing?.value, "bonjour");
        assert.equal(result.outputs.url, thing?.url);
        const create = only(
            program.takeCalls().filter((call) => call.call === "create"),
            "create call",
        );
        assert.equal(create.tokenDigest, digest(token));
        assert.equal(create.sawSecretMarker, false);
        assert.ok(!fs.readFileSync(program.stateFile, "utf8").includes(token));
    });

    it("runs the program that Pulumi.yaml names as main", async () => {
        const program = testProgram();
        const app = path.join(program.dir, "app");
        fs.mkdirSync(app);
        fs.renameSync(path.join(program.dir, "index.ts"), path.join(app, "index.ts"));
        fs.appendFileSync(path.join(program.dir, "Pulumi.yaml"), "main: app/\n");
        const result = await program.run("up", undefined, { secretConfig: { token: "t" } });
        assert.equal(result.ok, true, result.log);
        assert.equal(Object.values(program.cloud())[0]?.value, "hello");
    });
});
