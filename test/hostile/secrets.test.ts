// Secrets in every encoding: a service that echoes the request in its errors (the Authorization header, the body
// with the account password) shows them JSON-escaped, HTML-escaped, percent-encoded or in base64; none of these
// forms reaches an error of the client or of a data function.
import assert from "node:assert/strict";
import { inspect } from "node:util";
import { getAccount } from "../../provider";
import { createShortenerClient, ShortenerApiError } from "../../provider/client";
import { ENCODINGS, formsOf, htmlEscape } from "./echoed-secrets";
import { useHostileService, type ReceivedRequest } from "./hostile-service";
import { failureWithin } from "./support";

// Characters that every encoding changes: quotes, <, >, &, /, +, %, a space.
const KEY = `sk-"live'<key>&/+% 42Zq`;
const PASSWORD = `pa"ss'<w>&/+% rd`;

/** Every text of the error a caller might print; none may hold any form of the secret. */
function assertNoForm(error: ShortenerApiError, secret: string): void {
    const texts = [
        error.message,
        error.stack ?? "",
        String(error),
        inspect(error, { depth: 10 }),
        JSON.stringify(error),
        error.serviceMessage ?? "",
    ];
    for (const [, form] of formsOf(secret)) {
        for (const text of texts)
            assert.ok(!text.includes(form), `${JSON.stringify(form)} appears in ${JSON.stringify(text.slice(0, 300))}`);
    }
    assert.match(error.message, /\[redacted\]/, "the echo itself is still shown, redacted");
}

const echo =
    (encode: (text: string) => string, what: (request: ReceivedRequest) => string) => (request: ReceivedRequest) => ({
        body: { error: 1, message: `Invalid request: ${encode(what(request))}` },
    });
const authorization = (request: ReceivedRequest) => String(request.headers.authorization);

describe("hostile service: secrets echoed in every encoding", () => {
    const service = useHostileService();
    const client = () => createShortenerClient({ baseUrl: service().baseUrl, apiKey: KEY, maxRetries: 0 });

    for (const [name, encode] of Object.entries(ENCODINGS)) {
        it(`the API key echoed ${name} in an error message`, async () => {
            service().script(echo(encode, authorization));
            assertNoForm(await failureWithin(5_000, client().pixels.list()), KEY);
        });

        it(`the account password echoed ${name}`, async () => {
            service().script(echo(encode, (request) => String(JSON.parse(request.body).password)));
            assertNoForm(await failureWithin(5_000, client().account.update({ password: PASSWORD })), PASSWORD);
        });
    }

    it("the request body echoed whole, HTML-escaped, with the password inside its JSON", async () => {
        service().script(echo(htmlEscape, (request) => request.body));
        assertNoForm(await failureWithin(5_000, client().account.update({ password: PASSWORD })), PASSWORD);
    });

    it("a client told a secret keeps it out of a read's error, though the read never sent it", async () => {
        service().script(echo(ENCODINGS["HTML-escaped JSON"], () => PASSWORD));
        assertNoForm(await failureWithin(5_000, client().withSecrets([PASSWORD]).links.get(1)), PASSWORD);
    });

    it("the Authorization header echoed in base64", async () => {
        service().script(echo((text) => Buffer.from(text).toString("base64"), authorization));
        assertNoForm(await failureWithin(5_000, client().pixels.list()), KEY);
    });

    it("the key echoed into a field whose shape is wrong: the shape error quotes it redacted", async () => {
        service().script((request) => ({
            body: {
                error: "0",
                data: {
                    result: 1,
                    perpage: 100,
                    currentpage: 1,
                    nextpage: null,
                    maxpage: 1,
                    pixels: [{ id: authorization(request), type: "qapixel" }],
                },
            },
        }));
        const error = await failureWithin(5_000, client().pixels.list());
        assert.equal(error.kind, "bad-response");
        assertNoForm(error, KEY);
    });

    it("a data function's error holds no form of the key", async () => {
        service().script(echo(ENCODINGS["HTML-escaped JSON"], authorization));
        assertNoForm(await failureWithin(5_000, getAccount({ baseUrl: service().baseUrl, apiKey: KEY })), KEY);
    });
});
