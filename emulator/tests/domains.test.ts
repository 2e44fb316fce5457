import assert from "node:assert/strict";
import { call, useEmulator } from "./harness";

describe("emulator: branded domains", () => {
    const emulator = useEmulator();

    async function addDomain(body: Record<string, unknown>): Promise<number> {
        const response = await call(emulator(), "POST", "/api/domain/add", { body });
        assert.equal(response.json.error, 0, response.json.message);
        return response.json.id;
    }

    it("add answers {error:0,id} with an integer id and the list shows the domain with a string id", async () => {
        const response = await call(emulator(), "POST", "/api/domain/add", {
            body: {
                domain: "https://go.example.com",
                redirectroot: "https://example.com",
                redirect404: "https://example.com/404",
            },
        });
        assert.equal(response.status, 200);
        assert.deepEqual(Object.keys(response.json).sort(), ["error", "id"]);
        assert.equal(response.json.error, 0);
        assert.ok(Number.isInteger(response.json.id));

        const list = await call(emulator(), "GET", "/api/domains");
        assert.equal(list.json.error, "0");
        const own = list.json.data.domains.filter((entry: { id: unknown }) => entry.id !== null);
        assert.deepEqual(own, [
            {
                id: String(response.json.id),
                domain: "https://go.example.com",
                redirectroot: "https://example.com",
                redirect404: "https://example.com/404",
            },
        ]);
        const [stored] = await emulator().admin.list("domains");
        assert.equal(stored.userId, emulator().userId);
        assert.equal(typeof stored.date, "string");
    });

    it("lists the system domain with id null", async () => {
        const list = await call(emulator(), "GET", "/api/domains");
        assert.deepEqual(list.json.data.domains, [
            { id: null, domain: "https://sho.rt", redirectroot: "", redirect404: "" },
        ]);
        assert.equal(list.json.data.result, 0);
    });

    it("update changes only the redirects that are sent", async () => {
        const id = await addDomain({ domain: "https://a.example.com", redirectroot: "https://root.example.com" });
        const update = await call(emulator(), "PUT", `/api/domain/${id}/update`, {
            body: { redirect404: "https://nf.example.com" },
        });
        assert.deepEqual(Object.keys(update.json).sort(), ["error", "message"]);
        assert.equal(update.json.error, 0);
        const [stored] = await emulator().admin.list("domains");
        assert.equal(stored.redirectroot, "https://root.example.com");
        assert.equal(stored.redirect404, "https://nf.example.com");
    });

    it("delete removes the domain; a second delete says it does not exist", async () => {
        const id = await addDomain({ domain: "https://b.example.com" });
        const first = await call(emulator(), "DELETE", `/api/domain/${id}/delete`);
        assert.equal(first.json.error, 0);
        assert.equal(typeof first.json.message, "string");
        assert.deepEqual(await emulator().admin.list("domains"), []);
        const second = await call(emulator(), "DELETE", `/api/domain/${id}/delete`);
        assert.equal(second.status, 200);
        assert.deepEqual(second.json, { error: 1, message: "Domain does not exist." });
    });

    it("update of an unknown id answers 'Domain does not exist.' with HTTP 200", async () => {
        const response = await call(emulator(), "PUT", "/api/domain/987654/update", {
            body: { redirectroot: "https://x.example.com" },
        });
        assert.equal(response.status, 200);
        assert.deepEqual(response.json, { error: 1, message: "Domain does not exist." });
    });

    for (const [body, field] of [
        [{}, "domain"],
        [{ domain: "go.example.com" }, "domain"],
        [{ domain: "ftp://go.example.com" }, "domain"],
        [{ domain: "https://" }, "domain"],
        [{ domain: "https://go.example.com/path" }, "domain"],
        [{ domain: "https://ok.example.com", redirectroot: "example.com" }, "redirectroot"],
        [{ domain: "https://ok.example.com", redirect404: "javascript:alert(1)" }, "redirect404"],
    ] as const) {
        it(`add refuses ${JSON.stringify(body)} naming ${field}, storing nothing`, async () => {
            const response = await call(emulator(), "POST", "/api/domain/add", { body });
            assert.equal(response.status, 200);
            assert.equal(response.json.error, 1);
            assert.match(response.json.message, new RegExp(field));
            assert.deepEqual(await emulator().admin.list("domains"), []);
        });
    }

    it("refuses a domain that already exists, whoever owns it, and the system domain", async () => {
        const other = await emulator().admin.createAccount();
        await emulator().admin.seed("domains", { domain: "https://taken.example.com" }, { userId: other.userId });
        for (const domain of ["https://taken.example.com", "https://TAKEN.example.com/", "https://sho.rt"]) {
            const response = await call(emulator(), "POST", "/api/domain/add", { body: { domain } });
            assert.deepEqual(response.json, { error: 1, message: "Domain already exists." });
        }
        assert.equal((await emulator().admin.list("domains")).length, 1);
    });

    it("update refuses a redirect that is not an http(s) URL, changing nothing", async () => {
        const id = await addDomain({ domain: "https://c.example.com" });
        const response = await call(emulator(), "PUT", `/api/domain/${id}/update`, {
            body: { redirectroot: "not a url" },
        });
        assert.equal(response.json.error, 1);
        assert.match(response.json.message, /redirectroot/);
        const [stored] = await emulator().admin.list("domains");
        assert.equal(stored.redirectroot, "");
    });
});

describe("emulator: several system domains", () => {
    const emulator = useEmulator({ systemDomains: 3 });

    it("lists as many id:null entries as configured", async () => {
        const list = await call(emulator(), "GET", "/api/domains");
        const system = list.json.data.domains.filter((entry: { id: unknown }) => entry.id === null);
        assert.equal(system.length, 3);
        assert.equal(new Set(system.map((entry: { domain: string }) => entry.domain)).size, 3);
    });
});
