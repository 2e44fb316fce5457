// What the plugin's program meets before any object is made, through the real CLI: the shipped policy pack judges a
// plugin's resource as it judges a dynamic one (by either token), a misspelt config key fails the preview naming
// the key it most likely meant, and a refusal that quotes a value the program marked secret shows it redacted (the
// dynamic-provider host unwraps secrets before the provider sees them; the plugin knows which values arrived secret).
import { strict as assert } from "node:assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { runOperation } from "../support/pulumi";
import { pluginEnv } from "../support/plugin";
import { PACK_IN_PROJECT, shownViolations } from "../policy/policy-stack";

const PROGRAM = {
    name: "checked",
    runtime: "yaml",
    resources: {
        "plain-http": {
            type: "shortener:index:Link",
            properties: { url: "http://www.example.com/offer", alias: "offer" },
        },
    },
};

const SECRET_ALIAS = "hidden-sale";

/** A link whose alias the program marks secret. */
const SECRET_PROGRAM = {
    name: "secret-alias",
    runtime: "yaml",
    resources: {
        sale: {
            type: "shortener:index:Link",
            properties: { url: "https://shop.example.com/sale", alias: { "fn::secret": SECRET_ALIAS } },
        },
    },
};

describe("plugin: checks before anything is made", function () {
    let emulator: RunningEmulator;
    let dir: string;
    before(async () => {
        emulator = await startEmulator({ profile: "real", rateLimit: { limit: 1000, windowMs: 1000 } });
        dir = mkdtempSync(join(tmpdir(), "shortener-plugin-checks-"));
        for (const [folder, program] of [
            ["program", PROGRAM],
            ["secret", SECRET_PROGRAM],
        ] as const) {
            mkdirSync(join(dir, folder));
            writeFileSync(join(dir, folder, "Pulumi.yaml"), stringify(program));
        }
    });
    after(async () => {
        await emulator.close();
        rmSync(dir, { recursive: true, force: true });
    });
    const preview = (name: string, config: Record<string, string>, flags: string[] = []) =>
        runOperation("preview", {
            programDir: join(dir, "program"),
            stateFile: join(dir, `${name}.json`),
            config: { "shortener:baseUrl": emulator.baseUrl, ...config },
            secretConfig: { "shortener:apiKey": emulator.apiKey },
            env: pluginEnv(),
            flags,
        });

    it("the shipped policy pack fails a plugin's http link as it fails a dynamic one", async () => {
        const result = await preview("policy", {}, ["--policy-pack", PACK_IN_PROJECT]);
        assert.equal(result.ok, false, result.log);
        assert.deepEqual(shownViolations(result), [
            'mandatory https-destinations plain-http: Link "plain-http": url: sends visitors to http://www.example.com, which is not https. Fix: declare the https:// address of the same page.',
        ]);
    });

    it("a misspelt config key fails the preview, naming the key it most likely meant", async () => {
        const result = await preview("misspelt", { "shortener:requestTimeoutMS": "5000" });
        assert.equal(result.ok, false, result.log);
        assert.match(
            result.log,
            /shortener:requestTimeoutMS is not a setting of the shortener provider \(did you mean "?requestTimeoutMs"?\?\)/,
        );
        assert.deepEqual(await emulator.admin.list("links"), []);
    });

    it("a refusal that quotes a value the program marked secret shows it redacted", async () => {
        const held = await emulator.admin.seed("links", { url: "https://www.example.com/first", custom: SECRET_ALIAS });
        const result = await runOperation("up", {
            programDir: join(dir, "secret"),
            stateFile: join(dir, "secret.json"),
            config: { "shortener:baseUrl": emulator.baseUrl },
            secretConfig: { "shortener:apiKey": emulator.apiKey },
            env: pluginEnv(),
        });
        assert.equal(result.ok, false, result.log);
        assert.match(
            result.log,
            new RegExp(`a link with the alias "\\[redacted\\]" already exists \\(id ${held.id}\\)`),
        );
        assert.ok(!result.log.includes(SECRET_ALIAS), result.log);
        assert.equal((await emulator.admin.list("links")).length, 1);
    });
});
