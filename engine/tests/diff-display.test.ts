// The diff display against Go's own testdata (engine/fixtures/display-go, from pkg/backend/display/testdata): each
// event stream rendered by CreateDiff and by ShowDiffEvents, with the options Go's tests pass (diff_test.go
// TestDiffEventsCreateDiff, TestJsonYamlCreateDiff, TestDiffEvents, TestJsonYamlDiff), is byte for byte Go's text.
import { strict as assert } from "node:assert";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY_ROOT } from "../../test/support/repository";
import { DiffDisplayOptions, createDiff, showDiffEvents } from "../display/diff";
import { EngineEvent, convertJsonEvent } from "../display/events";
import { endOfContainer } from "../display/property-printer";

const FIXTURES = join(REPOSITORY_ROOT, "engine", "fixtures", "display-go");

/** loadEvents: the stream's events (json.Decoder reads one value after another), ending with a cancel event. */
function loadEvents(file: string): EngineEvent[] {
    const events: EngineEvent[] = [];
    for (let rest = readFileSync(file, "utf8").trim(); rest !== "";) {
        const end = endOfContainer(rest);
        events.push(convertJsonEvent(JSON.parse(rest.slice(0, end))));
        rest = rest.slice(end).trim();
    }
    return events.at(-1)?.type === "cancel" ? events : [...events, { type: "cancel" }];
}

/** The options every one of Go's display tests passes. */
const TESTED: Omit<DiffDisplayOptions, "truncateOutput" | "color"> = {
    showConfig: true,
    showReplacementSteps: true,
    showSameResources: true,
    showReads: true,
    showURNs: false,
    showSecrets: false,
    suppressOutputs: false,
    summaryDiff: false,
    debug: false,
};

const expected = (file: string) => readFileSync(file, "utf8");

for (const folder of ["not-truncated", "json-yaml", "truncated"]) {
    const truncateOutput = folder === "truncated";
    describe(`engine double: Go's diff display testdata, ${folder}/`, () => {
        for (const name of readdirSync(join(FIXTURES, folder)).filter((file) => file.endsWith(".json"))) {
            const file = join(FIXTURES, folder, name);
            it(`${name}: CreateDiff (Color Never)`, () => {
                assert.equal(
                    createDiff(loadEvents(file), { ...TESTED, truncateOutput, color: "never" }),
                    expected(`${file}.create-diff.txt`),
                );
            });
            it(`${name}: ShowDiffEvents (Color Raw)`, () => {
                const printed = showDiffEvents(loadEvents(file), { ...TESTED, truncateOutput, color: "raw" });
                assert.equal(printed.stdout, expected(`${file}.stdout.txt`));
                assert.equal(printed.stderr, expected(`${file}.stderr.txt`));
            });
            if (existsSync(`${file}.urns.stdout.txt`)) {
                it(`${name}: ShowDiffEvents with URNs`, () => {
                    const printed = showDiffEvents(loadEvents(file), {
                        ...TESTED,
                        showURNs: true,
                        truncateOutput: false,
                        color: "raw",
                    });
                    assert.equal(printed.stdout, expected(`${file}.urns.stdout.txt`));
                });
            }
        }
    });
}
