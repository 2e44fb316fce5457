// The validator's agreement with a real MediaWiki (the differential suite's corpus against Debian's 1.39
// package with PageImages and TextExtracts, installed and served for the run), with the wiki's live paraminfo and
// with the catalogue pinned from it, beside the goal the test suite enforces.
import { startMediaWiki, TEST_EXTENSIONS } from "../test/mediawiki/server";
import { AGREEMENT_GOAL, runDifferentialSuite } from "../test/mediawiki/suite";
import { Benchmark } from "./figure";

export const wikiDifferentialBenchmark: Benchmark = {
    title: "Wiki validator against a real MediaWiki",
    async run() {
        const wiki = await startMediaWiki({ extensions: TEST_EXTENSIONS });
        try {
            const { live: report, pinned } = await runDifferentialSuite(wiki);
            return [
                { name: `wiki: agreement with MediaWiki ${wiki.version}`, value: Math.round(report.agreement * 100) / 100, bound: AGREEMENT_GOAL, unit: "%", goal: "min" },
                { name: `wiki: agreement with MediaWiki ${wiki.version}, pinned catalogue`, value: Math.round(pinned.agreement * 100) / 100, bound: AGREEMENT_GOAL, unit: "%", goal: "min" },
                { name: "wiki: definitions compared by the request alone", value: report.compared, bound: 3000, unit: "defs", goal: "min" },
            ];
        } finally {
            await wiki.close();
        }
    },
};
