// What a resource's output properties cost the Pulumi program: each is an Output the SDK makes and resolves, whatever
// the provider. A Link declares 22 (its inputs, and what the service computes); the baseline's resources declare none.
// Measured under the SDK's mocks, in a child process, so that the program's share of an up or a preview shows apart
// from the engine's and the provider's. The baseline column is a resource of none, as the baseline's are.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { outputNames } from "../provider/resources/lifecycle";
import { definitions } from "../provider/resources/registry";
import { Benchmark, Figure } from "./figure";

const COUNT = 2_000;
const CHILD = join(__dirname, "program-outputs-child.js");

function measured(outputs: number): { ms: number; bytes: number } {
    return JSON.parse(execFileSync(process.execPath, [CHILD, String(COUNT), String(outputs)], { encoding: "utf8" }));
}

export const programOutputsBench: Benchmark = {
    title: `program: the SDK's cost of a resource's outputs, ${COUNT} resources under its mocks`,
    async run(): Promise<Figure[]> {
        const linkOutputs = outputNames(definitions.Link).length;
        const link = measured(linkOutputs);
        const none = measured(0);
        const report = (name: string, value: number, baseline: number, unit: string): Figure => ({
            name,
            value: Math.round(value * 10) / 10,
            baseline: Math.round(baseline * 10) / 10,
            bound: 0,
            unit,
            goal: "report",
        });
        return [
            report(`time per resource of ${linkOutputs} outputs (a Link's) / of none`, link.ms, none.ms, "ms"),
            report(
                `heap per resource of ${linkOutputs} outputs / of none`,
                link.bytes / 1024,
                none.bytes / 1024,
                "KiB",
            ),
        ];
    },
};
