// The Link's one table of fields (provider/resources/link-fields.ts) and what is derived from it: every field is an
// input with a word, the listing's view of a link holds exactly the fields the table says it shows, an update that
// keeps a field refuses its removal, the UTM fields by name are sent as the service's parameters and agree with a
// parameters map or are refused, the preview image is checked as the service checks it, and the password is secret.
import { strict as assert } from "node:assert";
import { link } from "../../provider/resources/link";
import { LINK_FIELD_ROWS, LINK_FIELDS, LINK_OUTPUTS } from "../../provider/resources/link-fields";
import { bindProvider } from "../../provider/runtime";
import type { Link as RemoteLink } from "../../provider/client";

const CONFIG = {
    get: (key: string) => ({ "shortener:baseUrl": "http://127.0.0.1:9", "shortener:apiKey": "unused" })[key],
};
const check = (news: Record<string, unknown>, olds: Record<string, unknown> = {}) =>
    bindProvider("Link", CONFIG).check(olds, news);

const REMOTE: RemoteLink = {
    id: 7,
    alias: "autumn",
    shortUrl: "https://go.example.com/autumn",
    longUrl: "https://shop.example.com/autumn",
    title: "Autumn",
    description: "Half price",
    date: "2026-01-01 00:00:00",
    domain: "https://go.example.com",
    campaign: 3,
    channels: [],
};

describe("Link: one table of fields, and what is derived from it", () => {
    it("every field is an input, with the report's word; the outputs have theirs", () => {
        const fields = Object.keys(LINK_FIELDS);
        assert.deepEqual(
            Object.keys(link.inputs.shape).filter((field) => field !== "adopt"),
            fields,
        );
        for (const field of [...fields, ...Object.keys(LINK_OUTPUTS)])
            assert.equal(typeof link.words.words[field], "string", field);
        assert.deepEqual(link.computedOutputs, Object.keys(LINK_OUTPUTS));
    });

    it("the listing's view of a link holds the fields the table says it shows, and the report names the others as unseen", () => {
        const shown = LINK_FIELD_ROWS.filter((field) => field.shown).map((field) => field.name);
        assert.deepEqual(Object.keys(link.listed.observe(REMOTE)), shown);
        assert.deepEqual(
            link.words.unseen,
            LINK_FIELD_ROWS.filter((field) => !field.shown).map((field) => field.name),
        );
        const older = { ...REMOTE, campaign: undefined };
        assert.ok(!("campaign" in link.listed.observe(older)), "a version that shows no campaign keeps it from state");
        assert.deepEqual(link.listed.observe({ ...REMOTE, campaign: null }).campaign, undefined);
    });

    it("every optional field an update keeps refuses its removal at preview, and no other does", async () => {
        const kept = LINK_FIELD_ROWS.filter((field) => field.update === "kept" && field.name !== "url");
        assert.deepEqual(
            Object.keys(link.listed.irremovable ?? {}),
            kept.map((field) => field.name),
        );
        const olds = { url: "https://shop.example.com/a", image: "https://shop.example.com/a.png", public: false };
        const result = await check({ url: olds.url }, olds);
        assert.deepEqual(
            result.failures?.map((failure) => failure.property),
            ["image"],
        );
        assert.match(result.failures[0].reason, /the service keeps the preview image when it is left out/);
    });

    it("sends utm by name as the service's utm_ parameters, with parameters, and takes the two where they agree", async () => {
        const result = await check({
            url: "https://shop.example.com/a",
            utm: { source: "newsletter", medium: "email", campaign: "autumn", term: "coats", content: "header" },
            parameters: { utm_source: "newsletter", ref: "poster" },
        });
        assert.equal(result.failures, undefined, JSON.stringify(result.failures));
    });

    it("refuses at preview a UTM field that disagrees with the same parameter in parameters, naming both", async () => {
        const result = await check({
            url: "https://shop.example.com/a",
            utm: { source: "newsletter" },
            parameters: { utm_source: "poster" },
        });
        assert.deepEqual(
            result.failures?.map((failure) => failure.property),
            ["utm.source"],
        );
        assert.match(result.failures[0].reason, /"newsletter" disagrees with parameters\.utm_source \("poster"\)/);
    });

    it("refuses an unknown UTM field and an empty one", async () => {
        const unknown = await check({ url: "https://shop.example.com/a", utm: { sorce: "x" } });
        assert.deepEqual(unknown.failures, [
            { property: "utm.sorce", reason: 'Unrecognized key: "sorce" (did you mean "source"?)' },
        ]);
        const empty = await check({ url: "https://shop.example.com/a", utm: { term: " " } });
        assert.deepEqual(
            empty.failures?.map((failure) => failure.property),
            ["utm.term"],
        );
    });

    it("takes as the preview image only the URL of a .png or .jpg image, as the service does", async () => {
        for (const image of [
            "https://cdn.example.com/a.png",
            "http://cdn.example.com/b.JPG",
            "https://x.example/c.jpeg",
        ])
            assert.equal((await check({ url: "https://shop.example.com/a", image })).failures, undefined, image);
        for (const image of [
            "https://cdn.example.com/a.gif",
            "https://cdn.example.com/",
            "ftp://cdn.example.com/a.png",
        ]) {
            const result = await check({ url: "https://shop.example.com/a", image });
            assert.deepEqual(
                result.failures?.map((failure) => failure.property),
                ["image"],
                image,
            );
        }
    });

    it("the password is the one secret field: the class marks it, the report never shows it", () => {
        assert.deepEqual(link.secretInputs, ["password"]);
        assert.deepEqual(link.words.secret?.({}), ["password"]);
    });
});
