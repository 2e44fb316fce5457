// The no-drift invariant, tested at random against both service profiles: a stack nobody changed previews as no change
// after any number of refreshes, changes made by hand are put back, every declared value reaches the service as
// declared, and destroy leaves nothing. Programs are big (each engine run costs seconds, so resources are batched
// into a few stacks) and a failure shrinks towards the smallest program that still breaks the invariant, for as long
// as PROPERTY_SHRINK_MS allows (each candidate is a whole lifecycle); the report prints it as JSON with the seed.
//
//   PROPERTY_SEED=<n>        replay a run (the seed is printed at the start)
//   PROPERTY_PER_KIND=<n>    resources of each kind per stack (default 10 at TEST_DEPTH=quick, so that npm test
//                            fits in minutes; 100 at TEST_DEPTH=full, which CI runs: see test/support/depth.ts)
//   PROPERTY_STACKS=<n>      stacks per profile (default 1 at quick depth, 2 at full depth)
//   PROPERTY_SHRINK_MS=<n>   time spent shrinking a failure before reporting the smallest found (default 240000)
//   PROPERTY_PROFILES=real   only these profiles (comma-separated; default every profile at full depth, one picked by
//                            the run's seed at quick depth)
//   PROPERTY_PATH=<path>     with the seed, run only the shrunk failure the report names (fast-check's replay path)
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { PROFILE_NAMES, type ProfileName } from "../../emulator";
import { startStack } from "../support/stack";
import { byDepth, numberFromEnv, sampleOf } from "../support/depth";
import { driftPicks, type DriftPick } from "./drift";
import { declaredOf, hasTag, programArgs, type ProgramArgs } from "./generators";
import { newTally, runProgram, type Tally } from "./lifecycle";

const SEED = numberFromEnv("PROPERTY_SEED", Math.floor(Math.random() * 2 ** 31));
const PER_KIND = numberFromEnv("PROPERTY_PER_KIND", byDepth(10, 100));
const STACKS = numberFromEnv("PROPERTY_STACKS", byDepth(1, 2));
const SHRINK_MS = numberFromEnv("PROPERTY_SHRINK_MS", 240_000);
/** Out-of-band changes picked per stack: about a tenth of each kind's resources. */
const DRIFTS = Math.max(5, Math.ceil(PER_KIND / 2));
const PATH = process.env.PROPERTY_PATH || undefined;
const PROFILES = process.env.PROPERTY_PROFILES
    ? process.env.PROPERTY_PROFILES.split(",")
    : sampleOf("the no-drift invariant's service profiles", PROFILE_NAMES, 1, (name) => name);
const unknownProfile = PROFILES.find((name) => !(PROFILE_NAMES as readonly string[]).includes(name));
if (unknownProfile) throw new Error(`PROPERTY_PROFILES: ${unknownProfile} is not one of ${PROFILE_NAMES.join(", ")}`);

interface Case {
    program: ProgramArgs;
    drift: DriftPick[];
}

/** The failure message: the invariant, the seed to replay it and the smallest program found, as JSON. */
function report(profile: string, details: fc.RunDetails<[Case]>, shrinkingStopped: boolean): string {
    const [smallest] = details.counterexample!;
    return [
        `the no-drift invariant broke against the ${profile} profile (seed ${details.seed}; replay with PROPERTY_PROFILES=${profile} PROPERTY_SEED=${details.seed}` +
            ` PROPERTY_PER_KIND=${PER_KIND} PROPERTY_STACKS=${STACKS}, and only the smallest case with PROPERTY_PATH=${details.counterexamplePath}),` +
            ` shrunk ${details.numShrinks} times` +
            (shrinkingStopped ? ` before the shrinking budget of ${SHRINK_MS} ms ran out` : ""),
        String(details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance),
        `smallest program (${declaredOf(smallest.program).length} resources):`,
        JSON.stringify({ resources: declaredOf(smallest.program), drift: smallest.drift }, null, 1),
    ].join("\n");
}

interface Checked {
    details: fc.RunDetails<[Case]>;
    shrinkingStopped: boolean;
}

/** Runs STACKS generated programs against a profile; a failure is shrunk for at most SHRINK_MS. */
async function checkProfile(profile: ProfileName, tally: Tally): Promise<Checked> {
    let firstFailure: number | undefined;
    let shrinkingStopped = false;
    const details = await fc.check(
        fc.asyncProperty(fc.record({ program: programArgs(PER_KIND), drift: driftPicks(DRIFTS) }), async (testCase) => {
            if (firstFailure !== undefined && Date.now() - firstFailure > SHRINK_MS) {
                // Out of shrinking time: skipping the rest leaves the smallest failure found so far as the report.
                shrinkingStopped = true;
                fc.pre(false);
            }
            try {
                await runProgram(profile, testCase.program, testCase.drift, tally);
            } catch (error) {
                firstFailure ??= Date.now();
                throw error;
            }
        }),
        { seed: SEED, path: PATH, numRuns: STACKS, endOnFailure: false },
    );
    return { details, shrinkingStopped };
}

