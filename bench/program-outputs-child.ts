// The child of program-outputs.ts: registers `count` resources under the Pulumi SDK's mocks (no engine, no provider),
// each with `outputs` output properties, and prints the time and heap they cost as one JSON line. A process of its
// own, since the mocks are global to the SDK of the process that sets them.
import * as pulumi from "@pulumi/pulumi";

const [count, outputs] = process.argv.slice(2).map(Number);

void pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
    "bench",
    "outputs",
    true,
);

/** A resource of the kind's type token, as the engine sees one of the package's. */
class Measured extends pulumi.CustomResource {}

function declare(index: number): Measured {
    const props: Record<string, unknown> = { url: `https://www.example.com/${index}`, __provider: "exports.handler=0" };
    for (let output = 0; output < outputs; output++) props[`output${output}`] = undefined;
    return new Measured("pulumi-nodejs:dynamic/shortener:Link", `resource-${index}`, props);
}

const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const resources = Array.from({ length: count }, (_, index) => declare(index));
void Promise.all(resources.map((resource) => new Promise((resolve) => resource.urn.apply(resolve)))).then(() => {
    const ms = (performance.now() - started) / count;
    const bytes = (process.memoryUsage().heapUsed - heapBefore) / count;
    process.stdout.write(`${JSON.stringify({ ms, bytes })}\n`);
});
