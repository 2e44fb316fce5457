// fetchCatalogue against a local HTTP server on 127.0.0.1 that plays a wiki's api.php.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, IncomingMessage, Server } from "node:http";
import { AddressInfo } from "node:net";
import { CatalogueError, fetchCatalogue } from "../../wiki/catalogue";
import { realReplyPath } from "./validate-support";

const REAL_REPLY = readFileSync(realReplyPath());

function listen(server: Server): Promise<number> {
    return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
    });
}

async function rejection(promise: Promise<unknown>): Promise<CatalogueError> {
    const error = await promise.then(
        () => undefined,
        (caught: unknown) => caught,
    );
    assert.ok(error instanceof CatalogueError, `expected a CatalogueError, got ${String(error)}`);
    return error;
}

describe("wiki catalogue: fetching from a wiki's api.php", () => {
    let requests: IncomingMessage[] = [];
    let base: string;
    const server = createServer((request, response) => {
        requests.push(request);
        const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
        if (path === "/w/api.php") {
            response.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(REAL_REPLY);
        } else if (path === "/down/api.php") {
            response.writeHead(503, { "Content-Type": "text/html" }).end("<html>maintenance</html>");
        } else if (path === "/html/api.php") {
            response.writeHead(200, { "Content-Type": "text/html" }).end("<!DOCTYPE html><p>not an API</p>");
        } else if (path === "/error/api.php") {
            response
                .writeHead(200, { "Content-Type": "application/json" })
                .end('{"error":{"code":"readapidenied","info":"You need read permission"}}');
        } else if (path === "/stall/api.php") {
            // Headers and half a body, then nothing: the deadline must cover the body too.
            response.writeHead(200, { "Content-Type": "application/json" });
            response.write(REAL_REPLY.subarray(0, 1000));
        }
        // Any other path never answers.
    });

    before(async () => {
        base = `http://127.0.0.1:${await listen(server)}`;
    });
    beforeEach(() => {
        requests = [];
    });
    after((done) => {
        server.closeAllConnections();
        server.close(done);
    });

    it("asks for query and query+* in formatversion 2 and reads the reply", async () => {
        const catalogue = await fetchCatalogue(`${base}/w/api.php`);
        assert.equal(catalogue.modules.size, 64);
        assert.equal(catalogue.query.parameters.length, 16);
        assert.equal(requests.length, 1);
        const { method, url, headers } = requests[0];
        assert.equal(method, "GET");
        const query = new URL(url!, base).searchParams;
        assert.deepEqual(Object.fromEntries(query), {
            action: "paraminfo",
            modules: "query|query+*",
            format: "json",
            formatversion: "2",
        });
        assert.match(String(headers["user-agent"]), /pulumi-shortener/);
    });

    it("sends the caller's User-Agent and keeps the URL's own query parameters", async () => {
        await fetchCatalogue(`${base}/w/api.php?uselang=en`, { userAgent: "catalogue-test/1.0 (ops@wiki.example)" });
        assert.equal(requests[0].headers["user-agent"], "catalogue-test/1.0 (ops@wiki.example)");
        assert.equal(new URL(requests[0].url!, base).searchParams.get("uselang"), "en");
    });

    it("reports an HTTP error status, naming the address without credentials or query string", async () => {
        const error = await rejection(
            fetchCatalogue(`http://admin:hunter2@127.0.0.1:${new URL(base).port}/down/api.php?key=sekrit`),
        );
        assert.equal(error.message, `${base}/down/api.php: answered HTTP 503 instead of paraminfo`);
        assert.ok(!error.message.includes("hunter2") && !error.message.includes("sekrit"));
    });

    it("reports a body that is not JSON, and a MediaWiki error reply by its code", async () => {
        assert.equal(
            (await rejection(fetchCatalogue(`${base}/html/api.php`))).message,
            `${base}/html/api.php: not JSON (unexpected character)`,
        );
        assert.equal(
            (await rejection(fetchCatalogue(`${base}/error/api.php`))).message,
            `${base}/error/api.php: the wiki answered with error "readapidenied" instead of paraminfo`,
        );
    });

    it("gives up after the timeout when the wiki does not answer, or stops halfway through the body", async () => {
        const silent = await rejection(fetchCatalogue(`${base}/silent/api.php`, { timeoutMs: 200 }));
        assert.equal(silent.message, `${base}/silent/api.php: no complete answer within 200 ms`);
        const stalled = await rejection(fetchCatalogue(`${base}/stall/api.php`, { timeoutMs: 300 }));
        assert.equal(stalled.message, `${base}/stall/api.php: no complete answer within 300 ms`);
    });

    it("reports a refused connection by its code", async () => {
        const closed = createServer();
        const port = await listen(closed);
        await new Promise((resolve) => closed.close(resolve));
        const error = await rejection(fetchCatalogue(`http://127.0.0.1:${port}/w/api.php`));
        assert.equal(error.message, `http://127.0.0.1:${port}/w/api.php: request failed (ECONNREFUSED)`);
    });

    it("refuses an address that is not an http(s) URL, without echoing it", async () => {
        const invalid = await rejection(fetchCatalogue("not a url with secret-token"));
        assert.equal(invalid.message, "catalogue URL: not a valid URL");
        assert.equal(
            (await rejection(fetchCatalogue("ftp://127.0.0.1/api.php"))).message,
            "catalogue URL: must be http or https",
        );
    });
});