describe("The no-drift invariant at random", function () {
    this.timeout(0);
    const tallies: Record<string, Tally> = {};
    const started = Date.now();

    before(() =>
        console.log(
            `      property seed ${SEED} (replay: PROPERTY_SEED=${SEED}); ${STACKS} stacks per profile, ${PER_KIND}+ resources of each kind per stack`,
        ),
    );
    after(() => {
        for (const [profile, tally] of Object.entries(tallies)) {
            const kinds = Object.entries(tally.resources)
                .map(([kind, count]) => `${count} ${kind}`)
                .join(", ");
            console.log(
                `      ${profile}: ${tally.stacks} stacks, ${tally.steps} engine steps, ${tally.drifts} out-of-band changes; resources through every step: ${kinds}`,
            );
        }
        console.log(`      property suite took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });

    // The profiles run side by side: most of a run is waiting on child processes and HTTP, so CI time halves.
    const checks = new Map<ProfileName, Promise<Checked>>();
    before(() => {
        for (const profile of PROFILES as readonly ProfileName[])
            checks.set(profile, checkProfile(profile, (tallies[profile] = newTally())));
    });

    for (const profile of PROFILES as readonly ProfileName[]) {
        it(`holds for generated programs of every kind against the ${profile} profile`, async () => {
            const { details, shrinkingStopped } = await checks.get(profile)!;
            if (details.failed) assert.fail(report(profile, details, shrinkingStopped));
            // A replay of one shrunk case (PROPERTY_PATH) runs a small program on purpose.
            for (const kind of PATH ? [] : ["Domain", "Campaign", "Channel", "Pixel", "QrCode", "Link"]) {
                const count = tallies[profile].resources[kind] ?? 0;
                assert.ok(count >= PER_KIND * STACKS, `only ${count} ${kind} resources went through every step`);
            }
        });
    }

    it("refuses HTML tags at preview, naming the field, and creates nothing", async () => {
        const tagged = fc
            .tuple(
                fc.constantFrom("<b>", "<script>x</script>", "<a href='x'>", "<br/>", "</i>", "<img src=x"),
                fc.constantFrom("Spring ", "", "R&D "),
                fc.constantFrom("", " sale"),
            )
            .map(([tag, before, after]) => `${before}${tag}${after}`);
        const places: [string, string, (text: string) => Record<string, unknown>][] = [
            ["Campaign", "name", (text) => ({ name: text })],
            ["Channel", "name", (text) => ({ name: text })],
            ["Channel", "description", (text) => ({ name: "Newsletter", description: text })],
            ["Pixel", "name", (text) => ({ type: "forum", name: text, tag: "T-1" })],
            ["Pixel", "tag", (text) => ({ type: "forum", name: "Forum", tag: text })],
            ["QrCode", "data", (text) => ({ type: "text", data: text })],
            ["QrCode", "data.org", (text) => ({ type: "vcard", data: { fname: "Ann", org: text } })],
        ];
        const stack = await startStack({ profile: "real", rateLimit: { limit: 100_000, windowMs: 1000 } });
        try {
            await fc.assert(
                fc.asyncProperty(tagged, fc.constantFrom(...places), async (text, [kind, field, args]) => {
                    assert.ok(hasTag(text));
                    const preview = await stack.run("preview", [{ kind, name: "tagged", args: args(text) }]);
                    assert.equal(
                        preview.ok,
                        false,
                        `${kind}.${field} = ${JSON.stringify(text)} was accepted at preview`,
                    );
                    const failures = preview.steps.flatMap((step) => step.failures ?? []);
                    assert.ok(
                        failures.some(
                            (failure) => failure.property === field && /removes HTML tags/.test(failure.reason),
                        ),
                        `${kind}.${field} = ${JSON.stringify(text)}: no failure naming ${field}: ${JSON.stringify(failures)}`,
                    );
                    for (const kindOnService of ["campaigns", "channels", "pixels", "qrcodes"] as const) {
                        assert.deepEqual(
                            await stack.emulator.admin.list(kindOnService),
                            [],
                            `a preview created ${kindOnService}`,
                        );
                    }
                }),
                { seed: SEED, numRuns: byDepth(3, 7) },
            );
        } finally {
            await stack.close();
        }
    });
});
