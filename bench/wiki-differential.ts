// The validator's agreement with real MediaWikis (the differential suite's corpus against Debian's 1.39 and 1.43
// packages with PageImages and TextExtracts, installed and served for the run), with each wiki's live paraminfo and
// with the catalogue pinned from it, beside the goal the test suite enforces.
import { MEDIAWIKI_RELEASES, startMediaWiki, TEST_EXTENSIONS } from "../test/mediawiki/server";
import { AGREEMENT_GOAL, runDifferentialSuite } from "../test/mediawiki/suite";
import { Benchmark, Figure } from "./figure";

export const wikiDifferentialBenchmark: Benchmark = {
    title: "Wiki validator against a real MediaWiki",
    async run() {
        const figures: Figure[] = [];
        for (const release of MEDIAWIKI_RELEASES) {
            const wiki = await startMediaWiki({ release, extensions: TEST_EXTENSIONS });
            try {
                const { live: report, pinned } = await runDifferentialSuite(wiki);
                figures.push(
                    {
                        name: `wiki: agreement with MediaWiki ${wiki.version}`,
                        value: Math.round(report.agreement * 100) / 100,
                        bound: AGREEMENT_GOAL,
                        unit: "%",
                        goal: "min",
                    },
                    {
                        name: `wiki: agreement with MediaWiki ${wiki.version}, pinned catalogue`,
                        value: Math.round(pinned.agreement * 100) / 100,
                        bound: AGREEMENT_GOAL,
                        unit: "%",
                        goal: "min",
                    },
                    {
                        name: `wiki: definitions compared by the request alone (MediaWiki ${release})`,
                        value: report.compared,
                        bound: 3000,
                        unit: "defs",
                        goal: "min",
                    },
                );
            } finally {
                await wiki.close();
            }
        }
        return figures;
    },
};
