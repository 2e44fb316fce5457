// `node dist/test/mediawiki/run-differential.js [--all]`: the differential suite by hand, with every disagreement.
import { fetchCatalogue } from "../../provider/wiki/catalogue";
import { generateCorpus } from "./corpus";
import { runDifferential } from "./differential";
import { startMediaWiki } from "./server";

async function main(): Promise<void> {
    const wiki = await startMediaWiki();
    try {
        const catalogue = await fetchCatalogue(wiki.apiUrl);
        const cases = generateCorpus(catalogue);
        const started = Date.now();
        const report = await runDifferential({ apiUrl: wiki.apiUrl, catalogue, version: wiki.version, cases });
        console.log(`MediaWiki ${wiki.version}, ${cases.length} definitions in ${Date.now() - started} ms`);
        console.log(report.table());
        console.log(report.describeDisagreements(process.argv.includes("--all") ? Infinity : 40));
    } finally {
        await wiki.close();
    }
}

main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
});
