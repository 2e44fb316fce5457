// Names of imported objects, checked as properties over many random accounts: whatever the names people gave
// (collisions, punctuation only, accents, digits, "sale-3" beside "sale 3" and "sale3"), every resource name is
// unique, every variable is a unique valid identifier, and the names do not depend on the listing's order.
import { strict as assert } from "node:assert";
import { nameObjects } from "../../provider/import/names";

const PIECES = [
    "Sale",
    "sale",
    "3",
    "-",
    " ",
    "_",
    "!!",
    "Café",
    "cafe",
    "Über",
    "é",
    "R&D",
    "🎉",
    "newsletter",
    "12",
    "",
    "<b>",
    "a",
];
const RUNS = 500;

/** A small deterministic generator, so a failing case can be replayed from its seed. */
function random(seed: number): () => number {
    let state = seed;
    return () => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state / 2 ** 31;
    };
}

function randomAccount(next: () => number): { id: number; text: string }[] {
    const count = 1 + Math.floor(next() * 30);
    const ids = new Set<number>();
    while (ids.size < count) ids.add(1 + Math.floor(next() * 60));
    return [...ids].map((id) => ({
        id,
        text: Array.from({ length: Math.floor(next() * 4) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(""),
    }));
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
}

describe("shortener-import: names derived from the objects", () => {
    it(`are unique, valid and independent of the listing's order (${RUNS} random accounts)`, () => {
        for (let seed = 1; seed <= RUNS; seed++) {
            const next = random(seed);
            const objects = randomAccount(next);
            const named = nameObjects("channel", objects);
            const context = `seed ${seed}: ${JSON.stringify(objects)}`;
            const resources = [...named.values()].map((name) => name.resource);
            const variables = [...named.values()].map((name) => name.variable);
            assert.equal(new Set(resources).size, objects.length, `resource names collide, ${context}`);
            assert.equal(new Set(variables).size, objects.length, `variables collide, ${context}`);
            for (const variable of variables) assert.match(variable, /^channel[A-Za-z0-9_]*$/, context);
            for (const resource of resources) assert.match(resource, /^[a-z0-9][a-z0-9_-]*$/, context);
            const again = nameObjects("channel", shuffled(objects, next));
            for (const { id } of objects) assert.deepEqual(again.get(id), named.get(id), context);
        }
    });

    it("keep a plain name as it is, and name an object without letters or digits by its kind and id", () => {
        const named = nameObjects("campaign", [
            { id: 4, text: "Spring sale" },
            { id: 7, text: "!!!" },
            { id: 9, text: "Café & co" },
        ]);
        assert.deepEqual(named.get(4), { resource: "spring-sale", variable: "campaignSpringSale" });
        assert.deepEqual(named.get(7), { resource: "campaign_7", variable: "campaign_7" });
        assert.deepEqual(named.get(9), { resource: "cafe-co", variable: "campaignCafeCo" });
    });
});
