// What the state holds for a resource, measured as the bench measures it (storedBytes: its inputs and outputs as
// compact JSON), through the real Pulumi CLI. The engine stores every input twice (in the inputs, which check and
// create read, and in the outputs, which diff and refresh read), so what the provider adds is its own stub, stored
// twice too: one line of module code per kind. A short link, as the bench and an account of campaigns declare it,
// stays within the bench's bound.
import { strict as assert } from "node:assert";
import { readState, storedBytes, STORED_BYTES_BOUND, type ResourceState } from "../support/pulumi";
import { useStack, type Declared } from "../support/stack";

/** The most the serialized provider of a kind may take, as JSON: its one line, the kind's name and the entry. */
const STUB_BYTES = 160;

const LINKS: Declared[] = [
    // As bench/workload.ts declares the links of its scale runs.
    {
        kind: "Link",
        name: "offer",
        args: { url: "https://www.example.com/offers/1234?from=poster", alias: "offer-1234" },
    },
    {
        kind: "Link",
        name: "campaign-link",
        args: {
            url: "https://shop.example.com/autumn/coats",
            alias: "autumn-coats",
            title: "Autumn coats",
            description: "Our warmest coats, half price until Sunday",
            image: "https://shop.example.com/autumn/coats.png",
            utm: { source: "newsletter", medium: "email", campaign: "autumn-launch", content: "header" },
            expiry: "2030-12-31",
        },
    },
];

const OTHERS: Declared[] = [
    { kind: "Domain", name: "brand", args: { domain: "https://go.example.com" } },
    { kind: "Campaign", name: "autumn", args: { name: "Autumn launch" } },
    { kind: "Channel", name: "news", args: { name: "Newsletter" } },
    { kind: "Pixel", name: "analytics", args: { type: "analyticspixel", name: "Site analytics", tag: "G-1" } },
    { kind: "QrCode", name: "landing", args: { type: "text", data: "Hello" } },
];

describe("state: what a resource stores, as the bench counts it", function () {
    this.timeout(180_000);
    const stack = useStack({ profile: "real" });
    let resources: ResourceState[];

    before(async () => {
        await stack().expectOk("up", [...LINKS, ...OTHERS]);
        resources = readState(stack().stateFile).resources.filter((resource) => resource.type.includes("shortener"));
    });

    it(`a short link, as the bench and a campaign declare one, stores at most ${STORED_BYTES_BOUND} bytes`, () => {
        for (const { name } of LINKS) {
            const link = resources.find((resource) => resource.urn.endsWith(`::${name}`))!;
            assert.ok(storedBytes(link) <= STORED_BYTES_BOUND, `${name}: ${storedBytes(link)} bytes`);
        }
    });

    it(`the provider's own share of every kind's state is its stub, at most ${STUB_BYTES} bytes each time it is stored`, () => {
        assert.equal(resources.length, LINKS.length + OTHERS.length);
        for (const resource of resources) {
            for (const side of [resource.inputs, resource.outputs]) {
                const stub = JSON.stringify(side.__provider);
                assert.ok(stub.length <= STUB_BYTES, `${resource.urn}: ${stub}`);
                assert.match(
                    stub,
                    /require\(\\"pulumi-shortener\/runtime\\"\)\.bindProvider\(\\"[A-Za-z]+\\",r\.config\)/,
                );
            }
        }
    });
});
