// One generated program's whole life on a fresh stack, with the invariant checked after every step:
// up, preview (no change); refresh, preview (no change, no failure); out-of-band changes, refresh, up (exactly the
// changed resources are put back, and every declared value is stored as declared); destroy (nothing is left).
import type { LifecycleResult, Operation } from "../support/pulumi";
import type { ProfileName } from "../../emulator";
import { changes, startStack, type Declared, type TestStack } from "../support/stack";
import { applyDrifts, driftsOf, expectedRepairs, type DriftPick } from "./drift";
import { declaredOf, type ProgramArgs } from "./generators";
import { STORE_KIND, storedMismatches } from "./stored";

/** Counts of what the property ran, printed at the end. */
export interface Tally {
    stacks: number;
    steps: number;
    drifts: number;
    resources: Record<string, number>;
}

export const newTally = (): Tally => ({ stacks: 0, steps: 0, drifts: 0, resources: {} });

/** A broken invariant: which one, and what was seen. */
export class InvariantBroken extends Error {}

const RATE_LIMIT = { limit: 100_000, windowMs: 1000 };
/** How much of the CLI's log a failure message quotes. */
const LOG_TAIL = 4000;

export async function runProgram(
    profile: ProfileName,
    program: ProgramArgs,
    picks: readonly DriftPick[],
    tally: Tally,
): Promise<void> {
    const declared = declaredOf(program);
    const stack = await startStack({ profile, rateLimit: RATE_LIMIT });
    const stackNumber = ++tally.stacks;
    try {
        // One line per engine step: a run of this suite takes minutes, and its progress should be seen.
        const step = async (operation: Operation, invariant: string) => {
            tally.steps++;
            const started = Date.now();
            const result = await stack.run(operation, declared);
            console.log(
                `        ${profile} stack ${stackNumber}: ${operation} of ${declared.length} resources, ${((Date.now() - started) / 1000).toFixed(1)} s (${tally.steps} steps so far)`,
            );
            if (!result.ok) throw broken(invariant, `${operation} failed`, result);
            return result;
        };
        const noChange = async (invariant: string) => {
            const preview = await step("preview", invariant);
            const proposed = changes(preview);
            if (proposed.length > 0)
                throw broken(
                    invariant,
                    `preview proposes ${proposed.length} changes: ${proposed.slice(0, 20).join(", ")}`,
                    preview,
                );
        };

        const up = await step("up", "1. up creates every declared resource");
        const created = changes(up).filter((change) => change.startsWith("create ")).length;
        if (created !== declared.length)
            throw broken("1. up creates every declared resource", `created ${created} of ${declared.length}`, up);
        await expectStoredAsDeclared(
            stack,
            declared,
            idsOf(up),
            "1. after up, every declared value is stored as declared",
        );
        await noChange("1. up, then preview: no change");

        await step("refresh", "2. refresh succeeds on an unchanged stack");
        await noChange("2. refresh, then preview: no change and no failure");

        const drifts = driftsOf(declared, picks);
        tally.drifts += drifts.length;
        await applyDrifts(stack.emulator.admin, drifts, idsOf(up));
        await step("refresh", "3. refresh after out-of-band changes succeeds");
        const repair = await step("up", "3. up after out-of-band changes and refresh succeeds");
        const repaired = changes(repair);
        const expected = expectedRepairs(declared, drifts);
        if (repaired.join("\n") !== expected.join("\n")) {
            throw broken(
                "3. up puts back exactly what was changed out of band",
                `expected [${expected.join(", ")}], did [${repaired.join(", ")}]`,
                repair,
            );
        }
        await expectStoredAsDeclared(
            stack,
            declared,
            idsOf(repair),
            "3. after drift, refresh and up, every declared value is stored as declared",
        );

        await step("destroy", "4. destroy succeeds");
        const left = await leftovers(stack);
        if (left.length > 0)
            throw new InvariantBroken(`4. destroy leaves nothing of the account: still there: ${left.join("; ")}`);

        for (const resource of declared) tally.resources[resource.kind] = (tally.resources[resource.kind] ?? 0) + 1;
    } finally {
        await stack.close();
    }
}

function idsOf(result: LifecycleResult): Record<string, string> {
    return (result.outputs.ids ?? {}) as Record<string, string>;
}

async function expectStoredAsDeclared(
    stack: TestStack,
    declared: readonly Declared[],
    ids: Record<string, string>,
    invariant: string,
): Promise<void> {
    const records = Object.fromEntries(
        await Promise.all(
            Object.values(STORE_KIND).map(async (kind) => [kind, await stack.emulator.admin.list(kind)] as const),
        ),
    );
    const problems = storedMismatches(declared, ids, records);
    if (problems.length > 0)
        throw new InvariantBroken(`${invariant}: ${problems.length} differ:\n  ${problems.slice(0, 20).join("\n  ")}`);
}

async function leftovers(stack: TestStack): Promise<string[]> {
    const lists = await Promise.all(
        Object.values(STORE_KIND).map(async (kind) => [kind, await stack.emulator.admin.list(kind)] as const),
    );
    return lists
        .filter(([, records]) => records.length > 0)
        .map(([kind, records]) => `${records.length} ${kind} (ids ${records.map((r) => r.id).join(", ")})`);
}

function broken(invariant: string, what: string, result: LifecycleResult): InvariantBroken {
    const failures = result.steps
        .filter((step) => step.error || step.failures?.length)
        .slice(0, 10)
        .map((step) => `  ${step.name}: ${step.error ?? ""} ${JSON.stringify(step.failures ?? [])}`);
    const log = result.log.length > LOG_TAIL ? `…${result.log.slice(-LOG_TAIL)}` : result.log;
    return new InvariantBroken(
        `${invariant}: ${what}\n${failures.join("\n")}\n${result.error ?? ""}\n${(result.diagnostics ?? []).join("\n")}\n--- CLI log (tail) ---\n${log}`,
    );
}
