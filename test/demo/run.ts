// npm run demo [-- --api-key-file FILE]
//
// A new user's first run: the example program in examples/shortener-stack goes through preview, up, an edit made
// outside Pulumi, refresh, the fix, and destroy, against a local emulator of the service, run by the real Pulumi CLI
// (the pinned version, built on first use: tools/pulumi). No account, no network, nothing left running.
// --api-key-file writes the emulator's API key to FILE (mode 0600) instead of ever printing it; the demo's own test
// uses it to prove the key appears nowhere in the output.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import {
    readState,
    runOperation,
    storedSecretKeys,
    type LifecycleResult,
    type Operation,
    type ResourceState,
} from "../support/pulumi";
import {
    isProfileName,
    PROFILE_NAMES,
    startEmulator,
    type AdminKind,
    type ProfileName,
    type RunningEmulator,
} from "../../emulator";
import { pluginEnv } from "../support/plugin";
import { REPOSITORY_ROOT } from "../support/repository";
import { Narrator } from "./print";

const EXAMPLE_DIR = join(REPOSITORY_ROOT, "examples", "shortener-stack");
const YAML_EXAMPLE_DIR = join(REPOSITORY_ROOT, "examples", "yaml-stack");
const PASSPHRASE = "demo-passphrase";
const STEP_COUNT = 9;
const STACK_TYPE = "pulumi:pulumi:Stack";
const USAGE = "usage: npm run demo [-- --profile spec|real] [--api-key-file FILE]";

/** What "someone" changes in the dashboard: resources of the example program, by their Pulumi name. */
const DASHBOARD_EDITS = [
    { resource: "newsletter", kind: "channels", field: "name", value: "Monthly digest" },
    { resource: "brand", kind: "domains", field: "redirectroot", value: "https://www.example.com/summer-sale" },
] as const;

/** The kinds of object the example program creates; after destroy the service must hold none of them. */
const STACK_KINDS: readonly AdminKind[] = ["domains", "campaigns", "channels", "pixels", "links", "qrcodes"];

/** A step that did not do what the demo says it does. */
class DemoFailure extends Error {}
class UsageError extends Error {}

interface Edit {
    resource: string;
    kind: AdminKind;
    id: number;
    field: string;
    value: string;
    original: unknown;
}

