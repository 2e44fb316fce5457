import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, startExpectingRefusal, withEmulator } from "./harness";

describe("emulator: state file", () => {
    let directory = "";
    beforeEach(() => {
        directory = mkdtempSync(join(tmpdir(), "emulator-state-"));
    });
    afterEach(() => {
        rmSync(directory, { recursive: true, force: true });
    });

    it("saves every change and loads it at the next start, with the same key and ids that keep counting", async () => {
        const stateFile = join(directory, "state.json");
        const first = await withEmulator({ stateFile }, async (emulator) => {
            const domain = await call(emulator, "POST", "/api/domain/add", {
                body: { domain: "https://kept.example.com" },
            });
            const campaign = await call(emulator, "POST", "/api/campaign/add", {
                body: { name: "Kept", slug: "kept" },
            });
            const link = await emulator.admin.seed("links", {});
            await call(emulator, "POST", `/api/campaign/${campaign.json.id}/assign/${link.id}`);
            return { apiKey: emulator.apiKey, domainId: domain.json.id, campaignId: campaign.json.id };
        });
        assert.ok(JSON.parse(readFileSync(stateFile, "utf8")), "the state file is JSON");
        assert.deepEqual(readdirSync(directory), ["state.json"], "no temporary file is left behind");

        await withEmulator({ stateFile }, async (emulator) => {
            assert.equal(emulator.apiKey, first.apiKey);
            const domains = await call(emulator, "GET", "/api/domains");
            assert.equal(domains.json.data.domains[0].id, String(first.domainId));
            assert.equal(domains.json.data.domains[0].domain, "https://kept.example.com");
            const [link] = await emulator.admin.list("links");
            assert.equal(link.campaignId, first.campaignId);
            const again = await call(emulator, "POST", "/api/domain/add", {
                body: { domain: "https://new.example.com" },
            });
            assert.ok(again.json.id > first.domainId);
            const taken = await call(emulator, "POST", "/api/campaign/add", { body: { name: "Dup", slug: "kept" } });
            assert.equal(taken.json.error, 1);
        });
    });

    it("refuses to start on a file that is not an emulator state, naming the file", async () => {
        const stateFile = join(directory, "broken.json");
        writeFileSync(stateFile, "{ not json");
        await assert.rejects(startExpectingRefusal({ stateFile }), (error: Error) => error.message.includes(stateFile));
        writeFileSync(stateFile, JSON.stringify({ something: "else" }));
        await assert.rejects(startExpectingRefusal({ stateFile }), (error: Error) => error.message.includes(stateFile));
    });
});
