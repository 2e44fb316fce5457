// The shipped policy pack run as a user's project runs it: `pulumi preview --policy-pack
// node_modules/pulumi-shortener/policy` by the real CLI, on the declared-resources program or an example, against the
// emulator's real profile; and its violations as a test reads them.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runOperation, type LifecycleResult, type Operation, type PolicyViolation } from "../support/pulumi";
import { DECLARED_PROGRAM, declaredFileConfig, type Declared } from "../support/stack";
import { startEmulator, type RunningEmulator } from "../../emulator";

/** The pack where a user's project finds it: the package's `policy/`, through the program's node_modules. */
export const PACK_IN_PROJECT = join(DECLARED_PROGRAM, "node_modules", "pulumi-shortener", "policy");

/** The environment of every run of a policy stack: the passphrase of its secrets. */
export const POLICY_STACK_ENV = { PULUMI_CONFIG_PASSPHRASE: "policy-test" };

/** An emulator (real profile) and a scratch folder; each run starts from an empty state unless it continues one. */
export function usePolicyStack() {
    let emulator: RunningEmulator;
    let dir: string;
    before(async () => {
        emulator = await startEmulator({ profile: "real", rateLimit: { limit: 1000, windowMs: 1000 } });
        dir = mkdtempSync(join(tmpdir(), "shortener-policy-"));
    });
    after(async () => {
        await emulator?.close();
        rmSync(dir, { recursive: true, force: true });
    });
    let runs = 0;
    const stateFile = (name: string) => join(dir, `${name}.state.json`);
    const run = async (
        operation: Operation,
        program: { resources: readonly Declared[] } | { dir: string },
        {
            packConfig,
            stateName,
            packs = [PACK_IN_PROJECT],
        }: { packConfig?: unknown; stateName?: string; packs?: readonly string[] } = {},
    ): Promise<LifecycleResult> => {
        const name = `run-${++runs}`;
        // Packs run where resources are declared: a preview and an up (destroy and refresh take no pack).
        const runsPacks = operation === "preview" || operation === "up";
        const flags = runsPacks ? packs.flatMap((pack) => ["--policy-pack", pack]) : [];
        if (packConfig !== undefined) {
            const file = join(dir, `${name}-pack-config.json`);
            writeFileSync(file, JSON.stringify(packConfig));
            flags.push("--policy-pack-config", file);
        }
        const declared =
            "resources" in program ? declaredFileConfig("declared", join(dir, `${name}.json`), program.resources) : {};
        return runOperation(operation, {
            programDir: "resources" in program ? DECLARED_PROGRAM : program.dir,
            stateFile: stateFile(stateName ?? name),
            config: { "shortener:baseUrl": emulator.baseUrl, ...declared },
            secretConfig: { "shortener:apiKey": emulator.apiKey },
            env: POLICY_STACK_ENV,
            flags,
        });
    };
    return { run, stateFile };
}

/**
 * The violations as "level rule resource: message" lines, for assertions that show everything on failure. The engine
 * gives a violation's text as the rule's description, then the message, each on a line of its own.
 */
export function shownViolations(result: LifecycleResult): string[] {
    const name = (violation: PolicyViolation) => violation.resourceUrn?.split("::").at(-1) ?? "(stack)";
    return result.violations.map(
        (violation) =>
            `${violation.enforcementLevel} ${violation.policyName} ${name(violation)}: ${violation.message.trimEnd().split("\n").at(-1)}`,
    );
}

/** The program of the pack's acceptance: an http destination, a campaign's link without utm_source, an http root. */
export const THREE_VIOLATIONS: Declared[] = [
    {
        kind: "Domain",
        name: "brand",
        args: { domain: "https://go.example.com", redirectRoot: "http://www.example.com" },
    },
    { kind: "Campaign", name: "launch", args: { name: "Launch" } },
    { kind: "Link", name: "plain-http", args: { url: "http://www.example.com/offer", alias: "offer" } },
    {
        kind: "Link",
        name: "untagged",
        args: {
            url: "https://www.example.com/launch",
            campaign: { $ref: "launch.id" },
            parameters: { utm_medium: "email", utm_campaign: "launch" },
        },
    },
];

/**
 * The messages of the shipped pack's violations of `resources`, on a fresh emulator, outside any suite's hooks (for
 * the docs' quotes): each the last line the engine gives, in the order it reported them.
 */
export async function violationMessages(resources: readonly Declared[]): Promise<string[]> {
    const emulator = await startEmulator({ profile: "real", rateLimit: { limit: 1000, windowMs: 1000 } });
    const dir = mkdtempSync(join(tmpdir(), "shortener-policy-quote-"));
    try {
        const result = await runOperation("preview", {
            programDir: DECLARED_PROGRAM,
            stateFile: join(dir, "state.json"),
            config: {
                "shortener:baseUrl": emulator.baseUrl,
                ...declaredFileConfig("declared", join(dir, "resources.json"), resources),
            },
            secretConfig: { "shortener:apiKey": emulator.apiKey },
            env: POLICY_STACK_ENV,
            flags: ["--policy-pack", PACK_IN_PROJECT],
        });
        return result.violations.map((violation) => violation.message.trimEnd().split("\n").at(-1) ?? "");
    } finally {
        await emulator.close();
        rmSync(dir, { recursive: true, force: true });
    }
}