async function demonstrate(emulator: RunningEmulator, stateFile: string, say: Narrator): Promise<string[]> {
    say.step(
        "start a local link-shortening service",
        "An emulator of the service's REST API runs on this machine with a fresh account, so nothing real is touched.",
    );
    say.note(
        `    service:  ${emulator.baseUrl}`,
        "    API key:  [secret] (handed to the provider as a secret config value, never printed)",
    );

    // `diff`: every changed property, old => new, as a user asks for it to read drift or a plan to undo it.
    const run = async (operation: Operation, { diff = false } = {}): Promise<LifecycleResult> => {
        const result = await runOperation(operation, {
            programDir: EXAMPLE_DIR,
            stateFile,
            config: { "shortener:baseUrl": emulator.baseUrl },
            secretConfig: { "shortener:apiKey": emulator.apiKey },
            env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
            flags: diff ? ["--diff"] : [],
        });
        say.report(result);
        if (!result.ok) throw new DemoFailure(`${operation} did not succeed: ${result.error ?? "no reason given"}`);
        return result;
    };

    say.step(
        "pulumi preview: what would change",
        "Pulumi runs the program and asks the provider to check each resource, but changes nothing yet.",
    );
    const planned = await run("preview");
    await expectNoStackObjects(emulator, "preview");

    say.step(
        "pulumi up: create the stack",
        "The provider creates each resource through the API; the outputs are the program's exports.",
    );
    const created = await run("up");
    for (const output of ["rotatorUrl", "landingQrLink"]) {
        if (typeof created.outputs[output] !== "string") throw new DemoFailure(`up did not export ${output}`);
    }
    const secrets = encryptedSecrets(stateFile, emulator.apiKey);
    say.note(
        "",
        "Where the state file holds secrets, they are encrypted with the passphrase the demo set in PULUMI_CONFIG_PASSPHRASE:",
        ...secrets.map((secret) => `    ${secret}: [secret]`),
        "The API key is among them only as Pulumi's default provider's input (the stack config, recorded encrypted, which",
        "refresh and destroy use until the next up); no resource holds it.",
    );

    say.step(
        "someone edits the stack in the dashboard",
        "Two changes are made behind Pulumi's back, straight in the service (through the emulator's admin surface),",
        "as if a colleague had made them in the dashboard.",
    );
    const edits = await editOutsidePulumi(emulator, stateFile);
    for (const edit of edits)
        say.note(`    ${edit.resource} (${edit.kind} ${edit.id}): ${edit.field} set to ${JSON.stringify(edit.value)}`);

    const edited = edits.map((edit) => edit.resource);
    say.step(
        "pulumi refresh: notice the drift",
        "Pulumi reads every resource back from the service and records what it finds: old => new is the drift.",
    );
    expectChanges(await run("refresh", { diff: true }), "refresh", edited);

    say.step(
        "pulumi preview: the plan to put it back",
        "The program still says what the stack should be, so Pulumi plans to update the edited resources back.",
    );
    expectChanges(await run("preview", { diff: true }), "update", edited);

    say.step(
        "pulumi up: put it back",
        "The provider updates the two resources; the service holds the program's values again.",
    );
    expectChanges(await run("up", { diff: true }), "update", edited);
    await expectRestored(emulator, edits);
    say.note(
        "",
        "    checked in the service: " +
            edits.map((edit) => `${edit.resource} ${edit.field} is ${JSON.stringify(edit.original)}`).join(", "),
    );

    say.step("pulumi destroy: remove everything", "Pulumi deletes every resource of the stack, dependents first.");
    await run("destroy");
    await expectNoStackObjects(emulator, "destroy");
    say.note("", `    checked in the service: no ${STACK_KINDS.join(", ")} left`);

    say.step(
        "the same provider from Pulumi YAML: up and destroy through the plugin",
        "examples/yaml-stack declares links, a campaign and a QR code in Pulumi YAML; the CLI runs it with Pulumi YAML's",
        "language host and pulumi-resource-shortener, the plugin over the same lifecycle.",
    );
    const yaml = async (operation: Operation) => {
        const result = await runOperation(operation, {
            programDir: YAML_EXAMPLE_DIR,
            stateFile: `${stateFile}.yaml-stack.json`,
            config: { "shortener:baseUrl": emulator.baseUrl },
            secretConfig: { "shortener:apiKey": emulator.apiKey },
            env: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE, ...pluginEnv() },
        });
        say.report(result);
        if (!result.ok)
            throw new DemoFailure(
                `${operation} of examples/yaml-stack did not succeed: ${result.error ?? "no reason given"}`,
            );
        return result;
    };
    const fromYaml = await yaml("up");
    if (typeof fromYaml.outputs.saleUrl !== "string")
        throw new DemoFailure("the YAML stack's up did not export saleUrl");
    await yaml("destroy");
    await expectNoStackObjects(emulator, "destroy");

    return [
        `preview planned ${planned.summary.create} creations and changed nothing; up made them and exported the ` +
            "campaign's rotator URL, the short links and the landing page QR code's link",
        `refresh noticed the ${edits.length} dashboard edits (old => new); preview planned, and up made, the updates back`,
        `secrets stayed secret: ${secrets.join(", ")} shown as [secret] and encrypted in the state; the API key never ` +
            "printed, and stored only encrypted",
        "destroy removed every object the stack made",
        `the Pulumi YAML program made its ${fromYaml.steps.filter((step) => step.op === "create" && step.type !== STACK_TYPE).length} objects through the plugin (its short link ` +
            `${String(fromYaml.outputs.saleUrl)}) and destroyed them`,
    ];
}

function resourceNamed(stateFile: string, name: string): ResourceState {
    const resource = readState(stateFile).resources.find((candidate) => candidate.urn.endsWith(`::${name}`));
    if (!resource?.id) throw new DemoFailure(`the state has no created resource named ${name}`);
    return resource;
}

async function recordOf(emulator: RunningEmulator, kind: AdminKind, id: number): Promise<Record<string, unknown>> {
    const record = (await emulator.admin.list(kind)).find((candidate) => candidate.id === id);
    if (!record) throw new DemoFailure(`the service has no ${kind} object ${id}`);
    return record;
}

async function editOutsidePulumi(emulator: RunningEmulator, stateFile: string): Promise<Edit[]> {
    const edits: Edit[] = [];
    for (const { resource, kind, field, value } of DASHBOARD_EDITS) {
        const id = Number(resourceNamed(stateFile, resource).id);
        const original = (await recordOf(emulator, kind, id))[field];
        await emulator.admin.patch(kind, id, { [field]: value });
        edits.push({ resource, kind, id, field, value, original });
    }
    return edits;
}

/** Fails unless the run changed exactly the named resources, each with the expected operation. */
function expectChanges(result: LifecycleResult, op: string, names: readonly string[]): void {
    const changed = result.steps.filter((step) => step.op !== "same" && step.type !== STACK_TYPE);
    const unexpected = changed.filter((step) => step.op !== op || !names.includes(step.name));
    const missing = names.filter((name) => !changed.some((step) => step.name === name));
    if (unexpected.length > 0 || missing.length > 0) {
        throw new DemoFailure(
            `${result.operation} should ${op} exactly ${names.join(" and ")}; ` +
                `missing: ${missing.join(", ") || "none"}; unexpected: ${unexpected.map((step) => `${step.op} ${step.name}`).join(", ") || "none"}`,
        );
    }
}

