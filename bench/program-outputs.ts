// What declaring a resource costs the Pulumi program, apart from the engine's and the provider's share of an up or a
// preview: the package's Link beside a resource of the three properties the baseline's short link registers, and the
// cause of most of a resource's cost, its registered properties (each an Output of four promises the SDK makes,
// whatever the provider). Measured under the SDK's mocks, in a child process per figure.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { outputNames } from "../provider/resources/lifecycle";
import { definitions } from "../provider/resources/registry";
import { Benchmark, Figure } from "./figure";

const COUNT = 2_000;
const CHILD = join(__dirname, "program-outputs-child.js");

interface PerResource {
    ms: number;
    bytes: number;
}

function measured(shape: string): PerResource {
    return JSON.parse(
        execFileSync(process.execPath, [CHILD, String(COUNT), shape], {
            encoding: "utf8",
            env: { ...process.env, SHORTENER_BASE_URL: "http://127.0.0.1:9", SHORTENER_API_KEY: "bench" },
        }),
    );
}

function figures(name: string, value: PerResource, baseline: PerResource): Figure[] {
    const rounded = (number: number) => Math.round(number * 10) / 10;
    const report = (what: string, unit: string, pick: (measured: PerResource) => number): Figure => ({
        name: `${name}: ${what}`,
        value: rounded(pick(value)),
        baseline: rounded(pick(baseline)),
        bound: 0,
        unit,
        goal: "report",
    });
    return [report("time per resource", "ms", (m) => m.ms), report("heap per resource", "KiB", (m) => m.bytes / 1024)];
}

export const programOutputsBench: Benchmark = {
    title: `program: what declaring a resource costs, ${COUNT} resources under the SDK's mocks`,
    async run(): Promise<Figure[]> {
        const bare = measured("bare");
        const linkOutputs = outputNames(definitions.Link).length;
        return [
            ...figures("a Link of url and alias, beside the baseline's three properties", measured("link"), bare),
            ...figures(
                `a resource that registers a Link's ${linkOutputs} outputs too, beside none`,
                measured(`outputs:${linkOutputs}`),
                bare,
            ),
        ];
    },
};
