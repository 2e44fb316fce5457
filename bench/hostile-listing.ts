// Requests the client spends on a listing that never ends, before it refuses it: the page bound (maxListPages)
// is the most it may ever spend; a listing whose envelope gives itself away is refused sooner.
import { BOUNDS } from "../provider/bounds";
import { collect, createShortenerClient } from "../provider/client";
import { LISTINGS, startHostileService, type Script } from "../test/hostile/hostile-service";
import { Benchmark, Figure } from "./figure";

async function requestsUntilRefused(listing: Script): Promise<number> {
    const service = await startHostileService();
    try {
        service.script(listing);
        const client = createShortenerClient({
            baseUrl: service.baseUrl,
            apiKey: `bench-${process.hrtime.bigint()}`,
            maxRetries: 0,
        });
        await collect(client.pixels.all()).then(
            () => {
                throw new Error("the endless listing was taken for a complete one");
            },
            () => undefined,
        );
        return service.requests.length;
    } finally {
        await service.close();
    }
}

export const hostileListingBench: Benchmark = {
    title: "Hostile listing: requests spent on a listing that never ends",
    async run(): Promise<Figure[]> {
        const figure = (name: string, value: number): Figure => ({
            name,
            value,
            bound: BOUNDS.maxListPages.default,
            unit: "requests",
            goal: "max",
        });
        return [
            figure("endless listing, maxpage 1e9", await requestsUntilRefused(LISTINGS.endless())),
            figure(
                "endless listing, maxpage one ahead of every page",
                await requestsUntilRefused(LISTINGS.endlessGrowing()),
            ),
        ];
    },
};
