// The provider's tag cleaner (what the service would strip from a text, refused at preview) gives exactly what the
// emulator's independent copy of the real service's cleaner keeps, on texts made of the pieces tags are made of.
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { storedText, withoutTags } from "../../provider/resources/values";
import { cleanText } from "../../emulator";

const PIECES = [
    "<script",
    "<SCRIPT",
    "<ScRiPt",
    "<scripts",
    "<script ",
    "<script\t",
    "<script\n",
    "<script/",
    "</script",
    "</SCRIPT",
    "</script ",
    "</script\n\t",
    ">",
    "<",
    "< ",
    "<>",
    "<<",
    "<b",
    "</b",
    "<a href='x'",
    "/",
    " ",
    "\n",
    "\u2028",
    "\u00a0",
    "a",
    "t",
    "x y",
    "&",
    '"',
    "'",
    "é",
    "😀",
    "\u017f",
    "\u212a",
];

const markup = fc
    .array(
        fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...PIECES) },
            { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
        ),
        { maxLength: 40 },
    )
    .map((pieces) => pieces.join(""));

describe("tag cleaner", () => {
    it("keeps what the emulator's copy of the service's cleaner keeps, on any text of tag pieces", () => {
        fc.assert(
            fc.property(markup, (text) => {
                // The emulator escapes after stripping; escaping is one-to-one, so equal escaped forms are equal texts.
                assert.equal(storedText(withoutTags(text))[1], cleanText(text), JSON.stringify(text));
            }),
            { numRuns: 20_000 },
        );
    });
});
