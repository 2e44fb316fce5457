// The resource context reads its settings when it is made: what it says does not depend on what was asked of it first.
import { strict as assert } from "node:assert";
import { ConfigurationError } from "../../provider/config";
import { createResourceContext } from "../../provider/resources/context";

const config = (values: Record<string, string>) => ({ get: (key: string) => values[key] });

describe("resource context", () => {
    it("the settle time of a lost write follows the configured request timeout before the client is ever made", () => {
        const context = createResourceContext(
            config({
                "shortener:baseUrl": "https://short.example",
                "shortener:apiKey": "key",
                "shortener:requestTimeoutMs": "20000",
            }),
            {},
        );
        assert.equal(context.writeSettleMs, 20_000);
        context.client();
        assert.equal(context.writeSettleMs, 20_000);
    });

    it("a short request timeout still leaves 5 s for a lost write to land", () => {
        const context = createResourceContext(
            config({
                "shortener:baseUrl": "https://short.example",
                "shortener:apiKey": "key",
                "shortener:requestTimeoutMs": "1500",
            }),
            {},
        );
        assert.equal(context.writeSettleMs, 5_000);
    });

    it("without an API key the context is still made, and the client says what is missing each time it is asked for", () => {
        const context = createResourceContext(config({ "shortener:baseUrl": "https://short.example" }), {});
        for (let attempt = 0; attempt < 2; attempt++) assert.throws(() => context.client(), ConfigurationError);
    });
});
