// docs/migration.md's example stays true: its CSV, migrated as the page says, writes the links.json the page shows.
// (What the command prints, the page's ```text block, is held by test/docs/quoted-messages.test.ts.)
import { strict as assert } from "node:assert";
import { block, runDocsExample } from "./docs-example";

describe("docs/migration.md: the example", function () {
    this.timeout(60_000);

    it("migrates the page's CSV, its refused alias carried with --rewrite-aliases, into the links.json the page shows", async () => {
        const run = await runDocsExample();
        assert.match(run.refused, /Nothing was written/);
        assert.equal(run.links, block("json"));
    });
});
