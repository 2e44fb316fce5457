// shortener-import --timestamp: the time the header records is read only as an ISO 8601 date, or date and time with
// its offset; anything else ("1", which Date would read as 2001-01-01, a 31 February, a time without its offset) is a
// usage error, exit 2, before any request.
import { strict as assert } from "node:assert";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { runCommand, type Finished } from "../support/commands";
import { readManifest, REPOSITORY_ROOT } from "../support/repository";
import { startHostileService, type HostileService } from "./hostile-service";

const BIN = join(REPOSITORY_ROOT, readManifest().bin["shortener-import"]);

function importer(baseUrl: string, apiKey: string, args: readonly string[]): Promise<Finished> {
    return runCommand(process.execPath, [BIN, ...args], {
        cwd: REPOSITORY_ROOT,
        env: { SHORTENER_BASE_URL: baseUrl, SHORTENER_API_KEY: apiKey, SOURCE_DATE_EPOCH: "" },
    });
}

describe("shortener-import --timestamp", function () {
    this.timeout(120_000);
    let service: HostileService;
    let counting: Server;
    let requests = 0;
    let countingUrl: string;

    before(async () => {
        service = await startHostileService();
        counting = createServer((_request, response) => {
            requests++;
            response.writeHead(404, { "content-type": "application/json" }).end('{"error":1,"message":"Not found"}');
        });
        await new Promise<void>((resolve) => counting.listen(0, "127.0.0.1", resolve));
        countingUrl = `http://127.0.0.1:${(counting.address() as AddressInfo).port}`;
    });
    after(async () => {
        await service.close();
        await new Promise<void>((resolve) => counting.close(() => resolve()));
    });

    it("refuses what is not an ISO 8601 date or date and time with its offset, exit 2 before any request", async () => {
        for (const value of ["1", "2026", "2026-02-31", "2026-01-31T12:00:00", "31/01/2026", "2026-01-31T25:00:00Z"]) {
            const run = await importer(countingUrl, "any-key", ["--json", "--timestamp", value]);
            assert.equal(run.code, 2, `${value}: ${run.stderr}`);
            assert.match(
                run.stderr,
                /--timestamp: expected an ISO date \(2026-01-31\) or an ISO date and time with its offset \(2026-01-31T12:00:00Z\)/,
                value,
            );
        }
        assert.equal(requests, 0);
    });

    it("records a date as its midnight UTC, and a date and time at its offset", async () => {
        const cases: [string, string][] = [
            ["2026-01-31", "2026-01-31T00:00:00.000Z"],
            ["2026-01-31T12:00:00Z", "2026-01-31T12:00:00.000Z"],
            ["2026-01-31T12:00:00.250+02:00", "2026-01-31T10:00:00.250Z"],
        ];
        for (const [value, recorded] of cases) {
            const run = await importer(service.baseUrl, service.apiKey, ["--json", "--timestamp", value]);
            assert.equal(run.code, 0, run.stderr);
            assert.equal(JSON.parse(run.stdout).importedAt, recorded, value);
        }
    });
});
