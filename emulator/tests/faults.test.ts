import assert from "node:assert/strict";
import { RunningEmulator } from "../index";
import { call, useEmulator, withEmulator } from "./harness";

const ADD_DOMAIN = { body: { domain: "https://faulty.example.com" } };

/** Polls the request log until a request that hangs has arrived. */
async function untilHangArrives(emulator: RunningEmulator): Promise<void> {
    while (!(await emulator.admin.requests()).some((entry) => entry.fault === "hang")) {
        await new Promise((resolve) => setTimeout(resolve, 10));
    }
}

describe("emulator: faults", () => {
    const emulator = useEmulator();

    it("error500 answers an HTML 500 without applying, once by default", async () => {
        await emulator().admin.injectFault({ method: "POST", path: "^/api/domain/add$", mode: "error500" });
        const faulted = await call(emulator(), "POST", "/api/domain/add", ADD_DOMAIN);
        assert.equal(faulted.status, 500);
        assert.match(faulted.contentType, /^text\/html/);
        assert.deepEqual(await emulator().admin.list("domains"), []);
        const retried = await call(emulator(), "POST", "/api/domain/add", ADD_DOMAIN);
        assert.equal(retried.json.error, 0);
        assert.equal((await emulator().admin.list("domains")).length, 1);
        const log = await emulator().admin.requests();
        assert.deepEqual(
            log.map((entry) => [entry.status, entry.fault]),
            [
                [500, "error500"],
                [200, undefined],
            ],
        );
    });

    it("a fault with a count affects that many matching requests; others pass untouched", async () => {
        await emulator().admin.injectFault({ method: "GET", path: "^/api/pixels", mode: "html", count: 2 });
        assert.equal((await call(emulator(), "GET", "/api/account")).json.error, 0);
        assert.equal(
            (await call(emulator(), "POST", "/api/pixel/add", { body: { type: "forum", name: "n", tag: "t" } })).json
                .error,
            0,
        );
        for (let i = 0; i < 2; i++) {
            const faulted = await call(emulator(), "GET", "/api/pixels");
            assert.equal(faulted.status, 200);
            assert.match(faulted.contentType, /^text\/html/);
        }
        assert.equal((await call(emulator(), "GET", "/api/pixels")).json.error, "0");
    });

    it("faults are used in the order they were injected", async () => {
        await emulator().admin.injectFault({ mode: "empty" });
        await emulator().admin.injectFault({ mode: "error500" });
        const first = await call(emulator(), "GET", "/api/account");
        assert.equal(first.status, 200);
        assert.equal(first.text, "");
        assert.equal((await call(emulator(), "GET", "/api/account")).status, 500);
        assert.equal((await call(emulator(), "GET", "/api/account")).status, 200);
    });

    it("html and empty answer HTTP 200 without applying the change", async () => {
        await emulator().admin.injectFault({ mode: "html", method: "post" });
        await emulator().admin.injectFault({ mode: "empty", method: "POST" });
        const html = await call(emulator(), "POST", "/api/domain/add", ADD_DOMAIN);
        assert.equal(html.status, 200);
        assert.match(html.text, /<html>/);
        const empty = await call(emulator(), "POST", "/api/domain/add", ADD_DOMAIN);
        assert.equal(empty.status, 200);
        assert.equal(empty.text, "");
        assert.deepEqual(await emulator().admin.list("domains"), []);
    });

    it("drop-after-apply applies the change, then closes the connection without an answer", async () => {
        await emulator().admin.injectFault({ method: "POST", mode: "drop-after-apply" });
        await assert.rejects(call(emulator(), "POST", "/api/domain/add", ADD_DOMAIN));
        const stored = await emulator().admin.list("domains");
        assert.deepEqual(
            stored.map((record) => record.domain),
            ["https://faulty.example.com"],
        );
        const log = await emulator().admin.requests();
        assert.deepEqual(
            log.map((entry) => [entry.method, entry.status, entry.fault]),
            [["POST", 0, "drop-after-apply"]],
        );
    });

    it("hang never answers until the client gives up; nothing is applied and the emulator keeps serving", async () => {
        await emulator().admin.injectFault({ method: "POST", mode: "hang" });
        const controller = new AbortController();
        const pending = call(emulator(), "POST", "/api/domain/add", { ...ADD_DOMAIN, signal: controller.signal });
        await untilHangArrives(emulator());
        controller.abort();
        await assert.rejects(pending, { name: "AbortError" });
        assert.deepEqual(await emulator().admin.list("domains"), []);
        assert.equal((await call(emulator(), "GET", "/api/account")).json.error, 0);
    });

    it("admin calls are never faulted, and clearFaults drops what is pending", async () => {
        await emulator().admin.injectFault({ mode: "error500", count: 5 });
        assert.deepEqual(await emulator().admin.list("domains"), []);
        await emulator().admin.clearFaults();
        assert.equal((await call(emulator(), "GET", "/api/account")).status, 200);
    });

    it("refuses an unknown mode, a bad count or a path that is not a regular expression", async () => {
        await assert.rejects(emulator().admin.injectFault({ mode: "explode" as "hang" }), /mode/);
        await assert.rejects(emulator().admin.injectFault({ mode: "hang", count: 0 }), /count/);
        await assert.rejects(emulator().admin.injectFault({ mode: "hang", path: "(" }), /path/);
        assert.equal((await call(emulator(), "GET", "/api/account")).status, 200);
    });
});

describe("emulator: close() with a hung request", () => {
    it("resolves, ends the hung request and frees the port", async () => {
        let pending: Promise<unknown> | undefined;
        let baseUrl = "";
        await withEmulator({}, async (emulator) => {
            baseUrl = emulator.baseUrl;
            await emulator.admin.injectFault({ mode: "hang" });
            pending = call(emulator, "GET", "/api/domains");
            pending.catch(() => undefined);
            await untilHangArrives(emulator);
        });
        await assert.rejects(pending!);
        await assert.rejects(fetch(`${baseUrl}/api/account`));
    });
});
