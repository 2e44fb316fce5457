// End to end, through the real Pulumi CLI: a field the program leaves out of a link is an output like every other,
// though the resource registers only what the program gave and what the service computes (resource.ts, for the
// program's time and memory): unknown while the link is yet to be made, undefined once it exists; the value the engine
// keeps for an ignored field; every field of a link read by its id.
import { strict as assert } from "node:assert";
import { UNKNOWN } from "../report/digest-fixtures";
import { readState } from "../support/pulumi";
import { idOf, stepOf, useStack, type Declared } from "../support/stack";

const source = (options?: Declared["options"], more: Record<string, unknown> = {}): Declared => ({
    kind: "Link",
    name: "source",
    args: { url: "https://www.example.com/source", alias: "source", ...more },
    options,
});

/** A link whose title and description are the outputs of `from` that the program never set. */
const reader = (name: string, from: string): Declared => ({
    kind: "Link",
    name,
    args: {
        url: `https://www.example.com/${name}`,
        alias: name,
        title: { $ref: `${from}.title` },
        description: { $ref: `${from}.description` },
    },
});

describe("Link: the outputs of the fields a program leaves out", function () {
    this.timeout(300_000);
    const stack = useStack({ profile: "real" });
    const ids: Record<string, number> = {};

    it("are unknown in the preview of the link's create, and undefined once it exists", async () => {
        const program = [source(), reader("copy", "source")];
        const preview = await stack().expectOk("preview", program);
        assert.equal(stepOf(preview, "copy").new?.inputs.title, UNKNOWN, preview.log);
        const up = await stack().expectOk("up", program);
        for (const name of ["source", "copy"]) ids[name] = Number(idOf(up, name));
        const copy = await stack().emulator.admin.get("links", ids.copy);
        assert.ok(!copy.title && !copy.description, JSON.stringify(copy));
        const state = readState(stack().stateFile).resources.find((r) => r.urn.endsWith("::copy"))!;
        assert.deepEqual([state.inputs.title, state.inputs.description], [undefined, undefined]);
    });

    it("hold what the engine keeps of an ignored field, and every field of a link read by its id", async () => {
        await stack().expectOk("up", [source({}, { title: "Kept by the engine" }), reader("copy", "source")]);
        await stack().expectOk("up", [
            source({ ignoreChanges: ["title"] }),
            reader("copy", "source"),
            { kind: "Link", name: "read", args: {}, options: { getId: String(ids.source) } },
            reader("copy-of-read", "read"),
        ]);
        assert.equal((await stack().emulator.admin.get("links", ids.copy)).title, "Kept by the engine");
        const copyOfRead = readState(stack().stateFile).resources.find((r) => r.urn.endsWith("::copy-of-read"))!;
        assert.equal((await stack().emulator.admin.get("links", Number(copyOfRead.id))).title, "Kept by the engine");
    });
});
