// `node dist/test/mediawiki/run-differential.js [--release 1.39|1.43] [--all]`: the differential suite by hand (the full
// corpus, the test wiki's extensions enabled), with every disagreement, judged with the live paraminfo and with a pin
// of it.
import { generateCorpus } from "./corpus";
import { rejudge, runDifferential } from "./differential";
import { MEDIAWIKI_RELEASES, MediaWikiRelease, startMediaWiki, TEST_EXTENSIONS } from "./server";
import { judgingCatalogues } from "./suite";

function releaseArgument(): MediaWikiRelease {
    const at = process.argv.indexOf("--release");
    if (at < 0) return "1.39";
    const release = MEDIAWIKI_RELEASES.find((known) => known === process.argv[at + 1]);
    if (!release) throw new Error(`--release takes one of ${MEDIAWIKI_RELEASES.join(", ")}`);
    return release;
}

async function main(): Promise<void> {
    const wiki = await startMediaWiki({ release: releaseArgument(), extensions: TEST_EXTENSIONS });
    try {
        const { live: catalogue, pinned: pinnedCatalogue } = await judgingCatalogues(wiki);
        const cases = generateCorpus(catalogue);
        const started = Date.now();
        const report = await runDifferential({ apiUrl: wiki.apiUrl, catalogue, version: wiki.version, cases });
        const limit = process.argv.includes("--all") ? Infinity : 40;
        console.log(
            `MediaWiki ${wiki.version} with ${TEST_EXTENSIONS.join(", ")}, ${cases.length} definitions in ${Date.now() - started} ms`,
        );
        console.log(report.table());
        console.log(report.describeDisagreements(limit));
        const pinned = rejudge(report, pinnedCatalogue);
        console.log(`\nThe same answers judged with the pinned catalogue:\n${pinned.table()}`);
        console.log(pinned.describeDisagreements(limit));
    } finally {
        await wiki.close();
    }
}

main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
});
