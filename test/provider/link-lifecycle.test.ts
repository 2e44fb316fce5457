// A link through the provider's lifecycle in-process (create, update, as the dynamic-provider host calls them) against
// the emulator's real profile: an update's outputs are the link as the service answered it.
import { strict as assert } from "node:assert";
import { bindProvider } from "../../provider/runtime";
import { useEmulator } from "../support/client-harness";

type Props = Record<string, unknown>;

describe("Link: its lifecycle in-process (real profile)", function () {
    this.timeout(60_000);
    const harness = useEmulator({ profile: "real" });
    const emulator = () => harness.emulator();
    // A fresh emulator per test, so a fresh provider context (one per base URL and key).
    const provider = () => {
        const config: Record<string, string> = {
            "shortener:baseUrl": emulator().baseUrl,
            "shortener:apiKey": emulator().apiKey,
        };
        return bindProvider("Link", { get: (key: string) => config[key] });
    };

    it("an update that changes the alias outputs the new short URL and alias held", async () => {
        const declared = { url: "https://example.com/sale", alias: "summer-sale" };
        const created = await provider().create(declared);
        const updated = await provider().update(created.id, created.outs as Props, {
            ...declared,
            alias: "autumn-sale",
        });
        assert.match(String(updated.outs?.shortUrl), /\/autumn-sale$/);
        assert.equal(updated.outs?.storedAlias, "autumn-sale");
    });
});
