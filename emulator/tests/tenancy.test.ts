import assert from "node:assert/strict";
import { call, useEmulator } from "./harness";

describe("emulator: tenant isolation", () => {
    // This file makes more calls in one test than the default 30 per minute allows.
    const emulator = useEmulator({ rateLimit: { limit: 1000, windowMs: 60_000 } });

    it("lists show only the caller's objects", async () => {
        const other = await emulator().admin.createAccount();
        await emulator().admin.seed("domains", { domain: "https://theirs.example.com" }, { userId: other.userId });
        await emulator().admin.seed("pixels", { name: "Theirs" }, { userId: other.userId });
        await emulator().admin.seed("pixels", { name: "Mine" });
        const mine = await call(emulator(), "GET", "/api/pixels");
        assert.deepEqual(
            mine.json.data.pixels.map((pixel: { name: string }) => pixel.name),
            ["Mine"],
        );
        const theirs = await call(emulator(), "GET", "/api/pixels", { key: other.apiKey });
        assert.deepEqual(
            theirs.json.data.pixels.map((pixel: { name: string }) => pixel.name),
            ["Theirs"],
        );
        const domains = await call(emulator(), "GET", "/api/domains");
        assert.deepEqual(
            domains.json.data.domains.filter((entry: { id: unknown }) => entry.id !== null),
            [],
        );
    });

    it("another account's id answers exactly like an id that does not exist, and nothing changes", async () => {
        const other = await emulator().admin.createAccount();
        const owner = { userId: other.userId };
        const ids = {
            domain: (await emulator().admin.seed("domains", {}, owner)).id,
            campaign: (await emulator().admin.seed("campaigns", {}, owner)).id,
            channel: (await emulator().admin.seed("channels", {}, owner)).id,
            pixel: (await emulator().admin.seed("pixels", {}, owner)).id,
            qr: (await emulator().admin.seed("qrcodes", {}, owner)).id,
            link: (await emulator().admin.seed("links", {}, owner)).id,
        };
        const storeBefore = JSON.stringify(await emulator().admin.store());
        const missing = 999999;
        const requests: [string, (id: number) => string, Record<string, unknown> | undefined, number][] = [
            ["PUT", (id) => `/api/domain/${id}/update`, { redirectroot: "https://x.example.com" }, ids.domain],
            ["DELETE", (id) => `/api/domain/${id}/delete`, undefined, ids.domain],
            ["PUT", (id) => `/api/campaign/${id}/update`, { name: "Hijacked" }, ids.campaign],
            ["DELETE", (id) => `/api/campaign/${id}/delete`, undefined, ids.campaign],
            ["GET", (id) => `/api/channel/${id}`, undefined, ids.channel],
            ["PUT", (id) => `/api/channel/${id}/update`, { name: "Hijacked" }, ids.channel],
            ["DELETE", (id) => `/api/channel/${id}/delete`, undefined, ids.channel],
            ["PUT", (id) => `/api/pixel/${id}/update`, { tag: "hijacked" }, ids.pixel],
            ["DELETE", (id) => `/api/pixel/${id}/delete`, undefined, ids.pixel],
            ["GET", (id) => `/api/qr/${id}`, undefined, ids.qr],
            ["PUT", (id) => `/api/qr/${id}/update`, { type: "text", data: "hijacked" }, ids.qr],
            ["DELETE", (id) => `/api/qr/${id}/delete`, undefined, ids.qr],
        ];
        for (const [method, path, body, foreignId] of requests) {
            const foreign = await call(emulator(), method, path(foreignId), { body });
            const absent = await call(emulator(), method, path(missing), { body });
            assert.equal(foreign.status, absent.status, `${method} ${path(foreignId)}`);
            assert.deepEqual(foreign.json, absent.json, `${method} ${path(foreignId)}`);
            assert.equal(foreign.json.error, 1);
        }
        const { id: myCampaign } = await emulator().admin.seed("campaigns", {});
        const { id: myChannel } = await emulator().admin.seed("channels", {});
        const assignForeign = await call(emulator(), "POST", `/api/campaign/${myCampaign}/assign/${ids.link}`);
        assert.deepEqual(
            assignForeign.json,
            (await call(emulator(), "POST", `/api/campaign/${myCampaign}/assign/${missing}`)).json,
        );
        const channelForeign = await call(emulator(), "POST", `/api/channel/${myChannel}/assign/qr/${ids.qr}`);
        assert.deepEqual(
            channelForeign.json,
            (await call(emulator(), "POST", `/api/channel/${myChannel}/assign/qr/${missing}`)).json,
        );
        const intoForeign = await call(emulator(), "POST", `/api/campaign/${ids.campaign}/assign/${ids.link}`);
        assert.deepEqual(intoForeign.json, { error: 1, message: "Campaign does not exist." });

        const after = (await emulator().admin.store()) as Record<string, unknown>;
        for (const kind of ["domains", "campaigns", "channels", "pixels", "qrcodes", "links"]) {
            const before = JSON.parse(storeBefore)[kind].filter(
                (record: { userId: number }) => record.userId === other.userId,
            );
            const now = (after[kind] as { userId: number }[]).filter((record) => record.userId === other.userId);
            assert.deepEqual(now, before, `${kind} of the other account are unchanged`);
        }
    });
});
