// Removing an optional input from the program: refused at preview where the real service cannot clear it (an update
// that can never succeed, or a diff forever), unless the change replaces the object anyway.
import { strict as assert } from "node:assert";
import { startStack, type TestStack } from "../support/stack";
import { sampleOf } from "../support/depth";

describe("Removing optional inputs", function () {
    let stack: TestStack;
    before(async () => (stack = await startStack({ profile: "real" })));
    after(async () => stack.close());

    const irremovable = [
        ["Campaign", "slug", { name: "Launch", slug: "launch" }],
        ["Domain", "redirect404", { domain: "https://r.example.com", redirect404: "https://example.com/404" }],
        ["Domain", "redirectRoot", { domain: "https://root.example.com", redirectRoot: "https://example.com/" }],
    ] as const;
    for (const [kind, field, args] of sampleOf(
        "inputs the real service cannot clear",
        irremovable,
        1,
        ([kind, field]) => `${kind}.${field}`,
    )) {
        it(`refuses at preview to remove a ${kind}'s ${field}, which the real service cannot clear, and changes nothing`, async () => {
            const name = `${kind}-${field}`.toLowerCase();
            await stack.expectOk("up", [{ kind, name, args }]);
            const before = await stack.emulator.admin.list(kind === "Campaign" ? "campaigns" : "domains");
            const { [field]: _removed, ...without } = args as Record<string, string>;
            const up = await stack.run("up", [{ kind, name, args: without }]);
            assert.equal(up.ok, false);
            assert.ok(
                up.steps.some((s) =>
                    s.failures?.some((f) => f.property === field && /cannot be removed/.test(f.reason)),
                ),
                up.log,
            );
            assert.deepEqual(await stack.emulator.admin.list(kind === "Campaign" ? "campaigns" : "domains"), before);
        });
    }

    it("a new domain name replaces the domain, so its redirects may be left out then", async () => {
        const args = { domain: "https://old.example.com", redirect404: "https://example.com/404" };
        await stack.expectOk("up", [{ kind: "Domain", name: "renamed", args }]);
        await stack.expectOk("up", [{ kind: "Domain", name: "renamed", args: { domain: "https://new.example.com" } }]);
        const domains = (await stack.emulator.admin.list("domains")) as { domain: string; redirect404: string }[];
        assert.deepEqual(
            domains.filter((d) => d.domain.includes("new.example")).map((d) => d.redirect404),
            [""],
        );
    });

    for (const field of sampleOf(
        "channel inputs the service cannot clear",
        ["color", "description"] as const,
        1,
        (field) => field,
    )) {
        it(`refuses at preview to remove a channel's ${field}, which the service cannot clear`, async () => {
            const full: Record<string, string> = {
                name: `Channel with ${field}`,
                color: "#112233",
                description: "Links of the week",
            };
            await stack.expectOk("up", [{ kind: "Channel", name: `ch-${field}`, args: full }]);
            const { [field]: _removed, ...without } = full;
            const preview = await stack.run("preview", [{ kind: "Channel", name: `ch-${field}`, args: without }]);
            assert.equal(preview.ok, false);
            assert.ok(
                preview.steps.some((s) =>
                    s.failures?.some((f) => f.property === field && /cannot be removed/.test(f.reason)),
                ),
                preview.log,
            );
        });
    }
});