async function expectRestored(emulator: RunningEmulator, edits: readonly Edit[]): Promise<void> {
    for (const edit of edits) {
        const now = (await recordOf(emulator, edit.kind, edit.id))[edit.field];
        if (now !== edit.original) {
            throw new DemoFailure(
                `${edit.resource}: ${edit.field} is ${JSON.stringify(now)} after up, not ${JSON.stringify(edit.original)}`,
            );
        }
    }
}

async function expectNoStackObjects(emulator: RunningEmulator, after: Operation): Promise<void> {
    for (const kind of STACK_KINDS) {
        const count = (await emulator.admin.list(kind)).length;
        if (count > 0) throw new DemoFailure(`the service holds ${count} ${kind} after ${after}`);
    }
}

/** The secret fields of the state ("resource.field"), checked on the file as it is on disk. */
function encryptedSecrets(stateFile: string, apiKey: string): string[] {
    if (readFileSync(stateFile, "utf8").includes(apiKey))
        throw new DemoFailure(`the state file ${stateFile} holds the API key`);
    return readState(stateFile).resources.flatMap((resource) =>
        storedSecretKeys(resource).map((key) => {
            const stored = resource.inputs[key];
            if (typeof stored !== "object" || stored === null || !("ciphertext" in stored)) {
                throw new DemoFailure(`the state holds ${resource.urn} ${key} unencrypted`);
            }
            return `${resource.urn.slice(resource.urn.lastIndexOf("::") + 2)}.${key}`;
        }),
    );
}

interface DemoOptions {
    apiKeyFile?: string;
    profile: ProfileName;
}

function optionsFrom(args: readonly string[]): DemoOptions {
    const options: DemoOptions = { profile: "spec" };
    for (let at = 0; at < args.length; at += 2) {
        const [flag, value] = [args[at], args[at + 1]];
        if (flag !== "--api-key-file" && flag !== "--profile")
            throw new UsageError(`unexpected arguments: ${args.join(" ")}`);
        if (value === undefined) throw new UsageError(`${flag} needs a value`);
        if (flag === "--api-key-file") options.apiKeyFile = value;
        else if (flag === "--profile" && isProfileName(value)) options.profile = value;
        else throw new UsageError(`--profile must be one of ${PROFILE_NAMES.join(", ")}, got "${value}"`);
    }
    return options;
}

async function main(): Promise<void> {
    const started = Date.now();
    const { apiKeyFile, profile } = optionsFrom(process.argv.slice(2));
    if (!existsSync(join(EXAMPLE_DIR, "node_modules", "pulumi-shortener", "package.json"))) {
        throw new DemoFailure(
            "examples/shortener-stack does not see this package yet: run npm ci first (its prepare script links it)",
        );
    }
    const stateDir = mkdtempSync(join(tmpdir(), "shortener-demo-"));
    process.on("exit", () => rmSync(stateDir, { recursive: true, force: true }));
    // The real service allows 30 requests a minute; the provider would wait out its windows for minutes.
    const emulator = await startEmulator({ profile, rateLimit: { limit: 1000, windowMs: 1000 } });
    const say = new Narrator(STEP_COUNT);
    say.note(
        "",
        `The emulator behaves like ${profile === "real" ? "the real service (its rewriting, dialect and answers)" : "the spec"}.`,
    );
    let proved: string[];
    try {
        if (apiKeyFile) writeFileSync(apiKeyFile, emulator.apiKey, { mode: 0o600 });
        proved = await demonstrate(emulator, join(stateDir, "dev.json"), say);
    } finally {
        await emulator.close();
    }
    say.section(
        "What this showed:",
        proved.map((fact) => `- ${fact}`),
    );
    say.note(
        "",
        `Finished in ${((Date.now() - started) / 1000).toFixed(1)} s; the emulator is stopped and the demo's state deleted.`,
    );
    say.section(
        "To run the same example against the real service (with your own `pulumi`, or this repository's, as below):",
        [
            'eval "$(npm run --silent pulumi-env)"           # the pinned Pulumi CLI as pulumi in this shell',
            "export PULUMI_CONFIG_PASSPHRASE='choose one'    # a new stack on the local backend encrypts its secrets with it",
            "cd examples/shortener-stack && pulumi stack init dev",
            "pulumi config set shortener:baseUrl https://<your-service>",
            "pulumi config set --secret shortener:apiKey      # prompts for the key, so that it stands in no shell history",
            "pulumi up",
        ],
    );
}

// A signal would end the process without "exit", which is when the running CLI is stopped (test/support/commands.ts).
for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => process.exit(128 + constants.signals[signal]));

main().catch((error: unknown) => {
    if (error instanceof UsageError) {
        process.stderr.write(`${error.message}\n${USAGE}\n`);
        process.exitCode = 2;
        return;
    }
    const message =
        error instanceof DemoFailure
            ? error.message
            : error instanceof Error
              ? (error.stack ?? error.message)
              : String(error);
    process.stderr.write(`\nThe demo failed: ${message}\n`);
    process.exitCode = 1;
});
