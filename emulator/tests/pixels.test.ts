import assert from "node:assert/strict";
import { call, DATE_TIME, useEmulator } from "./harness";

// The 13 tokens as the spec lists them.
const SPEC_PIXEL_TYPES = [
    "tagmanagerpixel",
    "analyticspixel",
    "socialpixel",
    "adspixel",
    "professionalpixel",
    "microblogpixel",
    "retargetpixel",
    "qapixel",
    "pinboard",
    "searchengine",
    "photomessage",
    "forum",
    "shortvideo",
];

describe("emulator: pixels", () => {
    const emulator = useEmulator();

    it("accepts each of the 13 types and lists them with integer ids and the spec's fields", async () => {
        const ids: number[] = [];
        for (const type of SPEC_PIXEL_TYPES) {
            const response = await call(emulator(), "POST", "/api/pixel/add", {
                body: { type, name: `${type} pixel`, tag: `T-${type}` },
            });
            assert.deepEqual(Object.keys(response.json).sort(), ["error", "id"]);
            assert.equal(response.json.error, 0);
            ids.push(response.json.id);
        }
        const list = await call(emulator(), "GET", "/api/pixels?limit=20");
        const pixels = list.json.data.pixels;
        assert.deepEqual(
            pixels.map((pixel: { id: number }) => pixel.id),
            ids,
        );
        for (const [index, pixel] of pixels.entries()) {
            assert.deepEqual(Object.keys(pixel).sort(), ["date", "id", "name", "tag", "type"]);
            assert.equal(pixel.type, SPEC_PIXEL_TYPES[index]);
            assert.equal(pixel.tag, `T-${SPEC_PIXEL_TYPES[index]}`);
            assert.match(pixel.date, DATE_TIME);
        }
    });

    for (const [body, field] of [
        [{ type: "facebook", name: "n", tag: "t" }, "type"],
        [{ name: "n", tag: "t" }, "type"],
        [{ type: "forum", tag: "t" }, "name"],
        [{ type: "forum", name: "n" }, "tag"],
        [{ type: "forum", name: "n", tag: 12 }, "tag"],
    ] as const) {
        it(`add refuses ${JSON.stringify(body)} naming ${field}, storing nothing`, async () => {
            const response = await call(emulator(), "POST", "/api/pixel/add", { body });
            assert.equal(response.json.error, 1);
            assert.match(response.json.message, new RegExp(field));
            assert.deepEqual(await emulator().admin.list("pixels"), []);
        });
    }

    it("update needs tag, keeps the name when none is sent, and changes both when sent", async () => {
        const { id } = await emulator().admin.seed("pixels", { type: "forum", name: "Old", tag: "OLD" });
        const missingTag = await call(emulator(), "PUT", `/api/pixel/${id}/update`, { body: { name: "New" } });
        assert.equal(missingTag.json.error, 1);
        assert.match(missingTag.json.message, /tag/);

        const tagOnly = await call(emulator(), "PUT", `/api/pixel/${id}/update`, { body: { tag: "T2" } });
        assert.equal(tagOnly.json.error, 0);
        let [stored] = await emulator().admin.list("pixels");
        assert.equal(stored.name, "Old");
        assert.equal(stored.tag, "T2");

        await call(emulator(), "PUT", `/api/pixel/${id}/update`, { body: { tag: "T3", name: "New" } });
        [stored] = await emulator().admin.list("pixels");
        assert.equal(stored.name, "New");
        assert.equal(stored.tag, "T3");
    });

    it("delete removes the pixel; unknown ids say 'Pixel does not exist.'", async () => {
        const { id } = await emulator().admin.seed("pixels", {});
        assert.equal((await call(emulator(), "DELETE", `/api/pixel/${id}/delete`)).json.error, 0);
        assert.deepEqual(await emulator().admin.list("pixels"), []);
        for (const [method, path] of [
            ["DELETE", `/api/pixel/${id}/delete`],
            ["PUT", `/api/pixel/${id}/update`],
        ]) {
            const response = await call(emulator(), method, path, { body: { tag: "x" } });
            assert.deepEqual(response.json, { error: 1, message: "Pixel does not exist." });
        }
    });
});
