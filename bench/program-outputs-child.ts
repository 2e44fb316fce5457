// The child of program-outputs.ts: declares `count` resources under the Pulumi SDK's mocks (no engine, no provider)
// and prints the time and heap they cost as one JSON line. A process of its own, since the mocks are global to the SDK
// of the process that sets them. What it declares (`shape`):
// - "link": the package's Link with a url and an alias, as the scale bench declares them;
// - "bare": a resource of the three properties the baseline's short link registers (url, alias, its provider);
// - "outputs:N": a bare resource that also registers N outputs, each an Output the SDK makes whatever the provider.
import * as pulumi from "@pulumi/pulumi";
import { Link } from "../provider";

const [count, shape] = [Number(process.argv[2]), process.argv[3] ?? ""];

void pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
    "bench",
    "outputs",
    true,
);

/** A resource of the kind's type token, as the engine sees one of the package's. */
class Measured extends pulumi.CustomResource {}

function declarer(): (index: number) => pulumi.CustomResource {
    const args = (index: number) => ({ url: `https://www.example.com/${index}`, alias: `link-${index}` });
    if (shape === "link") return (index) => new Link(`link-${index}`, args(index));
    const outputs = shape === "bare" ? 0 : Number(/^outputs:(\d+)$/.exec(shape)?.[1] ?? NaN);
    if (!Number.isInteger(outputs)) throw new Error(`shape must be link, bare or outputs:N, got "${shape}"`);
    return (index) => {
        const props: Record<string, unknown> = { ...args(index), __provider: "exports.handler=0" };
        for (let output = 0; output < outputs; output++) props[`output${output}`] = undefined;
        return new Measured("pulumi-nodejs:dynamic/shortener:Link", `resource-${index}`, props);
    };
}

const declare = declarer();
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const resources = Array.from({ length: count }, (_, index) => declare(index));
void Promise.all(resources.map((resource) => new Promise((resolve) => resource.urn.apply(resolve)))).then(() => {
    const ms = (performance.now() - started) / count;
    const bytes = (process.memoryUsage().heapUsed - heapBefore) / count;
    process.stdout.write(`${JSON.stringify({ ms, bytes })}\n`);
});
