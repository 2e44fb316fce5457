// End to end: a WikiQuery fails preview on an invalid definition as the wiki would judge it, and its URL
// becomes the data of a QR code.
import { strict as assert } from "node:assert";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack, type Declared, type TestStack } from "../support/stack";
import { deeplyNestedPin } from "../wiki/lint-support";

const API = "https://wiki.example.org/w/api.php";

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
        assert.ok(failures.some((f) => f.property === "definition.params.rclimit" && /badinteger/.test(f.reason)), result.log);
        assert.ok(failures.some((f) => f.property === "definition.params.rcdir" && /badvalue/.test(f.reason)), result.log);
        assert.deepEqual(await stack.emulator.admin.requests(), []);
    });

    it("refuses a malformed definition, naming the field", async () => {
        const result = await stack.run("preview", [{ kind: "WikiQuery", name: "bad", args: { apiUrl: API, definition: { list: "recentchanges", params: { rclimit: { many: 1 } } } } }]);
        assert.equal(result.ok, false);
        assert.ok(result.steps.some((s) => s.failures?.some((f) => f.property.startsWith("definition.params.rclimit"))), result.log);
    });

    it("fails preview naming the catalogue file whose paraminfo nests too deeply to hash, and creates nothing", async () => {
        const directory = mkdtempSync(join(tmpdir(), "wikiquery-deep-"));
        try {
            const catalogue = join(directory, "deep-pin.json");
            writeFileSync(catalogue, deeplyNestedPin(100_000));
            const result = await stack.run("preview", [{ kind: "WikiQuery", name: "deep", args: { apiUrl: API, catalogue, definition: { list: "recentchanges" } } }]);
            assert.equal(result.ok, false);
            const failures = result.steps.flatMap((step) => step.failures ?? []);
            assert.ok(failures.some((f) => f.property === "catalogue" && f.reason.startsWith(`${catalogue}: paraminfo nests deeper than`)), result.log);
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
        await stack.expectOk("destroy", declare({ rclimit: 20, rcnamespace: [0, 1], rcshow: ["!bot"] }));
    });
});
