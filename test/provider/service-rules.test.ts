// The service's rules that both the provider and the emulator know are written twice on purpose: the emulator is the
// service's double and never imports the product. Written twice, they drift (the provider refused `help` and `invite`,
// the emulator took them; non-ASCII aliases were slugged by one and refused by the other), so this holds them to agree:
// the reserved aliases, how an alias is stored or refused, its minimum length, how an expiry is read and stored, the
// fields of a vCard and the pixel and QR types.
import { strict as assert } from "node:assert";
import fc from "fast-check";
import { SERVICE_RULES } from "../../emulator";
import { PIXEL_TYPES, QR_TYPES } from "../../provider/client";
import { expiryInput, MIN_ALIAS, newAliasFailure, RESERVED_ALIASES } from "../../provider/resources/link-values";
import { VCARD_FIELDS } from "../../provider/resources/qrcode";
import { SAMPLE_SEED } from "../support/depth";

const RUNS = 2000;

/** Pieces an alias is made of: letters, digits, every printable ASCII punctuation, tags, entities, and what is not ASCII. */
const aliasPiece = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
    fc.constantFrom(..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ ".split("")),
    fc.constantFrom("<b>", "</i>", "<script>x</script>", "&amp;", "R&D", "<é>", "<"),
    fc.constantFrom("é", "ß", "日本", "😀", "\t", "\n", "\u007f", "\u00a0"),
    fc.constantFrom(
        ...[...SERVICE_RULES.reservedAliases, ...RESERVED_ALIASES].flatMap((word) => [word, word.toUpperCase()]),
    ),
);
const alias = fc.array(aliasPiece, { maxLength: 6 }).map((pieces) => pieces.join(""));

/** What the provider must say where the emulator refuses, by the service's message. */
const REFUSALS: [RegExp, RegExp][] = [
    [/is not followed/, /outside printable ASCII/],
    [/at least 3 characters/, /must be at least 3 characters/],
    [/reserved/, /is reserved by the service/],
];

function expectAgreement(value: string): void {
    const service = SERVICE_RULES.alias(value);
    const provider = newAliasFailure(value);
    const shown = `alias ${JSON.stringify(value)}: the emulator ${JSON.stringify(service)}, the provider ${JSON.stringify(provider)}`;
    if ("refused" in service) {
        const said = REFUSALS.find(([refusal]) => refusal.test(service.refused));
        assert.ok(said, `an unknown refusal: ${shown}`);
        assert.match(provider ?? "", said[1], shown);
    } else if (service.stored === value) assert.equal(provider, undefined, shown);
    else assert.ok(provider?.startsWith(`would be stored as ${JSON.stringify(service.stored)}:`), shown);
}

const digits = (length: number, max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(length, "0"));
const expiry = fc
    .tuple(
        digits(4, 9999),
        digits(2, 13),
        digits(2, 32),
        fc.option(fc.tuple(fc.constantFrom(" ", "T"), digits(2, 25), digits(2, 61), fc.option(digits(2, 61))), {
            nil: undefined,
        }),
        fc.constantFrom("", " "),
    )
    .map(([year, month, day, time, pad]) => {
        const clock = time ? `${time[0]}${time[1]}:${time[2]}${time[3] === null ? "" : `:${time[3]}`}` : "";
        return `${pad}${year}-${month}-${day}${clock}${pad}`;
    });

/** The days of a month (1 to 12) of a year. */
function daysIn(year: number, month: number): number {
    const date = new Date(0);
    date.setUTCFullYear(year, month, 0);
    return date.getUTCDate();
}

describe("the service's rules, as the provider and the emulator each know them", () => {
    it("reserve the same aliases", () => {
        const lower = (words: Iterable<string>) => [...words].map((word) => word.toLowerCase()).sort();
        assert.deepEqual(lower(RESERVED_ALIASES), lower(SERVICE_RULES.reservedAliases));
    });

    it("need the same length of an alias", () => {
        assert.equal(MIN_ALIAS, SERVICE_RULES.minAliasLength);
    });

    it("store or refuse every alias alike: the provider names the form the service stores, or why it refuses", () => {
        for (const value of [
            "Summer Sale!",
            "ab",
            "API",
            "help",
            "Invite",
            "R&D",
            "it's",
            "<b>sale</b>",
            "café",
            "a\tb",
        ])
            expectAgreement(value);
        fc.assert(fc.property(alias, expectAgreement), { seed: SAMPLE_SEED, numRuns: RUNS });
    });

    it("read an expiry alike: what the provider takes the emulator stores the same, and only a day past the month's end differs", () => {
        fc.assert(
            fc.property(fc.oneof(expiry, fc.string({ maxLength: 20 })), (value) => {
                const provider = expiryInput.safeParse(value);
                const service = SERVICE_RULES.expiry(value);
                const shown = `expiry ${JSON.stringify(value)}: the emulator ${JSON.stringify(service)}, the provider ${JSON.stringify(provider.data)}`;
                if (provider.success) return assert.deepEqual(service, { stored: provider.data }, shown);
                if ("refused" in service) return;
                // strtotime rolls 2027-02-30 over into March; the provider refuses it at preview as no date.
                const [year, month, day] = value.trim().split(/[- T]/).map(Number);
                assert.ok(day > daysIn(year, month), `the emulator reads what the provider refuses: ${shown}`);
            }),
            { seed: SAMPLE_SEED, numRuns: RUNS },
        );
    });

    it("know the same vCard fields, pixel types and QR types", () => {
        assert.deepEqual([...VCARD_FIELDS], [...SERVICE_RULES.vcardFields]);
        assert.deepEqual([...PIXEL_TYPES], [...SERVICE_RULES.pixelTypes]);
        assert.deepEqual([...QR_TYPES], [...SERVICE_RULES.qrTypes]);
    });
});
