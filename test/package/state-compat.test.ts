// State written by a released version loads in this one: the type tokens (pulumi-nodejs:dynamic/shortener:<Kind>)
// and the serialized provider stub (require("pulumi-shortener/runtime").bindProvider) are the state format. Each
// fixture's exported stack state is imported by the Pulumi CLI (`pulumi stack import`), then refreshed and previewed
// by the current code against an emulator holding the same objects.
import { strict as assert } from "node:assert";
import { readState, storedSecretKeys, type LifecycleResult, type StepResult } from "../support/pulumi";
import { changes } from "../support/stack";
import { fixtureState, fixtureVersions, openFixture, STATE_FIXTURES, type FixtureStack } from "./state-fixtures";

const TYPE_TOKEN = /^pulumi-nodejs:dynamic\/shortener:[A-Za-z]+$/;
const STACK_TYPE = "pulumi:pulumi:Stack";
const DEFAULT_PROVIDER = "pulumi:providers:pulumi-nodejs";

/** The steps of the program's own resources: neither the stack nor its provider. */
function shortenerSteps(result: LifecycleResult): StepResult[] {
    return result.steps.filter((step) => step.type !== STACK_TYPE && step.type !== DEFAULT_PROVIDER);
}

function expectOk(result: LifecycleResult): LifecycleResult {
    assert.ok(result.ok, `${result.operation} failed:\n${result.log}\n${(result.diagnostics ?? []).join("\n")}`);
    return result;
}

describe("package: state written by earlier versions", function () {
    this.timeout(120_000);

    it("has a fixture for at least one released version", () => {
        assert.ok(fixtureVersions().length > 0, `no <version>/ folder in ${STATE_FIXTURES}`);
    });

    for (const version of fixtureVersions()) {
        describe(`written by ${version}`, () => {
            let stack: FixtureStack | undefined;
            const written = readState(fixtureState(version));
            const shortenerResources = written.resources.filter(
                (resource) => resource.type !== STACK_TYPE && resource.type !== DEFAULT_PROVIDER,
            );

            before(async () => (stack = await openFixture(version)));
            after(async () => stack?.close());

            it("holds shortener resources under the stable type token, each with the thin stub of the runtime entry", () => {
                assert.ok(shortenerResources.length > 0);
                for (const resource of shortenerResources) {
                    assert.match(resource.type, TYPE_TOKEN);
                    const stub = String(resource.outputs.__provider);
                    assert.match(stub, /entry: "pulumi-shortener\/runtime"/, resource.urn);
                    assert.match(stub, /\.bindProvider\(kind, /, resource.urn);
                }
            });

            it("holds the API key, the account password and the Wi-Fi data as secrets, encrypted", () => {
                const secretsOf = (name: string) =>
                    written.resources
                        .filter((resource) => resource.urn.endsWith(`::${name}`))
                        .flatMap((resource) => storedSecretKeys(resource));
                assert.deepEqual(["default", "account", "wifi"].map(secretsOf), [
                    ["shortener:apiKey"],
                    ["password"],
                    ["data"],
                ]);
                assert.doesNotMatch(JSON.stringify(written), /"plaintext"|guest-password|fixture-password/);
            });

            it("refresh reads every resource back from the service without a change", async () => {
                const result = expectOk(await stack!.run("refresh"));
                assert.deepEqual(changes(result), []);
                const refreshed = shortenerSteps(result);
                assert.equal(refreshed.length, shortenerResources.length, result.log);
                assert.ok(
                    refreshed.every((step) => step.op === "same"),
                    result.log,
                );
            });

            it("preview of the same program shows no change but the repair of data 0.1.0 sent in names the service drops", async () => {
                const result = expectOk(await stack!.run("preview"));
                // 0.1.0 sent a wifi password as `password`, which the real service ignores (an open network): the
                // same program now means `pass`, so the code is updated once with what it always declared.
                assert.deepEqual(changes(result), version === "0.1.0" ? ["update wifi"] : []);
                assert.deepEqual(
                    shortenerSteps(result)
                        .map((step) => step.urn)
                        .sort(),
                    shortenerResources.map((resource) => resource.urn).sort(),
                );
            });

            if (version === "0.1.0") {
                it("up re-sends the wifi password under the name the service reads, and then nothing is left to change", async () => {
                    expectOk(await stack!.run("up"));
                    const [code] = (await stack!.emulator.admin.list("qrcodes")) as { content?: string }[];
                    assert.equal(code.content, "WIFI:T:WPA;S:Guest;P:guest-password;;");
                    assert.deepEqual(changes(expectOk(await stack!.run("preview"))), []);
                });
            }

            it("still notices a change on the service after loading the old state", async () => {
                const [channel] = await stack!.emulator.admin.list("channels");
                await stack!.emulator.admin.patch("channels", Number(channel.id), { starred: !channel.starred });
                const result = expectOk(await stack!.run("refresh"));
                assert.deepEqual(changes(result), ["refresh news"]);
                // Nothing is added or lost, the default provider included. An up writes the resources in the order
                // its steps ended (the snapshot manager's), so they are compared as sets.
                const urns = (resources: { urn: string }[]) => resources.map((resource) => resource.urn).sort();
                assert.deepEqual(urns(readState(stack!.stateFile).resources), urns(written.resources));
            });
        });
    }
});
