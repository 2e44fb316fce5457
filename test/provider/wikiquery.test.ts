// End to end: a WikiQuery fails preview on an invalid definition as the wiki would judge it, saying which version and
// site data judged it, and its URL becomes the data of a QR code.
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readState } from "../support/pulumi";
import { sampleTests } from "../support/depth";
import { startStack, type Declared, type TestStack } from "../support/stack";
import { deeplyNestedPin } from "../wiki/lint-support";

const API = "https://wiki.example.org/w/api.php";
/** The shipped catalogue's judgedAs: MediaWiki 1.45.4's rules with English Wikipedia's site data, lacking some parts. */
const SHIPPED_JUDGED_AS =
    /the rules of MediaWiki 1\.45\.4 \(the catalogue's\), with the site data of English Wikipedia .*; they lack the wiki's language codes/;

describe("WikiQuery: a query definition checked at preview", function () {
    let stack: TestStack;
    const declare = (params: Record<string, unknown>): Declared[] => [
        { kind: "WikiQuery", name: "recent", args: { apiUrl: API, definition: { list: "recentchanges", params } } },
        { kind: "QrCode", name: "recent-qr", args: { type: "link", data: { $ref: "recent.url" } } },
    ];

    before(async () => (stack = await startStack()));
    after(async () => stack.close());

    it("fails preview naming the parameter and MediaWiki's reason, creating nothing", async () => {
        const result = await stack.run("preview", declare({ rclimit: "lots", rcdir: "sideways" }));
        assert.equal(result.ok, false);
        const failures = result.steps.flatMap((step) => step.failures ?? []);
        assert.ok(
            failures.some((f) => f.property === "definition.params.rclimit" && /badinteger/.test(f.reason)),
            result.log,
        );
        assert.ok(
            failures.some((f) => f.property === "definition.params.rcdir" && /badvalue/.test(f.reason)),
            result.log,
        );
        assert.match(
            result.log,
            new RegExp(
                `shipped catalogue \\(MediaWiki 1\\.45\\.4 core\\) judged the definition, by ${SHIPPED_JUDGED_AS.source}`,
            ),
        );
        assert.deepEqual(await stack.emulator.admin.requests(), []);
    });

    it("judges titles with English Wikipedia's site data: a title behind its interwiki prefix wikt: is no local title", async () => {
        const definition = { list: "logevents", params: { letitle: "wikt:Foo" } };
        const result = await stack.run("preview", [
            { kind: "WikiQuery", name: "log", args: { apiUrl: API, definition } },
        ]);
        assert.equal(result.ok, false);
        const failures = result.steps.flatMap((step) => step.failures ?? []);
        assert.ok(
            failures.some((f) => f.property === "definition.params.letitle" && /invalidtitle/.test(f.reason)),
            result.log,
        );
    });

    it("refuses a malformed definition, naming the field", async () => {
        const result = await stack.run("preview", [
            {
                kind: "WikiQuery",
                name: "bad",
                args: { apiUrl: API, definition: { list: "recentchanges", params: { rclimit: { many: 1 } } } },
            },
        ]);
        assert.equal(result.ok, false);
        assert.ok(
            result.steps.some((s) => s.failures?.some((f) => f.property.startsWith("definition.params.rclimit"))),
            result.log,
        );
    });

    it("fails preview naming the catalogue file whose paraminfo nests too deeply to hash, and creates nothing", async () => {
        const directory = mkdtempSync(join(tmpdir(), "wikiquery-deep-"));
        try {
            const catalogue = join(directory, "deep-pin.json");
            writeFileSync(catalogue, deeplyNestedPin(100_000));
            const result = await stack.run("preview", [
                {
                    kind: "WikiQuery",
                    name: "deep",
                    args: { apiUrl: API, catalogue, definition: { list: "recentchanges" } },
                },
            ]);
            assert.equal(result.ok, false);
            const failures = result.steps.flatMap((step) => step.failures ?? []);
            assert.ok(
                failures.some(
                    (f) =>
                        f.property === "catalogue" && f.reason.startsWith(`${catalogue}: paraminfo nests deeper than`),
                ),
                result.log,
            );
            assert.deepEqual(await stack.emulator.admin.requests(), []);
        } finally {
            rmSync(directory, { recursive: true, force: true });
        }
    });

    it("outputs the normalised request URL, which a QR code takes as its data", async () => {
        await stack.expectOk("up", declare({ rclimit: 20, rcnamespace: [0, 1], rcshow: ["!bot"] }));
        const [qr] = (await stack.emulator.admin.list("qrcodes")) as { data: string }[];
        const url = new URL(qr.data);
        assert.equal(`${url.origin}${url.pathname}`, API);
        assert.equal(url.searchParams.get("action"), "query");
        assert.equal(url.searchParams.get("list"), "recentchanges");
        assert.equal(url.searchParams.get("rclimit"), "20");
        assert.equal(url.searchParams.get("rcnamespace"), "0|1");
        const query = readState(stack.stateFile).resources.find((resource) => resource.type.endsWith(":WikiQuery"))!;
        assert.match(String(query.outputs.judgedAs), SHIPPED_JUDGED_AS);
        await stack.expectOk("destroy", declare({ rclimit: 20, rcnamespace: [0, 1], rcshow: ["!bot"] }));
    });

    // Each test previews a program of its own; CI runs every one.
    sampleTests(this, 2);
});
