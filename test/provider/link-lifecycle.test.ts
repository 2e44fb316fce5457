// A link through the provider's lifecycle in-process (check, diff, create, update, as the dynamic-provider host calls
// them) against the emulator's real profile: an update's outputs are the link as the service answered it; a passed
// expiry stops no preview of a link that is not written; an alias the service holds is judged only when sent new; an
// update keeps the domain a link holds when the program leaves it out; and no declared parameter is dropped.
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
    const failed = (result: { failures?: { property: string }[] }) =>
        (result.failures ?? []).map((failure) => failure.property);

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

    it("a new link's channels are none, as a refresh reads them, through an update: refreshing it changes nothing", async () => {
        const declared = { url: "https://example.com/careers", alias: "careers", title: "Careers" };
        const created = await provider().create(declared);
        assert.deepEqual(created.outs?.channels, []);
        const updated = await provider().update(created.id, created.outs as Props, { ...declared, title: "Jobs" });
        const outs = { ...created.outs, ...updated.outs };
        const read = await provider().read(created.id, outs);
        assert.deepEqual(read.props?.channels, outs.channels);
    });

    it("a passed expiry on a link that is not written is no failure and no change; a write that sends it is refused", async () => {
        // The inputs as an earlier check gave them, when the expiry was still to come.
        const olds = {
            url: "https://example.com/old-offer",
            alias: "old-offer",
            expiry: "2020-01-31 00:00:00",
            public: false,
        };
        const unchanged = await provider().check(olds, { ...olds, expiry: "2020-01-31" });
        assert.deepEqual(failed(unchanged), []);
        const diff = await provider().diff("1", olds, unchanged.inputs);
        assert.equal(diff.changes, false);
        assert.deepEqual(failed(await provider().check(olds, { ...olds, title: "Old offer" })), ["expiry"]);
        assert.deepEqual(failed(await provider().check(olds, { ...olds, expiry: "2021-01-31" })), ["expiry"]);
        assert.deepEqual(failed(await provider().check({}, olds)), ["expiry"]);
    });

    it("an alias the service holds, shorter than a new one may be, previews clean when adopted and through updates", async () => {
        const { id } = await emulator().admin.seed("links", { url: "https://example.com/legacy", custom: "ab" });
        const declared = { url: "https://example.com/legacy", alias: "ab", title: "Legacy", adopt: true };
        assert.deepEqual(failed(await provider().check({}, declared)), []);
        const adopted = await provider().create(declared);
        assert.equal(adopted.id, String(id));
        const olds = adopted.outs as Props;
        const retitled = { ...declared, title: "Legacy, retitled" };
        assert.deepEqual(failed(await provider().check(olds, retitled)), []);
        await provider().update(adopted.id, olds, retitled);
        const held = await emulator().admin.get("links", id);
        assert.deepEqual([held.custom, held.title], ["ab", "Legacy, retitled"]);
        // Sent new, the same alias is refused, as the service would refuse it.
        const { adopt: _, ...fresh } = declared;
        assert.deepEqual(failed(await provider().check({}, fresh)), ["alias"]);
        assert.deepEqual(failed(await provider().check(olds, { ...retitled, alias: "cd" })), ["alias"]);
    });

    it("an adopted link on a branded domain, declared without it, stays on it through an update", async () => {
        await emulator().admin.seed("domains", { domain: "https://go.example.com" });
        const { id } = await emulator().admin.seed("links", {
            url: "https://example.com/brand",
            custom: "brand-one",
            domain: "https://go.example.com",
        });
        const declared = { url: "https://example.com/brand", alias: "brand-one", adopt: id };
        const adopted = await provider().create(declared);
        const updated = await provider().update(adopted.id, adopted.outs as Props, { ...declared, title: "Brand" });
        assert.equal((await emulator().admin.get("links", id)).domain, "https://go.example.com");
        assert.equal(updated.outs?.shortUrl, "https://go.example.com/brand-one");
    });

    it("a query parameter named __proto__, an own key as JSON.parse makes it, is refused by name; other such names are data", async () => {
        const declared = {
            url: "https://example.com/utm",
            parameters: JSON.parse('{"__proto__":"x","utm_source":"news"}'),
        };
        assert.deepEqual(failed(await provider().check({}, declared)), ["parameters.__proto__"]);
        const named = { url: "https://example.com/utm", parameters: { constructor: "a", toString: "b" } };
        const checked = await provider().check({}, named);
        assert.deepEqual([failed(checked), checked.inputs?.parameters], [[], named.parameters]);
    });
});
