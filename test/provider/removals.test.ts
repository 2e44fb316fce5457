// Removing an optional input from the program: cleared on the service where it can be, refused at preview where
// the service would keep the old value (the stack would otherwise show a diff forever).
import { strict as assert } from "node:assert";
import { changes, startStack, type TestStack } from "./stack";

describe("Removing optional inputs", function () {
    let stack: TestStack;
    before(async () => (stack = await startStack()));
    after(async () => stack.close());

    it("removes a campaign's rotator when its slug is removed", async () => {
        await stack.expectOk("up", [{ kind: "Campaign", name: "c", args: { name: "Launch", slug: "launch" } }]);
        await stack.expectOk("up", [{ kind: "Campaign", name: "c", args: { name: "Launch" } }]);
        const [campaign] = (await stack.emulator.admin.list("campaigns")) as { slug: string }[];
        assert.equal(campaign.slug, "");
        const refresh = await stack.expectOk("refresh", [{ kind: "Campaign", name: "c", args: { name: "Launch" } }]);
        assert.deepEqual(changes(refresh), []);
    });

    it("clears a domain's redirect when it is removed", async () => {
        await stack.expectOk("up", [{ kind: "Domain", name: "d", args: { domain: "https://r.example.com", redirect404: "https://example.com/404" } }]);
        await stack.expectOk("up", [{ kind: "Domain", name: "d", args: { domain: "https://r.example.com" } }]);
        const [domain] = (await stack.emulator.admin.list("domains")) as { redirect404: string }[];
        assert.equal(domain.redirect404, "");
    });

    for (const field of ["color", "description"] as const) {
        it(`refuses at preview to remove a channel's ${field}, which the service cannot clear`, async () => {
            const full: Record<string, string> = { name: `Channel with ${field}`, color: "#112233", description: "Links of the week" };
            await stack.expectOk("up", [{ kind: "Channel", name: `ch-${field}`, args: full }]);
            const { [field]: _removed, ...without } = full;
            const preview = await stack.run("preview", [{ kind: "Channel", name: `ch-${field}`, args: without }]);
            assert.equal(preview.ok, false);
            assert.ok(preview.steps.some((s) => s.failures?.some((f) => f.property === field && /cannot be removed/.test(f.reason))), preview.log);
        });
    }
});
