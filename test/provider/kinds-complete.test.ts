// A kind is added by its file and its line in provider/resources/kinds.ts; the registry and shortener-import take it
// from there, and its docs are written by hand. This holds every kind to every place it must be, and shows that the
// judgement (test/support/kinds-complete.ts) names each place a kind is taken out of. test/repository/new-kind.test.ts
// adds a kind to a copy of the sources and judges that.
import { strict as assert } from "node:assert";
import { join } from "node:path";
import { kindsByName } from "../../provider/resources/registry";
import { Pixel } from "../../provider/resources/pixel";
import { kindPlacesOf, missingKindPlaces, type KindPlaces } from "../support/kinds-complete";
import { REPOSITORY_ROOT } from "../support/repository";

const without = <T>(record: Readonly<Record<string, T>>, key: string) =>
    Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

describe("kinds: each in every place", () => {
    let places: KindPlaces;
    before(() => {
        places = kindPlacesOf(REPOSITORY_ROOT, join(__dirname, "..", ".."));
    });

    it("every kind file's class is in kinds.ts, the registry, the package's exports, the import (when listed) and docs/resources.md", () => {
        const { kinds, missing } = missingKindPlaces(places);
        assert.deepEqual(missing, []);
        assert.deepEqual([...kinds].sort(), Object.keys(places.registry).sort());
        assert.ok(kinds.length >= 9, `found only ${kinds.join(", ")}`);
    });

    it("names each place a kind is taken out of", () => {
        const pixel = places.registry.Pixel;
        const docsWithout = (text: string) => {
            assert.ok(places.docs.includes(text), `docs/resources.md no longer holds ${JSON.stringify(text)}`);
            return places.docs.replace(text, "");
        };
        const cases: [string, Partial<KindPlaces>, string[]][] = [
            [
                "kinds.ts",
                { kinds: without(places.kinds, "Pixel") },
                ["Pixel: missing from provider/resources/kinds.ts"],
            ],
            [
                "the registry",
                { registry: without(places.registry, "Pixel") },
                [
                    "Pixel: missing from the registry (provider/resources/registry.ts)",
                    "Pixel: exported by provider/resources/kinds.ts, but no kind of the registry",
                ],
            ],
            [
                "the package",
                { packageExports: without(places.packageExports, "Pixel") },
                ["Pixel: missing from the package's exports (provider/index.ts)"],
            ],
            [
                "the import",
                { imported: places.imported.filter((kind) => kind !== pixel) },
                ["Pixel: missing from shortener-import (provider/import/listed-kinds.ts)"],
            ],
            [
                "the docs' section",
                { docs: docsWithout("\n## Pixel\n") },
                ['Pixel: missing from docs/resources.md (its section "## Pixel")'],
            ],
            [
                "the docs' table",
                { docs: docsWithout("\n| [Pixel](#pixel) |") },
                ["Pixel: missing from docs/resources.md (its row in the table of resources)"],
            ],
        ];
        for (const [place, change, expected] of cases)
            assert.deepEqual(missingKindPlaces({ ...places, ...change }).missing, expected, place);
    });

    it("the registry refuses a class that is no kind's, and a kind declared twice", () => {
        assert.throws(
            () => kindsByName({ Pixel, Plain: class {} }),
            /^Error: Plain is exported as a kind, but is not a class made by kindResource$/,
        );
        assert.throws(
            () => kindsByName({ Pixel, Again: class extends Pixel {} }),
            /^Error: Again declares the kind Pixel, which another class declares too$/,
        );
    });
});
