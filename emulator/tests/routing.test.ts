import assert from "node:assert/strict";
import { call, useEmulator } from "./harness";

describe("emulator: routing errors", () => {
    const emulator = useEmulator();

    function assertHtml(response: { status: number; contentType: string; text: string }, status: number): void {
        assert.equal(response.status, status);
        assert.match(response.contentType, /^text\/html/);
        assert.match(response.text, /^<!DOCTYPE html>/);
    }

    it("an unknown route answers an HTML 404", async () => {
        assertHtml(await call(emulator(), "GET", "/api/links"), 404);
        assertHtml(await call(emulator(), "GET", "/api/domain/1/rename"), 404);
        assertHtml(await call(emulator(), "GET", "/"), 404);
    });

    it("a wrong method on a known route answers an HTML 405", async () => {
        assertHtml(await call(emulator(), "DELETE", "/api/domains"), 405);
        assertHtml(await call(emulator(), "GET", "/api/domain/add"), 405);
        assertHtml(await call(emulator(), "POST", "/api/account"), 405);
        assertHtml(await call(emulator(), "PUT", "/api/pixel/3/delete"), 405);
    });

    it("a non-numeric id segment answers an HTML 500 and changes nothing", async () => {
        await emulator().admin.seed("domains", {});
        assertHtml(
            await call(emulator(), "PUT", "/api/domain/abc/update", {
                body: { redirectroot: "https://x.example.com" },
            }),
            500,
        );
        assertHtml(await call(emulator(), "DELETE", "/api/domain/1x/delete"), 500);
        assertHtml(await call(emulator(), "GET", "/api/qr/latest"), 500);
        assertHtml(await call(emulator(), "POST", "/api/channel/1/assign/links/first"), 500);
        assertHtml(await call(emulator(), "POST", "/api/campaign/one/assign/2"), 500);
        assertHtml(await call(emulator(), "DELETE", "/api/domain/%E0%A4%A/delete"), 500);
        const [stored] = await emulator().admin.list("domains");
        assert.equal(stored.redirectroot, "");
    });

    it("a body that is not a JSON object is refused with error 1", async () => {
        for (const text of ["{not json", "[1,2]", '"text"']) {
            const response = await fetch(`${emulator().baseUrl}/api/pixel/add`, {
                method: "POST",
                headers: { Authorization: `Bearer ${emulator().apiKey}`, "Content-Type": "application/json" },
                body: text,
            });
            const body = (await response.json()) as { error: unknown };
            assert.equal(response.status, 200);
            assert.equal(body.error, 1);
        }
        assert.deepEqual(await emulator().admin.list("pixels"), []);
    });
});
